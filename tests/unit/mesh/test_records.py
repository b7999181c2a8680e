"""Table records as the chunker writes them: their cells, and the cells a question addresses."""

from __future__ import annotations

import pytest

from mesh.records import addressed_cells, fields

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
