"""The judge benchmark: row formats, splits, class statistics and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from bench import judge as bench_judge
from judge_svc.evaluation import (
    cited_answer,
    class_stats,
    in_split,
    load_rows,
    parse_row,
)

pytestmark = pytest.mark.unit

SHARED_ROW = {
    "id": "x-1",
    "question": None,
    "context": "Passwords rotate every ninety days.\n\nLaptops are encrypted.",
    "answer": "Passwords rotate every ninety days.",
    "label": 0,
}
CITED_ROW = {
    "id": "zh-1",
    "question": "請假要多久前申請？",
    "sources": [{"id": "leave#0", "parent_id": "leave", "text": "員工請假須於三個工作天前申請。"}],
    "answer": "員工請假須於三個工作天前申請[leave#0]。",
    "label": 0,
}


class TestRows:
    def test_shared_format_makes_one_source_per_line(self) -> None:
        row = parse_row(SHARED_ROW, "t:1")
        assert [s.chunk_id for s in row.sources] == ["ctx-0", "ctx-1"]
        assert row.question == "" and row.label == 0

    def test_cited_rows_keep_ids_and_parents(self) -> None:
        row = parse_row(CITED_ROW, "t:1")
        assert (row.sources[0].chunk_id, row.sources[0].parent_id) == ("leave#0", "leave")

    @pytest.mark.parametrize(
        ("row", "message"),
        [
            ({**SHARED_ROW, "label": 2}, "'label' must be 0 or 1"),
            ({**SHARED_ROW, "answer": None}, "'answer' must be a string"),
            ({"answer": "a", "label": 1}, "needs 'sources' or a 'context'"),
            ({**CITED_ROW, "sources": [{"text": "t"}]}, "sources[0] needs a non-empty 'id'"),
        ],
    )
    def test_malformed_rows_are_named(self, row: dict[str, object], message: str) -> None:
        with pytest.raises(ValueError, match="t:3") as err:
            parse_row(row, "t:3")
        assert message in str(err.value)

    def test_load_rows_with_split_and_limit(self, tmp_path: Path) -> None:
        path = tmp_path / "d.jsonl"
        rows = [{**SHARED_ROW, "id": f"r{i}"} for i in range(40)]
        path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
        tune, hold = load_rows(path, "tune"), load_rows(path, "holdout")
        assert len(tune) + len(hold) == 40 and {r.id for r in tune}.isdisjoint(r.id for r in hold)
        assert len(load_rows(path, "all", limit=5)) == 5
        assert in_split("r1", "tune") != in_split("r1", "holdout")

    def test_bad_json_names_the_line(self, tmp_path: Path) -> None:
        path = tmp_path / "d.jsonl"
        path.write_text(json.dumps(SHARED_ROW) + "\n{oops\n")
        with pytest.raises(ValueError, match=r"d\.jsonl:2"):
            load_rows(path)


def test_class_stats() -> None:
    s = class_stats([1, 1, 0, 0], [1, 0, 1, 0], positive=1)
    assert (s.precision, s.recall, s.f1, s.support) == (0.5, 0.5, 0.5, 2)
    assert class_stats([1, 1], [1, 1], positive=0).f1 == 0.0


def test_cited_answer_has_the_requested_words() -> None:
    answer = cited_answer(["w"] * 400, ["a", "b"])
    assert answer.count("[a]") + answer.count("[b]") == 20
    assert len([w for w in answer.split() if not w.startswith("[")]) == 300


def test_the_command_prints_three_detectors_and_json(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    bad = {
        **CITED_ROW,
        "id": "zh-2",
        "answer": "員工請假須於十個工作天前申請[leave#0]。",
        "label": 1,
    }
    path.write_text("\n".join(json.dumps(r) for r in (SHARED_ROW, CITED_ROW, bad)) + "\n")
    app = typer.Typer()
    sub = typer.Typer()
    bench_judge.register(sub)
    app.add_typer(sub, name="bench")
    runner = CliRunner()
    out = runner.invoke(app, ["bench", "judge", "--dataset", str(path), "--json"])
    assert out.exit_code == 0, out.output
    figures = json.loads(out.output)["datasets"]["mixed"]
    assert figures["rows"] == 3 and figures["hallucinated"] == 1
    detectors = figures["detectors"]
    assert list(detectors) == ["always-hallucinated", "rules only", "offline judge"]
    assert detectors["always-hallucinated"]["balanced_accuracy"] == 0.5
    assert detectors["offline judge"]["balanced_accuracy"] == 1.0
    table = runner.invoke(app, ["bench", "judge", "--dataset", str(path)])
    assert "offline judge" in table.output and "bal.acc" in table.output
    missing = runner.invoke(app, ["bench", "judge", "--dataset", str(tmp_path / "none.jsonl")])
    assert missing.exit_code == 2
