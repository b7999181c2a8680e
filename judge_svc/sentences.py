"""Sentences of a draft in Chinese and English, and their length in Latin-character units.

The seed's thresholds (a sentence longer than 50 characters needs a citation; one longer than
20 characters is a claim) were written for English. They are applied to a length in
Latin-character units in which a CJK letter (Han, kana, hangul) counts ``CJK_WEIGHT`` units and
any other character one, with the weight measured as information density: 400,000 characters of
each Wikipedia corpus in ``../shared/data/retrieval`` compressed with LZMA (preset 9e) take 2.59
bits per character in English (SQuAD), 8.35 in Traditional Chinese (DRCD, 86 % CJK letters) and
8.17 in Simplified Chinese (CMRC 2018, 78 % CJK letters). Counting the other characters at the
English rate leaves 9.30 and 9.75 bits per CJK letter: 3.59 and 3.77 English characters' worth.
So ``CJK_WEIGHT = 3.7``: "long" is more than 13.5 CJK letters (14 or more), a "claim" more than
5.4 (6 or more), and mixed text is measured consistently. ``groundmesh bench judge
--calibrate-cjk`` repeats the measurement.
"""

from __future__ import annotations

import re

from judge_svc.citations import CITATION
from mesh.text import ends_with_abbreviation

CJK_WEIGHT = 3.7

_CJK_LETTER = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
# A sentence ends after Chinese or Western terminal punctuation (closing quotes stay with it),
# where a period is followed by a space, a bracket or the end (unless it closes an
# abbreviation such as "e.g." and the sentence goes on), and at a line break.
# A semicolon before a lower-case word joins two clauses of one sentence (as in mesh.text).
_END = re.compile(
    r"(?:[。！？；]|[!?]+(?=\s|$|\[|【)|;+(?=$|\[|【|\s+(?![a-z]))|\.(?=\s|$|\[|【))"
    r"[」』”’\"')）]?|\n+"
)
_LEADING_CITATIONS = re.compile(r"^(?:\s*" + CITATION.pattern + r")+")
_LEAD_IN = re.compile(r"[:：]\s*$")


def cjk_letters(text: str) -> int:
    """How many CJK letters (Han, kana, hangul) ``text`` holds."""
    return len(_CJK_LETTER.findall(text))


def length_units(text: str, cjk_weight: float = CJK_WEIGHT) -> float:
    """Length in Latin-character units: a CJK letter counts ``cjk_weight``, anything else one."""
    cjk = cjk_letters(text)
    return (len(text) - cjk) + cjk * cjk_weight


def split_sentences(draft: str) -> list[str]:
    """Sentences of ``draft``; citations written right after a sentence's end stay with it.

    >>> split_sentences("Leave needs 3 days. [a] 請假要三天前申請。[b]第二句")
    ['Leave needs 3 days.[a]', '請假要三天前申請。[b]', '第二句']
    >>> split_sentences("Codes are 4xx (e.g. 422). [a]")
    ['Codes are 4xx (e.g. 422).[a]']
    >>> split_sentences("優先級：P3｜示例：藍屏；卡紙｜時限：3日 [a]")
    ['優先級：P3｜示例：藍屏；卡紙｜時限：3日 [a]']
    >>> split_sentences("MAKE: MISS.VALLEY ARMS CO. UNK 12GA | TAG: SJ4117-1 [a]")
    ['MAKE: MISS.VALLEY ARMS CO. UNK 12GA | TAG: SJ4117-1 [a]']
    >>> split_sentences("Charles M. Sevilla, San Diego, Cal.; on behalf of the Respondent. [a]")
    ['Charles M. Sevilla, San Diego, Cal.; on behalf of the Respondent.[a]']
    """
    pieces: list[str] = []
    start = 0
    for m in _END.finditer(draft):
        if m.group()[0] in "；;" and _in_record(draft, m.start()):
            continue  # a table record's cell (「典型示例：蓝屏；卡纸｜…」): the record is one line
        if m.group().startswith(".") and (
            ends_with_abbreviation(draft, m.start() + 1) or _in_record(draft, m.start())
        ):
            rest = draft[m.end() :].lstrip(" \t")
            if rest and not rest.startswith(("[", "【", "\n")):
                continue  # "e.g. 422", "ARMS CO. UNK" in a record: the sentence goes on
        pieces.append(draft[start : m.end()])
        start = m.end()
    pieces.append(draft[start:])
    out: list[str] = []
    for piece in pieces:
        text = piece.strip()
        if not text:
            continue
        lead = _LEADING_CITATIONS.match(text) if out else None
        if lead is not None:
            out[-1] = out[-1] + re.sub(r"\s+", "", lead.group(0))
            text = text[lead.end() :].strip()
            if not text:
                continue
        out.append(text)
    return out


def _in_record(text: str, at: int) -> bool:
    """Whether position ``at`` lies on a line that is a table record (cells joined by 「｜」)."""
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    line = text[start : end if end >= 0 else len(text)]
    return "｜" in line or " | " in line


def is_lead_in(sentence: str) -> bool:
    """A line ending with a colon introduces what follows and asserts nothing itself."""
    return _LEAD_IN.search(sentence) is not None
