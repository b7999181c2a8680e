"""Unit tests for retrieval_svc.hybrid.TenantIndex: vector + BM25 search over one tenant."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi

from retrieval_svc.fusion import FusionMode, ranks, weighted_rrf
from retrieval_svc.hybrid import SearchOutcome, TenantIndex
from retrieval_svc.store import StoredChunk
from retrieval_svc.text import tokenize

pytestmark = pytest.mark.unit

DIM = 8
TEXTS = [
    ("hr", "員工請假需要填寫請假單並由主管核准"),
    ("hr", "The leave policy allows ten days of annual leave"),
    ("fin", "報銷流程需要附上發票"),
    ("fin", "annual leave and sick leave are paid"),
    ("about", "公司的歷史與沿革"),
]


def _chunks(
    token_lists: list[tuple[str, ...]], doc_of: list[str] | None = None
) -> list[StoredChunk]:
    return [
        StoredChunk(
            chunk_id=f"{(doc_of or ['d'] * len(token_lists))[i]}#{i}",
            doc_id=(doc_of or ["d"] * len(token_lists))[i],
            ordinal=i,
            title="t",
            section="",
            text=" ".join(tokens),
            tokens=tokens,
        )
        for i, tokens in enumerate(token_lists)
    ]


def _unit_vectors(n: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    v = rng.normal(size=(n, DIM)).astype(np.float32)
    out: np.ndarray = v / np.linalg.norm(v, axis=1, keepdims=True)
    return out


@pytest.fixture()
def corpus() -> tuple[TenantIndex, list[StoredChunk], np.ndarray]:
    tokens = [tuple(tokenize(text)) for _, text in TEXTS]
    chunks = _chunks(tokens, [doc for doc, _ in TEXTS])
    vectors = _unit_vectors(len(chunks))
    return TenantIndex(chunks, vectors), chunks, vectors


class TestTenantIndexBuild:
    def test_one_vector_per_chunk_is_required(self) -> None:
        with pytest.raises(ValueError):
            TenantIndex(_chunks([("a",), ("b",)]), _unit_vectors(3))

    def test_empty_index_finds_nothing(self) -> None:
        index = TenantIndex([], np.zeros((0, DIM), dtype=np.float32))
        assert len(index) == 0
        assert index.search(_unit_vectors(1)[0], ["leave"], 5) == SearchOutcome([], False)

    def test_len(self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]) -> None:
        index, chunks, _ = corpus
        assert len(index) == len(chunks)


class TestTenantIndexSearch:
    def test_bm25_scores_equal_rank_bm25(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, chunks, vectors = corpus
        query = tokenize("annual leave policy 請假")
        reference = BM25Okapi([list(c.tokens) for c in chunks]).get_scores(query)
        outcome = index.search(vectors[0], query, top_k=len(chunks))
        assert len(outcome.hits) == len(chunks)
        for hit in outcome.hits:
            assert hit.bm25_score == pytest.approx(reference[hit.chunk.ordinal], rel=1e-12)
        assert any(hit.bm25_score > 0 for hit in outcome.hits)

    def test_each_hit_carries_vector_bm25_and_fused_scores(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, chunks, vectors = corpus
        query_tokens = tokenize("annual leave")
        outcome = index.search(vectors[1], query_tokens, top_k=3)
        bm25 = BM25Okapi([list(c.tokens) for c in chunks]).get_scores(query_tokens)
        vec = vectors @ vectors[1]
        fused = weighted_rrf(
            ranks(vec.astype(np.float64), np.arange(len(chunks))),
            ranks(bm25, np.flatnonzero(bm25 > 0)),
        )
        for hit in outcome.hits:
            i = hit.chunk.ordinal
            assert hit.vector_score == pytest.approx(float(vec[i]), rel=1e-5)
            assert hit.bm25_score == pytest.approx(bm25[i], rel=1e-12)
            assert hit.fused_score == pytest.approx(fused[i], rel=1e-12)

    def test_results_are_ordered_by_fused_score(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, _, vectors = corpus
        outcome = index.search(vectors[2], tokenize("leave 報銷"), top_k=5)
        scores = [h.fused_score for h in outcome.hits]
        assert scores == sorted(scores, reverse=True)
        assert not outcome.degraded

    def test_chunk_best_on_both_legs_comes_first(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, chunks, vectors = corpus
        outcome = index.search(vectors[1], list(chunks[1].tokens), top_k=5)
        assert outcome.hits[0].chunk.chunk_id == chunks[1].chunk_id

    def test_top_k_limits_the_hits(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, _, vectors = corpus
        assert len(index.search(vectors[0], ["leave"], top_k=2).hits) == 2

    def test_doc_ids_filter(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, _, vectors = corpus
        outcome = index.search(vectors[1], ["leave"], top_k=10, doc_ids={"fin"})
        assert [h.chunk.doc_id for h in outcome.hits] == ["fin", "fin"]
        both = index.search(vectors[1], ["leave"], top_k=10, doc_ids={"fin", "about"})
        assert {h.chunk.doc_id for h in both.hits} == {"fin", "about"}

    def test_unknown_doc_ids_find_nothing(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, _, vectors = corpus
        assert index.search(vectors[0], ["leave"], 5, doc_ids={"nope"}) == SearchOutcome([], False)

    def test_empty_doc_ids_means_no_filter(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, chunks, vectors = corpus
        assert len(index.search(vectors[0], ["leave"], 10, doc_ids=set()).hits) == len(chunks)

    def test_filtered_bm25_scores_still_use_the_whole_tenant_corpus(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, chunks, vectors = corpus
        reference = BM25Okapi([list(c.tokens) for c in chunks]).get_scores(["leave"])
        for hit in index.search(vectors[0], ["leave"], 10, doc_ids={"fin"}).hits:
            assert hit.bm25_score == pytest.approx(reference[hit.chunk.ordinal], rel=1e-12)

    def test_without_query_tokens_only_vectors_rank(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, chunks, vectors = corpus
        outcome = index.search(vectors[3], [], top_k=len(chunks))
        assert all(h.bm25_score == 0.0 for h in outcome.hits)
        assert outcome.hits[0].chunk.ordinal == 3

    def test_weighted_score_fusion(
        self, corpus: tuple[TenantIndex, list[StoredChunk], np.ndarray]
    ) -> None:
        index, chunks, vectors = corpus
        outcome = index.search(
            vectors[1],
            list(chunks[1].tokens),
            top_k=5,
            fusion=FusionMode.WEIGHTED_SCORE,
            vector_weight=0.6,
            bm25_weight=0.4,
        )
        assert outcome.hits[0].chunk.ordinal == 1
        assert outcome.hits[0].fused_score == pytest.approx(1.0)
        assert all(0.0 <= h.fused_score <= 1.0 + 1e-9 for h in outcome.hits)

    def test_bm25_equality_holds_with_a_token_less_chunk(self) -> None:
        tokens: list[tuple[str, ...]] = [("leave", "policy"), (), ("sick", "leave", "days")]
        vectors = _unit_vectors(3)
        outcome = TenantIndex(_chunks(tokens), vectors).search(vectors[0], ["leave"], 3)
        reference = BM25Okapi([list(t) for t in tokens]).get_scores(["leave"])
        for hit in outcome.hits:
            assert hit.bm25_score == pytest.approx(reference[hit.chunk.ordinal], rel=1e-9)


_VOCAB = ["leave", "sick", "annual", "請假", "報銷", "發票", "policy", "days", "主管"]


class TestTenantIndexProperties:
    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        st.lists(
            st.lists(st.sampled_from(_VOCAB), min_size=1, max_size=12).map(tuple),
            min_size=1,
            max_size=12,
        ),
        st.lists(st.sampled_from([*_VOCAB, "absent"]), min_size=1, max_size=4),
        st.integers(0, 2**16),
        st.integers(1, 12),
    )
    def test_bm25_scores_match_rank_bm25_and_hits_are_ordered(
        self, token_lists: list[tuple[str, ...]], query: list[str], seed: int, top_k: int
    ) -> None:
        vectors = _unit_vectors(len(token_lists), seed)
        index = TenantIndex(_chunks(token_lists), vectors)
        reference = BM25Okapi([list(t) for t in token_lists]).get_scores(query)
        outcome = index.search(vectors[seed % len(token_lists)], query, top_k)
        assert 0 < len(outcome.hits) <= top_k
        assert len({h.chunk.chunk_id for h in outcome.hits}) == len(outcome.hits)
        for hit in outcome.hits:
            assert math.isclose(hit.bm25_score, reference[hit.chunk.ordinal], rel_tol=1e-12)
        fused = [h.fused_score for h in outcome.hits]
        assert fused == sorted(fused, reverse=True)
