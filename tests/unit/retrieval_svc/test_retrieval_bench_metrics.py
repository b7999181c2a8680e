"""Unit tests for bench.retrieval_quality: metrics, sampling and bigram tokens."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from bench.retrieval import bigrams
from bench.retrieval_quality import load_set, metrics, unique_docs

pytestmark = pytest.mark.unit


def test_metrics_by_hand() -> None:
    rankings = {"q1": ["a", "b", "c"], "q2": ["x", "y", "z", "b"], "q3": ["n"] * 3}
    relevant = {"q1": {"a"}, "q2": {"b"}, "q3": {"m"}}
    m = metrics(rankings, relevant)
    assert m["recall@1"] == pytest.approx(1 / 3)
    assert m["recall@5"] == pytest.approx(2 / 3)
    assert m["mrr@10"] == pytest.approx((1 + 1 / 4 + 0) / 3)
    assert m["ndcg@10"] == pytest.approx((1 + 1 / math.log2(5) + 0) / 3)


def test_unique_docs_keeps_the_best_place() -> None:
    assert unique_docs(["a", "b", "a", "c", "b"]) == ["a", "b", "c"]


def test_load_set_samples_queries_answered_in_the_sampled_corpus(tmp_path: Path) -> None:
    corpus = [{"id": f"p{i}", "title": "t", "text": f"text {i}"} for i in range(10)]
    queries = [{"id": f"q{i}", "text": f"question {i}"} for i in range(10)]
    (tmp_path / "corpus.jsonl").write_text("\n".join(json.dumps(c) for c in corpus))
    (tmp_path / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in queries))
    (tmp_path / "qrels.tsv").write_text(
        "query_id\tdoc_id\tscore\n" + "".join(f"q{i}\tp{i}\t1\n" for i in range(10))
    )
    qa = load_set(tmp_path, max_corpus=4, max_queries=3)
    assert len(qa.corpus) == 4 and len(qa.queries) == 3
    for q in qa.queries:
        assert qa.relevant[q] <= qa.corpus.keys() and qa.relevant[q]
    assert load_set(tmp_path, 4, 3) == qa  # deterministic


def test_bigrams() -> None:
    assert bigrams("請假 Leave!") == ["請", "假", "請假", "leave"]
