"""The days of the year a text names, however it writes them (mesh.calendar_days)."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mesh.calendar_days import calendar_days, is_day_word, names_a_day


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("closed from 10 to 14 March 2025", {(3, d) for d in range(10, 15)}),
        ("on March 5th", {(3, 5)}),
        ("Sept 30 - Oct 2", {(9, 30), (10, 2)}),
        ("17 Nov 2025 | 09:00-17:00", {(11, 17)}),
        ("日期（星期）：3月10日—3月14日｜全館休館", {(3, d) for d in range(10, 15)}),
        ("2025年1月28日至1月29日", {(1, 28), (1, 29)}),
        ("1月30日至2月2日", {(1, 30), (1, 31), (2, 1), (2, 2)}),
        ("12月30日至1月1日", {(12, 30), (12, 31), (1, 1)}),  # across the new year
        ("2月1日至6月30日", {(2, 1), (6, 30)}),  # a term: its ends only
        ("考试日期：2025-06-09", {(6, 9)}),
        ("Open 09:00-17:00, 10 days a year, May be closed", set()),
        ("31 February", set()),  # no such day
    ],
)
def test_the_days_a_text_names(text: str, days: set[tuple[int, int]]) -> None:
    assert calendar_days(text) == days


@given(st.dates(min_value=dt.date(1990, 1, 1), max_value=dt.date(2040, 12, 31)))
def test_a_day_written_in_english_chinese_or_iso_is_the_same_day(day: dt.date) -> None:
    english = f"on {day.day} {day.strftime('%B')} {day.year}"
    american = f"on {day.strftime('%B')} {day.day}, {day.year}"
    chinese = f"{day.year}年{day.month}月{day.day}日"
    iso = day.isoformat()
    assert all(names_a_day(english, t) for t in (american, chinese, iso))
    assert calendar_days(chinese) == {(day.month, day.day)}


def test_a_day_inside_a_span_is_named_by_it() -> None:
    """「3月10日—3月14日｜全館休館」 answers whether the museum is open on 12 March."""
    assert names_a_day("Is the museum open on 12 March 2025?", "3月10日—3月14日｜全館休館")
    assert not names_a_day("Is the museum open on 15 March 2025?", "3月10日—3月14日｜全館休館")


def test_a_different_day_is_not_named() -> None:
    asked = "Why is it closed from 10 to 14 March?"
    assert names_a_day(asked, "3月14日")
    assert not names_a_day(asked, "5月18日（日）｜延長開放")
    assert not names_a_day("What does it cost?", "3月14日")


def test_day_words() -> None:
    assert is_day_word("March") and is_day_word("14") and is_day_word("sept.")
    assert not is_day_word("2025") and not is_day_word("32") and not is_day_word("closed")
