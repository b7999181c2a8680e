"""Fusion of the vector and BM25 rankings: weighted RRF (the seeds') or weighted scores."""

from __future__ import annotations

from enum import StrEnum

import numpy as np
import numpy.typing as npt

Scores = npt.NDArray[np.float64]


class FusionMode(StrEnum):
    """How two rankings become one."""

    WEIGHTED_RRF = "weighted_rrf"
    WEIGHTED_SCORE = "weighted_score"


def ranks(scores: Scores, candidates: npt.NDArray[np.int64]) -> dict[int, int]:
    """1-based rank of each candidate index by descending score (ties keep index order)."""
    order = candidates[np.argsort(-scores[candidates], kind="stable")]
    return {int(idx): r for r, idx in enumerate(order, start=1)}


def weighted_rrf(
    vector_ranks: dict[int, int],
    bm25_ranks: dict[int, int],
    vector_weight: float = 0.7,
    bm25_weight: float = 0.3,
    k: int = 60,
) -> dict[int, float]:
    """score(d) = w_v / (k + rank_v(d)) + w_b / (k + rank_b(d)); a missing rank adds nothing."""
    if k <= 0:
        raise ValueError("k must be positive")
    fused: dict[int, float] = {}
    for idx, r in vector_ranks.items():
        fused[idx] = fused.get(idx, 0.0) + vector_weight / (k + r)
    for idx, r in bm25_ranks.items():
        fused[idx] = fused.get(idx, 0.0) + bm25_weight / (k + r)
    return fused


def _minmax(values: dict[int, float]) -> dict[int, float]:
    if not values:
        return {}
    lo, hi = min(values.values()), max(values.values())
    if hi == lo:
        return dict.fromkeys(values, 1.0)
    return {i: (v - lo) / (hi - lo) for i, v in values.items()}


def weighted_score(
    vector_scores: dict[int, float],
    bm25_scores: dict[int, float],
    vector_weight: float = 0.7,
    bm25_weight: float = 0.3,
) -> dict[int, float]:
    """Per-query min-max normalized scores, weighted and summed."""
    v, b = _minmax(vector_scores), _minmax(bm25_scores)
    return {i: vector_weight * v.get(i, 0.0) + bm25_weight * b.get(i, 0.0) for i in set(v) | set(b)}
