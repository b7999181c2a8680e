"""The BM25 leg's cross-language hits join below the query's own."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from retrieval_svc.backend import ScoredChunk
from retrieval_svc.cross_language import (
    CROSS_LANGUAGE_SHARE,
    gloss_query_terms,
    holding_a_translation,
    named_documents,
    named_first,
    with_cross_language,
)
from retrieval_svc.store import DocumentRecord, StoredChunk


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


def test_a_cross_language_hit_the_vector_leg_missed_stands_on_its_bm25_for_both_legs() -> None:
    from retrieval_svc.engine import fuse
    from retrieval_svc.fusion import FusionMode
    from retrieval_svc.results import SearchMode

    vector = [_hit("zh#1", 0.89), _hit("zh#2", 0.88), _hit("zh#3", 0.70)]
    bm25 = [_hit("en#0", 8.0), _hit("zh#1", 6.0), _hit("zh#2", 5.9), _hit("zh#3", 1.0)]
    args = (vector, bm25, SearchMode.HYBRID, FusionMode.WEIGHTED_SCORE, 0.5, 0.5)
    plain = fuse(*args)
    crossed = fuse(*args, 60, frozenset(), frozenset({"en#0", "zh#1"}))
    assert plain[0].chunk.chunk_id == "zh#1"  # vector and BM25 agree on it
    assert crossed[0].chunk.chunk_id == "en#0"  # its BM25 evidence now counts for both legs
    score = {h.chunk.chunk_id: h.fused_score for h in crossed}
    # zh#1 is in the vector leg: being named changes nothing for it.
    assert score["zh#1"] == {h.chunk.chunk_id: h.fused_score for h in plain}["zh#1"]
    assert not any(h.vector_pending for h in crossed)


def _passage(chunk_id: str, text: str) -> ScoredChunk:
    return ScoredChunk(StoredChunk(chunk_id, chunk_id.split("#")[0], 0, "", "", text, ()), 1.0)


def test_only_a_hit_holding_a_translation_whole_stands_for_both_legs() -> None:
    """「工龄」 is "length of service": BM25 found every line of an IT service agreement saying
    "service", and fusion counted each for both legs over the handbook line that answers."""
    hits = [
        _passage("sla#0", "Service: Payroll system | Availability target: 99.5%"),
        _passage("hr#3", "Allowances grow with length of service, up to 500 a month."),
    ]
    kept = holding_a_translation("工龄补贴最多能拿到多少？", hits)
    assert [h.chunk.chunk_id for h in kept] == ["hr#3"]


def _record(doc_id: str, title: str) -> DocumentRecord:
    return DocumentRecord(doc_id, title, "text/plain", {}, 0.0, 1)


def test_the_documents_a_pinyin_name_names_are_those_whose_titles_read_so() -> None:
    docs = [
        _record("travel", "华澜物流集团有限公司国内差旅管理规定"),
        _record("handbook", "華瀾物流集團員工手冊"),
        _record("leave", "欣禾科技股份有限公司 員工請假辦法"),
        _record("other", "Northbridge Logistics Travel Policy"),
    ]
    assert named_documents("Hualan Logistics' hotel rules?", docs) == {"travel", "handbook"}
    assert named_documents("Who do I call at Xinhe Technology?", docs) == {"leave"}
    assert named_documents("What is the hotel cap in Dubai?", docs) == frozenset()


def test_the_named_documents_hits_come_first() -> None:
    crossed = [_hit("other#0", 9.0), _hit("travel#2", 3.0), _hit("other#1", 2.0)]
    named = [_hit("travel#2", 3.0), _hit("travel#5", 1.0)]
    ranked = named_first(crossed, named)
    assert [h.chunk.chunk_id for h in ranked] == ["travel#2", "travel#5", "other#0", "other#1"]
    assert named_first(crossed, []) == sorted(crossed, key=lambda h: -h.score)


@given(
    st.lists(st.floats(-5, 50), max_size=8),
    st.lists(st.floats(-5, 50), min_size=1, max_size=8),
)
def test_every_named_hit_ranks_above_every_other(crossed: list[float], named: list[float]) -> None:
    others = [_hit(f"other#{i}", s) for i, s in enumerate(crossed)]
    ours = [_hit(f"ours#{i}", s) for i, s in enumerate(named)]
    ranked = named_first(others, ours)
    ids = [h.chunk.chunk_id for h in ranked]
    assert sorted(ids) == sorted(
        [*(h.chunk.chunk_id for h in others), *(h.chunk.chunk_id for h in ours)]
    )
    assert set(ids[: len(ours)]) == {h.chunk.chunk_id for h in ours}
    assert [h.score for h in ranked] == sorted((h.score for h in ranked), reverse=True)
