"""Chinese numerals as numbers, read by cn2an: 一百零五 → 105, 兩萬三千 → 23000."""

from __future__ import annotations

import cn2an

HAN_NUMERAL_CHARS = "零〇一二兩两三四五六七八九十百千萬万億亿"
HAN_NUMERAL = f"[{HAN_NUMERAL_CHARS}]+"
_DIGITS = "零〇一二兩两三四五六七八九"
# cn2an's "strict" mode refuses 兩萬三千 and the colloquial 一百十 (110), so the "normal" mode
# reads; but "normal" also reads a string of digits (一二三 → 123), which in a question is a list
# or a code, never a number: those are refused here before cn2an sees them.


def han_number(text: str) -> int | None:
    """The value of a Chinese numeral, or None when it is not a well-formed one.

    >>> han_number("一百零五"), han_number("兩萬三千"), han_number("十一")
    (105, 23000, 11)
    >>> han_number("一二三") is None  # digit by digit: 123 or a list? not read
    True
    """
    if not text or any(c not in HAN_NUMERAL_CHARS for c in text):
        return None
    if len(text) > 1 and all(c in _DIGITS for c in text):
        return None
    try:
        value = cn2an.cn2an(text, "normal")
    except (ValueError, KeyError, IndexError):
        return None
    return int(value) if float(value).is_integer() else None
