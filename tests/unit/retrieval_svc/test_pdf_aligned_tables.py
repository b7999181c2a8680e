"""Tables drawn without rules (retrieval_svc.documents.pdf_tables): what is one and what is not."""

from __future__ import annotations

import pytest

from retrieval_svc.documents.pdf_lines import Line, Word
from retrieval_svc.documents.pdf_tables import aligned_tables

pytestmark = pytest.mark.unit


def _line(top: float, *cells: tuple[float, str]) -> Line:
    words = []
    for x0, text in cells:
        x = x0
        for token in text.split():
            words.append(Word(token, x, x + 6 * len(token), top, top + 10))
            x += 6 * len(token) + 4
    return Line(words)


def test_aligned_columns_make_a_table() -> None:
    lines = [
        _line(10, (50, "Leave"), (250, "Days")),
        _line(30, (50, "Annual"), (250, "14")),
        _line(50, (50, "Marriage"), (250, "8")),
    ]
    kept, tables = aligned_tables(lines)
    assert kept == []
    assert tables[0].rows == [("Leave", "Days"), ("Annual", "14"), ("Marriage", "8")]


def test_a_court_caption_divided_by_colons_is_text() -> None:
    # The caption of a U.S. Supreme Court transcript: a column of colons, the docket number
    # beside one of them. It was read as a two-column table and quoted as "KNOWLES,: v.".
    lines = [
        _line(10, (50, "MICHAEL A. KNOWLES,"), (300, ":")),
        _line(30, (50, "WARDEN,"), (300, ":")),
        _line(50, (60, "v."), (300, ": No. 07-1315")),
        _line(70, (50, "ALEXANDRE MIRZAYANCE."), (300, ":")),
    ]
    kept, tables = aligned_tables(lines)
    assert tables == []
    assert [ln.text for ln in kept] == [
        "MICHAEL A. KNOWLES,",
        "WARDEN,",
        "v. No. 07-1315",
        "ALEXANDRE MIRZAYANCE.",
    ]
