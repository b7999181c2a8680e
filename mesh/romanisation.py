"""Chinese names written in pinyin: "Hualan Logistics" is 华澜物流, "Xinhe" is 信和.

An English question names a Chinese company the way its staff write it in English, and no
dictionary lists the name: the grader, the writer and the judge could not tell that
「华澜物流集团」 is the company asked about. A word that spells out a run of pinyin syllables
is read against a passage's characters, each in any of its readings (a name may use a rarer
one), so "Chengguang" is found in 「澄光醫療器材」 (澄 cheng, 光 guang).

The readings come from the same CC-CEDICT file :mod:`mesh.glossary` reads for its glosses
(every reading of each character, Traditional and Simplified headwords alike); a second
dictionary (pypinyin) would give one reading per character in context, where a name match
needs all of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

# The longest pinyin syllable ("zhuang", "chuang", "shuang").
MAX_SYLLABLE = 6
# A name of one syllable ("Li", "Wang") is too often an English word or a surname shared by
# many passages to stand for a name.
MIN_SYLLABLES = 2
_TONE = re.compile(r"[1-5]$")
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]{2,}")


def toneless(reading: str) -> list[str]:
    """The toneless spellings of one CC-CEDICT reading ("lu:4" → lv and lu; "Hua2" → hua)."""
    plain = _TONE.sub("", reading.lower())
    if "u:" in plain:
        return [plain.replace("u:", "v"), plain.replace("u:", "u")]
    return [plain] if plain.isalpha() else []


def syllable_count(word: str, syllables: frozenset[str]) -> int:
    """How many pinyin syllables ``word`` (lower case) spells with the fewest syllables, or 0
    when it is not a run of syllables ("hualan" → 2; "harbour" → 0)."""
    best = [0] + [-1] * len(word)
    for end in range(1, len(word) + 1):
        for start in range(max(0, end - MAX_SYLLABLE), end):
            if best[start] >= 0 and word[start:end] in syllables:
                count = best[start] + 1
                if best[end] < 0 or count < best[end]:
                    best[end] = count
    return max(best[-1], 0)


def is_romanised_name(word: str, syllables: frozenset[str]) -> bool:
    """Whether ``word`` as written ("Hualan") may be a Chinese name in pinyin: capitalized and
    spelling at least :data:`MIN_SYLLABLES` syllables. The caller first asks its dictionary:
    an English word it knows ("Change") is not a name."""
    low = word.lower()
    return word[:1].isupper() and syllable_count(low, syllables) >= MIN_SYLLABLES


def reading_of(name: str, text: str, readings: Mapping[str, frozenset[str]]) -> str | None:
    """The first run of ``text``'s Han characters that reads as ``name`` (lower case, no
    spaces), each character in any of its readings ("hualan" in 「华澜物流集团」 → 华澜)."""
    if not name:
        return None
    for found in _HAN_RUN.finditer(text):
        run = found.group()
        index = {ch: readings.get(ch, frozenset()) for ch in set(run)}
        for start in range(len(run)):
            end = _spelled_to(name, 0, run, start, index)
            if end is not None:
                return run[start:end]
    return None


def reads_as(name: str, text: str, readings: Mapping[str, frozenset[str]]) -> bool:
    """Whether some run of ``text``'s Han characters reads as ``name`` (:func:`reading_of`)."""
    return reading_of(name, text, readings) is not None


def _spelled_to(
    name: str, at: int, run: str, position: int, index: Mapping[str, frozenset[str]]
) -> int | None:
    """Where in ``run`` (Han characters) the spelling of ``name`` from ``at`` ends, reading from
    ``position``; None when it cannot be spelled there."""
    if at == len(name):
        return position
    if position >= len(run):
        return None
    for reading in index[run[position]]:
        if name.startswith(reading, at):
            end = _spelled_to(name, at + len(reading), run, position + 1, index)
            if end is not None:
                return end
    return None
