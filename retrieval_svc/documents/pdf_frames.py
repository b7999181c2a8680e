"""Ruled frames around text: a page laid out as boxes drawn with rules.

A county's precinct bulletin draws four framed columns of contests ("GOVERNOR / NEEL KASHKARI
REP 247 / EDMUND G BROWN DEM 69", then the next contest); forms draw panels. pdfplumber's table
finder reads such a frame as a table of a few huge cells, and a "row" of four 700-character
cells answers nothing: the writer cannot quote it and a record of it weighs every contest the
same. A ruled table holding a cell longer than :data:`FRAME_CELL_CHARS` is taken for a frame;
each box is read top to bottom and split into paragraphs where a gap wider than the box's
usual line spacing stands (a contest, a panel), its lines joined.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Sequence

from retrieval_svc.documents.pdf_lines import Word, join_lines, lines_of

# Of the documents benchmark's 31 PDFs (both halves, measured on their extraction only), two hold
# a ruled cell longer than this: the bulletin's boxes (up to 744 characters) and a market
# report's frame (430, whose blocks come out the same either way).
FRAME_CELL_CHARS = 400
# A box is not divided into columns: its words are one column of lines.
_NO_COLUMNS = 10_000.0


def is_frame(rows: Sequence[Sequence[str]]) -> bool:
    """Whether a ruled table's cells are boxes of text rather than values.

    >>> is_frame([("Name", "Days"), ("婚假", "8")]), is_frame([("x" * 401, "")])
    (False, True)
    """
    return any(len(cell) > FRAME_CELL_CHARS for row in rows for cell in row)


def box_paragraphs(words: Sequence[Word]) -> list[str]:
    """A box's text as paragraphs: its lines top to bottom, a new paragraph after a gap wider
    than the usual gap between its lines by half a line or more."""
    lines = lines_of(list(words), _NO_COLUMNS)
    if not lines:
        return []
    gaps = [b.top - a.bottom for a, b in itertools.pairwise(lines)]
    usual = statistics.median(gaps) if gaps else 0.0
    groups = [[lines[0]]]
    for gap, line in zip(gaps, lines[1:], strict=True):
        if gap > usual + max(2.0, 0.5 * (line.bottom - line.top)):
            groups.append([])
        groups[-1].append(line)
    return [join_lines([ln.text for ln in group]) for group in groups]
