"""OpenDocument (ODT text; the helpers ODP shares) through odfdo. Page headers and footers
live in the styles part and are never read; macros (``Basic/``) are never loaded."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from mesh.errors import InvalidInput
from retrieval_svc.documents.archive import check_zip
from retrieval_svc.documents.model import Block, Document, Kind, Limits, TableRow
from retrieval_svc.documents.tables import split_header


@dataclass
class OpenDocument:
    """A loaded ODF package and the title its metadata states."""

    document: Any
    title: str


def load_odf(content: bytes, what: str, limits: Limits) -> OpenDocument:
    """Open an ODF package after the zip checks (InvalidInput if it is not one)."""
    import odfdo

    check_zip(content, limits.max_uncompressed, what)
    try:
        document = odfdo.Document(io.BytesIO(content))
        body = document.body
        title = str(document.meta.get_title() or "").strip()
        if title.lower() in {"text", "spreadsheet", "presentation", "drawing"}:
            title = ""  # odfdo's blank templates carry their type as the title
    except InvalidInput:
        raise
    except Exception as exc:  # odfdo and lxml raise many kinds for a broken package
        raise InvalidInput(f"the {what} is corrupt or unreadable: {exc}"[:300]) from exc
    if body is None:
        raise InvalidInput(f"the {what} has no body")
    return OpenDocument(document, title)


def _text(element: Any) -> str:
    return " ".join(str(element.inner_text or "").split())


def text_blocks(element: Any, page: int = 0) -> Iterator[Block]:
    """Blocks of one text element: a heading, a paragraph, or a list's items."""
    if element.tag == "text:h":
        text = _text(element)
        if text:
            level = element.get_attribute_integer("text:outline-level") or 1
            yield Block(Kind.HEADING, text, page=page, level=min(6, level))
    elif element.tag == "text:p":
        text = _text(element)
        if text:
            yield Block(Kind.PARAGRAPH, text, page=page)
    elif element.tag == "text:list":
        for item in element.children:
            for child in item.children:
                if child.tag == "text:list":
                    yield from text_blocks(child, page)
                elif child.tag in {"text:p", "text:h"}:
                    text = _text(child)
                    if text:
                        yield Block(Kind.LIST_ITEM, text, page=page)


def odf_table(table: Any, limits: Limits) -> list[tuple[str, ...]]:
    """A table's cell texts; its declared size is checked first (repeated rows and columns
    are how a tiny ODF file declares a huge table)."""
    height, width = table.height, table.width
    limits.check_cells(height, height * width, "an ODF table")
    return [tuple(" ".join(str(c or "").split()) for c in row) for row in table.get_values()]


def _body_blocks(parent: Any, limits: Limits) -> Iterator[Block]:
    for child in parent.children:
        if child.tag == "table:table":
            header, body = split_header([r for r in odf_table(child, limits) if any(r)])
            if header or body:
                yield Block(Kind.TABLE, "", header=header, rows=tuple(TableRow(r) for r in body))
        elif child.tag in {"text:section", "text:index-body"}:
            yield from _body_blocks(child, limits)
        else:
            yield from text_blocks(child)


def odt_document(content: bytes, limits: Limits) -> Document:
    """The blocks of an ODT text document in body order."""
    odf = load_odf(content, "ODT", limits)
    doc = Document(title=odf.title)
    doc.blocks.extend(_body_blocks(odf.document.body, limits))
    if not doc.title:
        doc.title = next((b.text for b in doc.blocks if b.kind is Kind.HEADING), "")
    return doc
