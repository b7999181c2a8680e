"""DOCX (python-docx): paragraphs, lists and tables in document order; headers and footers
(separate parts of the package) are never read."""

from __future__ import annotations

import io
import zipfile
from typing import Any

from mesh.errors import InvalidInput
from retrieval_svc.documents.archive import check_zip, refuse_ole
from retrieval_svc.documents.model import Block, Document, Kind, Limits, TableRow
from retrieval_svc.documents.tables import split_header


def _paragraph_block(para: Any) -> Block | None:
    text = " ".join(para.text.split()) if para.text else ""
    if not text:
        return None
    style = (para.style.name if para.style is not None else "") or ""
    if style == "Title":
        return Block(Kind.HEADING, text, level=1)
    if style.startswith("Heading") and style[7:].strip().isdigit():
        return Block(Kind.HEADING, text, level=min(6, int(style[7:].strip())))
    if style.startswith("Caption"):
        return Block(Kind.CAPTION, text)
    numbered = para._p.pPr is not None and para._p.pPr.numPr is not None
    if numbered or style.startswith("List"):
        return Block(Kind.LIST_ITEM, text)
    return Block(Kind.PARAGRAPH, text)


def _table_block(table: Any, limits: Limits) -> Block | None:
    rows: list[tuple[str, ...]] = []
    for row in table.rows:
        # A merged cell appears once per grid column it spans: kept so, the columns line up.
        cells = [" ".join(cell.text.split()) for cell in row.cells]
        rows.append(tuple(cells))
        limits.check_cells(len(rows), len(rows) * max(1, len(cells)), "a DOCX table")
    header, body = split_header([r for r in rows if any(r)])
    if not header and not body:
        return None
    return Block(Kind.TABLE, "", header=header, rows=tuple(TableRow(r) for r in body))


def docx_document(content: bytes, limits: Limits) -> Document:
    """The blocks of a DOCX, in body order (InvalidInput if it cannot be read)."""
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    refuse_ole(content, "DOCX")
    check_zip(content, limits.max_uncompressed, "DOCX")
    try:
        document = docx.Document(io.BytesIO(content))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise InvalidInput(f"the DOCX is corrupt or unreadable: {exc}"[:300]) from exc
    except Exception as exc:  # lxml raises its own syntax errors for broken XML parts
        raise InvalidInput(f"the DOCX is corrupt or unreadable: {exc}"[:300]) from exc
    doc = Document(title=str(document.core_properties.title or "").strip())
    from docx.table import Table

    for item in document.iter_inner_content():
        block = _table_block(item, limits) if isinstance(item, Table) else _paragraph_block(item)
        if block is not None:
            doc.blocks.append(block)
    if not doc.title:
        doc.title = next((b.text for b in doc.blocks if b.kind is Kind.HEADING), "")
    return doc
