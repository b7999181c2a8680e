"""Tables drawn without rules: runs of lines whose words stand in the same columns.

pdfplumber's table finder needs ruling lines; its text strategy calls every paragraph a
table. Here a line is split into segments at gaps wider than two characters; three or more
consecutive lines of two or more segments whose segments fall into the same column bands
(bands are the union of the run's segment extents) are read as a table, one row per line.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from retrieval_svc.documents.pdf_lines import Line, join_words, wide_gap

MIN_ROWS = 3


@dataclass(frozen=True)
class AlignedTable:
    """A whitespace-aligned table: its rows' cells, where it starts and in which column."""

    rows: list[tuple[str, ...]]
    top: float
    column: int


Segment = tuple[float, float, str]


def segments(line: Line) -> list[Segment]:
    """(x0, x1, text) of the runs of words in a line separated by wide gaps."""
    out: list[tuple[float, float, str]] = []
    words: list[str] = []
    x0 = x1 = 0.0
    for w in line.words:
        if words and wide_gap(x1, w):
            out.append((x0, x1, join_words(words)))
            words = []
        if not words:
            x0 = w.x0
        words.append(w.text)
        x1 = max(x1, w.x1) if len(words) > 1 else w.x1
    if words:
        out.append((x0, x1, join_words(words)))
    return out


def _bands(runs: Sequence[list[tuple[float, float, str]]]) -> list[tuple[float, float]]:
    spans = sorted((s[0], s[1]) for segs in runs for s in segs)
    bands: list[tuple[float, float]] = []
    for a, b in spans:
        if bands and a <= bands[-1][1] + 1:
            bands[-1] = (bands[-1][0], max(bands[-1][1], b))
        else:
            bands.append((a, b))
    return bands


def _row(segs: list[tuple[float, float, str]], bands: list[tuple[float, float]]) -> tuple[str, ...]:
    cells = [""] * len(bands)
    for x0, x1, text in segs:
        for i, (a, b) in enumerate(bands):
            if x0 >= a - 1 and x1 <= b + 1:
                cells[i] = (cells[i] + " " + text).strip()
                break
    return tuple(cells)


def _is_table(run: list[list[tuple[float, float, str]]]) -> bool:
    if len(run) < MIN_ROWS:
        return False
    bands = _bands(run)
    if len(bands) < 2:
        return False
    filled = sum(1 for segs in run if len(segs) >= 2)
    return filled >= MIN_ROWS and len(bands) <= max(len(s) for s in run) + 1


def _without_marks(line: Line) -> Line:
    """The line without its lone divider marks (the caption's colons)."""
    words = [w for w in line.words if any(ch.isalnum() for ch in w.text)]
    return Line(words, line.column) if words else line


def _has_divider_column(rows: list[tuple[str, ...]]) -> bool:
    """Whether a column is a divider: each of its cells opens with the same mark and most hold
    nothing else. The colons down the middle of a court caption ("KNOWLES, : No. 07-1315")
    divide text; they do not make a table of it."""
    for column in zip(*rows, strict=True):
        cells = [c for c in column if c]
        marks = {c[0] for c in cells}
        bare = sum(1 for c in cells if not any(ch.isalnum() for ch in c))
        if len(marks) == 1 and not next(iter(marks)).isalnum() and 2 * bare > len(cells):
            return True
    return False


def aligned_tables(lines: list[Line]) -> tuple[list[Line], list[AlignedTable]]:
    """(lines that are not in a table, the tables found), lines in their given order."""
    kept: list[Line] = []
    tables: list[AlignedTable] = []
    run: list[Line] = []
    wrapped: dict[int, list[Line]] = {}  # row index → the wrapped lines under it
    segs_of = {id(ln): segments(ln) for ln in lines}  # each line cut once

    def close() -> None:
        segs = [segs_of[id(ln)] for ln in run]
        divided = len(run) >= MIN_ROWS and _has_divider_column(
            [_row(s, _bands(segs)) for s in segs]
        )
        if not divided and _is_table(segs):
            bands = _bands(segs)
            rows = [_row(s, bands) for s in segs]
            for i, extra in wrapped.items():
                for ln in extra:
                    rows[i] = _merge(rows[i], _row(segs_of[id(ln)], bands))
            tables.append(AlignedTable(rows, run[0].top, run[0].column))
        else:
            for i, ln in enumerate(run):
                kept.append(_without_marks(ln) if divided else ln)
                kept.extend(wrapped.get(i, []))
        run.clear()
        wrapped.clear()

    label: Line | None = None  # a lone row label, kept only if the table goes on under it
    for line in lines:
        multi = len(segs_of[id(line)]) >= 2
        if run and (line.column != run[-1].column or line.top < run[-1].top):
            close()
        if label is not None and not (multi and run and line.column == run[-1].column):
            close()
            kept.append(label)
            label = None
        if multi:
            if label is not None:
                run.append(label)
                label = None
            run.append(line)
        elif run and _wraps(line, run, segs_of):
            wrapped.setdefault(len(run) - 1, []).append(line)
        elif run and _row_label(line, run, segs_of):
            label = line
        else:
            close()
            kept.append(line)
    close()
    if label is not None:
        kept.append(label)
    return kept, tables


def _row_label(line: Line, run: list[Line], segs_of: dict[int, list[Segment]]) -> bool:
    """A one-segment line in the run's first column, short of its second: a row whose other
    cells are all empty (a timetable's "Notes" row when no train is marked), a word, not a
    letter of a margin's vertical stamp. It stays in the table only when the table goes on
    below it."""
    bands = _bands([segs_of[id(ln)] for ln in run])
    ((x0, x1, text),) = segs_of[id(line)]
    worded = any(sum(ch.isalnum() for ch in word) >= 2 for word in text.split())
    return worded and len(bands) >= 2 and abs(x0 - bands[0][0]) <= 2 and x1 < bands[1][0]


def _wraps(line: Line, run: list[Line], segs_of: dict[int, list[Segment]]) -> bool:
    """A one-segment line right under a table row, inside one of the run's columns but not
    the first: the rest of a cell's text wrapped onto the next line."""
    if len(run) < 2:
        return False
    last = run[-1]
    if line.top - last.bottom > 1.2 * max(1.0, last.bottom - last.top):
        return False
    bands = _bands([segs_of[id(ln)] for ln in run])
    ((x0, x1, _),) = segs_of[id(line)]
    inside = [i for i, (a, b) in enumerate(bands) if x0 >= a - 2 and x1 <= b + 2]
    return bool(inside) and inside[0] > 0


def _merge(row: tuple[str, ...], more: tuple[str, ...]) -> tuple[str, ...]:
    return tuple((a + " " + b).strip() if b else a for a, b in zip(row, more, strict=True))
