"""The days of the year a text names, in any of the ways offices write them: "10 to 14 March",
"March 10", 「3月10日—3月14日」, 「3月10日至14日」, "2025-03-10".

A question naming a day ("Why is the museum closed from 10 to 14 March 2025?") is answered by
the row of a schedule keyed by that day (「日期：3月10日—3月14日｜事由：典藏庫房年度燻蒸」),
which shares no word with it when the schedule is in the other language. The writer reads the
days both name (:func:`names_a_day`).

Written by hand: dateparser's ``search_dates`` reads one date per phrase, none of the Chinese
spans of days, and costs milliseconds a call; the writer asks this of each candidate line.
Only month and day are compared (a schedule's rows seldom repeat the year its title gives).
"""

from __future__ import annotations

import datetime as dt
import functools
import re

# Month names and their abbreviations, lower case, to the month's number (also the date tool's).
MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sept", "sep"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = r"(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_D = r"(\d{1,2})(?:st|nd|rd|th)?"
_TO = r"\s*(?:-|–|—|~|～|to|until|till|through|and)\s*"
# "10 to 14 March", "10 March", "10-14 Mar"
_DAYS_MONTH = re.compile(rf"\b{_D}(?:{_TO}{_D})?\s+(?:of\s+)?{_MONTH}\b", re.I)
# "March 10", "March 10-14", "March 10 to March 14" (the second month read by the first rule)
_MONTH_DAYS = re.compile(rf"\b{_MONTH}\s+{_D}(?:{_TO}{_D})?\b(?!\s*[:.]\d)", re.I)
# 「3月10日」, 「3月10日—14日」, 「3月10日至3月14日」 (the second by itself), 「3/10」 not read.
_HAN_DAYS = re.compile(
    r"(?<!\d)(\d{1,2})\s*月\s*(\d{1,2})\s*[日號号]?(?:\s*(?:—|–|-|~|～|至|到)\s*(\d{1,2})\s*[日號号])?"
)
_HAN_SPAN = re.compile(
    r"(?<!\d)(\d{1,2})\s*月\s*(\d{1,2})\s*[日號号]?\s*(?:—|–|-|~|～|至|到)\s*"
    r"(\d{1,2})\s*月\s*(\d{1,2})\s*[日號号]?"
)
_ISO = re.compile(r"(?<!\d)(?:19|20)\d{2}[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)")


def _day(month: int, day: int) -> tuple[int, int] | None:
    """The day if some year has it (2000 was a leap year: 29 February is one)."""
    try:
        dt.date(2000, month, day)
    except ValueError:
        return None
    return (month, day)


@functools.lru_cache(maxsize=8192)
def calendar_days(text: str) -> frozenset[tuple[int, int]]:
    """The (month, day) pairs ``text`` names; a span names every day in it (up to
    :data:`MAX_SPAN_DAYS`; a longer one only its first and last).

    >>> sorted(calendar_days("closed from 10 to 12 March 2025"))
    [(3, 10), (3, 11), (3, 12)]
    >>> sorted(calendar_days("日期（星期）：3月10日—3月12日｜事由：燻蒸"))
    [(3, 10), (3, 11), (3, 12)]
    >>> sorted(calendar_days("on March 5th, and 2025-11-17"))
    [(3, 5), (11, 17)]
    >>> sorted(calendar_days("May I take 10 days in May? Open 09:00-17:00"))
    []
    """
    days: set[tuple[int, int] | None] = set()
    for m in _DAYS_MONTH.finditer(text):
        days |= _span(MONTHS[m.group(3).lower()], m.group(1), m.group(2))
    for m in _MONTH_DAYS.finditer(text):
        days |= _span(MONTHS[m.group(1).lower()], m.group(2), m.group(3))
    for m in _HAN_DAYS.finditer(text):
        days |= _span(int(m.group(1)), m.group(2), m.group(3))
    for m in _HAN_SPAN.finditer(text):  # 「3月10日—3月14日」, 「1月28日至2月3日」
        first, last = _day(int(m.group(1)), int(m.group(2))), _day(int(m.group(3)), int(m.group(4)))
        if first and last:
            days |= _between(first, last)
    for m in _ISO.finditer(text):
        days.add(_day(int(m.group(1)), int(m.group(2))))
    return frozenset(d for d in days if d is not None)


# A span longer than this (a term, a season) keys its first and last day only.
MAX_SPAN_DAYS = 31


def _span(month: int, first: str, last: str | None) -> set[tuple[int, int] | None]:
    start = _day(month, int(first))
    end = _day(month, int(last)) if last else None
    if start is None or end is None:
        return {start, end}
    return set(_between(start, end))


def _between(first: tuple[int, int], last: tuple[int, int]) -> set[tuple[int, int]]:
    """Every day from ``first`` to ``last`` (in a leap year; across the new year when ``last``
    comes before ``first``), or the two alone when the span is longer than a month."""
    start = dt.date(2000, *first)
    try:
        end = dt.date(2000 if last >= first else 2001, *last)
    except ValueError:  # 29 February after the new year
        return {first, last}
    length = (end - start).days
    if length > MAX_SPAN_DAYS:
        return {first, last}
    days = (start + dt.timedelta(days=n) for n in range(length + 1))
    return {(d.month, d.day) for d in days}


def names_a_day(question: str, text: str) -> bool:
    """Whether ``text`` names a day of the year that ``question`` names, however each writes it.

    >>> names_a_day("Why is it closed from 10 to 14 March 2025?", "3月10日—3月14日｜全館休館")
    True
    >>> names_a_day("Why is it closed from 10 to 14 March 2025?", "5月18日（日）｜延長開放")
    False
    """
    asked = calendar_days(question)
    return bool(asked) and bool(asked & calendar_days(text))


def is_day_word(word: str) -> bool:
    """Whether a question's word can be part of the day it names: a month's name or a number of
    a day ("10", "March"); a line naming that day holds it, however it writes it."""
    w = word.lower().rstrip(".")
    return w in MONTHS or (w.isdigit() and 1 <= int(w) <= 31)
