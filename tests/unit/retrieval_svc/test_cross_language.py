"""The BM25 leg's cross-language hits join below the query's own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from retrieval_svc.backend import ScoredChunk
from retrieval_svc.cross_language import (
    CROSS_LANGUAGE_SHARE,
    gloss_query_terms,
    with_cross_language,
)
from retrieval_svc.store import StoredChunk


def _hit(chunk_id: str, score: float) -> ScoredChunk:
    chunk = StoredChunk(chunk_id, chunk_id.split("#")[0], 0, "", "", chunk_id, ())
    return ScoredChunk(chunk, score)


def test_gloss_terms_are_the_other_languages_words() -> None:
    terms = gloss_query_terms("hotel invoice")
    assert "酒店" in terms and "发票" in terms
    assert "hotel" not in terms  # the query's own words are the native leg's


def test_cross_hits_join_below_the_best_native_hit() -> None:
    native = [_hit("en#0", 10.0), _hit("en#1", 4.0)]
    crossed = [_hit("zh#0", 30.0), _hit("en#0", 2.0), _hit("zh#1", 21.0)]
    merged = with_cross_language(native, crossed, pool=10)
    assert [h.chunk.chunk_id for h in merged] == ["en#0", "zh#0", "zh#1", "en#1"]
    scores = {h.chunk.chunk_id: h.score for h in merged}
    assert scores["en#0"] == 10.0  # a native hit keeps its own score
    assert scores["zh#0"] == pytest.approx(CROSS_LANGUAGE_SHARE * 10.0)
    assert scores["zh#1"] == pytest.approx(CROSS_LANGUAGE_SHARE * 10.0 * 21 / 30)


def test_without_native_hits_the_cross_hits_stand_as_they_are() -> None:
    merged = with_cross_language([], [_hit("zh#0", 3.0)], pool=5)
    assert [(h.chunk.chunk_id, h.score) for h in merged] == [("zh#0", 3.0)]


@given(
    st.lists(st.floats(0.01, 100), max_size=8),
    st.lists(st.floats(0.01, 100), max_size=8),
    st.integers(1, 20),
)
def test_never_above_native_never_more_than_pool(
    native_scores: list[float], cross_scores: list[float], pool: int
) -> None:
    native = [_hit(f"en#{i}", s) for i, s in enumerate(native_scores)]
    crossed = [_hit(f"zh#{i}", s) for i, s in enumerate(cross_scores)]
    merged = with_cross_language(native, crossed, pool)
    assert len(merged) <= pool
    assert [h.score for h in merged] == sorted((h.score for h in merged), reverse=True)
    if native:
        best = max(native_scores)
        assert all(h.score <= best + 1e-9 for h in merged if h.chunk.chunk_id.startswith("zh"))
