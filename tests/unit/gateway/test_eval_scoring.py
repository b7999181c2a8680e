"""Unit tests for cli.commands.eval: scoring answers, summarizing, reading question sets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer

from cli.commands.eval import (
    EvalQuestion,
    Outcome,
    load_dataset,
    read_questions,
    score,
    summarize,
)

pytestmark = pytest.mark.unit


def _body(answer: str, docs: list[tuple[str, str]], decision: str = "accept") -> dict[str, object]:
    return {
        "answer": answer,
        "sources": [{"chunk_id": c, "doc_id": d} for c, d in docs],
        "judgement": {"decision": decision, "risk_score": 0.2},
    }


def test_a_cited_gold_answer_scores_everywhere() -> None:
    q = EvalQuestion("1", "q", ("a.txt",), ("ninety days",))
    o = score(q, _body("Every Ninety Days [a.txt#0].", [("a.txt#0", "a.txt")]), 12.0)
    assert (o.retrieved, o.cited_gold, o.contains_answer) == (True, True, True)
    assert o.citations_valid and o.cited and o.accepted and o.latency_ms == 12.0
    assert (o.question, o.answer) == ("q", "Every Ninety Days [a.txt#0].")  # kept for --json


def test_invalid_citation_and_wrong_document() -> None:
    q = EvalQuestion("1", "q", ("gold.txt",), ("x",))
    o = score(q, _body("Wrong [made-up#3].", [("b.txt#0", "b.txt")], "reject"), 1.0)
    assert (o.retrieved, o.cited_gold, o.contains_answer) == (False, False, False)
    assert not o.citations_valid and not o.accepted


def test_citing_the_parent_document_counts() -> None:
    q = EvalQuestion("1", "q", ("a.txt",))
    o = score(q, _body("Yes [a.txt].", [("a.txt#2", "a.txt")]), 1.0)
    assert o.cited_gold and o.citations_valid and o.contains_answer is None


def test_summary_rates_only_over_questions_they_apply_to() -> None:
    outcomes = [
        Outcome("1", True, latency_ms=10, retrieved=True, cited=True, citations_valid=True),
        Outcome("2", True, latency_ms=30, retrieved=False, cited=False, citations_valid=True),
        Outcome("3", True, latency_ms=20, retrieved=None),
        Outcome("4", False, error="503"),
    ]
    f = summarize(outcomes)
    assert f["questions"] == 4 and f["errors"] == 1
    assert f["retrieved_gold"] == 0.5
    assert f["contains_answer"] is None
    assert f["latency_median_ms"] == 20 and f["latency_p99_ms"] == 30


def test_read_questions(tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(
        '{"question": "病假？", "expected_doc_ids": ["leave.md"], "answers": ["醫師證明"]}\n\n'
        '{"id": "b", "question": "hi"}\n',
        encoding="utf-8",
    )
    qs = read_questions(path)
    assert qs[0] == EvalQuestion("1", "病假？", ("leave.md",), ("醫師證明",))
    assert qs[1].id == "b"
    path.write_text('{"nope": 1}\n')
    with pytest.raises(typer.BadParameter, match=r"q\.jsonl:1"):
        read_questions(path)


def test_load_dataset_picks_one_question_per_paragraph_plus_distractors(tmp_path: Path) -> None:
    folder = tmp_path / "retrieval" / "tiny"
    folder.mkdir(parents=True)
    corpus = [{"id": f"p{i}", "title": f"T{i}", "text": f"text {i}"} for i in range(5)]
    (folder / "corpus.jsonl").write_text("\n".join(json.dumps(c) for c in corpus))
    queries = [
        {"id": "q1", "text": "one?", "answers": ["1"]},
        {"id": "q1b", "text": "one again?", "answers": ["1"]},
        {"id": "q2", "text": "two?", "answers": ["2"]},
    ]
    (folder / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in queries))
    (folder / "qrels.tsv").write_text("query_id\tdoc_id\tscore\nq1\tp1\t1\nq1b\tp1\t1\nq2\tp2\t1\n")
    sample = load_dataset(tmp_path, "tiny", limit=5, distractors=2)
    assert [q.id for q in sample.questions] == ["q1", "q2"]
    assert sample.questions[0].expected_doc_ids == ("p1.txt",)
    assert len(sample.documents) == 4 and {"p1.txt", "p2.txt"} <= set(sample.documents)
    with pytest.raises(typer.BadParameter):
        load_dataset(tmp_path, "missing", 1, 0)
