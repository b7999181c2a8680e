"""Slides, slide by slide: PPTX through python-pptx, ODP through odfdo. The title, the body's
paragraphs (indented ones as list items), tables and speaker notes; the slide's number is the
page."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import Any

from mesh.errors import InvalidInput
from retrieval_svc.documents.archive import check_zip, refuse_ole
from retrieval_svc.documents.margins import MarginLine, running_lines
from retrieval_svc.documents.model import Block, Document, Kind, Limits, TableRow
from retrieval_svc.documents.opendocument import load_odf, odf_table, text_blocks
from retrieval_svc.documents.tables import split_header

MAX_SLIDES = 2000
# Placeholders that repeat on every slide (python-pptx's PP_PLACEHOLDER: DATE, FOOTER, SLIDE_NUMBER;
# ODF's presentation:class): the deck's name and a counter, not what a slide says.
_PPTX_MARGIN_PLACEHOLDERS = frozenset({13, 15, 16})
_ODP_MARGIN_CLASSES = frozenset({"footer", "header", "page-number", "date-time"})


def _table(rows: list[tuple[str, ...]], page: int) -> Block | None:
    header, body = split_header([r for r in rows if any(r)])
    if not header and not body:
        return None
    return Block(
        Kind.TABLE, "", page=page, header=header, rows=tuple(TableRow(r, page) for r in body)
    )


def _pptx_shapes(shapes: Any) -> Iterator[Any]:
    """Shapes in reading order (top to bottom, then left to right), groups opened."""
    ordered = sorted(shapes, key=lambda s: ((s.top or 0) // 50_000, s.left or 0))
    for shape in ordered:
        if getattr(shape, "shape_type", None) == 6:  # MSO_SHAPE_TYPE.GROUP
            yield from _pptx_shapes(shape.shapes)
        else:
            yield shape


def _in_margin_placeholder(shape: Any) -> bool:
    if not getattr(shape, "is_placeholder", False):
        return False
    try:
        return int(shape.placeholder_format.type) in _PPTX_MARGIN_PLACEHOLDERS
    except (AttributeError, ValueError, TypeError):
        return False


def _pptx_slide(
    slide: Any, page: int, limits: Limits, height: float, margins: list[MarginLine]
) -> list[Block]:
    """The slide's blocks; each body paragraph's place on the slide goes into ``margins`` (0 top,
    1 bottom) for the running-text test across slides."""
    blocks: list[Block] = []
    title_shape = slide.shapes.title
    for shape in _pptx_shapes(slide.shapes):
        if _in_margin_placeholder(shape):
            continue
        if getattr(shape, "has_table", False) and shape.has_table:
            rows = [tuple(" ".join(c.text.split()) for c in r.cells) for r in shape.table.rows]
            limits.check_cells(len(rows), sum(len(r) for r in rows), f"slide {page}'s table")
            table = _table(rows, page)
            if table is not None:
                blocks.append(table)
            continue
        if not getattr(shape, "has_text_frame", False) or not shape.has_text_frame:
            continue
        is_title = title_shape is not None and shape.shape_id == title_shape.shape_id
        for para in shape.text_frame.paragraphs:
            text = " ".join("".join(r.text for r in para.runs).split())
            if not text:
                continue
            if is_title:
                blocks.append(Block(Kind.HEADING, text, page=page, level=2))
            else:
                kind = Kind.LIST_ITEM if para.level > 0 else Kind.PARAGRAPH
                blocks.append(Block(kind, text, page=page))
                margins.append(MarginLine(page, (shape.top or 0) / height, text))
    if slide.has_notes_slide and slide.notes_slide.notes_text_frame is not None:
        for line in slide.notes_slide.notes_text_frame.text.split("\n"):
            if line.strip():
                blocks.append(Block(Kind.PARAGRAPH, " ".join(line.split()), page=page))
    return blocks


def pptx_document(content: bytes, limits: Limits) -> Document:
    """The slides of a PPTX (InvalidInput if unreadable, encrypted or a zip bomb)."""
    from pptx import Presentation
    from pptx.exc import PackageNotFoundError

    refuse_ole(content, "PPTX")
    check_zip(content, limits.max_uncompressed, "PPTX")
    try:
        deck = Presentation(io.BytesIO(content))
        if len(deck.slides) > MAX_SLIDES:
            raise InvalidInput(f"the PPTX has more than {MAX_SLIDES} slides")
        doc = Document(title=str(deck.core_properties.title or "").strip())
        height = float(deck.slide_height or 6_858_000)
        margins: list[MarginLine] = []
        for page, slide in enumerate(deck.slides, start=1):
            doc.blocks.extend(_pptx_slide(slide, page, limits, height, margins))
    except InvalidInput:
        raise
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise InvalidInput(f"the PPTX is corrupt or unreadable: {exc}"[:300]) from exc
    except Exception as exc:  # lxml's syntax errors for broken XML parts
        raise InvalidInput(f"the PPTX is corrupt or unreadable: {exc}"[:300]) from exc
    doc.blocks = _without_running_text(doc.blocks, margins, len(deck.slides))
    if not doc.title:
        doc.title = next((b.text for b in doc.blocks if b.kind is Kind.HEADING), "")
    return doc


def _without_running_text(
    blocks: list[Block], margins: list[MarginLine], slides: int
) -> list[Block]:
    """``blocks`` without the text boxes a deck repeats at the top or bottom of its slides
    (「2025鹭海国际马拉松组委会 | 3/9」, digits aside), found as a PDF's running footers are
    (:mod:`retrieval_svc.documents.margins`): quoted as an answer, the deck's name and a counter
    pass for a line about it, on the wrong slide."""
    running = running_lines(margins, slides)
    if not running:
        return blocks
    return [
        b
        for b in blocks
        if not (b.kind in (Kind.PARAGRAPH, Kind.LIST_ITEM) and (b.page, b.text) in running)
    ]


def odp_document(content: bytes, limits: Limits) -> Document:
    """The slides of an ODP presentation: frames in order, tables, and notes."""
    odf = load_odf(content, "ODP", limits)
    doc = Document(title=odf.title)
    pages = odf.document.body.get_draw_pages()
    if len(pages) > MAX_SLIDES:
        raise InvalidInput(f"the ODP has more than {MAX_SLIDES} slides")
    for number, page in enumerate(pages, start=1):
        for frame in page.children:
            kind = frame.get_attribute_string("presentation:class") or ""
            if kind in _ODP_MARGIN_CLASSES:
                continue
            for element in _frame_content(frame):
                if element.tag == "table:table":
                    rows = odf_table(element, limits)
                    table = _table(rows, number)
                    if table is not None:
                        doc.blocks.append(table)
                    continue
                for block in text_blocks(element, number):
                    if kind == "title" and block.kind is Kind.PARAGRAPH:
                        block = Block(Kind.HEADING, block.text, page=number, level=2)
                    doc.blocks.append(block)
    if not doc.title:
        doc.title = next((b.text for b in doc.blocks if b.kind is Kind.HEADING), "")
    return doc


def _frame_content(frame: Any) -> Iterator[Any]:
    """The paragraphs, lists and tables inside a frame (or notes) of a slide."""
    for child in frame.children:
        if child.tag in {"text:p", "text:h", "text:list", "table:table"}:
            yield child
        elif child.tag in {"draw:text-box", "draw:frame", "presentation:notes", "draw:g"}:
            yield from _frame_content(child)
