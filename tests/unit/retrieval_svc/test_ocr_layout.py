"""OCR layout: recognised boxes → blocks in reading order, without running the model."""

from __future__ import annotations

import pytest

from retrieval_svc.documents.model import Kind
from retrieval_svc.documents.ocr import OcrLine, mostly_vertical, skew_angle
from retrieval_svc.documents.ocr_layout import gutter, page_blocks, rows_of

pytestmark = pytest.mark.unit

H = 20.0  # line height in pixels


def box(text: str, x0: float, top: float, x1: float, conf: float = 0.9) -> OcrLine:
    return OcrLine(text, (x0, top, x1, top + H), conf)


def test_wrapped_lines_join_into_one_paragraph_and_a_wide_gap_starts_the_next() -> None:
    lines = [
        box("The deposit is due", 100, 100, 900),
        box("a week before the event.", 100, 130, 700, 0.8),
        box("Opening days are Tuesday", 100, 200, 900),
    ]
    blocks = page_blocks(lines, 3)
    assert [b.text for b in blocks] == [
        "The deposit is due a week before the event.",
        "Opening days are Tuesday",
    ]
    assert all(b.page == 3 and b.kind is Kind.PARAGRAPH for b in blocks)
    # the confidence is the mean over the block's characters
    first = blocks[0]
    assert first.confidence is not None and 0.8 < first.confidence < 0.9


def test_cjk_lines_join_without_a_space() -> None:
    lines = [box("場地開放時間為週二", 100, 100, 900), box("至週日。", 100, 130, 400)]
    assert [b.text for b in page_blocks(lines, 1)] == ["場地開放時間為週二至週日。"]


def test_boxes_on_one_baseline_make_one_row_left_to_right() -> None:
    rows = rows_of([box("b", 300, 102, 400), box("a", 100, 100, 200), box("c", 100, 140, 200)])
    assert [[b.text for b in r] for r in rows] == [["a", "b"], ["c"]]


def test_a_two_column_page_is_read_column_by_column_below_its_title() -> None:
    lines = [box("Venue rules for the hall and the garden", 100, 40, 1100)]
    for i in range(4):
        y = 100 + 30 * i
        lines.append(box(f"left {i}", 100, y, 550))
        lines.append(box(f"right {i}", 650, y, 1100))
    assert gutter(lines) == pytest.approx(600)
    blocks = page_blocks(lines, 1)
    assert [b.text for b in blocks] == [
        "Venue rules for the hall and the garden",
        "left 0 left 1 left 2 left 3",
        "right 0 right 1 right 2 right 3",
    ]


def test_a_one_column_page_has_no_gutter() -> None:
    lines = [box(f"line {i}", 100, 100 + 30 * i, 1100 - 10 * i) for i in range(8)]
    assert gutter(lines) is None


def test_rows_of_boxes_apart_are_a_table_one_row_per_line() -> None:
    lines = [box("Intro text", 100, 40, 600)]
    table = [("Room", "Seats", "Deposit"), ("Hall", "30", "5000"), ("Garden", "80", "8000")]
    for i, row in enumerate(table):
        for j, cell in enumerate(row):
            lines.append(box(cell, 100 + 300 * j, 100 + 30 * i, 100 + 300 * j + 150))
    blocks = page_blocks(lines, 2)
    assert [b.kind for b in blocks] == [Kind.PARAGRAPH, Kind.TABLE]
    t = blocks[1]
    assert t.header == ("Room", "Seats", "Deposit")
    assert [r.cells for r in t.rows] == [("Hall", "30", "5000"), ("Garden", "80", "8000")]
    assert t.page == 2 and all(r.page == 2 for r in t.rows)
    assert t.confidence == pytest.approx(0.9)


def test_a_table_cut_by_a_wrapped_row_goes_on_under_its_own_column_names() -> None:
    def row(top: float, *cells: str) -> list[OcrLine]:
        return [box(c, x, top, x + 150) for c, x in zip(cells, (100, 400, 700), strict=False)]

    lines = [
        *row(100, "假別", "日數", "備註"),
        *row(140, "事假", "7日", "扣薪"),
        *row(180, "家庭照顧假", "7日", "併入事假"),
        # a row whose last cell wraps: its boxes run together, so it reads as text
        box("病假 28日 連續請假兩日以上", 100, 220, 900),
        box("者應附證明", 700, 250, 850),
        *row(290, "生理假", "每月1日"),  # no remark: one column fewer, still that table
        *row(330, "婚假", "14日", "結婚證書"),
        box("附表二", 100, 400, 220),
        box("年資", 150, 450, 250),  # another table, its own columns
        box("天數", 600, 450, 700),
        box("一年", 150, 490, 250),
        box("7日", 600, 490, 700),
    ]
    tables = [b for b in page_blocks(lines, 3) if b.kind is Kind.TABLE]
    assert [t.header for t in tables] == [("假別", "日數", "備註")] * 2 + [("年資", "天數")]
    assert [r.cells for r in tables[1].rows] == [
        ("生理假", "每月1日", ""),
        ("婚假", "14日", "結婚證書"),
    ]
    assert [r.cells for r in tables[2].rows] == [("一年", "7日")]


def test_a_tall_short_line_is_a_heading() -> None:
    lines = [
        OcrLine("Venue Rules", (100, 20, 500, 60), 0.95),
        box("The hall opens at nine.", 100, 100, 900),
        box("It closes at six.", 100, 130, 700),
        box("Bring your ticket.", 100, 160, 700),
    ]
    blocks = page_blocks(lines, 1)
    assert blocks[0].kind is Kind.HEADING and blocks[0].text == "Venue Rules"
    assert blocks[1].text == "The hall opens at nine. It closes at six. Bring your ticket."


def test_no_lines_no_blocks() -> None:
    assert page_blocks([], 1) == []


def test_skew_is_the_median_angle_of_long_flat_boxes() -> None:
    # top edges rising 5 px over 100 px to the right (y grows downwards)
    quads = [[[0, 100 + i * 40], [100, 95 + i * 40], [100, 115 + i * 40], [0, 120 + i * 40]]
             for i in range(5)]  # fmt: skip
    assert skew_angle(quads) == pytest.approx(2.862, abs=0.01)
    assert skew_angle(quads[:2]) == 0.0  # too few to tell


def test_tall_boxes_mean_a_turned_page() -> None:
    tall = [[[0, 0], [20, 0], [20, 300], [0, 300]]] * 3
    flat = [[[0, 0], [300, 0], [300, 20], [0, 20]]] * 3
    assert mostly_vertical(tall)
    assert not mostly_vertical(flat)


def test_a_row_under_a_merged_cell_keeps_its_cells_under_their_columns() -> None:
    """A category written once for the rows below it (a merged cell) leaves those rows without
    their first box: the scanned loan form read 「設備名稱：三日｜借用期限：2,000」."""
    xs = (100, 400, 700, 1000)

    def row(top: float, *cells: tuple[int, str]) -> list[OcrLine]:
        return [box(text, xs[i], top, xs[i] + 150) for i, text in cells]

    lines = [
        *row(100, (0, "設備類別"), (1, "設備名稱"), (2, "借用期限"), (3, "押金")),
        *row(140, (0, "影音設備"), (1, "單槍投影機"), (2, "三日"), (3, "2,000")),
        *row(180, (1, "攜帶式音響"), (2, "五日"), (3, "1,500")),
        *row(220, (0, "其他"), (1, "延長線捲"), (2, "十四日")),
    ]
    (table,) = [b for b in page_blocks(lines, 1) if b.kind is Kind.TABLE]
    assert table.header == ("設備類別", "設備名稱", "借用期限", "押金")
    assert [r.cells for r in table.rows] == [
        ("影音設備", "單槍投影機", "三日", "2,000"),
        ("", "攜帶式音響", "五日", "1,500"),
        ("其他", "延長線捲", "十四日", ""),
    ]
