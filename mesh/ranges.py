"""Numbers a question names, and the ranges a passage states: a table of bands answers a value
inside one of them. 「预算50万元的采购应该采用什么方式？」 is answered by the row
「预算金额：20万元至100万元（不含）｜采购方式：竞争性谈判」, which never writes 50; "I scored
78" by the grade whose band is "77-79".

Written by hand: no library reads a band such as 「20万元至100万元」 or "£10,000 to £20,000"; the
patterns are few and local (a number, an optional 万/千 and unit, a range word, a number).
"""

from __future__ import annotations

import re

from mesh.records import is_record

_SCALE = {"万": 10_000.0, "萬": 10_000.0, "千": 1_000.0, "k": 1_000.0, "K": 1_000.0}
_NUMBER = r"((?!0\d)\d+(?:,\d{3})*(?:\.\d+)?)\s*([万萬千kK])?"  # 0571: a phone's, not an amount
_UNIT = r"\s*(元|圓|分|%|％|人|天|日|年|月|小時|小时|歲|岁|yuan|points?)?\s*"
_TO = r"(?:至|到|~|～|-|–|—|\bto\b)"
# A range stands alone: not a piece of a date ("2025-09-27"), a time ("13:30-17:00") or a code.
_RANGE = re.compile(
    rf"(?<![\d\-/.:A-Za-z])([£$€¥])?{_NUMBER}{_UNIT}{_TO}\s*[£$€¥]?{_NUMBER}{_UNIT}(?![\d\-/:])"
)
_ASKED = re.compile(rf"(?<![\d\-/.:A-Za-z])[£$€¥]?{_NUMBER}(?![\d\-/:])")
# A value inside a band this narrow relative to its top is not worth reading as one ("1-2").
MIN_BAND = 1.0
YEARS = (1000, 2100)


def _value(digits: str, scale: str | None) -> float:
    return float(digits.replace(",", "")) * _SCALE.get(scale or "", 1.0)


def _years(low: float, high: float) -> bool:
    """Whether an end is a year ("1939-1945", 「6月至2011年」): a period, not a band of amounts."""
    return any(v.is_integer() and YEARS[0] <= v <= YEARS[1] for v in (low, high))


def ranges(text: str) -> list[tuple[float, float]]:
    """The (low, high) bands ``text`` states, low below high: with a unit, a scale or a
    currency, or in a table's cell ("分數區間：77-79").

    >>> ranges("预算金额：20万元至100万元（不含）｜办理时限：25个工作日")
    [(200000.0, 1000000.0)]
    >>> ranges("开课日期：2025-09-27｜时间：13:30-17:00｜电话：0571-8866 2311｜1939-1945年")
    []
    """
    cell = is_record(text)
    out = []
    for m in _RANGE.finditer(text):
        money, low_digits, low_scale, low_unit, high_digits, high_scale, high_unit = m.groups()
        if not (cell or money or low_scale or high_scale or low_unit or high_unit):
            continue  # "3-1" in prose is a score, not a band
        if low_unit and high_unit and low_unit != high_unit:
            continue  # 「27日至2002年」 joins a day to a year
        low, high = _value(low_digits, low_scale), _value(high_digits, high_scale or low_scale)
        if high - low >= MIN_BAND and not _years(low, high):
            out.append((low, high))
    return out


def asked_values(question: str) -> list[float]:
    """The numbers ``question`` names, scaled (「50万元」 is 500000)."""
    return [_value(m.group(1), m.group(2)) for m in _ASKED.finditer(question)]


def in_a_range(question: str, text: str) -> bool:
    """Whether ``text`` states a band holding a number the question names.

    >>> asked = "预算50万元的采购应该采用什么方式？"
    >>> in_a_range(asked, "20万元至100万元（不含）｜采购方式：竞争性谈判")
    True
    >>> in_a_range(asked, "1万元至20万元（不含）｜采购方式：询价采购")
    False
    """
    values = asked_values(question)
    if not values:
        return False
    bands = ranges(text)
    return any(low <= v <= high for v in values for low, high in bands)
