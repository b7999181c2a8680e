"""``groundmesh bench grade``: does the retrieval grader pass the passage that answers?

The agent keeps a searched passage only when judge_svc's grade (the weighted share of the
question's words it holds, :class:`~judge_svc.grading.LexicalGrader`) reaches the call's
threshold: 0.65 first, then 0.50 and 0.35 on retries. A gold passage graded under the threshold
costs a retry; under 0.35, the honest answer becomes a wrong "not found".

For every question of a half of ``../shared/data/retrieval`` (DRCD zh-Hant, CMRC 2018 zh-Hans,
SQuAD en; written by the datasets' annotators, not by us) three passages are graded together:
its gold paragraph, another paragraph of the same article (often partly relevant: reported, not
scored) and a random paragraph of the whole set (off-topic). The figures are the share of each
kind graded at or above 0.65 and 0.35. The halves are split by a hash of the query id; the
grader's question words were tuned on ``tune``; ``report`` is what the README quotes.

Graders in the same run, on the same passages:
- ``pass all``: the trivial baseline (every passage kept);
- ``any shared word``: a passage holding any one of the question's words (grade > 0) is kept
  at every threshold;
- ``lexical grader``: judge_svc's offline grader, as the agent calls it.
"""

from __future__ import annotations

import hashlib
import json
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from bench.halves import require_split
from bench.retrieval_quality import load_set
from judge_svc.evaluation import percentile
from judge_svc.grading import GRADE_CHUNK_CHARS, GradeChunk, LexicalGrader
from mesh.config import REPO_ROOT

DATA_ROOT = REPO_ROOT.parent / "shared" / "data" / "retrieval"
DATASETS = ("drcd", "cmrc2018", "squad_v1.1")
THRESHOLDS = (0.65, 0.35)
KINDS = ("gold", "same article", "off-topic")
SEED = 7


@dataclass(frozen=True)
class GradeCase:
    """One question and its three passages, in :data:`KINDS` order (same article may lack)."""

    dataset: str
    question: str
    passages: tuple[tuple[str, str], ...]  # (kind, text)


def in_half(query_id: str, split: str) -> bool:
    """Whether a query belongs to ``split``: tune and report halves by a hash of its id."""
    even = int(hashlib.sha1(query_id.encode()).hexdigest(), 16) % 2 == 0
    return split == "all" or even == (split == "tune")


def load(root: Path, split: str, per_dataset: int) -> list[GradeCase]:
    """Up to ``per_dataset`` questions of each set's ``split``, shuffled with a fixed seed."""
    cases: list[GradeCase] = []
    for name in DATASETS:
        qa = load_set(root / name)
        by_title: dict[str, list[str]] = defaultdict(list)
        for doc_id, (title, _) in qa.corpus.items():
            by_title[title].append(doc_id)
        ids = sorted(qa.corpus)
        queries = sorted(q for q in qa.queries if in_half(q, split))
        rng = random.Random(SEED)
        rng.shuffle(queries)
        for qid in queries[:per_dataset]:
            gold_id = min(qa.relevant[qid])
            title, gold = qa.corpus[gold_id]
            same = [i for i in by_title[title] if i != gold_id]
            other = [i for i in ids if qa.corpus[i][0] != title]
            passages = [("gold", gold)]
            if same:
                passages.append(("same article", qa.corpus[rng.choice(same)][1]))
            passages.append(("off-topic", qa.corpus[rng.choice(other)][1]))
            cases.append(GradeCase(name, qa.queries[qid], tuple(passages)))
    return cases


Grader = Callable[[GradeCase], list[float]]


def lexical(grader: LexicalGrader) -> Grader:
    def run(case: GradeCase) -> list[float]:
        chunks = [
            GradeChunk(f"p{i}", text[:GRADE_CHUNK_CHARS])
            for i, (_, text) in enumerate(case.passages)
        ]
        return [g.relevance for g in grader.grade(case.question, chunks).chunk_grades]

    return run


def measure(cases: list[GradeCase]) -> dict[str, Any]:
    """Pass rates per grader, dataset, passage kind and threshold; the grader's latency."""
    grader = LexicalGrader()
    graded = lexical(grader)
    scores: list[list[float]] = []
    times: list[float] = []
    for case in cases:
        start = time.perf_counter()
        scores.append(graded(case))
        times.append((time.perf_counter() - start) * 1000)
    shared = [[1.0 if s > 0 else 0.0 for s in row] for row in scores]
    every = [[1.0] * len(row) for row in scores]
    return {
        "graders": {
            "pass all": _rates(cases, every),
            "any shared word": _rates(cases, shared),
            "lexical grader": _rates(cases, scores),
        },
        "median_ms": round(statistics.median(times), 3) if times else 0.0,
        "p99_ms": round(percentile(times, 0.99), 3) if times else 0.0,
    }


def _rates(cases: list[GradeCase], scores: list[list[float]]) -> dict[str, dict[str, float]]:
    """``{dataset: {"gold@0.65": share, ...}}`` plus ``all``."""
    passed: dict[tuple[str, str, float], list[int]] = defaultdict(list)
    for case, row in zip(cases, scores, strict=True):
        for (kind, _), score in zip(case.passages, row, strict=True):
            for t in THRESHOLDS:
                for ds in (case.dataset, "all"):
                    passed[(ds, kind, t)].append(int(score >= t))
    out: dict[str, dict[str, float]] = defaultdict(dict)
    for (ds, kind, t), hits in passed.items():
        out[ds][f"{kind}@{t:.2f}"] = round(sum(hits) / len(hits), 4)
    return dict(out)


def _print(result: dict[str, Any]) -> None:
    typer.echo(
        f"retrieval grade, split {result['split']}: {result['questions']} questions, "
        f"share of passages kept at each threshold (gold: higher is better; off-topic: lower)"
    )
    header = "".join(f"{k.split()[0]}@{t:.2f}".rjust(15) for k in KINDS for t in THRESHOLDS)
    typer.echo(f"  {'grader':<17}{'set':<11}{header}")
    for name, rates in result["graders"].items():
        for ds in (*DATASETS, "all"):
            cells = "".join(_cell(rates[ds].get(f"{k}@{t:.2f}")) for k in KINDS for t in THRESHOLDS)
            typer.echo(f"  {name:<17}{ds:<11}{cells}")
    typer.echo(
        f"  lexical grader latency per question (3 passages): median "
        f"{result['median_ms']:.2f} ms, p99 {result['p99_ms']:.2f} ms"
    )


def _cell(rate: float | None) -> str:
    """A share, or "-" where the set has no such passage (CMRC 2018: one paragraph an article)."""
    return f"{rate:>15.3f}" if rate is not None else f"{'-':>15}"


def register(app: typer.Typer) -> None:
    """Add ``grade`` to the ``bench`` sub-app."""

    @app.command("grade")
    def grade_bench(
        split: Annotated[str, typer.Option(help="report (default), tune or all")] = "report",
        per_dataset: Annotated[int, typer.Option(min=1, help="questions per dataset")] = 400,
        as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    ) -> None:
        """Share of gold, same-article and off-topic passages the retrieval grader keeps."""
        require_split(split, DATA_ROOT)
        cases = load(DATA_ROOT, split, per_dataset)
        result = {"split": split, "questions": len(cases), **measure(cases)}
        if as_json:
            typer.echo(json.dumps(result, indent=2))
        else:
            _print(result)
