"""Table rows as lines of a draft (issue 28): the row whose cell the question writes answers."""

from __future__ import annotations

import pytest

from judge_svc.line_relevance import NO_CELL, NO_KEY
from judge_svc.relevance import RelevanceChecker, RelevanceInput
from judge_svc.rules import Source, detect_hallucination

pytestmark = pytest.mark.unit

TERMS = Source(
    "rates#25",
    "rates",
    "| Term | Detail |\n|---|---|\n"
    "| Deposit | 25% of the hire fee, payable when the booking is confirmed |\n"
    "| VAT | All rates exclude VAT at 20% |\n"
    "| Bookings | bookings@elmstead-learning.example or 0161 496 0732 |",
    "Elmstead Learning: room rates",
)
FORM = Source(
    "form#7",
    "form",
    "| 採購金額 | 核決主管 | 比價要求 |\n|---|---|---|\n"
    "| 3,000 元以上未滿 5 萬元 | 部門經理 | 得逕洽廠商採購 |\n"
    "| 50 萬元以上未滿 300 萬元 | 副總經理 | 應取得三家以上廠商報價 |",
    "採購核決權限表",
)


def _lines(question: str, draft: str, sources: list[Source]) -> dict[str, str]:
    rules = detect_hallucination(draft, sources)
    report = RelevanceChecker().check(RelevanceInput(question, rules.sentences, sources))
    return {v.text: v.reason for v in report.lines}


def test_the_row_whose_cell_the_question_writes_answers() -> None:
    """Documents set (off-058): the bookings row shares only the venue's name with the question."""
    lines = _lines(
        "Do the Elmstead room rates include VAT?",
        "VAT | All rates exclude VAT at 20% [rates#25]\n"
        "Bookings | bookings@elmstead-learning.example or 0161 496 0732 [rates#25]",
        [TERMS],
    )
    assert lines["VAT | All rates exclude VAT at 20%"] == ""
    assert lines["Bookings | bookings@elmstead-learning.example or 0161 496 0732"] == NO_CELL


def test_rows_are_not_weeded_for_a_list() -> None:
    lines = _lines(
        "List the VAT and deposit terms at Elmstead",
        "VAT | All rates exclude VAT at 20% [rates#25]\n"
        "Deposit | 25% of the hire fee, payable when the booking is confirmed [rates#25]",
        [TERMS],
    )
    assert NO_CELL not in lines.values()


def test_the_row_whose_band_holds_the_amount_answers() -> None:
    """Documents set (off-098): 八十萬元 lies in 「50 萬元以上未滿 300 萬元」 only."""
    lines = _lines(
        "採購金額八十萬元要由誰核決？",
        "3,000 元以上未滿 5 萬元 | 部門經理 | 得逕洽廠商採購 [form#7]\n"
        "50 萬元以上未滿 300 萬元 | 副總經理 | 應取得三家以上廠商報價 [form#7]",
        [FORM],
    )
    assert lines["3,000 元以上未滿 5 萬元 | 部門經理 | 得逕洽廠商採購"] == NO_KEY
    assert lines["50 萬元以上未滿 300 萬元 | 副總經理 | 應取得三家以上廠商報價"] == ""


RECYCLING = Source(
    "recycle#2",
    "recycle",
    "| 项目 | 收费标准 | 预约方式 |\n|---|---|---|\n"
    "| 废旧家电 | 免费 | “青桐回收”小程序预约 |\n"
    "| 大件家具（沙发、床垫等） | 免费 | 提前2天拨打 0512-6723 9150 |",
    "青桐街道回收指南",
)
LEAVE_A = Source("leave-a#3", "leave-a", "| 假別 | 日數 |\n|---|---|\n| 喪假（祖父母） | 六日 |")
LEAVE_B = Source("leave-b#5", "leave-b", "| 親屬 | 日數 |\n|---|---|\n| 配偶之父母死亡 | 10日 |")


def test_a_label_is_named_without_its_bracketed_qualifier() -> None:
    """Documents set (f2-114): 「大件家具回收怎么预约」 names the row
    「大件家具（沙发、床垫等）」."""
    lines = _lines(
        "青桐街道大件家具回收怎么预约",
        "废旧家电 | 免费 | “青桐回收”小程序预约 [recycle#2]\n"
        "大件家具（沙发、床垫等） | 免费 | 提前2天拨打 0512-6723 9150 [recycle#2]",
        [RECYCLING],
    )
    assert lines["废旧家电 | 免费 | “青桐回收”小程序预约"] == NO_CELL
    assert lines["大件家具（沙发、床垫等） | 免费 | 提前2天拨打 0512-6723 9150"] == ""


def test_a_row_of_another_document_is_not_weeded_by_a_label() -> None:
    """Documents set (pdf-005): another leave table's 「喪假」 row names nothing of this table."""
    lines = _lines(
        "配偶的父母過世，喪假有幾天？",
        "喪假（祖父母） | 六日 [leave-a#3]\n配偶之父母死亡 | 10日 [leave-b#5]",
        [LEAVE_A, LEAVE_B],
    )
    assert NO_CELL not in lines.values()
