"""Corrections of recognised lines that never touch a character read right.

* **Script.** rapidocr's PP-OCRv4 recogniser was trained mostly on Simplified text and, on a
  Traditional page, reads some characters as their Simplified forms (處 → 处, 預 → 预, 調 →
  调). On a page whose Chinese is mostly Traditional, each character that exists *only* in
  Simplified is replaced by its Traditional form (OpenCC, Taiwan standard, converted in
  context so 发 becomes 發 or 髮 by the word it is in; 调 becomes 週, see ``CONFUSIONS``),
  and a Simplified-only character read beside its own Traditional form (測测) is dropped.
  A character valid in Traditional (including those both scripts share, such as 周 or 台) is
  never changed, and a page whose Chinese is mostly Simplified is left exactly as read.
* **Digits.** An ``o`` or ``O`` between digits ("5,0o0", "2O26") is a zero.

Applied to OCR lines only (:func:`correct_page`), never to text a file holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

import hanzidentifier

# A page is Traditional when its Traditional-only characters are at least this many ...
MIN_TRADITIONAL = 4
# ... and at least as many as its Simplified-only ones (on the tune half of ``bench ocr`` a
# zh-Hant table page read 20 Traditional-only and 16 Simplified-only characters; no zh-Hans
# page read a single Traditional-only one).
TRADITIONAL_RATIO = 1.0
# OpenCC's configuration for the Simplified-only characters: Simplified → Traditional (Taiwan
# standard characters), chosen on the tune half of ``bench ocr`` (see the README).
CONFIG = "s2tw"

# Simplified-only characters the recogniser writes for a Traditional character missing from its
# dictionary, where OpenCC would pick another: 週 is not among PP-OCRv4's 6,623 characters and
# is read as 调, while 調 is and is read as itself (measured on rendered pages, 150 and 300 dpi).
CONFUSIONS = {"调": "週"}

_ZERO = re.compile(r"(?<=\d)[oO]+(?=\d)|(?<=\d[,.])[oO]+(?=\d)|(?<=\d)[oO]+(?=[,.]\d)")


def fix_zeros(text: str) -> str:
    """Every run of ``o``/``O`` that sits between digits (a thousands separator or decimal
    point allowed on one side) read as zeros: "5,0o0" → "5,000", "1O.5" stays (a letter
    before the run), "2O26" → "2026"."""
    return _ZERO.sub(lambda m: "0" * len(m.group()), text)


def _script(ch: str) -> int:
    return int(hanzidentifier.identify(ch))


def script_counts(texts: Iterable[str]) -> tuple[int, int]:
    """(Traditional-only, Simplified-only) Chinese characters in ``texts``."""
    traditional = simplified = 0
    for text in texts:
        for ch in text:
            if ch < "\u2e80":
                continue
            kind = _script(ch)
            traditional += kind == hanzidentifier.TRADITIONAL
            simplified += kind == hanzidentifier.SIMPLIFIED
    return traditional, simplified


def is_traditional(texts: Iterable[str]) -> bool:
    """The Chinese of ``texts`` is mostly Traditional (see the module constants)."""
    traditional, simplified = script_counts(texts)
    return traditional >= MIN_TRADITIONAL and traditional >= TRADITIONAL_RATIO * simplified


@lru_cache(maxsize=4)
def _converter(config: str):  # type: ignore[no-untyped-def]
    import opencc

    return opencc.OpenCC(config)


def to_traditional(text: str, config: str = CONFIG) -> str:
    """``text`` with each Simplified-only character replaced by its Traditional form; every
    other character (Traditional, shared, Latin, digits, punctuation) kept as it is."""
    if not any(_script(ch) == hanzidentifier.SIMPLIFIED for ch in text if ch >= "\u2e80"):
        return text
    convert = _converter(config).convert
    text = _drop_doubles(text, convert)
    whole = str(convert(text))
    if len(whole) != len(text):  # a phrase changed length: convert character by character
        whole = "".join(str(convert(ch)) if len(str(convert(ch))) == 1 else ch for ch in text)
    return "".join(
        CONFUSIONS.get(old, new) if _simplified_only(old) else old
        for old, new in zip(text, whole, strict=True)
    )


def _simplified_only(ch: str) -> bool:
    return ch >= "\u2e80" and _script(ch) == hanzidentifier.SIMPLIFIED


def _drop_doubles(text: str, convert: Callable[[str], str]) -> str:
    """Without a Simplified-only character written right after or before its own Traditional
    form: at 300 dpi the recogniser sometimes reads one character twice, both ways (測测,
    調调)."""
    out: list[str] = []
    for i, ch in enumerate(text):
        if _simplified_only(ch):
            twin = str(convert(ch))
            before = out[-1] if out else ""
            after = text[i + 1] if i + 1 < len(text) else ""
            if twin != ch and twin in (before, after):
                continue
        out.append(ch)
    return "".join(out)


def correct_page(texts: Sequence[str], config: str = CONFIG) -> list[str]:
    """The recognised lines of one page with zeros fixed and, on a Traditional page,
    Simplified-only characters made Traditional."""
    traditional = is_traditional(texts)
    fixed = [fix_zeros(text) for text in texts]
    return [to_traditional(text, config) for text in fixed] if traditional else fixed
