"""What a search returns: hits with every score, and whether a leg was missing."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from retrieval_svc.fusion import FusionMode
from retrieval_svc.store import StoredChunk


class SearchMode(StrEnum):
    """Which legs run: both (fused), or one."""

    HYBRID = "hybrid"
    VECTOR = "vector"
    BM25 = "bm25"


@dataclass(frozen=True)
class Hit:
    """A chunk with the scores that ranked it (None for a leg that did not return it);
    ``vector_pending``: its document is searchable by BM25 only, its vectors not in yet."""

    chunk: StoredChunk
    vector_score: float | None
    bm25_score: float | None
    fused_score: float
    vector_pending: bool = False


@dataclass(frozen=True)
class SearchOutcome:
    """Ranked hits; ``degraded`` when a leg failed (named in ``failed_legs``)."""

    hits: list[Hit]
    degraded: bool
    fusion: FusionMode = FusionMode.WEIGHTED_SCORE
    mode: SearchMode = SearchMode.HYBRID
    failed_legs: tuple[str, ...] = ()
