"""``groundmesh bench grade``: halves, passage kinds and pass rates, on a tiny made-up set."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.grade import DATASETS, GradeCase, _rates, in_half, load, measure

pytestmark = pytest.mark.unit


def test_halves_split_every_query_once() -> None:
    ids = [f"q{i}" for i in range(200)]
    tune = {q for q in ids if in_half(q, "tune")}
    report = {q for q in ids if in_half(q, "report")}
    assert tune.isdisjoint(report) and tune | report == set(ids)
    assert 60 < len(tune) < 140
    assert all(in_half(q, "all") for q in ids)


def _write_set(root: Path) -> None:
    corpus = [
        {"id": "a-0", "title": "VPN", "text": "The VPN client rotates its keys every week."},
        {"id": "a-1", "title": "VPN", "text": "The VPN gateway runs in two regions."},
        {"id": "b-0", "title": "Leave", "text": "Employees get ten days of annual leave."},
    ]
    question = "How often does the VPN client rotate keys?"
    queries = [{"id": f"q{i}", "text": question} for i in range(8)]
    for name in DATASETS:
        folder = root / name
        folder.mkdir(parents=True)
        (folder / "corpus.jsonl").write_text("\n".join(json.dumps(c) for c in corpus))
        (folder / "queries.jsonl").write_text("\n".join(json.dumps(q) for q in queries))
        rows = "".join(f"{q['id']}\ta-0\t1\n" for q in queries)
        (folder / "qrels.tsv").write_text("query_id\tdoc_id\tscore\n" + rows)


def test_each_question_gets_its_gold_same_article_and_off_topic_passage(tmp_path: Path) -> None:
    _write_set(tmp_path)
    cases = load(tmp_path, "all", 3)
    assert len(cases) == 3 * len(DATASETS)
    kinds = [k for k, _ in cases[0].passages]
    assert kinds == ["gold", "same article", "off-topic"]
    texts = dict(cases[0].passages)
    assert "rotates its keys" in texts["gold"] and "annual leave" in texts["off-topic"]


def test_the_grader_keeps_gold_and_drops_off_topic(tmp_path: Path) -> None:
    _write_set(tmp_path)
    result = measure(load(tmp_path, "all", 2))
    grader = result["graders"]["lexical grader"]["all"]
    assert grader["gold@0.65"] == 1.0 and grader["off-topic@0.35"] == 0.0
    assert result["graders"]["pass all"]["all"]["off-topic@0.65"] == 1.0


def test_rates_are_shares_per_set_and_threshold() -> None:
    case = GradeCase("drcd", "q", (("gold", "x"), ("off-topic", "y")))
    rates = _rates([case, case], [[0.7, 0.0], [0.4, 0.5]])
    assert rates["drcd"]["gold@0.65"] == 0.5 and rates["drcd"]["gold@0.35"] == 1.0
    assert rates["all"]["off-topic@0.35"] == 0.5
