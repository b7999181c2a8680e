"""judge_svc.model_fit and ``groundmesh bench judge --fit`` on small synthetic sets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from bench import judge as bench_judge
from judge_svc.evaluation import Row, parse_row
from judge_svc.features import FEATURE_NAMES, AnswerFeatures
from judge_svc.logistic import balanced_accuracy
from judge_svc.model_fit import (
    Labelled,
    cross_validate,
    derive,
    forward_select,
)

pytestmark = pytest.mark.unit

PEOPLE = ["Alice", "Bruno", "Chen", "Dara", "Emil", "Farah", "Goran", "Hana"]
PLACES = ["Paris", "Rome", "Lisbon", "Oslo", "Vienna", "Prague", "Dublin", "Madrid"]
THINGS = ["bakery", "garage", "library", "studio", "market", "clinic", "theatre", "school"]


def synthetic_rows(n: int) -> list[dict[str, object]]:
    """Faithful answers copy a source sentence; hallucinated ones recombine and add words."""
    rows: list[dict[str, object]] = []
    for i in range(n):
        a, b = PEOPLE[i % 8], PEOPLE[(i + 3) % 8]
        p, q = PLACES[i % 8], PLACES[(i + 5) % 8]
        t, u = THINGS[i % 8], THINGS[(i + 2) % 8]
        context = (
            f"{a} opened the {t} in {p} after a long winter. "
            f"{b} later closed the old {u} near {q} for repairs."
        )
        if i % 2 == 0:
            answer = f"{a} opened the {t} in {p} after a long winter."
        else:
            answer = f"{b} opened a famous {t} in {p} with generous public funding."
        rows.append({"id": f"syn-{i}", "context": context, "answer": answer, "label": i % 2})
    return rows


def as_rows(raw: list[dict[str, object]]) -> list[Row]:
    return [parse_row(r, f"t:{i}") for i, r in enumerate(raw)]


def labelled(value: float, label: int, group: int = 0) -> Labelled:
    values = tuple(value if n == "novel_words" else 0.0 for n in FEATURE_NAMES)
    return Labelled(AnswerFeatures(values, ()), label, group)


def test_balanced_accuracy() -> None:
    assert balanced_accuracy([1, 1, 1, 1], [1, 1, 0, 0]) == 0.5
    assert balanced_accuracy([1, 0, 0, 0], [1, 1, 0, 0]) == 0.75
    assert balanced_accuracy([1, 1], [1, 1]) == 0.5


def test_cross_validation_finds_a_separating_feature_and_selection_picks_it() -> None:
    data = [labelled(float(i % 2) + 0.05 * (i % 5), i % 2, group=i % 3 // 2) for i in range(60)]
    assert cross_validate(data, ["novel_words"]) == (1.0, 1.0)
    assert cross_validate(data, ["novel_pairs"])[0] <= 0.6
    steps = forward_select(data, ["novel_pairs", "novel_words", "log_source_words"])
    assert steps[0][0] == "novel_words" and len(steps) == 1


def test_tiny_sets_with_one_class_per_fold_do_not_fail() -> None:
    data = [labelled(0.0, 0), labelled(1.0, 1), labelled(0.0, 0)]
    assert all(0.0 <= v <= 1.0 for v in cross_validate(data, ["novel_words"]))


def test_derive_separates_the_synthetic_classes() -> None:
    result = derive([as_rows(synthetic_rows(40))])
    assert result.selected and result.model.features == result.selected
    assert result.cv_balanced_accuracy[0] >= 0.9


def test_derive_needs_both_labels() -> None:
    rows = [r for r in as_rows(synthetic_rows(10)) if r.label == 1]
    with pytest.raises(ValueError, match="both labels"):
        derive([rows])


def test_the_fit_command_prints_the_constants_and_refuses_the_holdout(tmp_path: Path) -> None:
    path = tmp_path / "syn.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in synthetic_rows(30)) + "\n")
    app = typer.Typer()
    sub = typer.Typer()
    bench_judge.register(sub)
    app.add_typer(sub, name="bench")
    runner = CliRunner()
    args = ["bench", "judge", "--fit", "--dataset", str(path), "--split", "all"]
    out = runner.invoke(app, [*args, "--json"])
    assert out.exit_code == 0, out.output
    figures = json.loads(out.output)
    assert figures["datasets"] == {"syn": 30} and figures["split"] == "all"
    assert figures["selection"] and "COEFFICIENTS" in figures["table"]
    assert figures["matches_code"] is False
    table = runner.invoke(app, args)
    assert "forward selection" in table.output and "DIFFER from" in table.output
    refused = runner.invoke(
        app, ["bench", "judge", "--fit", "--dataset", str(path), "--split", "holdout"]
    )
    assert refused.exit_code == 2 and "never fitted on the held-out half" in refused.output
