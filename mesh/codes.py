"""Codes a question names: a document number, a tag, a case or course code ("DHAW20190045",
"SJ4664-1", "07-1315", "QH-PM-401"). A passage about what the question asks holds the code as
written; an answer that does not name it answers about something else.

A code is a run of letters, digits and inner hyphens or slashes with a digit in it and a letter
or a separator too, at least five characters: plain numbers, years and amounts ("2026",
"1,112.00") are not codes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mesh.text import HAN as _HAN

_CODE = re.compile(r"(?<![\w-])[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)*(?![\w-])")
MIN_CODE_CHARS = 5


# Not codes though letters and digits: ordinals and decades ("19th-century", "1990s"), a
# number with its unit ("100km", "24h"), and dates ("2019/07/10", "2020/21"), which documents
# write in other ways too.
_NOT_A_CODE = re.compile(
    r"\d+(?:st|nd|rd|th|s)(?:[-/].*)?|\d+[a-z]{1,3}|\d{1,4}[-/]\d{1,2}(?:[-/]\d{1,4})?"
)


def query_codes(query: str) -> list[str]:
    """The codes ``query`` names, lower-cased, in order, once each.

    >>> query_codes("文件編號 DHAW20190045 的金額是多少？"), query_codes("tag SJ4664-1 or 07-1315?")
    (['dhaw20190045'], ['sj4664-1', '07-1315'])
    >>> query_codes("In 2026, 1,112.00 dollars for 19th-century beds in the 1990s, 100km away")
    []
    >>> query_codes("On 2019/07/10, in 2020/21, case 2023-0379 and COVID-19")
    ['2023-0379', 'covid-19']
    """
    codes: list[str] = []
    for m in _CODE.finditer(query):
        code = m.group(0).lower()
        if len(code) < MIN_CODE_CHARS or not any(c.isdigit() for c in code):
            continue
        if not (code[0].isalpha() or "-" in code or "/" in code):
            continue  # a plain number
        if _NOT_A_CODE.fullmatch(code):
            continue
        codes.append(code)
    return list(dict.fromkeys(codes))


# Two words or more in Latin letters, quoted or in brackets.
_QUOTED_PHRASE = re.compile(
    r"[（(「“\"『]\s*([A-Za-z][\w'-]*(?:[ \t]+[A-Za-z0-9][\w'-]*)+)\s*[）)」”\"』]"
)


def phrases_named(query: str) -> list[str]:
    """The English terms of two words or more that a question in Chinese quotes or puts in
    brackets, lower-cased: the document's own words, given in its language
    (「上门出诊（home visit）的标准收费」, 「法律保留（legal hold）」). A passage holding one is
    about what is asked as surely as one holding a code. An English name written bare in the
    question ("Ashby Vale") is not quoted: every row of a timetable holds it.

    >>> phrases_named("Harbourview诊所上门出诊（home visit）的标准收费是多少？")
    ['home visit']
    >>> phrases_named("2133次列车几点到达 Ashby Vale？"), phrases_named("What is a 'home visit'?")
    ([], [])
    """
    if not _HAN.search(query):
        return []
    return list(dict.fromkeys(m.group(1).lower() for m in _QUOTED_PHRASE.finditer(query)))


def codes_asked(query: str, titles: Sequence[str]) -> list[str]:
    """:func:`query_codes` less those a title writes: a code in a document's name
    ("fresh2-prces2025-registration-en.xlsx") names the document, not the row asked for.

    >>> codes_asked("prces2025 late fee for PO-25-0134", ["prces2025-registration.xlsx"])
    ['po-25-0134']
    """
    named = " ".join(titles).casefold()
    return [c for c in query_codes(query) if c not in named]


def holds_code(text: str, codes: Sequence[str]) -> bool:
    """Whether ``text`` holds one of ``codes`` as a whole token, whatever its case."""
    low = text.lower()
    for code in codes:
        start = low.find(code)
        while start >= 0:
            end = start + len(code)
            before = low[start - 1] if start else " "
            after = low[end] if end < len(low) else " "
            if not (before.isalnum() or before == "-") and not (after.isalnum() or after == "-"):
                return True
            start = low.find(code, start + 1)
    return False
