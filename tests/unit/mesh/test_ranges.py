"""Bands a passage states and the numbers a question names (mesh.ranges)."""

from __future__ import annotations

import math

import pytest

from judge_svc.grading import GradeChunk, LexicalGrader
from mesh.ranges import asked_bands, asked_values, in_a_range, ranges

pytestmark = pytest.mark.unit

ROWS = [
    "预算金额（单项或批量）：1万元至20万元（不含）｜采购方式：询价采购，不少于3家供应商",
    "预算金额（单项或批量）：20万元至100万元（不含）｜采购方式：竞争性谈判或竞争性磋商",
]


@pytest.mark.parametrize(
    ("text", "bands"),
    [
        (ROWS[1], [(200_000.0, 1_000_000.0)]),
        ("等第：B+｜分數區間：77-79｜等第積分：3.3", [(77.0, 79.0)]),
        ("Fees run from £10,000 to £20,000 a year.", [(10_000.0, 20_000.0)]),
        ("员工年龄18至25岁的", [(18.0, 25.0)]),
        ("巴西以3比1勝出，半場2-4落後", []),  # a score in prose
        ("開課日期：2025-09-27｜上課時間：13:30-17:00｜電話：0571-8866 2311", []),
        ("戰爭自1939年至1945年", []),  # a period of years
        ("自6月27日至2002年", []),  # a day joined to a year
        ("2.2.3 超过1000万元的部分，不超过20%。", [(10_000_000.0, math.inf), (0.0, 20.0)]),
        ("2.2.2 超过500万元至1000万元的部分", [(5_000_000.0, 10_000_000.0)]),
        ("询价（不少于3家）", []),  # a count of suppliers, not a band of amounts
        ("Grants over 2 million need a panel", [(2_000_000.0, math.inf)]),
        ("开学后2周内离校的退还当学年学费的80%", [(0.0, 2.0)]),
        ("开学2周后至学期中离校的", [(2.0, math.inf)]),
        ("Claims made within two weeks are paid in full", [(0.0, 2.0)]),
    ],
)
def test_the_bands_a_text_states(text: str, bands: list[tuple[float, float]]) -> None:
    assert ranges(text) == bands


def test_a_question_value_is_read_with_its_scale() -> None:
    assert asked_values("预算50万元的采购应该采用什么方式？") == [500_000.0]
    assert in_a_range("预算50万元的采购应该采用什么方式？", ROWS[1])
    assert not in_a_range("预算50万元的采购应该采用什么方式？", ROWS[0])
    assert in_a_range("考78分是什麼等第？", "等第：B+｜分數區間：77-79")
    assert not in_a_range("採購方式有哪些？", ROWS[1])


def test_one_time_names_no_number() -> None:
    """Documents bench, tune half (pdf-057): 「一次可以領多少」 is "each time"; read as 1, it fell
    in the band 「收據金額10,000元以下」 and that row was kept over the one answering."""
    assert asked_values("員工自己做門診手術，一次可以領多少？") == []
    assert asked_values("提前兩天取消可以退多少") == [2.0]
    assert not in_a_range("員工自己做門診手術，一次可以領多少？", "收據金額10,000元以下得用影本")


def test_an_open_band_asked_is_answered_by_the_band_starting_there() -> None:
    """Documents bench, tune half (f2-055): "above 10 million yuan" was answered with the band
    「500万元以下」; the band ending at 10 million holds the number too, but is not asked."""
    asked = "Binjiang University grants: indirect cost cap for the portion above 10 million yuan"
    assert asked_bands(asked) == [(10_000_000.0, math.inf)]
    assert in_a_range(asked, "2.2.3 超过1000万元的部分，不超过20%。")
    assert in_a_range(asked, "1000万元至2000万元的项目")
    assert not in_a_range(asked, "2.2.2 超过500万元至1000万元的部分，不超过25%；")
    assert not in_a_range(asked, "2.2.1 500万元以下的部分，不超过30%；")
    assert in_a_range("orders under £500", "Orders from £100 to £500 need one quote")
    # Documents bench, tune half (f2-123): "within the first two weeks" is 「2周内」, not
    # 「2周后至学期中」, the clause after it that was quoted.
    weeks = "Jianglan college: how much tuition is refunded if I leave within the first two weeks?"
    assert in_a_range(weeks, "开学后2周内离校的退还当学年学费的80%；")
    assert not in_a_range(weeks, "开学2周后至学期中离校的，按实际学习时间以月为单位计算")


def test_the_grader_counts_the_asked_number_held_in_a_band() -> None:
    """Documents bench, tune half (pdf-118): the band's row passes beside the clause that writes
    「50万元」 (it had graded 0.52, under the 0.65 the clause passed)."""
    grade = LexicalGrader().grade(
        "预算50万元的采购应该采用什么方式", [GradeChunk("r#1", ROWS[1]), GradeChunk("r#0", ROWS[0])]
    )
    held, other = grade.chunk_grades
    assert "50" in held.covered_aspects and held.relevance >= 0.65
    assert "50" not in other.covered_aspects


def test_working_days_are_a_unit_of_a_band() -> None:
    """Documents set (off-057): "cancel a booking 15 working days beforehand" falls in the row
    "Cancellation 10 to 20 working days ahead | Deposit kept", quoted as bare cells; "working"
    stood between the number and "days", so the band had no unit and read as no band at all."""
    question = "If we cancel a booking 15 working days beforehand, what happens to the deposit?"
    assert in_a_range(question, "Cancellation 10 to 20 working days ahead | Deposit kept")
    assert not in_a_range(question, "Cancellation more than 20 working days ahead | Refunded")
    assert ranges("办理时限：5至10个工作日") == [(5.0, 10.0)]
    # A bare row's numbers without a unit are no band: its column may name the scale (万元).
    assert ranges("服务 | 20（含）至100 | 竞争性磋商") == []


def test_a_band_of_another_unit_holds_no_number_asked() -> None:
    """The documents benchmark's tune half: 「三个人一起报同一门课，学费打几折？」 kept the
    line 「开课前7天以内…扣除学费的10%」 as keyed by the number asked (3 in a band of 0 to 7
    days) and dropped the discount's line. A band without a unit still holds any number."""
    asked = "同一家公司三个人一起报同一门课，学费打几折？"
    assert not in_a_range(asked, "开课前7天以内申请的，扣除学费的10%作为手续费；")
    assert in_a_range("三个人以上可以优惠吗？", "报名人数：2至5人｜优惠：九折")
    assert in_a_range("预算50万元的采购", "预算金额（万元）：20（含）至100｜采购方式：竞争性磋商")
    assert in_a_range("提前兩天取消可以退多少", "取消時間：使用日前2日以內｜退費比例：0%")


def test_a_band_written_as_two_ends_is_closed() -> None:
    """Documents set (off-098): 「採購金額八十萬元要由誰核決？」 against a form whose rows
    say 「3,000 元以上未滿 5 萬元｜部門經理」 and 「50 萬元以上未滿 300 萬元｜副總經理」. Read as
    two open bands, the first row held every amount above 3,000 and was kept beside the row
    answering."""
    asked = "採購金額八十萬元要由誰核決？"
    assert not in_a_range(asked, "3,000 元以上未滿 5 萬元 | 部門經理 | 得逕洽廠商採購")
    assert in_a_range(asked, "50 萬元以上未滿 300 萬元 | 副總經理 | 應取得三家以上廠商報價")
    assert ranges("50萬元以上300萬元以下｜總經理") == [(500000.0, 3000000.0)]
    assert ranges("3,000 元以上未滿 5 萬元") == [(3000.0, 50000.0)]
    # An open end alone is still open.
    assert ranges("金額：300 萬元以上｜董事長") == [(3000000.0, float("inf"))]


def test_a_count_in_chinese_numerals_bounds_a_band() -> None:
    """Documents set (off-005): 「請假五天以上要由誰核准？」 is answered by
    「請假五日以上者：由處長核准」; read without its numeral, that line was no band and was
    dropped beside 「達 5 日以上者」."""
    asked = "請假五天以上要由誰核准？"
    assert in_a_range(asked, "請假五日以上者：由處長核准，並副知人力資源處。")
    assert ranges("三十日以內") == [(0.0, 30.0)]
