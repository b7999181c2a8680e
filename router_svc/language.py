"""Language detection (zh-Hant, zh-Hans, en, mixed) and text normalization.

Rules, in order:

* Han characters decide the Chinese script with ``hanzidentifier``; a text whose characters
  are shared by both scripts is *ambiguous* and takes the conversation's script, else the
  configured default.
* A Han character counts as one unit and a Latin word as one and a half; the share of Han
  units picks Chinese (≥ 0.55), English (≤ 0.2) or, in between, ``mixed``: the dominant
  language decides ("我的 password 忘記了" is Chinese, an English sentence with a Chinese name
  is English), and only text about balanced between the two is mixed
  ("please help 我 check 一下 my 學習時數 record").
* The answer language is the message's own, unless the message is mixed or says nothing about
  its language ("VPN", "?"), in which case the conversation's user turns decide.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

import hanzidentifier

ZH_HANT = "zh-Hant"
ZH_HANS = "zh-Hans"
EN = "en"
MIXED = "mixed"
# The dominant language decides (the labelling guide): Chinese from this share of Han units
# up, English up to the other; ``mixed`` only in between, where the two are about balanced.
# Chosen on the training data's train part (language accuracy 0.981; the earlier rule, any
# ordinary English word in Chinese text is mixed, scored 0.948 there).
CHINESE_MIN_HAN_SHARE = 0.55
ENGLISH_MAX_HAN_SHARE = 0.2
LANGUAGES = (ZH_HANT, ZH_HANS, EN, MIXED)

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
_SPACE = re.compile(r"\s+")
# C0 and C1 control characters other than whitespace, and zero-width or bidi formatting marks.
_CONTROL = re.compile(
    r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060\ufeff]"
)
# Runs of the same sentence punctuation collapse to one ("？？？" → "?", "!!!" → "!").
_PUNCT_RUN = re.compile(r"([?!.,。，、！？~])\1+")
# Characters hanzidentifier counts as shared that in practice only Simplified text uses
# (Traditional writes 什麼/怎麼/這麼).
_SIMPLIFIED_IN_PRACTICE = frozenset("么")
# English words that are ordinary words even when capitalized at the start of a message.
_COMMON_CAPITALIZED = frozenset(
    "hi hello hey thanks thank ok okay please what how why when where who which is are can "
    "could do does and or the a an yes no sorry bye good".split()
)


@dataclass(frozen=True)
class LanguageGuess:
    """The language of a text and the language an answer to it should use."""

    language: str
    answer_language: str
    han_share: float


def strip_controls(text: str) -> str:
    """Remove control and invisible formatting characters (tabs and line breaks stay)."""
    return _CONTROL.sub("", text)


def normalize(text: str) -> str:
    """NFKC (full-width letters, digits and punctuation to half-width), no control characters,
    one space between words, repeated punctuation collapsed.

    >>> normalize("  ＡＰＩ　金鑰？？ ")
    'API 金鑰?'
    """
    text = unicodedata.normalize("NFKC", strip_controls(text))
    return _PUNCT_RUN.sub(r"\1", _SPACE.sub(" ", text)).strip()


def _han(text: str) -> str:
    return "".join(_HAN.findall(text))


def script_is_ambiguous(text: str) -> bool:
    """Whether the Han characters of ``text`` are all shared by both scripts (or absent)."""
    han = _han(text)
    if not han:
        return True
    kind = hanzidentifier.identify(han)
    return kind == hanzidentifier.BOTH and not any(ch in _SIMPLIFIED_IN_PRACTICE for ch in han)


def chinese_script(text: str, default: str = ZH_HANT) -> str:
    """Traditional or Simplified for the Han characters of ``text``.

    Characters shared by both scripts say nothing; a text with only such characters gets
    ``default``. When both scripts appear, the one with more distinctive characters wins.
    """
    han = _han(text)
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
    script = chinese_script(text, default_chinese)
    if share <= ENGLISH_MAX_HAN_SHARE:
        return LanguageGuess(EN, EN, share)
    if share >= CHINESE_MIN_HAN_SHARE:
        return LanguageGuess(script, script, share)
    return LanguageGuess(MIXED, script if share >= 0.5 else EN, share)


def dominant_language(texts: Sequence[str], default_chinese: str = ZH_HANT) -> str:
    """The language most of ``texts`` are written in (for a conversation mixing languages).

    Ties go to the most recent text's language.
    """
    counts: dict[str, int] = {}
    last: dict[str, int] = {}
    for i, t in enumerate(texts):
        if not t.strip():
            continue
        lang = detect_language(t, default_chinese).answer_language
        counts[lang] = counts.get(lang, 0) + 1
        last[lang] = i
    if not counts:
        return EN
    return max(counts, key=lambda k: (counts[k], last[k]))


def conversation_language(
    message: str, user_turns: Sequence[str], default_chinese: str = ZH_HANT
) -> LanguageGuess:
    """The message's language, with the answer language settled by the conversation.

    * a message in one language is answered in that language (the user may switch);
    * a mixed or language-neutral message ("VPN", "?") is answered in the conversation's
      dominant language;
    * Chinese whose script is ambiguous ("年假") takes the script of the conversation.
    """
    history_script = default_chinese
    for turn in reversed(user_turns):
        if _han(turn) and not script_is_ambiguous(turn):
            history_script = chinese_script(turn, default_chinese)
            break
    guess = detect_language(message, history_script)
    has_words = bool(_HAN.search(message)) or bool(_LATIN_WORD.search(message))
    neutral = not has_words or (
        not _HAN.search(message) and all(w.isupper() for w in _LATIN_WORD.findall(message))
    )
    if user_turns and (guess.language == MIXED or neutral):
        answer = dominant_language(list(user_turns), history_script)
        return LanguageGuess(guess.language, answer, guess.han_share)
    return guess
