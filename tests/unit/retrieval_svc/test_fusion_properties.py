"""Seed Properties 15 and 16 over retrieval_svc.engine.fuse, the fusion the engine serves."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from retrieval_svc.backend import ScoredChunk
from retrieval_svc.engine import fuse
from retrieval_svc.fusion import FusionMode
from retrieval_svc.results import SearchMode
from retrieval_svc.store import StoredChunk

pytestmark = pytest.mark.unit


def _leg(ids: list[str], scores: list[float]) -> list[ScoredChunk]:
    return [
        ScoredChunk(StoredChunk(i, i.split("#")[0], 0, "t", "", f"text {i}", ()), s)
        for i, s in zip(ids, scores, strict=True)
    ]


_IDS = st.lists(st.sampled_from([f"d{i}#0" for i in range(20)]), unique=True, max_size=12)
_SCORES = st.floats(min_value=-5, max_value=50, allow_nan=False)


@st.composite
def _legs(draw: st.DrawFn) -> tuple[list[ScoredChunk], list[ScoredChunk]]:
    vids, bids = draw(_IDS), draw(_IDS)
    vs = sorted(draw(st.lists(_SCORES, min_size=len(vids), max_size=len(vids))), reverse=True)
    bs = sorted(draw(st.lists(_SCORES, min_size=len(bids), max_size=len(bids))), reverse=True)
    return _leg(vids, vs), _leg(bids, bs)


class TestProperty15HybridFusion:
    """**Feature: generic-agentic-rag, Property 15: Hybrid Search Fusion**"""

    @given(_legs(), st.floats(0, 1), st.integers(1, 100))
    def test_rrf_contains_both_sides_and_follows_the_formula(
        self, legs: tuple[list[ScoredChunk], list[ScoredChunk]], w: float, k: int
    ) -> None:
        vector, bm25 = legs
        hits = fuse(vector, bm25, SearchMode.HYBRID, FusionMode.WEIGHTED_RRF, w, 1 - w, k)
        ids = [h.chunk.chunk_id for h in hits]
        assert set(ids) == {s.chunk.chunk_id for s in vector} | {s.chunk.chunk_id for s in bm25}
        vrank = {s.chunk.chunk_id: r for r, s in enumerate(vector, start=1)}
        brank = {s.chunk.chunk_id: r for r, s in enumerate(bm25, start=1)}
        for h in hits:
            cid = h.chunk.chunk_id
            expected = (w / (k + vrank[cid]) if cid in vrank else 0.0) + (
                (1 - w) / (k + brank[cid]) if cid in brank else 0.0
            )
            assert h.fused_score == pytest.approx(expected, rel=1e-12, abs=1e-15)
            v = next((s.score for s in vector if s.chunk.chunk_id == cid), None)
            assert h.vector_score == v
            assert h.bm25_score == next((s.score for s in bm25 if s.chunk.chunk_id == cid), None)
        assert [h.fused_score for h in hits] == sorted((h.fused_score for h in hits), reverse=True)

    @given(_legs(), st.floats(0, 1))
    def test_score_fusion_contains_both_sides_within_the_weights(
        self, legs: tuple[list[ScoredChunk], list[ScoredChunk]], w: float
    ) -> None:
        vector, bm25 = legs
        hits = fuse(vector, bm25, SearchMode.HYBRID, FusionMode.WEIGHTED_SCORE, w, 1 - w)
        assert {h.chunk.chunk_id for h in hits} == {s.chunk.chunk_id for s in (*vector, *bm25)}
        assert all(-1e-9 <= h.fused_score <= 1 + 1e-9 for h in hits)

    def test_single_leg_modes_use_that_legs_scores(self) -> None:
        vector = _leg(["a#0", "b#0"], [0.9, 0.5])
        bm25 = _leg(["b#0", "c#0"], [7.0, 2.0])
        only_v = fuse(vector, [], SearchMode.VECTOR, FusionMode.WEIGHTED_RRF, 0.7, 0.3)
        only_b = fuse([], bm25, SearchMode.BM25, FusionMode.WEIGHTED_RRF, 0.7, 0.3)
        assert [(h.chunk.chunk_id, h.fused_score) for h in only_v] == [("a#0", 0.9), ("b#0", 0.5)]
        assert [(h.chunk.chunk_id, h.fused_score) for h in only_b] == [("b#0", 7.0), ("c#0", 2.0)]


class TestProperty16WeightsReorder:
    """**Feature: generic-agentic-rag, Property 16: Search Weight Configuration**"""

    @given(
        st.lists(st.sampled_from([f"d{i}#0" for i in range(20)]), unique=True, min_size=2),
        st.sampled_from(list(FusionMode)),
        st.floats(0.0, 0.3),
        st.floats(0.7, 1.0),
    )
    def test_opposite_weights_give_different_rankings_when_the_legs_disagree(
        self, ids: list[str], method: FusionMode, low: float, high: float
    ) -> None:
        n = len(ids)
        vector = _leg(ids, [float(n - i) for i in range(n)])  # ids in order
        bm25 = _leg(ids[::-1], [float(10 * (n - i)) for i in range(n)])  # reversed
        favour_vector = fuse(vector, bm25, SearchMode.HYBRID, method, high, low)
        favour_bm25 = fuse(vector, bm25, SearchMode.HYBRID, method, low, high)
        first = [h.chunk.chunk_id for h in favour_vector]
        second = [h.chunk.chunk_id for h in favour_bm25]
        assert first != second
        assert first[0] == ids[0]
        assert second[0] == ids[-1]
