"""Language detection (zh-Hant, zh-Hans, en, mixed) and text normalization."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import hanzidentifier

ZH_HANT = "zh-Hant"
ZH_HANS = "zh-Hans"
EN = "en"
MIXED = "mixed"

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)?")
_SPACE = re.compile(r"\s+")
# Characters hanzidentifier counts as shared that in practice only Simplified text uses
# (Traditional writes 什麼/怎麼/這麼).
_SIMPLIFIED_IN_PRACTICE = frozenset("么")


@dataclass(frozen=True)
class LanguageGuess:
    """The language of a text and the language an answer to it should use."""

    language: str
    answer_language: str
    han_share: float


def normalize(text: str) -> str:
    """NFKC (full-width letters, digits and punctuation to half-width), one space between words.

    >>> normalize("  ＡＰＩ　金鑰？ ")
    'API 金鑰?'
    """
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text)).strip()


def chinese_script(text: str, default: str = ZH_HANT) -> str:
    """Traditional or Simplified for the Han characters of ``text``.

    Characters shared by both scripts say nothing; a text with only such characters gets
    ``default``. When both scripts appear, the one with more distinctive characters wins.
    """
    han = "".join(_HAN.findall(text))
    if not han:
        return default
    kind = hanzidentifier.identify(han)
    if kind == hanzidentifier.BOTH and any(ch in _SIMPLIFIED_IN_PRACTICE for ch in han):
        return ZH_HANS
    if kind == hanzidentifier.TRADITIONAL:
        return ZH_HANT
    if kind == hanzidentifier.SIMPLIFIED:
        return ZH_HANS
    if kind == hanzidentifier.MIXED:
        trad = sum(1 for ch in han if hanzidentifier.identify(ch) == hanzidentifier.TRADITIONAL)
        simp = sum(1 for ch in han if hanzidentifier.identify(ch) == hanzidentifier.SIMPLIFIED)
        if trad != simp:
            return ZH_HANT if trad > simp else ZH_HANS
    return default


def detect_language(text: str, default_chinese: str = ZH_HANT) -> LanguageGuess:
    """Guess the language of ``text``.

    A Han character counts as one unit and a Latin word as one and a half, so a Chinese
    sentence with an English product name stays Chinese, and the reverse.
    """
    han_units = len(_HAN.findall(text))
    en_units = 1.5 * len(_LATIN_WORD.findall(text))
    total = han_units + en_units
    if total == 0:
        return LanguageGuess(EN, EN, 0.0)
    share = han_units / total
    if share <= 0.3:
        return LanguageGuess(EN, EN, share)
    script = chinese_script(text, default_chinese)
    if share >= 0.7:
        return LanguageGuess(script, script, share)
    return LanguageGuess(MIXED, script if share >= 0.5 else EN, share)


def dominant_language(texts: list[str], default_chinese: str = ZH_HANT) -> str:
    """The language most of ``texts`` are written in (for a conversation mixing languages)."""
    counts: dict[str, int] = {}
    for t in texts:
        lang = detect_language(t, default_chinese).answer_language
        counts[lang] = counts.get(lang, 0) + 1
    return max(counts, key=lambda k: counts[k]) if counts else EN
