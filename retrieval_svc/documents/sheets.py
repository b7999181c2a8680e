"""Spreadsheets as tables: XLSX, XLS and ODS through calamine (Rust; reads the cached value of
a formula cell and never evaluates or runs anything), CSV through the standard library. Each
sheet is one table; its position is the page and its name the page label."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable

from mesh.errors import InvalidInput
from mesh.text_decoding import decode_text
from retrieval_svc.documents.archive import check_zip, refuse_ole
from retrieval_svc.documents.model import Block, Document, Kind, Limits, TableRow
from retrieval_svc.documents.tables import split_header

Cell = str | int | float | bool | dt.date | dt.datetime | dt.time | dt.timedelta | None


def cell_text(value: Cell) -> str:
    """A cell as a spreadsheet shows it: whole floats without ``.0``, dates in ISO form."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.10g}"
    if isinstance(value, dt.datetime):
        return value.isoformat(sep=" ", timespec="minutes").removesuffix(" 00:00")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return " ".join(str(value).split())


def _one_cell(row: tuple[str, ...]) -> bool:
    return sum(bool(c) for c in row) == 1


def _sheet_blocks(rows: Iterable[tuple[str, ...]], page: int, label: str) -> list[Block]:
    """A sheet as a table, with the lines above and below it that fill one cell each (a title
    over the column names, notes under the totals) taken out as text: a title row read as the
    header left every column unnamed ("Molecular Biology Unit — consumables orders" over
    "Order no. | Order date | …"). A sheet of one column stays a table."""
    kept = [r for r in rows if any(c for c in r)]
    top = 0
    while top < len(kept) - 2 and _one_cell(kept[top]):
        top += 1
    end = len(kept)
    while end > top + 2 and _one_cell(kept[end - 1]):
        end -= 1
    if top == len(kept) - 2 and _one_cell(kept[top]):  # every row fills one cell: a list
        top, end = 0, len(kept)
    titles = [" ".join(c for c in r if c) for r in kept[:top]]
    notes = [" ".join(c for c in r if c) for r in kept[end:]]
    # The line right above the table names it (its heading); lines above that say something
    # of their own ("PRCES 2025 - 11th … Symposium, Lantau Bay Convention Hall, 17-20 November
    # 2025"): as headings each replaced the one before and was never indexed.
    blocks = [Block(Kind.PARAGRAPH, t, page, label) for t in titles[:-1]]
    blocks += [Block(Kind.HEADING, t, page, label, level=1) for t in titles[-1:]]
    header, body = split_header(kept[top:end])
    if header or body:
        blocks.append(
            Block(
                Kind.TABLE,
                label,
                page=page,
                page_label=label,
                header=header,
                rows=tuple(TableRow(r, page) for r in body),
            )
        )
    blocks += [Block(Kind.PARAGRAPH, t, page, label) for t in notes]
    return blocks


def workbook_document(content: bytes, what: str, limits: Limits) -> Document:
    """Every sheet of an XLSX, XLS or ODS workbook as a table (InvalidInput if unreadable,
    encrypted, a zip bomb, or over the row or cell limit)."""
    from python_calamine import CalamineError, CalamineWorkbook, PasswordError

    if what != "XLS":
        refuse_ole(content, what)
        check_zip(content, limits.max_uncompressed, what)
    doc = Document()
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(content))
        for position, name in enumerate(book.sheet_names, start=1):
            sheet = book.get_sheet_by_name(name)
            limits.check_cells(
                sheet.total_height, sheet.total_height * sheet.total_width, f"sheet {name!r}"
            )
            rows = (tuple(cell_text(v) for v in row) for row in sheet.iter_rows())
            doc.blocks.extend(_sheet_blocks(rows, position, name))
    except PasswordError as exc:
        raise InvalidInput(f"the {what} is password-protected") from exc
    except InvalidInput:
        raise
    except (CalamineError, ValueError, OSError, TypeError) as exc:
        raise InvalidInput(f"the {what} is corrupt or unreadable: {exc}"[:300]) from exc
    except Exception as exc:  # calamine's own errors (XmlError, ZipError, ...) vary by format
        raise InvalidInput(f"the {what} is corrupt or unreadable: {exc}"[:300]) from exc
    return doc


def csv_document(content: bytes, charset: str | None, limits: Limits) -> Document:
    """A CSV (or TSV) file as one table; its encoding and delimiter are detected."""
    text = decode_text(content, charset).text
    sample = text[:20_000]
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(sample, ",;\t|")
    except csv.Error:
        dialect = csv.excel
    rows: list[tuple[str, ...]] = []
    cells = 0
    try:
        for row in csv.reader(io.StringIO(text), dialect):
            rows.append(tuple(" ".join(c.split()) for c in row))
            cells += len(row)
            limits.check_cells(len(rows), cells, "the CSV")
    except csv.Error as exc:
        raise InvalidInput(f"the CSV is malformed: {exc}"[:300]) from exc
    return Document(blocks=_sheet_blocks(rows, 0, ""))
