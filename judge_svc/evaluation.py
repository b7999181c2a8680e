"""Measuring hallucination detectors on labelled (sources, answer, label) rows.

Two row formats are read (JSONL, one object per line):

- the shared judge format (``../shared/data/judge/*/*.jsonl``): ``{"id", "question",
  "context", "answer", "label", ...}``, label 1 = hallucinated; the context becomes one source
  per non-empty line (ids ``ctx-0``, ``ctx-1``, … with parent ``context``);
- cited rows: ``{"id", "question"?, "sources": [{"id", "parent_id"?, "text"}], "answer",
  "label"}``, so Chinese and cited answers are measured the same way.

Detectors map a row to 1 (hallucinated) or 0. Three are measured: ``always-hallucinated`` (the
trivial baseline), ``rules only`` (the seed's ``has_risk``) and ``offline judge`` (rules and
claim support: hallucinated when the judge names an unsupported, contradictory or
over-extrapolated claim, or an invalid citation).
"""

from __future__ import annotations

import itertools
import json
import statistics
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from judge_svc.engine import Judge, JudgeInput
from judge_svc.rules import Source

Split = Literal["all", "tune", "holdout"]


@dataclass(frozen=True)
class Row:
    """One labelled answer."""

    id: str
    question: str
    answer: str
    sources: list[Source]
    label: int


def in_split(row_id: str, split: Split) -> bool:
    """Stable half split by a CRC of the id: even → ``tune``, odd → ``holdout``."""
    if split == "all":
        return True
    even = zlib.crc32(row_id.encode("utf-8")) % 2 == 0
    return even if split == "tune" else not even


def parse_row(obj: Any, where: str) -> Row:
    """A row from one decoded JSON object; ValueError naming ``where`` when malformed."""
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: a row must be a JSON object")
    answer, label = obj.get("answer"), obj.get("label")
    if not isinstance(answer, str):
        raise ValueError(f"{where}: 'answer' must be a string")
    if label not in (0, 1):
        raise ValueError(f"{where}: 'label' must be 0 or 1")
    question = obj.get("question") or ""
    if not isinstance(question, str):
        raise ValueError(f"{where}: 'question' must be a string or null")
    if "sources" in obj:
        raw = obj["sources"]
        if not isinstance(raw, list):
            raise ValueError(f"{where}: 'sources' must be a list")
        sources = []
        for i, s in enumerate(raw):
            if not isinstance(s, dict) or not isinstance(s.get("text"), str):
                raise ValueError(f"{where}: sources[{i}] needs a 'text' string")
            if not isinstance(s.get("id"), str) or not s["id"]:
                raise ValueError(f"{where}: sources[{i}] needs a non-empty 'id'")
            sources.append(Source(s["id"], str(s.get("parent_id") or ""), s["text"]))
    elif isinstance(obj.get("context"), str):
        lines = [t for t in obj["context"].split("\n") if t.strip()]
        sources = [Source(f"ctx-{i}", "context", t) for i, t in enumerate(lines)]
    else:
        raise ValueError(f"{where}: a row needs 'sources' or a 'context' string")
    return Row(str(obj.get("id", where)), question, answer, sources, int(label))


def load_rows(path: Path, split: Split = "all", limit: int | None = None) -> list[Row]:
    """Rows of ``path`` in ``split``, at most ``limit``."""
    rows: list[Row] = []
    with path.open(encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path.name}:{n}: not JSON ({exc.msg})") from exc
            row = parse_row(obj, f"{path.name}:{n}")
            if in_split(row.id, split):
                rows.append(row)
            if limit is not None and len(rows) >= limit:
                break
    return rows


@dataclass(frozen=True)
class ClassStats:
    """Precision, recall and F1 of one class."""

    precision: float
    recall: float
    f1: float
    support: int


@dataclass(frozen=True)
class DetectorResult:
    """How one detector did on one dataset."""

    name: str
    balanced_accuracy: float
    hallucinated: ClassStats
    faithful: ClassStats
    median_ms: float
    p99_ms: float


def class_stats(pred: Sequence[int], gold: Sequence[int], positive: int) -> ClassStats:
    """Precision / recall / F1 of class ``positive``."""
    tp = sum(1 for p, g in zip(pred, gold, strict=True) if p == positive and g == positive)
    fp = sum(1 for p, g in zip(pred, gold, strict=True) if p == positive and g != positive)
    fn = sum(1 for p, g in zip(pred, gold, strict=True) if p != positive and g == positive)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return ClassStats(precision, recall, f1, tp + fn)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0-1) by nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


Detector = Callable[[Row], int]


def measure(name: str, detector: Detector, rows: Sequence[Row]) -> DetectorResult:
    """Run ``detector`` over ``rows``, timing each call."""
    preds: list[int] = []
    times: list[float] = []
    for row in rows:
        start = time.perf_counter()
        preds.append(detector(row))
        times.append((time.perf_counter() - start) * 1000)
    gold = [r.label for r in rows]
    h, f = class_stats(preds, gold, 1), class_stats(preds, gold, 0)
    return DetectorResult(
        name, (h.recall + f.recall) / 2, h, f, statistics.median(times), percentile(times, 0.99)
    )


def detectors(judge: Judge) -> dict[str, Detector]:
    """The three detectors, in the order they are reported."""

    def always(row: Row) -> int:
        return 1

    def rules_only(row: Row) -> int:
        return int(judge.detect(JudgeInput(row.answer, row.sources, row.question)).has_risk)

    def offline_judge(row: Row) -> int:
        v = judge.judge_offline(JudgeInput(row.answer, row.sources, row.question))
        return int(v.has_claim_findings or bool(v.rules.invalid_citations))

    return {
        "always-hallucinated": always,
        "rules only": rules_only,
        "offline judge": offline_judge,
    }


def cited_answer(words: Iterable[str], ids: Sequence[str], size: int = 300) -> str:
    """A ``size``-word answer in sentences of 15 words, each citing one of ``ids``.

    ``words`` are repeated as often as needed.
    """
    pool = list(words) or ["word"]
    out: list[str] = []
    sentence: list[str] = []
    for count, w in enumerate(itertools.cycle(pool), start=1):
        sentence.append(w)
        if len(sentence) == 15 or count == size:
            out.append(" ".join(sentence).rstrip(".") + f" [{ids[len(out) % len(ids)]}].")
            sentence = []
        if count == size:
            break
    return " ".join(out)
