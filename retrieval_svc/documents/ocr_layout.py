"""Recognised lines of one page → blocks in reading order. Pure functions over boxes.

Boxes on one baseline make a row. A page whose rows leave a vertical gutter near the middle
is read column by column (a line spanning the gutter, a title, starts a new band). Within a
column, rows of several boxes apart (two or more in a run) are a table, one row per line; other
rows join into paragraphs, broken at a wider gap than the line spacing; CJK lines join without
a space (:func:`~retrieval_svc.documents.pdf_lines.join_lines`). A short line much taller than
the body is a heading. Every block keeps its page and the mean confidence of its lines.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from retrieval_svc.documents.model import Block, Kind, TableRow
from retrieval_svc.documents.ocr import OcrLine
from retrieval_svc.documents.pdf_lines import join_lines
from retrieval_svc.documents.tables import split_header


@dataclass
class _Row:
    boxes: list[OcrLine]

    @property
    def top(self) -> float:
        return min(b.box[1] for b in self.boxes)

    @property
    def bottom(self) -> float:
        return max(b.box[3] for b in self.boxes)

    @property
    def height(self) -> float:
        return statistics.median(b.box[3] - b.box[1] for b in self.boxes)


def rows_of(lines: Sequence[OcrLine]) -> list[list[OcrLine]]:
    """Boxes on one baseline (their vertical middles within half a line of each other), each
    row left to right, rows top to bottom."""
    rows: list[list[OcrLine]] = []
    for line in sorted(lines, key=lambda b: (b.box[1] + b.box[3]) / 2):
        mid = (line.box[1] + line.box[3]) / 2
        height = line.box[3] - line.box[1]
        if rows:
            last = rows[-1]
            last_mid = statistics.mean((b.box[1] + b.box[3]) / 2 for b in last)
            last_h = statistics.median(b.box[3] - b.box[1] for b in last)
            if abs(mid - last_mid) < 0.5 * min(height, last_h):
                last.append(line)
                continue
        rows.append([line])
    return [sorted(r, key=lambda b: b.box[0]) for r in rows]


def gutter(lines: Sequence[OcrLine]) -> float | None:
    """The x of the gap between two columns of prose: a strip in the middle half of the
    text's width (nearest its middle) that at most a tenth of the boxes (or two: titles)
    cross, with several long lines wholly on each side. None for a one-column page, and for
    a table or a form, whose cells are short."""
    if len(lines) < 6:
        return None
    left = min(b.box[0] for b in lines)
    right = max(b.box[2] for b in lines)
    width = right - left
    if width <= 0:
        return None
    best: tuple[float, float] | None = None  # (crossings, distance from the middle)
    best_x = None
    step = width / 100
    x = left + 0.25 * width
    while x <= left + 0.75 * width:
        crossing = sum(1 for b in lines if b.box[0] < x < b.box[2])
        on_left = sum(1 for b in lines if b.box[2] <= x)
        on_right = sum(1 for b in lines if b.box[0] >= x)
        if crossing <= max(2, 0.1 * len(lines)) and on_left >= 3 and on_right >= 3:
            key = (float(crossing), abs(x - (left + width / 2)))
            if best is None or key < best:
                best, best_x = key, x
        x += step
    if best_x is None:
        return None
    # the gap must be real: the boxes on either side leave a strip at least 1.5 lines wide
    heights = statistics.median(b.box[3] - b.box[1] for b in lines)
    near_left = max((b.box[2] for b in lines if b.box[2] <= best_x), default=left)
    near_right = min((b.box[0] for b in lines if b.box[0] >= best_x), default=right)
    if near_right - near_left < 1.5 * heights:
        return None
    # and the columns hold prose: their lines are long (a table's or a form's cells are not)
    for side in (
        [b.box[2] - b.box[0] for b in lines if b.box[2] <= best_x],
        [b.box[2] - b.box[0] for b in lines if b.box[0] >= best_x],
    ):
        if statistics.median(side) < 8 * heights:
            return None
    return (near_left + near_right) / 2


def reading_order(lines: Sequence[OcrLine]) -> list[list[list[OcrLine]]]:
    """The page's rows grouped into runs read one after the other: each run is the rows of
    one column within one band (bands are split by lines that cross the gutter)."""
    x = gutter(lines)
    if x is None:
        return [rows_of(lines)]
    runs: list[list[list[OcrLine]]] = []
    band: list[OcrLine] = []

    def flush() -> None:
        left = [b for b in band if b.box[2] <= x]
        right = [b for b in band if b.box[2] > x]
        runs.extend(rows_of(side) for side in (left, right) if side)
        band.clear()

    for row in rows_of(lines):
        spanning = [b for b in row if b.box[0] < x < b.box[2]]
        if spanning:
            flush()
            runs.append([row])
        else:
            band.extend(row)
    flush()
    return runs


def _mean(lines: Sequence[OcrLine]) -> float:
    chars = sum(len(b.text) for b in lines)
    if not chars:
        return 0.0
    return round(sum(b.confidence * len(b.text) for b in lines) / chars, 4)


def _is_table_row(row: list[OcrLine], height: float) -> bool:
    if len(row) < 2:
        return False
    gaps = [b.box[0] - a.box[2] for a, b in pairwise(row)]
    return min(gaps) > 1.0 * height


def page_blocks(lines: Sequence[OcrLine], page: int) -> list[Block]:
    """The blocks of one recognised page (``page`` is 1-based, or 0 for a single image that
    is not a page of anything)."""
    if not lines:
        return []
    body = statistics.median(b.box[3] - b.box[1] for b in lines)
    blocks: list[Block] = []
    for run in reading_order(lines):
        blocks.extend(_Run(page, body).read(run))
    return blocks


def _overlap(a: OcrLine, b: OcrLine) -> float:
    return min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])


def _place(boxes: Sequence[OcrLine], columns: Sequence[OcrLine]) -> list[int] | None:
    """The column each box stands under (most horizontal overlap, else nearest centre), or
    None when two boxes would share one or their order would change."""
    placed: list[int] = []
    for box in boxes:
        centre = (box.box[0] + box.box[2]) / 2

        def fit(i: int, box: OcrLine = box, centre: float = centre) -> tuple[float, float]:
            col = columns[i]
            return (_overlap(box, col), -abs(centre - (col.box[0] + col.box[2]) / 2))

        best = max(range(len(columns)), key=fit)
        if placed and best <= placed[-1]:
            return None
        placed.append(best)
    return placed


def under_columns(rows: Sequence[Sequence[OcrLine]]) -> list[tuple[str, ...]]:
    """Each row's cells under the table's columns: a row with fewer boxes than the widest has
    its boxes placed under the columns they stand under, and empty cells where it has none.
    A category written once for several rows (a merged cell) leaves the rows below it without
    their first box; filled from the left, 「單槍投影機 三日 2,000」 read as 設備類別：單槍投影機,
    設備名稱：三日. A row whose boxes cannot be placed is filled from the left as before.

    >>> def b(t, x):
    ...     return OcrLine(t, (x, 0.0, x + 100.0, 20.0), 0.9)
    >>> head = [b("Kind", 0), b("Name", 300), b("Days", 600)]
    >>> under_columns([head, [b("Hall", 300), b("3", 600)]])
    [('Kind', 'Name', 'Days'), ('', 'Hall', '3')]
    """
    width = max(len(r) for r in rows)
    columns = next(r for r in rows if len(r) == width)
    out: list[tuple[str, ...]] = []
    for row in rows:
        placed = _place(row, columns) if len(row) < width else None
        if placed is None:
            out.append(tuple(b.text for b in row) + ("",) * (width - len(row)))
            continue
        cells = [""] * width
        for box, i in zip(row, placed, strict=True):
            cells[i] = box.text
        out.append(tuple(cells))
    return out


class _Run:
    """The blocks of one column of one band, built row by row."""

    def __init__(self, page: int, body: float) -> None:
        self.page = page
        self.body = body
        self.blocks: list[Block] = []
        self.para: list[_Row] = []
        self.table: list[_Row] = []
        # The last table's column names and where its columns start: a row the layout could
        # not read as a row (a cell wrapped over two lines) cuts a scanned table in two, and
        # the second part is the same table, not one whose first data row names the columns.
        self.header: tuple[str, ...] = ()
        self.starts: list[float] = []

    def end_para(self) -> None:
        if self.para:
            boxes = [b for r in self.para for b in r.boxes]
            text = join_lines([" ".join(b.text for b in r.boxes) for r in self.para])
            self.blocks.append(Block(Kind.PARAGRAPH, text, self.page, confidence=_mean(boxes)))
            self.para = []

    def end_table(self) -> None:
        if len(self.table) >= 2 or (self.table and self._continues(self.table[0])):
            padded = under_columns([r.boxes for r in self.table])
            if self._continues(self.table[0]):
                header = self.header
                rows = [self._by_column(r) or c for r, c in zip(self.table, padded, strict=True)]
            else:
                header, rows = split_header(padded)
                if header:
                    self.header = header
                    self.starts = [b.box[0] for b in self.table[0].boxes]
            self.blocks.append(
                Block(
                    Kind.TABLE, "", self.page, header=header,
                    rows=tuple(TableRow(r, self.page) for r in rows),
                    confidence=_mean([b for r in self.table for b in r.boxes]),
                )
            )  # fmt: skip
        else:
            self.para.extend(self.table)
        self.table = []

    def _by_column(self, row: _Row) -> tuple[str, ...] | None:
        """``row``'s cells under the last table's columns (an empty cell where a column has
        no box), or None when its boxes do not start where the columns start, left to right
        from the first."""
        if not self.header or len(row.boxes) < 2:
            return None
        cells = [""] * len(self.starts)
        last = -1
        for box in row.boxes:
            near = min(range(len(self.starts)), key=lambda i: abs(self.starts[i] - box.box[0]))
            if abs(self.starts[near] - box.box[0]) > 2 * self.body or near <= last:
                return None
            if last == -1 and near != 0:
                return None
            cells[near], last = box.text, near
        return tuple(cells)

    def _continues(self, first: _Row) -> bool:
        """Whether a table part whose first row is ``first`` goes on the last table."""
        return self._by_column(first) is not None

    def read(self, run: list[list[OcrLine]]) -> list[Block]:
        body = self.body
        prev: _Row | None = None
        for boxes in run:
            row = _Row(boxes)
            gap = row.top - prev.bottom if prev is not None else 0.0
            prev = row
            if _is_table_row(boxes, body):
                self.end_para()
                if self.table and gap > 1.5 * body:
                    self.end_table()
                self.table.append(row)
                continue
            if self.table:
                self.end_table()
                self.end_para()
            text = " ".join(b.text for b in boxes)
            if row.height > 1.4 * body and len(text) <= 60:
                self.end_para()
                self.blocks.append(
                    Block(Kind.HEADING, text, self.page, level=2, confidence=_mean(boxes))
                )
                continue
            if self.para and (gap > 0.9 * body or row.height > 1.25 * self.para[-1].height):
                self.end_para()
            self.para.append(row)
        self.end_table()
        self.end_para()
        return self.blocks
