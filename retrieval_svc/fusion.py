"""Fusion of the vector and BM25 rankings: the seeds' weighted RRF, or relative-score fusion.

Both work on any hashable key (chunk ids in the engine). Weighted RRF scores a result by its
ranks, ``w_v / (k + rank_v) + w_b / (k + rank_b)``; relative-score fusion (as Weaviate's
``relativeScoreFusion``) scales each retriever's scores of this query to [0, 1] by min-max and
sums them weighted. A result missing from one ranking gets nothing from it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from enum import StrEnum
from typing import TypeVar

import numpy as np
import numpy.typing as npt

Scores = npt.NDArray[np.float64]
K = TypeVar("K", bound=Hashable)


class FusionMode(StrEnum):
    """How two rankings become one."""

    WEIGHTED_RRF = "weighted_rrf"
    WEIGHTED_SCORE = "weighted_score"


def ranks(scores: Scores, candidates: npt.NDArray[np.int64]) -> dict[int, int]:
    """1-based rank of each candidate index by descending score (ties keep index order)."""
    order = candidates[np.argsort(-scores[candidates], kind="stable")]
    return {int(idx): r for r, idx in enumerate(order, start=1)}


def rank_map(ordered: list[K]) -> dict[K, int]:
    """1-based ranks of an already ordered list of keys (the first occurrence wins)."""
    out: dict[K, int] = {}
    for key in ordered:
        out.setdefault(key, len(out) + 1)
    return out


def weighted_rrf(
    vector_ranks: Mapping[K, int],
    bm25_ranks: Mapping[K, int],
    vector_weight: float = 0.7,
    bm25_weight: float = 0.3,
    k: int = 60,
) -> dict[K, float]:
    """score(d) = w_v / (k + rank_v(d)) + w_b / (k + rank_b(d)); a missing rank adds nothing."""
    if k <= 0:
        raise ValueError("k must be positive")
    fused: dict[K, float] = {}
    for key, r in vector_ranks.items():
        fused[key] = fused.get(key, 0.0) + vector_weight / (k + r)
    for key, r in bm25_ranks.items():
        fused[key] = fused.get(key, 0.0) + bm25_weight / (k + r)
    return fused


# BM25's scale starts no higher than this share of the best hit: with a few hits all close to
# the best (the only two passages naming 「早鸟价」, 4.84 and 4.97), min-max put the second at 0,
# as if it matched nothing. With the usual long list the lowest hit is far below and nothing moves.
BM25_FLOOR_SHARE = 0.5


def minmax(values: Mapping[K, float], floor_share: float | None = None) -> dict[K, float]:
    """Scores scaled to [0, 1] over this set; all equal → all 1. ``floor_share``: the scale
    starts at or below that share of the best score."""
    if not values:
        return {}
    lo, hi = min(values.values()), max(values.values())
    if floor_share is not None and hi > 0:
        lo = min(lo, floor_share * hi)
    if hi == lo:
        return dict.fromkeys(values, 1.0)
    return {key: (v - lo) / (hi - lo) for key, v in values.items()}


def weighted_score(
    vector_scores: Mapping[K, float],
    bm25_scores: Mapping[K, float],
    vector_weight: float = 0.7,
    bm25_weight: float = 0.3,
) -> dict[K, float]:
    """Per-query min-max normalized scores (BM25's from at most :data:`BM25_FLOOR_SHARE` of its
    best), weighted and summed."""
    v, b = minmax(vector_scores), minmax(bm25_scores, BM25_FLOOR_SHARE)
    return {
        key: vector_weight * v.get(key, 0.0) + bm25_weight * b.get(key, 0.0)
        for key in v.keys() | b.keys()
    }
