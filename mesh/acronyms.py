"""What an acronym stands for: "What does MiDAS stand for?" is answered by the footnote
"MiDAS: Minibus Driver Awareness Scheme", not by the line that uses "MiDAS certificate".

A line expands an acronym when a run of its capitalised words (small words such as "of" and
"and" may stand between them) has the acronym's capitals as initials. Written by hand: the
pattern is a few lines, and no maintained library reads expansions out of office text.
"""

from __future__ import annotations

import re

# "What does X stand for", "what is X short for", "the acronym X", 「X 是什麼的縮寫」, 「全稱」.
_ASKS = re.compile(
    r"\bstands?\s+for\b|\bshort\s+for\b|\babbreviat|\bacronym|\bfull\s+(?:name|form)\b|"
    r"縮寫|缩写|全稱|全称|全名|代表什麼|代表什么",
    re.I,
)
# Two to eight letters, at least two capitals, no digits: "MiDAS", "RRDS", "PRCES".
_ACRONYM = re.compile(r"\b(?=(?:[a-z]*[A-Z]){2})[A-Za-z]{2,8}\b")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
_SMALL = frozenset({"of", "and", "for", "the", "on", "in", "to", "&"})


def asks_expansion(question: str) -> list[str]:
    """The acronyms a question asks the expansion of ("What does MiDAS stand for?")."""
    if not _ASKS.search(question):
        return []
    return [a for a in _ACRONYM.findall(question) if a.upper() != a.lower()]


def _capitals(acronym: str) -> str:
    return "".join(c for c in acronym if c.isupper())


def expands(acronym: str, text: str) -> bool:
    """Whether ``text`` spells out ``acronym`` by the initials of its capitalised words.

    >>> expands("MiDAS", "2 MiDAS: Minibus Driver Awareness Scheme; the Council funds it.")
    True
    >>> expands("MiDAS", "Minibus (P3) drivers must also hold a MiDAS certificate.")
    False
    >>> expands("RRDS", "Records Retention and Disposal Schedule (RRDS)")
    True
    """
    want = _capitals(acronym)
    if len(want) < 2:
        return False
    words = [w for w in _WORD.findall(text) if w.lower() not in _SMALL]
    initials = "".join(w[0] if w[0].isupper() else " " for w in words)
    return any(want in run for run in initials.split(" "))
