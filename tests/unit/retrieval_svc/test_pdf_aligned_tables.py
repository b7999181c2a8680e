"""Tables drawn without rules (retrieval_svc.documents.pdf_tables): what is one and what is not."""

from __future__ import annotations

import pytest

from retrieval_svc.documents.pdf_lines import Line, Word, column_band, gutters, lines_of
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


def test_a_row_with_only_its_label_stays_in_the_table() -> None:
    # A timetable whose "Notes" row marks no train: the header had been cut off above it and
    # read as a paragraph, leaving the table without its train numbers.
    lines = [
        _line(10, (50, "Train"), (200, "2137"), (260, "2139"), (320, "2141")),
        _line(30, (50, "Notes")),
        _line(50, (50, "Port Ellery"), (200, "18:40"), (260, "19:40"), (320, "20:40")),
        _line(70, (50, "Kingsford"), (200, "19:29"), (260, "20:29"), (320, "21:29")),
    ]
    kept, tables = aligned_tables(lines)
    assert kept == []
    assert tables[0].rows[:2] == [("Train", "2137", "2139", "2141"), ("Notes", "", "", "")]


def test_a_line_under_a_table_where_it_ends_is_text() -> None:
    lines = [
        _line(10, (50, "Leave"), (250, "Days")),
        _line(30, (50, "Annual"), (250, "14")),
        _line(50, (50, "Marriage"), (250, "8")),
        _line(70, (50, "Notes")),
        _line(90, (50, "Leave is granted in whole days.")),
    ]
    kept, tables = aligned_tables(lines)
    assert [ln.text for ln in kept] == ["Notes", "Leave is granted in whole days."]
    assert len(tables[0].rows) == 3


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


def _words(top: float, *cells: tuple[float, str]) -> list[Word]:
    return _line(top, *cells).words


def test_a_wide_listing_is_read_across_not_as_two_columns() -> None:
    # Two blocks of fields side by side, each line cut by wide gaps: a listing, not columns.
    words: list[Word] = []
    for i in range(30):
        top = 20.0 * i
        words += _words(top, (20, "PISTOL"), (90, "SEMI-AUTOMATIC"), (200, f"SJ{4000 + i}-1"))
        words += _words(top, (330, "CARL"), (370, "WALTHER"), (470, "PPK"), (520, "FOUND"))
    assert gutters(words, 600) == []
    assert lines_of(words, 600)[0].text.startswith("PISTOL SEMI-AUTOMATIC SJ4000-1 CARL")


def test_two_columns_of_prose_are_read_column_by_column() -> None:
    words: list[Word] = []
    for i in range(30):
        top = 20.0 * i
        words += _words(top, (20, "the committee met on each weekday and agreed the plan"))
        words += _words(top, (330, "members of the public may attend every open session"))
    assert len(gutters(words, 620)) == 1
    assert lines_of(words, 620)[1].text.startswith("the committee")


def test_two_columns_under_full_width_text_are_read_column_by_column() -> None:
    # A title and two full-width articles, then two columns of clauses: the full-width lines
    # cross the gutter, so only the band below them is divided (the grading rules' first page).
    words: list[Word] = []
    for i in range(6):
        words += _words(
            20.0 * i, (20, f"article {i} runs the whole width of the page and on past the middle")
        )
    for i in range(20):
        top = 200.0 + 20.0 * i
        words += _words(top, (20, f"left clause {i} reads down its column"))
        words += _words(top, (330, f"right clause {i} reads down its column"))
    assert gutters(words, 620) == []  # the page as a whole has no gutter
    cuts, top = column_band(words, 620)
    assert len(cuts) == 1 and 100 < top <= 200
    texts = [ln.text for ln in lines_of(words, 620)]
    assert texts[5].startswith("article 5")
    assert texts[6].startswith("left clause 0") and texts[25].startswith("left clause 19")
    assert texts[26].startswith("right clause 0")


def test_a_ruled_table_inside_a_column_goes_with_that_column() -> None:
    # The IT handbook's targets table sits in the left column under clause 2.1: it is read
    # after 2.1, not before the columns with the full-width text above them.
    from retrieval_svc.documents.pdf import _in_column, _Table

    lines = [
        _line(10, (20, "Handbook title across the whole page")),
        Line(_words(200, (20, "2.1 Every incident is given a priority.")), 1),
        Line(_words(200, (330, "3.1 Passwords are fourteen characters.")), 2),
    ]
    table = _in_column(_Table(230, 0, ("Priority", "Response"), [], 20, 300), lines)
    assert table.column == 1
    wide = _in_column(_Table(30, 0, ("Priority", "Response"), [], 20, 600), lines[:1])
    assert wide.column == 0
