"""PDF through pdfplumber: words with their positions and fonts, ruled tables from its table
finder, whitespace-aligned tables and columns from :mod:`pdf_lines` and :mod:`pdf_tables`,
running headers and footers from :mod:`margins`. Each block keeps its page."""

from __future__ import annotations

import io
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mesh.errors import InvalidInput
from retrieval_svc.documents.margins import MarginLine, running_lines
from retrieval_svc.documents.model import Block, Document, Kind, Limits, TableRow
from retrieval_svc.documents.pdf_lines import Line, Word, body_size, join_lines, lines_of
from retrieval_svc.documents.pdf_lines import paragraphs as group_paragraphs
from retrieval_svc.documents.pdf_tables import aligned_tables
from retrieval_svc.documents.tables import drop_empty_columns, split_header

for _name in ("pdfminer", "pdfplumber", "pypdf"):
    logging.getLogger(_name).setLevel(logging.ERROR)

Progress = Callable[[int, int], None]


@dataclass
class _Table:
    top: float
    column: int
    header: tuple[str, ...]
    rows: list[TableRow]


@dataclass
class _Page:
    number: int
    height: float
    lines: list[Line]
    tables: list[_Table]


_LETTER_SPACED = re.compile(r"(\S{1,2} )+\S{1,2}")


def _cell(text: str | None) -> str:
    """A cell's text on one line; a letter-spaced value ("0 3 / 2 5 / 2 0 16") made whole."""
    cell = join_lines((text or "").split("\n"))
    return cell.replace(" ", "") if _LETTER_SPACED.fullmatch(cell) else cell


def _ruled_tables(page: Any, number: int) -> tuple[list[_Table], list[tuple[float, ...]]]:
    tables: list[_Table] = []
    boxes: list[tuple[float, ...]] = []
    for found in page.find_tables():
        rows = drop_empty_columns([tuple(_cell(c) for c in r) for r in found.extract()])
        rows = [r for r in rows if any(r)]
        if len(rows) < 2 or len(rows[0]) < 2:
            continue
        boxes.append(tuple(found.bbox))
        header, body = split_header(rows)
        tables.append(_Table(found.bbox[1], 0, header, [TableRow(r, number) for r in body]))
    return tables, boxes


def _inside(word: dict[str, Any], boxes: list[tuple[float, ...]]) -> bool:
    cx, cy = (word["x0"] + word["x1"]) / 2, (word["top"] + word["bottom"]) / 2
    return any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in boxes)


def _read_page(page: Any, number: int, limits: Limits) -> _Page:
    limits.check_page_chars(len(page.chars), f"page {number}")
    tables, boxes = _ruled_tables(page, number)
    words = [
        Word(
            w["text"],
            w["x0"],
            w["x1"],
            w["top"],
            w["bottom"],
            float(w.get("size") or 10),
            "bold" in str(w.get("fontname", "")).lower(),
        )
        for w in page.extract_words(extra_attrs=["size", "fontname"])
        if w.get("upright", True) and not _inside(w, boxes)
    ]
    lines = lines_of(words, float(page.width))
    lines, aligned = aligned_tables(lines)
    for found in aligned:
        header, body = split_header(found.rows)
        tables.append(_Table(found.top, found.column, header, [TableRow(r, number) for r in body]))
    return _Page(number, float(page.height), lines, tables)


def _blocks(pages: list[_Page]) -> list[Block]:
    """Blocks in reading order, running lines dropped, paragraphs and tables that continue
    over a page break joined."""
    margin = [
        MarginLine(p.number, (ln.top + ln.bottom) / 2 / max(p.height, 1.0), ln.text)
        for p in pages
        for ln in p.lines
    ]
    drop = running_lines(margin, len(pages))
    size = body_size([ln for p in pages for ln in p.lines])
    blocks: list[Block] = []
    for page in pages:
        kept = [ln for ln in page.lines if (page.number, ln.text) not in drop]
        items: list[tuple[float, int, Block | _Table]] = []
        order = {id(ln): i for i, ln in enumerate(kept)}
        for para in group_paragraphs(kept, size):
            kind = Kind.HEADING if para.heading else Kind.PARAGRAPH
            block = Block(kind, para.text, page=page.number, level=2 if para.heading else 0)
            items.append((order[id(para.lines[0])], 0, block))
        for table in page.tables:
            after = [
                order[id(ln)] for ln in kept if ln.top < table.top and ln.column == table.column
            ]
            items.append((max(after) + 0.5 if after else -0.5, 1, table))
        for _, _, item in sorted(items, key=lambda t: (t[0], t[1])):
            _append(blocks, item, page.number)
    return blocks


def _append(blocks: list[Block], item: Block | _Table, page: int) -> None:
    last = blocks[-1] if blocks else None
    if isinstance(item, _Table):
        if last is not None and last.kind is Kind.TABLE and last.page < page:
            width = len(last.header) or (len(last.rows[0].cells) if last.rows else 0)
            head_width = len(item.header) or (len(item.rows[0].cells) if item.rows else 0)
            if width == head_width:  # the table goes on over the page break
                rows = list(item.rows)
                if item.header and item.header != last.header:
                    rows.insert(0, TableRow(item.header, page))
                blocks[-1] = Block(
                    Kind.TABLE, last.text, last.page, header=last.header,
                    rows=last.rows + tuple(rows),
                )  # fmt: skip
                return
        caption = last.text if last is not None and last.kind is Kind.CAPTION else ""
        blocks.append(Block(Kind.TABLE, caption, page, header=item.header, rows=tuple(item.rows)))
        return
    if (
        last is not None
        and item.kind is Kind.PARAGRAPH
        and last.kind is Kind.PARAGRAPH
        and last.page < item.page
        and not last.text.rstrip().endswith(("。", "！", "？", ".", "!", "?", ":", "："))
    ):  # a paragraph that runs on over the page break stays one, on the page it starts on
        blocks[-1] = Block(Kind.PARAGRAPH, join_lines([last.text, item.text]), last.page)
        return
    blocks.append(item)


def pdf_document(content: bytes, limits: Limits, progress: Progress | None = None) -> Document:
    """The blocks of a text PDF (InvalidInput if it is not one, is encrypted, corrupt, or
    over the page limit). ``progress(page, pages)`` is called after each page is read."""
    import pdfplumber
    from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psexceptions import PSException

    if content.lstrip()[:5] != b"%PDF-":
        raise InvalidInput("the document is not a PDF (it does not start with %PDF-)")
    pages: list[_Page] = []
    try:
        with pdfplumber.open(io.BytesIO(content)) as pdf:
            count = len(pdf.pages)
            if count > limits.max_pages:
                raise InvalidInput(f"the PDF has {count} pages; the limit is {limits.max_pages}")
            title = str((pdf.metadata or {}).get("Title") or "").strip()
            for number, page in enumerate(pdf.pages, start=1):
                pages.append(_read_page(page, number, limits))
                page.close()
                if progress is not None:
                    progress(number, count)
    except InvalidInput:
        raise
    except (PDFPasswordIncorrect, PDFEncryptionError) as exc:
        raise InvalidInput("the PDF is encrypted (password-protected)") from exc
    except (PDFSyntaxError, PSException, ValueError, KeyError, TypeError, AttributeError,
            OSError, IndexError, AssertionError, RecursionError) as exc:  # fmt: skip
        raise InvalidInput(f"the PDF is corrupt or unreadable: {exc}"[:300]) from exc
    except Exception as exc:  # pdfminer raises bare exceptions from deep inside
        raise InvalidInput(f"the PDF is corrupt or unreadable: {exc}"[:300]) from exc
    if title.startswith(("Microsoft Word - ", "untitled")):
        title = ""
    return Document(blocks=_blocks(pages), title=title)
