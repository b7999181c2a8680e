"""Unit tests for retrieval_svc.bm25_index.BM25Index: scores equal rank_bm25.BM25Okapi's."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi

from retrieval_svc.bm25_index import BM25Index
from retrieval_svc.text import tokenize

pytestmark = pytest.mark.unit

_TERMS = st.sampled_from([f"t{i}" for i in range(12)] + ["請假", "leave", "報銷"])
_DOC = st.lists(_TERMS, min_size=0, max_size=15)
_CORPUS = st.lists(_DOC, min_size=1, max_size=25)


def _index(corpus: list[list[str]]) -> BM25Index:
    index = BM25Index()
    for row, doc in enumerate(corpus):
        index.add(row, doc)
    return index


class TestEqualsRankBm25:
    @settings(max_examples=150, deadline=None)
    @given(_CORPUS, st.lists(_TERMS, min_size=0, max_size=6))
    def test_scores_equal_bm25okapi(self, corpus: list[list[str]], query: list[str]) -> None:
        if not sum(map(len, corpus)):
            return  # rank_bm25 divides by the total length
        expected = BM25Okapi(corpus).get_scores(query)
        np.testing.assert_allclose(_index(corpus).scores(query), expected, rtol=1e-12, atol=1e-12)

    def test_negative_idf_gets_rank_bm25s_epsilon_floor(self) -> None:
        # "common" is in 3 of 4 documents: log((4-3+.5)/(3+.5)) < 0, so rank_bm25 replaces it
        # by epsilon * average idf; the index must do exactly the same
        corpus = [["common", "a"], ["common", "b"], ["common", "c"], ["d", "e"]]
        bm25 = BM25Okapi(corpus)
        assert bm25.idf["common"] == pytest.approx(0.25 * bm25.average_idf)
        np.testing.assert_allclose(
            _index(corpus).scores(["common"]), bm25.get_scores(["common"]), rtol=1e-12
        )

    def test_real_tokens_in_both_languages(self) -> None:
        texts = [
            "員工請假須於三個工作天前提出申請，並經主管核准。",
            "出差報銷必須在返回後十四天內附上發票。",
            "Employees must request annual leave three days in advance.",
            "Travel expenses must be filed within fourteen days.",
            "请假需要提前三天申请。",
        ]
        corpus = [tokenize(t) for t in texts]
        for query in ["請假要提前幾天？", "travel expenses receipts", "请假 leave"]:
            q = tokenize(query)
            np.testing.assert_allclose(
                _index(corpus).scores(q), BM25Okapi(corpus).get_scores(q), rtol=1e-12
            )

    @settings(max_examples=60, deadline=None)
    @given(_CORPUS, st.data())
    def test_removal_and_slot_reuse_keep_scores_exact(
        self, corpus: list[list[str]], data: st.DataObject
    ) -> None:
        index = _index(corpus)
        removed = data.draw(st.sets(st.integers(0, len(corpus) - 1), max_size=len(corpus) - 1))
        for row in removed:
            index.remove(row)
        replacement = data.draw(_DOC)
        reused = min(removed) if removed else None
        live = {r: d for r, d in enumerate(corpus) if r not in removed}
        if reused is not None:
            index.add(reused, replacement)
            live[reused] = replacement
        rows = sorted(live)
        docs = [live[r] for r in rows]
        if not sum(map(len, docs)):
            return
        query = data.draw(st.lists(_TERMS, min_size=1, max_size=4))
        expected = BM25Okapi(docs).get_scores(query)
        got = index.scores(query)
        np.testing.assert_allclose(got[rows], expected, rtol=1e-12, atol=1e-12)
        assert len(index) == len(rows)


class TestTop:
    def test_best_first_positive_only_and_filtered(self) -> None:
        filler = [[f"f{i}"] for i in range(6)]
        corpus = [["a", "b"], ["a"], ["c"], ["a", "a", "b"], *filler]
        index = _index(corpus)
        top = index.top(["a", "b"], 10)
        expected = BM25Okapi(corpus).get_scores(["a", "b"])
        assert [r for r, _ in top] == sorted([0, 1, 3], key=lambda r: -expected[r])
        assert all(s > 0 for _, s in top)
        assert [r for r, _ in index.top(["a", "b"], 1)] == [top[0][0]]
        assert [r for r, _ in index.top(["a"], 5, np.array([1, 2]))] == [1]

    def test_a_matching_row_ranks_even_when_rank_bm25_scores_it_negative(self) -> None:
        index = _index([["a", "x"], ["a", "y"], ["a"], ["z"]])
        top = index.top(["a"], 10)
        assert [r for r, _ in top] == [2, 0, 1]
        np.testing.assert_allclose(
            [s for _, s in top],
            BM25Okapi([["a", "x"], ["a", "y"], ["a"], ["z"]]).get_scores(["a"])[[2, 0, 1]],
        )

    def test_unknown_terms_and_empty_index(self) -> None:
        assert BM25Index().top(["x"], 3) == []
        assert _index([["a"]]).top(["zzz"], 3) == []

    def test_adding_an_indexed_row_or_removing_an_unknown_one_fails(self) -> None:
        index = _index([["a"]])
        with pytest.raises(ValueError):
            index.add(0, ["b"])
        with pytest.raises(KeyError):
            index.remove(5)
