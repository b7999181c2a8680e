"""Numbers a question names, and the ranges a passage states: a table of bands answers a value
inside one of them. 「预算50万元的采购应该采用什么方式？」 is answered by the row
「预算金额：20万元至100万元（不含）｜采购方式：竞争性谈判」, which never writes 50; "I scored
78" by the grade whose band is "77-79".

Written by hand: no library reads a band such as 「20万元至100万元」 or "£10,000 to £20,000"; the
patterns are few and local (a number, an optional 万/千 and unit, a range word, a number).
"""

from __future__ import annotations

import math
import re

from mesh.han_numerals import HAN_NUMERAL, HAN_NUMERAL_CHARS, han_number
from mesh.records import fields, is_record

_SCALE = {
    "万": 10_000.0,
    "萬": 10_000.0,
    "千": 1_000.0,
    "亿": 100_000_000.0,
    "億": 100_000_000.0,
    "k": 1_000.0,
    "K": 1_000.0,
    "thousand": 1_000.0,
    "million": 1_000_000.0,
    "billion": 1_000_000_000.0,
}
# 0571 is a phone's, not an amount; "10 million" is 1000万.
_NUMBER = r"((?!0\d)\d+(?:,\d{3})*(?:\.\d+)?)\s*([万萬千亿億kK]|thousand\b|million\b|billion\b)?"
_UNIT = (
    r"\s*(元|圓|分|%|％|人|個工作天|个工作日|個工作日|工作日|天|日|年|個月|个月|月|周|週|小時|小时|"
    r"歲|岁|yuan|points?|weeks?\b|(?:working |business )?days?\b|months?\b|hours?\b)?\s*"
)
_TO = r"(?:至|到|~|～|-|–|—|\bto\b)"
# 「10（含）至50」: whether an end belongs to the band, said beside it.
_INCLUDED = r"(?:\s*[（(]\s*(?:不含|含|inclusive|exclusive)\s*[)）])?"
# A range stands alone: not a piece of a date ("2025-09-27"), a time ("13:30-17:00") or a code.
_RANGE = re.compile(
    rf"(?<![\d\-/.:A-Za-z])([£$€¥])?{_NUMBER}{_UNIT}{_INCLUDED}{_TO}\s*[£$€¥]?{_NUMBER}{_UNIT}"
    r"(?![\d\-/:])"
)
# An open band: 「2以下」, 「100（含）以上」, "over £5,000", "up to 10 days".
_OPEN_AFTER = re.compile(
    rf"(?<![\d\-/.:A-Za-z])([£$€¥])?{_NUMBER}{_UNIT}{_INCLUDED}\s*(及以上|及以下|以上|以下|以内|以內|内|內|后|後)"
)
_OPEN_BEFORE = re.compile(
    r"\b(under|below|less than|up to|within(?: the first)?|in the first|over|above|more than|"
    rf"at least)\s+([£$€¥])?{_NUMBER}{_UNIT}"
    r"(?![\d\-/:])",
    re.I,
)
# 「超过1000万元的部分」 (not 「超过500万元至1000万元」, a closed band).
_OPEN_BEFORE_HAN = re.compile(
    r"(不超过|不超過|不高于|不高於|不低于|不低於|不少于|不少於|超过|超過|高于|高於|大于|大於|"
    r"多于|多於|低于|低於|少于|少於|不足|未满|未滿)\s*"
    rf"([£$€¥])?{_NUMBER}(?![\d,.])(?!\s*[元圓]?{_INCLUDED}\s*{_TO}){_UNIT}(?![\d\-/:])"
)
# A closed band written as two open ends, as Taiwan's rules write them: 「3,000 元以上未滿 5 萬元」,
# 「50萬元以上300萬元以下」 (read as two open bands, it would hold every amount above 3,000).
_BETWEEN_HAN = re.compile(
    rf"(?<![\d\-/.:A-Za-z])([£$€¥])?{_NUMBER}{_UNIT}{_INCLUDED}\s*(?:及以上|以上)\s*[，,、]?\s*"
    rf"(?:(?:未满|未滿|不足|不到|低于|低於|少于|少於|至|到)\s*[£$€¥]?{_NUMBER}{_UNIT}"
    rf"|[£$€¥]?{_NUMBER}{_UNIT}{_INCLUDED}\s*(?:及以下|以下|以内|以內))"
)
_BELOW = frozenset(
    {"以下", "及以下", "以内", "以內", "内", "內", "under", "below", "less than", "up to"}
    | {"within", "within the first", "in the first"}
    | {"低于", "低於", "少于", "少於", "不足", "未满", "未滿"}
    | {"不超过", "不超過", "不高于", "不高於"}
)
_ASKED = re.compile(rf"(?<![\d\-/.:A-Za-z])[£$€¥]?{_NUMBER}(?![\d\-/:])")
# A Chinese numeral counting something: 「兩天」, 「三十日」, 「五萬元」 (not 「一般」 or 「十分」,
# nor the ordinal 「第一次」).
_HAN_COUNT = re.compile(
    rf"(?<![第{HAN_NUMERAL_CHARS}])({HAN_NUMERAL})(?=[天日年月週周個个次人元塊块小時时歲岁家件本冊册])"
)
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
    >>> ranges("采购类别：服务｜预算金额（万元）：20（含）至100｜采购方式：竞争性磋商")
    [(200000.0, 1000000.0)]
    >>> ranges("预算金额（万元）：2以下｜采购方式：自行比价")
    [(0.0, 20000.0)]
    >>> ranges("Orders over £5,000 need two quotes")
    [(5000.0, inf)]
    >>> ranges("开课日期：2025-09-27｜时间：13:30-17:00｜电话：0571-8866 2311｜1939-1945年")
    []
    """
    return [(low, high) for low, high, _ in _kinded_ranges(text)]


def _kinded_ranges(text: str) -> list[tuple[float, float, str]]:
    cells = fields(text)
    if not cells:
        return _kinded_bands(text, cell=is_record(text))
    # A table's column may name the scale of its cells: 「预算金额（万元）：20（含）至100」.
    return [
        band
        for column, value in cells
        for band in _kinded_bands(value, _COLUMN_SCALE.findall(column))
    ]


_COLUMN_SCALE = re.compile(r"[万萬千](?=[元圓]|\s*[)）])")


# "within the first two weeks": a count in words before a unit of time is read as digits.
_COUNT_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_COUNTED = re.compile(
    r"\b(" + "|".join(_COUNT_WORDS) + r")(?=\s+(?:weeks?|days?|months?|hours?|years?)\b)", re.I
)


def _in_digits(text: str) -> str:
    """Counts in words as digits: "two weeks" → "2 weeks", 「五日以上」 → 「5日以上」."""
    text = _COUNTED.sub(lambda m: str(_COUNT_WORDS.index(m.group(1).lower()) + 1), text)
    return _HAN_COUNT.sub(_han_digits, text)


def _han_digits(m: re.Match[str]) -> str:
    value = han_number(m.group(1)) if m.group(1) != "一" else None
    return m.group(0) if value is None else str(value)


def _bands(
    text: str, scales: list[str] | None = None, cell: bool = True
) -> list[tuple[float, float]]:
    return [(low, high) for low, high, _ in _kinded_bands(text, scales, cell)]


def _kinded_bands(
    text: str, scales: list[str] | None = None, cell: bool = True
) -> list[tuple[float, float, str]]:
    """The bands ``text`` states, each with the kind of its unit ("" when it names none)."""
    default = scales[-1] if scales else None
    text = _in_digits(text)
    out, spans = _between(text, default)
    for m in _RANGE.finditer(text):
        money, low_digits, low_scale, low_unit, high_digits, high_scale, high_unit = m.groups()
        if not (cell or money or low_scale or high_scale or low_unit or high_unit):
            continue  # "3-1" in prose is a score, not a band
        if low_unit and high_unit and low_unit != high_unit:
            continue  # 「27日至2002年」 joins a day to a year
        scale = high_scale or low_scale or default
        low, high = _value(low_digits, low_scale or scale), _value(high_digits, scale)
        if high - low >= MIN_BAND and not _years(low, high):
            out.append((low, high, _kind(high_unit or low_unit, money)))
    for m in _OPEN_AFTER.finditer(text):
        if _inside(m, spans):
            continue
        money, digits, scale, unit, side = m.groups()
        stated = cell or bool(money or scale or unit)
        out.extend((*b, _kind(unit, money)) for b in _open(side, digits, scale or default, stated))
    for m in _OPEN_BEFORE.finditer(text):
        side, money, digits, scale, unit = m.groups()
        stated = cell or bool(money or scale or unit)
        out.extend((*b, _kind(unit, money)) for b in _open(side, digits, scale or default, stated))
    for m in _OPEN_BEFORE_HAN.finditer(text):  # 「不少于3家」 counts suppliers: no band
        if _inside(m, spans):
            continue
        side, money, digits, scale, unit = m.groups()
        stated = bool(money or scale or unit)
        out.extend((*b, _kind(unit, money)) for b in _open(side, digits, scale or default, stated))
    return out


def _between(
    text: str, default: str | None
) -> tuple[list[tuple[float, float, str]], list[tuple[int, int]]]:
    """The closed bands written as 「X以上未滿Y」 or 「X以上Y以下」, and where they stand.

    >>> _between("3,000 元以上未滿 5 萬元", None)[0], _between("50萬元以上300萬元以下", None)[0]
    ([(3000.0, 50000.0, 'money')], [(500000.0, 3000000.0, 'money')])
    """
    out: list[tuple[float, float, str]] = []
    spans: list[tuple[int, int]] = []
    for m in _BETWEEN_HAN.finditer(text):
        money, low_digits, low_scale, low_unit = m.group(1, 2, 3, 4)
        high_digits, high_scale, high_unit = m.group(5, 6, 7) if m.group(5) else m.group(8, 9, 10)
        # 「50至300萬元」 scales both ends; 「3,000 元以上未滿 5 萬元」 states its own unit.
        low = _value(low_digits, low_scale or (None if low_unit else high_scale) or default)
        high = _value(high_digits, high_scale or default)
        if high - low >= MIN_BAND and not _years(low, high):
            out.append((low, high, _kind(high_unit or low_unit, money)))
            spans.append(m.span())
    return out, spans


def _inside(m: re.Match[str], spans: list[tuple[int, int]]) -> bool:
    return any(start <= m.start() and m.end() <= end for start, end in spans)


# The kind of a unit: a band of days holds no number of people (「開課前7天以內」 is no band
# for 「三個人一起報名」).
_UNIT_KINDS = {
    **dict.fromkeys("元 圓 yuan".split(), "money"),
    **dict.fromkeys("% ％".split(), "share"),
    "人": "people",
}


def _kind(unit: str | None, money: str | None = None) -> str:
    if money:
        return "money"
    if not unit:
        return ""
    unit = unit.strip().lower()
    if unit in _UNIT_KINDS:
        return _UNIT_KINDS[unit]
    return "" if unit.startswith("point") else "time"


def _open(side: str, digits: str, scale: str | None, stated: bool) -> list[tuple[float, float]]:
    """The open band below or above a number (none for a bare number in prose, or a year)."""
    value = _value(digits, scale)
    if not stated or _years(value, value):
        return []
    return [(0.0, value)] if side.lower() in _BELOW else [(value, math.inf)]


def asked_bands(question: str) -> list[tuple[float, float]]:
    """The open bands a question names: "above 10 million yuan" asks for the band above it, not
    for the band ending at it (「超过500万元至1000万元的部分」 holds 10 million too).

    >>> asked_bands("indirect cost cap for the portion above 10 million yuan")
    [(10000000.0, inf)]
    """
    return [b for b in _bands(question, cell=False) if math.isinf(b[1]) or b[0] == 0.0]


def asked_values(question: str) -> list[float]:
    """The numbers ``question`` names, scaled (「50万元」 is 500000), in digits or in Chinese
    numerals before a measure word (「提前兩天」 is 2).

    >>> asked_values("预算50万元的采购"), asked_values("提前兩天取消可以退多少")
    ([500000.0], [2.0])
    >>> asked_values("第一次课结束前退课"), asked_values("门诊手术一次可以领多少")
    ([], [])
    """
    return [v for v, _ in _kinded_values(question)]


def _kinded_values(question: str) -> list[tuple[float, str]]:
    """:func:`asked_values`, each with the kind of the unit written after it ("" when none)."""
    values = [
        (_value(m.group(1), m.group(2)), _unit_after(question, m.end()))
        for m in _ASKED.finditer(question)
    ]
    # 「一次可以領多少」 is "each time", not a count of one: 一 alone names no number.
    for m in _HAN_COUNT.finditer(question):
        v = han_number(m.group(1)) if m.group(1) != "一" else None
        if v is not None:
            values.append((float(v), _unit_after(question, m.end())))
    return values


_UNIT_AFTER = re.compile(r"\s*(?:個|个)?" + _UNIT.strip(r"\s*").removesuffix(r"\s*"))


def _unit_after(question: str, at: int) -> str:
    m = _UNIT_AFTER.match(question, at)
    return _kind(m.group(1)) if m else ""


def names_a_number(word: str) -> bool:
    """Whether a question's word is a number it names: 「50万元」, "78", 「兩日」."""
    return word[:1].isdigit() or bool(_HAN_COUNT.match(word))


def _starts_there(band: tuple[float, float], asked: tuple[float, float]) -> bool:
    """Whether ``band`` starts where the open band asked starts ("above 10 million":
    「超过1000万元」, 「1000万至2000万元」), or ends where it ends ("under £500")."""
    low, high = band
    if math.isinf(asked[1]):
        return math.isclose(low, asked[0])
    return math.isclose(high, asked[1]) and low < high


def in_a_range(question: str, text: str) -> bool:
    """Whether ``text`` states a band holding a number the question names.

    >>> asked = "预算50万元的采购应该采用什么方式？"
    >>> in_a_range(asked, "20万元至100万元（不含）｜采购方式：竞争性谈判")
    True
    >>> in_a_range(asked, "1万元至20万元（不含）｜采购方式：询价采购")
    False
    >>> above = "indirect cost cap for the portion above 10 million yuan"
    >>> in_a_range(above, "超过1000万元的部分"), in_a_range(above, "超过500万元至1000万元")
    (True, False)
    """
    bands = _kinded_ranges(text)
    asked = asked_bands(question)
    if asked:  # the question's own band, said again: "above 10 million" by 「超过1000万元」
        return any(_starts_there((low, high), b) for low, high, _ in bands for b in asked)
    return any(
        low <= v <= high and not (kind and unit and kind != unit)
        for v, kind in _kinded_values(question)
        for low, high, unit in bands
    )
