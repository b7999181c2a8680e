"""The date_calculator tool and the date question a message asks (issue 28: tool answers)."""

from __future__ import annotations

import asyncio
import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_svc.planner import plan
from agent_svc.tools.dates import (
    DateCalculatorTool,
    DateError,
    add,
    compute,
    find_date_question,
    find_dates,
)
from groundmesh.v1 import common_pb2
from mesh.errors import InvalidInput

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2026-03-01", dt.date(2026, 3, 1)),
        ("2026/3/1", dt.date(2026, 3, 1)),
        ("2026.03.01", dt.date(2026, 3, 1)),
        ("2026 年 3 月 1 日", dt.date(2026, 3, 1)),
        ("二〇二六年三月一日", dt.date(2026, 3, 1)),
        ("民國115年3月1日", dt.date(2026, 3, 1)),
        ("March 1, 2026", dt.date(2026, 3, 1)),
        ("1st of March 2026", dt.date(2026, 3, 1)),
        ("Sept. 30 2026", dt.date(2026, 9, 30)),
    ],
)
def test_the_forms_people_write_a_date_in(text: str, day: dt.date) -> None:
    assert [d for d, _, _ in find_dates(f"請問 {text} 呢")] == [day]


def test_a_date_that_does_not_exist_is_not_read() -> None:
    assert find_dates("2026-02-30 and 2025年13月1日") == []


@pytest.mark.parametrize(
    ("question", "result"),
    [
        ("2026-03-01 加 45 天是哪天", "2026-03-01 + 45 days → 2026-04-15, Wednesday (星期三)"),
        ("2025-10-01 往前推 30 天是几号", "2025-10-01 - 30 days → 2025-09-01, Monday (星期一)"),
        ("What date is 3 weeks after 10 Jan 2027?", "2027-01-10 + 3 weeks → 2027-01-31"),
        ("民國115年1月31日加一個月是幾號？", "2026-01-31 + 1 months → 2026-02-28"),
        ("2025年12月25日是星期幾？", "2025-12-25 → Thursday (星期四)"),
        ("Was 1 January 2000 a Saturday?", "2000-01-01 → Saturday (星期六)"),
        ("從 2026/1/1 到 2026/3/1 有幾天？", "2026-01-01 → 2026-03-01: 59 days"),
        ("how many days between 1 May 2026 and 30 June 2026?", "2026-05-01 → 2026-06-30: 60 days"),
    ],
)
def test_date_questions_are_computed(question: str, result: str) -> None:
    found = find_date_question(question)
    assert found is not None, question
    assert compute(found.arguments()).startswith(result)


@pytest.mark.parametrize(
    "question",
    [
        "婚假可以請幾天？",
        "What happened on July 4, 1776?",
        "會議改到3月5日了嗎？",
        "報到日期是2026年3月1日嗎",
        "請假要提前幾天申請？",
        "How many days of sick leave do I get per year?",
    ],
)
def test_questions_that_only_mention_a_date_are_not_computed(question: str) -> None:
    assert find_date_question(question) is None


def test_month_ends_stay_in_the_month_and_leap_days_count() -> None:
    assert add(dt.date(2024, 1, 31), 1, "months") == dt.date(2024, 2, 29)
    assert add(dt.date(2024, 2, 29), 1, "years") == dt.date(2025, 2, 28)
    assert add(dt.date(2024, 3, 1), -1, "days") == dt.date(2024, 2, 29)


def test_bad_arguments_get_a_clear_error() -> None:
    with pytest.raises(InvalidInput, match="YYYY-MM-DD"):
        compute({"date": "next tuesday"})
    with pytest.raises(InvalidInput, match="whole number"):
        compute({"date": "2026-01-01", "add": "many"})
    with pytest.raises(InvalidInput, match="unit"):
        compute({"date": "2026-01-01", "add": 3, "unit": "fortnights"})
    with pytest.raises(InvalidInput, match="offset"):
        compute({"date": "2026-01-01", "add": 10**9})
    with pytest.raises(DateError):
        add(dt.date(9999, 12, 1), 2, "months")


def test_the_tool_returns_its_line_as_the_summary() -> None:
    data, meta = asyncio.run(DateCalculatorTool().run({"date": "2026-07-04"}))
    assert data == meta["summary"] == "2026-07-04 → Saturday (星期六)"


@given(
    st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2100, 12, 31)),
    st.integers(-5000, 5000),
)
def test_adding_days_then_counting_them_back_agrees(start: dt.date, days: int) -> None:
    end = add(start, days, "days")
    assert compute({"date": start.isoformat(), "until": end.isoformat()}).endswith(f"{days} days")


def test_the_planner_calls_the_tool_for_a_date_question() -> None:
    p = plan(
        question="2026-03-01 加 45 天是哪天",
        search_question="2026-03-01 加 45 天是哪天",
        intent=common_pb2.INTENT_DOCUMENT_QA,
        task_type=common_pb2.TASK_TYPE_SIMPLE_FAQ,
        queries=["2026-03-01 加 45 天是哪天"],
        available={"document_search", "date_calculator"},
        top_k=6,
    )
    calls = {c.name: c.arguments for c in p.tool_calls}
    assert calls["date_calculator"] == {"date": "2026-03-01", "add": 45, "unit": "days"}
    assert "document_search" in calls
