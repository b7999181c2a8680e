"""Table records as the chunker writes them: their cells, and the cells a question addresses."""

from __future__ import annotations

import pytest

from mesh.records import addressed_cells, as_record, fields, names_the_row

pytestmark = pytest.mark.unit

ROW = "Train: Port Ellery | 2210: 08:09 | 2212: 08:35"


def test_a_records_cells_in_order() -> None:
    assert fields(ROW) == [("Train", "Port Ellery"), ("2210", "08:09"), ("2212", "08:35")]
    assert fields("假別：婚假｜每年日數：八日") == [("假別", "婚假"), ("每年日數", "八日")]
    assert fields("Trains leave every 30 minutes.") == []


def test_the_cell_of_the_named_row_and_column() -> None:
    assert addressed_cells("When does train 2212 reach Port Ellery?", ROW) == ["08:35"]


@pytest.mark.parametrize(
    "question",
    [
        "When does train 2212 reach Kingsford?",  # another row
        "When does the train reach Port Ellery?",  # no column named
        "When does train 2212 reach Port Moody?",  # only part of the row's label
    ],
)
def test_no_cell_unless_row_and_column_are_named(question: str) -> None:
    assert addressed_cells(question, ROW) == []


TABLE = (
    "| Code | Title | Capacity |\n|---|---|---|\n| W1 | Wave Modelling | 40 |\n| W2 | Drones |  |"
)


def test_a_bare_row_is_written_as_the_record_its_header_makes() -> None:
    assert as_record("W1 | Wave Modelling | 40", TABLE) == (
        "Code: W1 | Title: Wave Modelling | Capacity: 40"
    )
    assert as_record("W2 | Drones", TABLE) == "Code: W2 | Title: Drones"  # empty cell left out
    zh = "| 假別 | 日數 |\n|---|---|\n| 婚假 | 八日 |"
    assert as_record("婚假 | 八日", zh) == "假別：婚假｜日數：八日"


@pytest.mark.parametrize(
    ("line", "source"),
    [
        ("W3 | Sailing | 12", TABLE),  # no such row
        ("W1 | Wave Modelling | 40", "| W1 | Wave Modelling | 40 |"),  # no header row
        ("Code: W1 | Capacity: 40", TABLE),  # already a record
        ("Trains leave every 30 minutes.", TABLE),  # no row at all
    ],
)
def test_a_row_without_its_header_in_the_source_stays_as_it_is(line: str, source: str) -> None:
    assert as_record(line, source) == line


def test_the_row_a_question_names_by_its_label() -> None:
    """Documents set: the label is the first cell, said with its column or not, its brackets
    and marks aside; a band of sub-headers repeated over column groups labels nothing (f3-024:
    「一般件：一般文件｜急件：一般文件」 read from a PDF's three-level header)."""
    fee = "PRCES 2025 student fee if I register in September"
    student = "Category: Student (full-time)* | Early Bird Fee (HKD) (by 31 Jul 2025): 1800"
    assert names_the_row(fee, student)
    desk = "Registration desk: registration@prces2025.example.org | +852 3155 0827"
    assert not names_the_row(fee, desk)
    header = "一般件（7 個工作天）：一般文件｜費用：專業文件｜急件：一般文件｜費用：專業文件"
    assert not names_the_row("英文翻中文，一般件的一般文件每千字收費多少？", header)
