"""One tenant's in-memory search index: a vector matrix and a BM25 index over the same chunks."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from rank_bm25 import BM25Okapi

from retrieval_svc.embeddings import Matrix
from retrieval_svc.fusion import FusionMode, ranks, weighted_rrf, weighted_score
from retrieval_svc.store import StoredChunk


@dataclass(frozen=True)
class Hit:
    """A chunk with the scores that ranked it."""

    chunk: StoredChunk
    vector_score: float
    bm25_score: float
    fused_score: float


@dataclass(frozen=True)
class SearchOutcome:
    """Ranked hits and whether a search leg was missing."""

    hits: list[Hit]
    degraded: bool


class TenantIndex:
    """Immutable once built: a write builds a new index and swaps it in, so a search never sees
    half an ingest."""

    def __init__(self, chunks: list[StoredChunk], vectors: Matrix) -> None:
        if vectors.shape[0] != len(chunks):
            raise ValueError("one vector per chunk is required")
        self.chunks = chunks
        self.vectors = vectors
        self.doc_ids = np.array([c.doc_id for c in chunks], dtype=object)
        self.bm25: BM25Okapi | None = (
            BM25Okapi([list(c.tokens) for c in chunks]) if chunks else None
        )

    def __len__(self) -> int:
        return len(self.chunks)

    def search(
        self,
        query_vector: Matrix,
        query_tokens: list[str],
        top_k: int,
        doc_ids: set[str] | None = None,
        fusion: FusionMode = FusionMode.WEIGHTED_RRF,
        vector_weight: float = 0.7,
        bm25_weight: float = 0.3,
        rrf_k: int = 60,
    ) -> SearchOutcome:
        """Vector and BM25 search over the same chunks, fused into one ranking."""
        if not self.chunks:
            return SearchOutcome([], False)
        allowed = np.arange(len(self.chunks))
        if doc_ids:
            allowed = allowed[np.isin(self.doc_ids, list(doc_ids))]
        if allowed.size == 0:
            return SearchOutcome([], False)
        pool = max(top_k * 4, 50)

        vec_scores = (self.vectors @ query_vector.reshape(-1)).astype(np.float64)
        vec_top = allowed[np.argsort(-vec_scores[allowed], kind="stable")[:pool]]

        degraded = False
        bm25_scores = np.zeros(len(self.chunks), dtype=np.float64)
        bm25_top = np.array([], dtype=np.int64)
        if self.bm25 is None:
            degraded = True
        elif query_tokens:
            bm25_scores = np.asarray(self.bm25.get_scores(query_tokens), dtype=np.float64)
            positive = allowed[bm25_scores[allowed] > 0]
            bm25_top = positive[np.argsort(-bm25_scores[positive], kind="stable")[:pool]]

        if fusion is FusionMode.WEIGHTED_RRF:
            fused = weighted_rrf(
                ranks(vec_scores, vec_top),
                ranks(bm25_scores, bm25_top),
                vector_weight,
                bm25_weight,
                rrf_k,
            )
        else:
            fused = weighted_score(
                {int(i): float(vec_scores[i]) for i in vec_top},
                {int(i): float(bm25_scores[i]) for i in bm25_top},
                vector_weight,
                bm25_weight,
            )
        best = sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))[:top_k]
        hits = [
            Hit(self.chunks[i], float(vec_scores[i]), float(bm25_scores[i]), score)
            for i, score in best
        ]
        return SearchOutcome(hits, degraded)
