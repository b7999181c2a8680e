"""Unit tests for router_svc.evaluation and the ``groundmesh bench router`` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from bench.router import register
from router_svc.decision import HistoryTurn, Intent, RouteDecision, TaskType
from router_svc.evaluation import (
    Example,
    evaluate,
    load_examples,
    majority_baseline,
    parse_example,
    percentile,
    report,
)

pytestmark = pytest.mark.unit


class TestReport:
    def test_precision_recall_and_macro_f1_by_hand(self) -> None:
        gold = ["a", "a", "b", "b"]
        pred = ["a", "b", "b", "b"]
        r = report(gold, pred, ["a", "b", "c"])
        assert set(r.per_class) == {"a", "b"}  # c never occurs
        assert r.per_class["a"].precision == 1.0 and r.per_class["a"].recall == 0.5
        assert r.per_class["b"].precision == pytest.approx(2 / 3)
        assert r.per_class["b"].recall == 1.0
        f1_a, f1_b = 2 / 3, 0.8
        assert r.macro_f1 == pytest.approx((f1_a + f1_b) / 2)
        assert r.accuracy == 0.75

    def test_a_class_only_predicted_counts_with_f1_zero(self) -> None:
        r = report(["a"], ["b"], ["a", "b"])
        assert r.per_class["b"].f1 == 0.0 and r.macro_f1 == 0.0

    def test_lengths_must_match(self) -> None:
        with pytest.raises(ValueError):
            report(["a"], [], ["a"])

    def test_percentile(self) -> None:
        assert percentile([], 99) == 0.0
        assert percentile([float(i) for i in range(1, 101)], 99) == 99.0
        assert percentile([5.0], 50) == 5.0


class TestParsing:
    def test_a_full_line(self) -> None:
        line = json.dumps(
            {
                "text": "那病假呢？",
                "history": [{"role": "user", "content": "年假有幾天？"}],
                "language": "zh-Hant",
                "intent": "DOCUMENT_QA",
                "task_type": "conversation_followup",
                "split": "dev",
            },
            ensure_ascii=False,
        )
        ex = parse_example(line, "x:1")
        assert ex.history == [HistoryTurn("user", "年假有幾天？")] and ex.split == "dev"

    @pytest.mark.parametrize(
        ("line", "message"),
        [
            ("not json", "not JSON"),
            ("[1]", "JSON object"),
            ('{"text": "", "intent": "COMPLEX", "task_type": "simple_faq"}', "'text'"),
            ('{"text": "q", "intent": "CHAT", "task_type": "simple_faq"}', "intent 'CHAT'"),
            ('{"text": "q", "intent": "COMPLEX", "task_type": "faq"}', "task_type 'faq'"),
            (
                '{"text": "q", "intent": "COMPLEX", "task_type": "simple_faq", '
                '"history": [{"role": "system", "content": "x"}]}',
                "history[0]",
            ),
        ],
    )
    def test_malformed_lines_name_the_place(self, line: str, message: str) -> None:
        with pytest.raises(ValueError, match=r"x:7") as err:
            parse_example(line, "x:7")
        assert message in str(err.value)

    def test_an_empty_file_is_an_error(self, tmp_path: Path) -> None:
        path = tmp_path / "empty.jsonl"
        path.write_text("\n\n", encoding="utf-8")
        with pytest.raises(ValueError, match="no examples"):
            load_examples(path)


def _example(text: str, intent: str, task: str) -> Example:
    return Example(text, [], "en", intent, task)


def test_evaluate_and_the_majority_baseline() -> None:
    examples = [
        _example("q1", "DOCUMENT_QA", "simple_faq"),
        _example("q2", "DOCUMENT_QA", "simple_faq"),
        _example("hi", "DIRECT_ANSWER", "greeting"),
    ]
    majority = majority_baseline(examples)
    ev = evaluate(majority, examples)
    assert ev.intent.accuracy == pytest.approx(2 / 3)
    assert ev.language_accuracy == 1.0 and len(ev.latencies_ms) == 3

    def perfect(text: str, history: list[HistoryTurn]) -> RouteDecision:
        greet = text == "hi"
        return RouteDecision(
            Intent.DIRECT_ANSWER if greet else Intent.DOCUMENT_QA,
            TaskType.GREETING if greet else TaskType.SIMPLE_FAQ,
            1.0,
            "",
            "en",
            "en",
            text,
            text,
            False,
        )

    assert evaluate(perfect, examples, timed=False).intent.macro_f1 == 1.0


SMALL_SET = [
    {
        "text": "你好",
        "history": [],
        "language": "zh-Hant",
        "intent": "DIRECT_ANSWER",
        "task_type": "greeting",
        "split": "dev",
    },
    {
        "text": "請假單在哪裡下載？",
        "history": [],
        "language": "zh-Hant",
        "intent": "DOCUMENT_QA",
        "task_type": "form_download",
        "split": "dev",
    },
    {
        "text": "Compare sick leave and annual leave",
        "history": [],
        "language": "en",
        "intent": "COMPLEX",
        "task_type": "simple_faq",
        "split": "heldout",
    },
    {
        "text": "What about sick leave?",
        "history": [{"role": "user", "content": "How many days of annual leave do I get?"}],
        "language": "en",
        "intent": "DOCUMENT_QA",
        "task_type": "conversation_followup",
    },
]


class TestBenchCommand:
    def _app(self) -> typer.Typer:
        app = typer.Typer()
        register(app)

        @app.command("noop")
        def noop() -> None:  # a second command keeps typer from flattening the group
            """Unused."""

        return app

    def test_json_figures_for_any_dataset(self, tmp_path: Path) -> None:
        path = tmp_path / "set.jsonl"
        path.write_text(
            "\n".join(json.dumps(r, ensure_ascii=False) for r in SMALL_SET), encoding="utf-8"
        )
        result = CliRunner().invoke(self._app(), ["router", "--dataset", str(path), "--json"])
        assert result.exit_code == 0, result.output
        figures = json.loads(result.output)
        given = {k for k in figures["splits"] if k.startswith("router_eval:")}
        assert given == {"router_eval:all", "router_eval:dev", "router_eval:heldout"}
        assert sum(figures["splits"][k]["n"] for k in given) == 4
        assert {"train:dev", "train:heldout"} <= set(figures["splits"])
        for name in given:
            assert figures["splits"][name]["offline"]["intent_macro_f1"] == 1.0
            assert figures["splits"][name]["offline"]["task_type_macro_f1"] == 1.0
        dev = figures["splits"]["router_eval:dev"]
        assert dev["baseline_majority"]["intent_macro_f1"] < 1.0
        heldout = figures["splits"]["router_eval:heldout"]
        assert "precision" in heldout["per_class"]["intent"]["COMPLEX"]

    def test_table_output(self, tmp_path: Path) -> None:
        path = tmp_path / "set.jsonl"
        path.write_text("\n".join(json.dumps(r) for r in SMALL_SET), encoding="utf-8")
        result = CliRunner().invoke(self._app(), ["router", "--dataset", str(path)])
        assert result.exit_code == 0, result.output
        assert "baseline_majority" in result.output and "p50 ms" in result.output
        assert "task_type:form_download" in result.output

    def test_missing_or_malformed_dataset_is_a_clear_error(self, tmp_path: Path) -> None:
        app = self._app()
        result = CliRunner().invoke(app, ["router", "--dataset", str(tmp_path / "nope.jsonl")])
        assert result.exit_code == 2 and "does not exist" in result.output
        bad = tmp_path / "bad.jsonl"
        bad.write_text('{"text": "q"}\n', encoding="utf-8")
        result = CliRunner().invoke(app, ["router", "--dataset", str(bad)])
        assert result.exit_code == 2 and "bad.jsonl:1" in result.output
