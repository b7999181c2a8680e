"""Chinese numerals as numbers: 一百零五 → 105, 兩萬三千 → 23000, 一億二千萬 → 120000000."""

from __future__ import annotations

_HAN_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "兩": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}
_HAN_UNITS = {"十": 10, "百": 100, "千": 1000}
_HAN_MYRIADS = {"萬": 10**4, "万": 10**4, "億": 10**8, "亿": 10**8}
HAN_NUMERAL_CHARS = "零〇一二兩两三四五六七八九十百千萬万億亿"
HAN_NUMERAL = f"[{HAN_NUMERAL_CHARS}]+"


def han_number(text: str) -> int | None:
    """The value of a Chinese numeral, or None when it is not a well-formed one.

    >>> han_number("一百零五"), han_number("兩萬三千"), han_number("十一")
    (105, 23000, 11)
    >>> han_number("一二三") is None  # digit by digit: 123 or a list? not read
    True
    """
    total, section = 0, 0
    digit: int | None = None
    unit_limit, myriad_limit = 10**5, 10**9  # units and myriads must come in falling order
    for char in text:
        if char in "零〇" and digit is None:
            continue  # a place holder: 一百零五
        if char in _HAN_DIGITS:
            if digit is not None:
                return None  # digit by digit ("一二三") is not read
            digit = _HAN_DIGITS[char]
        elif char in _HAN_UNITS:
            if _HAN_UNITS[char] >= unit_limit:
                return None  # "十十", "十百"
            unit_limit = _HAN_UNITS[char]
            section += (1 if digit is None else digit) * unit_limit
            digit = None
        else:
            if _HAN_MYRIADS[char] >= myriad_limit or (section == 0 and digit is None):
                return None  # "萬萬", "萬" alone
            myriad_limit = _HAN_MYRIADS[char]
            total += (section + (digit or 0)) * myriad_limit
            section, digit, unit_limit = 0, None, 10**5
    return total + section + (digit or 0)
