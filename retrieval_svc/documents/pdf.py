"""PDF: words with their positions and fonts from PDFium (:mod:`pdf_chars`), ruled tables
from pdfplumber's table finder (only on pages that draw rules), whitespace-aligned tables and
columns from :mod:`pdf_tables` and :mod:`pdf_lines`, running headers and footers from
:mod:`margins`. A page with no text layer (or almost none) that draws an image is a scan: it
is rendered at ``OCR_DPI`` and read by OCR (:mod:`ocr`, :mod:`ocr_layout`), its blocks
carrying their OCR confidence. Each block keeps its page."""

from __future__ import annotations

import functools
import io
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mesh.errors import InvalidInput
from retrieval_svc.documents.margins import MarginLine, running_lines
from retrieval_svc.documents.model import Block, Document, Kind, Limits, PagesRead, TableRow
from retrieval_svc.documents.pdf_chars import page_words, path_count
from retrieval_svc.documents.pdf_frames import box_paragraphs, is_frame
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
    x0: float = 0.0
    x1: float = 0.0
    # A ruled frame around text (:mod:`pdf_frames`): its boxes' paragraphs, and no rows.
    boxes: tuple[Block, ...] = ()


@dataclass
class _Page:
    number: int
    height: float
    lines: list[Line]
    tables: list[_Table]
    scanned: list[Block] | None = None  # the page's blocks read by OCR (a scan)


_LETTER_SPACED = re.compile(r"(\S{1,2} )+\S{1,2}")


def _cell(text: str | None) -> str:
    """A cell's text on one line; a letter-spaced value ("0 3 / 2 5 / 2 0 16") made whole."""
    cell = join_lines((text or "").split("\n"))
    return cell.replace(" ", "") if _LETTER_SPACED.fullmatch(cell) else cell


def _words_in(words: list[Word], box: tuple[float, float, float, float]) -> list[Word]:
    x0, top, x1, bottom = box
    return [
        w
        for w in words
        if x0 <= (w.x0 + w.x1) / 2 <= x1 and top <= (w.top + w.bottom) / 2 <= bottom
    ]


def _cell_text(words: list[Word]) -> str:
    lines = lines_of(words, 10_000.0) if words else []
    return _cell("\n".join(ln.text for ln in lines))


def _ruled_tables(
    plumber_page: Any, words: list[Word], number: int
) -> tuple[list[_Table], list[Word]]:
    """Tables drawn with rules (pdfplumber's finder), their cells filled with PDFium's words;
    the words left outside every table."""
    tables: list[_Table] = []
    outside = words
    for found in plumber_page.find_tables():
        rows: list[tuple[str, ...]] = []
        for row in found.rows:
            rows.append(
                tuple("" if c is None else _cell_text(_words_in(words, c)) for c in row.cells)
            )
        if is_frame(rows):
            table = _frame(found, words, number)
        else:
            rows = [r for r in drop_empty_columns(rows) if any(r)]
            if len(rows) < 2 or len(rows[0]) < 2:
                continue
            header, body = split_header(rows)
            rows_of = [TableRow(r, number) for r in body]
            table = _Table(found.bbox[1], 0, header, rows_of, found.bbox[0], found.bbox[2])
        inside = {id(w) for w in _words_in(outside, tuple(found.bbox))}
        outside = [w for w in outside if id(w) not in inside]
        tables.append(table)
    return tables, outside


def _frame(found: Any, words: list[Word], number: int) -> _Table:
    """A ruled frame's boxes (row by row, left to right) as paragraphs (:mod:`pdf_frames`)."""
    boxes = [
        Block(Kind.PARAGRAPH, text, page=number)
        for row in found.rows
        for cell in row.cells
        if cell is not None
        for text in box_paragraphs(_words_in(words, cell))
    ]
    x0, top, x1, _ = found.bbox
    return _Table(top, 0, (), [], x0, x1, tuple(boxes))


def _in_column(table: _Table, lines: list[Line]) -> _Table:
    """A ruled table inside a column of the page (under a band of full-width text) goes with
    that column: the column of the nearest line above it that it lies under."""
    above = [
        ln for ln in lines if ln.bottom <= table.top + 1 and ln.x0 < table.x1 and ln.x1 > table.x0
    ]
    if not above:
        return table
    nearest = max(above, key=lambda ln: ln.top)
    table.column = nearest.column
    return table


def without_line_numbers(words: list[Word], width: float) -> list[Word]:
    """A transcript's or a contract's line numbers (1, 2, 3 … down the left margin) removed:
    ten or more small whole numbers standing at one x in the margin."""
    margin = [w for w in words if w.text.isdigit() and len(w.text) <= 2 and w.x1 < 0.2 * width]
    by_x: dict[int, list[Word]] = {}
    for w in margin:
        by_x.setdefault(round(w.x1 / 4), []).append(w)
    drop = {id(w) for group in by_x.values() if len(group) >= 10 for w in group}
    return [w for w in words if id(w) not in drop] if drop else words


# A page with fewer characters than this in its text layer that draws an image is a scan.
SCAN_MAX_CHARS = 10
# Resolution a scanned page is rendered at for OCR (measured: see retrieval_svc/README.md).
OCR_DPI = 200


def _draws_image(page: Any) -> bool:
    import pypdfium2.raw as pdfium_c

    return any(True for _ in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=2))


def _scanned_page(page: Any, number: int, limits: Limits) -> _Page:
    """A page with no text layer, rendered and read by OCR."""
    from retrieval_svc.documents.ocr import recognise
    from retrieval_svc.documents.ocr_layout import page_blocks

    bitmap = page.render(scale=OCR_DPI / 72, may_draw_forms=True)
    try:
        image = bitmap.to_pil()
    finally:
        bitmap.close()
    lines = recognise(image)
    limits.check_page_chars(sum(len(line.text) for line in lines), f"page {number}")
    return _Page(number, float(page.get_height()), [], [], page_blocks(lines, number))


def _read_page(page: Any, plumber: Any, number: int, limits: Limits) -> _Page:
    words = [w for w in page_words(page) if w.text.strip()]
    if sum(len(w.text.strip()) for w in words) < SCAN_MAX_CHARS and _draws_image(page):
        return _scanned_page(page, number, limits)
    limits.check_page_chars(sum(len(w.text) for w in words), f"page {number}")
    tables: list[_Table] = []
    words = without_line_numbers(words, float(page.get_width()))
    # pdfplumber does not turn a rotated page's boxes; its tables there would not line up
    if page.get_rotation() % 360 == 0 and path_count(page) >= 4:  # rules: maybe a table
        plumber_page = plumber.pages[number - 1]
        tables, words = _ruled_tables(plumber_page, words, number)
        plumber_page.close()
    lines = lines_of(words, float(page.get_width()))
    tables = [_in_column(t, lines) for t in tables]
    lines, aligned = aligned_tables(lines)
    for found in aligned:
        header, body = split_header(found.rows)
        tables.append(_Table(found.top, found.column, header, [TableRow(r, number) for r in body]))
    return _Page(number, float(page.get_height()), lines, tables)


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
        if page.scanned is not None:
            blocks.extend(page.scanned)
            continue
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
            for part in item.boxes if isinstance(item, _Table) and item.boxes else [item]:
                _append(blocks, part, page.number)
    return blocks


def _append(blocks: list[Block], item: Block | _Table, page: int) -> None:
    last = blocks[-1] if blocks else None
    if isinstance(item, _Table):
        if last is not None and last.kind is Kind.TABLE and last.page < page:
            width = len(last.header) or (len(last.rows[0].cells) if last.rows else 0)
            head_width = len(item.header) or (len(item.rows[0].cells) if item.rows else 0)
            # the table goes on over the page break (a column empty on this page is dropped
            # from this part: it is the last one, as a "Notes" column mostly is)
            if head_width == width or (2 <= head_width < width and not item.header):
                rows = list(item.rows)
                if item.header and item.header != last.header:
                    rows.insert(0, TableRow(item.header, page))
                pad = ("",) * width
                rows = [TableRow((r.cells + pad)[:width], r.page) for r in rows]
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


def pdf_error(exc: BaseException) -> InvalidInput:
    """The clear error for what pdfminer (often wrapped by pdfplumber) raised."""
    causes = [exc, *(a for a in exc.args if isinstance(a, BaseException))]
    if any("Password" in type(c).__name__ or "Encrypt" in type(c).__name__ for c in causes):
        return InvalidInput("the PDF is encrypted (password-protected)")
    detail = next((str(c) for c in causes if str(c)), type(exc).__name__)
    return InvalidInput(f"the PDF is corrupt or unreadable: {detail}"[:300])


# A title field that names the file the PDF was made from, not the document: "10811.exe",
# "Microsoft Word - policy.docx", "untitled". The file's own name (or its first heading) says
# more in a citation.
_NOT_A_TITLE = re.compile(
    r"(?i)^(?:microsoft (?:word|powerpoint|excel) - |untitled|\(anonymous\))|"
    r"^[\w\s.()-]{0,80}\.(?:exe|docx?|xlsx?|pptx?|rtf|txt|pdf|wpd|indd|qxd|tmp|dvi|ps|tex)$"
    r"|^[\W\d_]*$"
)


def _title(title: str) -> str:
    return "" if _NOT_A_TITLE.search(title.strip()) else title.strip()


def _so_far(pages: list[_Page], title: str) -> Document:
    return Document(blocks=_blocks(pages), title=_title(title))


def pdf_document(
    content: bytes,
    limits: Limits,
    progress: Progress | None = None,
    pages_read: PagesRead | None = None,
) -> Document:
    """The blocks of a PDF, scanned pages read by OCR (InvalidInput if it is not one, is
    encrypted, corrupt, or over the page limit). ``progress(page, pages)`` is called after
    each page is read, then ``pages_read`` (:data:`~retrieval_svc.documents.model.PagesRead`:
    the pages read so far, on demand)."""
    import pdfplumber
    import pypdfium2 as pdfium

    if content.lstrip()[:5] != b"%PDF-":
        raise InvalidInput("the document is not a PDF (it does not start with %PDF-)")
    pages: list[_Page] = []
    try:
        document = pdfium.PdfDocument(content)
    except pdfium.PdfiumError as exc:
        if "password" in str(exc).lower():
            raise InvalidInput("the PDF is encrypted (password-protected)") from exc
        raise InvalidInput(f"the PDF is corrupt or unreadable: {exc}"[:300]) from exc
    try:
        count = len(document)
        if count > limits.max_pages:
            raise InvalidInput(f"the PDF has {count} pages; the limit is {limits.max_pages}")
        title = str(document.get_metadata_dict().get("Title") or "").strip()
        with pdfplumber.open(io.BytesIO(content)) as plumber:
            for number in range(1, count + 1):
                page = document[number - 1]
                try:
                    pages.append(_read_page(page, plumber, number, limits))
                finally:
                    page.close()
                if progress is not None:
                    progress(number, count)
                if pages_read is not None:
                    pages_read(number, count, functools.partial(_so_far, list(pages), title))
    except InvalidInput:
        raise
    except Exception as exc:  # pdfminer raises bare exceptions from deep inside
        raise pdf_error(exc) from exc
    finally:
        document.close()
    return Document(blocks=_blocks(pages), title=_title(title))
