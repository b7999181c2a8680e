"""A table as chunks a question about one cell can find: each row a record that names its
columns (「假別：婚假｜每年日數：八日｜薪資：照常發給」), a timetable's columns too, a small
table also whole, and a table of thousands of rows in groups of rows under their header, so it
does not flood the index."""

from __future__ import annotations

import re
from itertools import zip_longest

from mesh.records import write_record
from retrieval_svc.documents.model import Block, TableRow, markdown_table
from retrieval_svc.text import count_tokens, is_cjk

RECORDS_UP_TO = 2000
MAX_CELL_CHARS = 300


def record(header: tuple[str, ...], cells: tuple[str, ...]) -> str:
    """A row as ``column: value`` pairs (empty cells left out); CJK tables use ``：`` and
    ``｜``, others ``: `` and `` | ``. A table without a header gives its cells alone."""
    pairs = [
        (" ".join(h.split()), " ".join(c.split())[:MAX_CELL_CHARS])
        for h, c in zip_longest(header, cells, fillvalue="")
    ]
    pairs = [(h, c) for h, c in pairs if c]
    # A totals row's label stands alone: "Total" under "Unit price (EUR)" is no unit price.
    pairs = [("", c) if _TOTAL.match(c) else (h, c) for h, c in pairs]
    return write_record(pairs, cjk=any(is_cjk(ch) for h, c in pairs for ch in h + c))


_TOTAL = re.compile(
    r"^\s*(?:(?:grand |sub-?)?totals?|sum|合計|合计|總計|总计|小計|小计|共計|共计|總額|总额)"
    r"\s*[:：]?\s*$",
    re.IGNORECASE,
)


def _row_page(row: TableRow, block: Block) -> int:
    return row.page or block.page


def _groups(block: Block, max_tokens: int) -> list[tuple[str, int]]:
    """Rows under their header, as many as fit in a chunk, never across a page break."""
    out: list[tuple[str, int]] = []
    group: list[TableRow] = []
    size = count_tokens(" ".join(block.header))

    def close() -> None:
        if group:
            text = markdown_table(block.header, [r.cells for r in group])
            out.append((text, _row_page(group[0], block)))
            group.clear()

    for row in block.rows:
        n = count_tokens(" ".join(row.cells))
        crosses = group and _row_page(group[0], block) != _row_page(row, block)
        if group and (crosses or size + n > max_tokens):
            close()
            size = count_tokens(" ".join(block.header))
        group.append(row)
        size += n
    close()
    return out


# A form's label: short, no sentence in it, not a number (「預算金額」, "Date of birth").
_LABEL = re.compile(r"^[^。！？；.!?;\d][^。！？；!?;]{0,29}$")
FORM_LABEL_CJK_CHARS = 10
FORM_ROW_SHARE = 0.6


def _label(cell: str) -> bool:
    text = " ".join(cell.split()).rstrip(":：")
    cjk = sum(is_cjk(ch) for ch in text)
    return bool(_LABEL.match(text)) and (cjk <= FORM_LABEL_CJK_CHARS if cjk else len(text) <= 30)


def _pairs(cells: tuple[str, ...]) -> list[tuple[str, str]] | None:
    """A form row's cells as (label, value) pairs, or None when the row is not label, value,
    label, value …"""
    filled = [c for c in cells if c.strip()]
    if len(filled) < 2 or len(filled) % 2:
        return None
    pairs = [(filled[i].strip().rstrip(":："), filled[i + 1]) for i in range(0, len(filled), 2)]
    return pairs if all(_label(label) for label, _ in pairs) else None


def form_records(block: Block) -> list[str] | None:
    """A table with no header whose rows read label, value, label, value (a filled-in form:
    「物品名稱｜差示掃描量熱儀｜規格型號｜DSC 3500」) as records naming each value by its label
    (「物品名稱：差示掃描量熱儀｜規格型號：DSC 3500」); None for any other table."""
    if block.header or not block.rows:
        return None
    paired = [_pairs(r.cells) for r in block.rows]
    if sum(p is not None for p in paired) < max(1, FORM_ROW_SHARE * len(paired)):
        return None
    out: list[str] = []
    for row, pairs in zip(block.rows, paired, strict=True):
        if pairs is None:
            out.append(record((), row.cells))
        else:
            labels, values = zip(*pairs, strict=True)
            out.append(record(labels, values))
    return out


# A table read down its columns (a timetable: trains across, stations down): at least this many
# columns of values under headers that are codes or numbers (2105, 「1月」), beside row labels.
CROSSWISE_MIN_COLUMNS = 3
CROSSWISE_MAX_ROWS = 40
_VALUE = re.compile(r"^(?=.*\d)[^\n]{1,16}$|^[-|—–·x×✓✗/]{0,3}$")


def _is_crosswise(block: Block) -> bool:
    """Whether each column is one thing's record: every header after the first holds a digit
    (a train's number, a year), the first column names each row in words with no digit, and
    the cells are short values (times, amounts, a mark such as ``|``)."""
    header, rows = block.header, block.rows
    if len(header) < CROSSWISE_MIN_COLUMNS + 1 or not 2 <= len(rows) <= CROSSWISE_MAX_ROWS:
        return False
    if not all(any(ch.isdigit() for ch in h) and len(h) <= 20 for h in header[1:]):
        return False
    labels = [r.cells[0].strip() if r.cells else "" for r in rows]
    if not all(labels) or any(ch.isdigit() for label in labels for ch in label):
        return False
    values = [c.strip() for r in rows for c in r.cells[1 : len(header)]]
    return sum(bool(_VALUE.match(v)) for v in values) >= 0.8 * max(1, len(values))


def column_records(block: Block) -> list[str]:
    """A crosswise table's columns as records, its header first (「Train: 2105 | Notes: Express
    | Port Ellery: 06:47 | … | Kingsford: 07:29」): the row records pair a station with nine
    trains' times, so "the 06:47 from Port Ellery arrives when?" finds its answer only here.
    Empty for any other table."""
    if not _is_crosswise(block):
        return []
    labels = (block.header[0], *(r.cells[0] for r in block.rows))
    out = []
    for j in range(1, len(block.header)):
        cells = (block.header[j], *(r.cells[j] if j < len(r.cells) else "" for r in block.rows))
        out.append(record(labels, cells))
    return out


def filled_down(rows: list[tuple[str, ...]]) -> list[tuple[str, ...]] | None:
    """The rows with a blank first cell given the first cell above it, or None when no row
    has one to take. A category written once over the rows it heads (a merged cell: 「服务」
    over three budget bands) leaves those rows blank there, and their records would not say
    「采购类别：服务」, which a question about a service purchase names. A row needs two other
    cells filled (a row holding one cell is a note, not a record of that category).

    >>> filled_down([("服务", "2以下", "自行比价"), ("", "2至20", "询价"), ("", "备注", "")])
    [('服务', '2以下', '自行比价'), ('服务', '2至20', '询价'), ('', '备注', '')]
    """
    out: list[tuple[str, ...]] = []
    above, changed = "", False
    for row in rows:
        first = row[0].strip() if row else ""
        if first:
            above = first
        elif above and sum(1 for c in row[1:] if c.strip()) >= 2:
            row, changed = (above, *row[1:]), True
        out.append(row)
    return out if changed else None


def table_pieces(block: Block, max_tokens: int) -> list[tuple[str, int]]:
    """(text, page) of the chunks a table becomes: a record per row (or groups of rows for a
    table over :data:`RECORDS_UP_TO` rows), then the whole table when it fits in one chunk."""
    if len(block.rows) > RECORDS_UP_TO:
        return _groups(block, max_tokens)
    form = form_records(block)
    if form is not None:
        return _form_pieces(block, form, max_tokens)
    rows = filled_down([r.cells for r in block.rows]) if block.header else None
    cells = rows or [r.cells for r in block.rows]
    pages = [_row_page(r, block) for r in block.rows]
    pieces = [(record(block.header, c), p) for c, p in zip(cells, pages, strict=True)]
    pieces = [(t, p) for t, p in pieces if t]
    pieces += [(text, _row_page(block.rows[0], block)) for text in column_records(block)]
    whole = markdown_table(block.header, [r.cells for r in block.rows])
    if len(block.rows) > 1 and count_tokens(whole) <= max_tokens:
        first = block.rows[0] if block.rows else None
        pieces.append((whole, _row_page(first, block) if first else block.page))
    if not block.rows and block.header:
        pieces.append((record((), block.header), block.page))
    return pieces


def _form_pieces(block: Block, form: list[str], max_tokens: int) -> list[tuple[str, int]]:
    """A form's records, then the whole form as one chunk of records when it fits: a question
    naming one field and asking another (the item's name, its budget) finds both there."""
    pieces = [(text, _row_page(r, block)) for text, r in zip(form, block.rows, strict=True)]
    pieces = [(t, p) for t, p in pieces if t]
    whole = "\n".join(t for t, _ in pieces)
    if len(pieces) > 1 and count_tokens(whole) <= 2 * max_tokens:
        pieces.append((whole, _row_page(block.rows[0], block)))
    return pieces
