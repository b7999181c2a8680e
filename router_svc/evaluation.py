"""Measuring a router against a labelled set: loading JSONL, per-class precision/recall, macro-F1.

A labelled set is JSONL, one object a line: ``text``, ``history`` (a list of ``{role,
content}``), ``language``, ``intent``, ``task_type``, and optionally ``split`` (e.g. ``dev``,
``heldout``, ``challenge``).
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from router_svc.decision import HistoryTurn, Intent, RouteDecision, TaskType

INTENTS = tuple(i.value for i in Intent)
TASK_TYPES = tuple(t.value for t in TaskType)


@dataclass(frozen=True)
class Example:
    """One labelled question."""

    text: str
    history: list[HistoryTurn]
    language: str
    intent: str
    task_type: str
    split: str = ""


@dataclass(frozen=True)
class ClassScores:
    precision: float
    recall: float
    f1: float
    support: int


@dataclass(frozen=True)
class Report:
    """Per-class scores and macro-F1 of one label."""

    per_class: dict[str, ClassScores]
    macro_f1: float
    accuracy: float


@dataclass
class Evaluation:
    """What one router scored on a set, and how long it took per question."""

    intent: Report
    task_type: Report
    language_accuracy: float
    latencies_ms: list[float] = field(default_factory=list)
    followup_recall: float | None = None
    calibration_error: float = 0.0

    @property
    def p50_ms(self) -> float:
        return statistics.median(self.latencies_ms) if self.latencies_ms else 0.0

    @property
    def p99_ms(self) -> float:
        return percentile(self.latencies_ms, 99)


def percentile(values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, min(len(ordered), math.ceil(pct / 100 * len(ordered))))
    return ordered[rank - 1]


def _require(obj: dict[str, object], key: str, where: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{where}: {key!r} must be a non-empty string")
    return value


def parse_example(line: str, where: str) -> Example:
    """One JSONL line as an :class:`Example`; ValueError naming ``where`` when malformed."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{where}: not JSON ({exc.msg})") from exc
    if not isinstance(obj, dict):
        raise ValueError(f"{where}: each line must be a JSON object")
    text = _require(obj, "text", where)
    intent = _require(obj, "intent", where)
    task = _require(obj, "task_type", where)
    if intent not in INTENTS:
        raise ValueError(f"{where}: intent {intent!r} is not one of {', '.join(INTENTS)}")
    if task not in TASK_TYPES:
        raise ValueError(f"{where}: task_type {task!r} is not one of {', '.join(TASK_TYPES)}")
    raw_history = obj.get("history", [])
    if not isinstance(raw_history, list):
        raise ValueError(f"{where}: history must be a list")
    history: list[HistoryTurn] = []
    for i, turn in enumerate(raw_history):
        if (
            not isinstance(turn, dict)
            or turn.get("role") not in ("user", "assistant")
            or not isinstance(turn.get("content"), str)
        ):
            raise ValueError(f"{where}: history[{i}] must be {{role: user|assistant, content}}")
        history.append(HistoryTurn(turn["role"], turn["content"]))
    split = obj.get("split", "")
    return Example(
        text=text,
        history=history,
        language=str(obj.get("language", "")),
        intent=intent,
        task_type=task,
        split=split if isinstance(split, str) else "",
    )


def load_examples(path: Path) -> list[Example]:
    """Every example of a JSONL file (blank lines skipped)."""
    examples = []
    with path.open(encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            if line.strip():
                examples.append(parse_example(line, f"{path}:{number}"))
    if not examples:
        raise ValueError(f"{path} has no examples")
    return examples


def report(gold: Sequence[str], predicted: Sequence[str], labels: Iterable[str]) -> Report:
    """Per-class precision, recall and F1 over ``labels`` that occur in ``gold`` or
    ``predicted``; macro-F1 is their unweighted mean."""
    if len(gold) != len(predicted):
        raise ValueError("gold and predicted differ in length")
    present = [lab for lab in labels if lab in gold or lab in predicted]
    per_class: dict[str, ClassScores] = {}
    for lab in present:
        tp = sum(1 for g, p in zip(gold, predicted, strict=True) if g == p == lab)
        fp = sum(1 for g, p in zip(gold, predicted, strict=True) if p == lab and g != lab)
        fn = sum(1 for g, p in zip(gold, predicted, strict=True) if g == lab and p != lab)
        precision = tp / (tp + fp) if tp + fp else 0.0
        recall = tp / (tp + fn) if tp + fn else 0.0
        f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
        per_class[lab] = ClassScores(precision, recall, f1, tp + fn)
    macro = statistics.fmean(s.f1 for s in per_class.values()) if per_class else 0.0
    correct = sum(1 for g, p in zip(gold, predicted, strict=True) if g == p)
    return Report(per_class, macro, correct / len(gold) if gold else 0.0)


Classify = Callable[[str, list[HistoryTurn]], RouteDecision]


def evaluate(classify: Classify, examples: Sequence[Example], *, timed: bool = True) -> Evaluation:
    """Run ``classify`` on every example and score it."""
    intents: list[str] = []
    tasks: list[str] = []
    confidences: list[float] = []
    languages_ok = 0
    latencies: list[float] = []
    for ex in examples:
        started = time.perf_counter()
        decision = classify(ex.text, list(ex.history))
        if timed:
            latencies.append((time.perf_counter() - started) * 1000.0)
        intents.append(decision.intent.value)
        tasks.append(decision.task_type.value)
        confidences.append(decision.confidence)
        languages_ok += decision.language == ex.language
    # The confidence is the intent's (the seeds' IntentClassification), so is the calibration.
    correct = [e.intent == i for e, i in zip(examples, intents, strict=True)]
    followups = [t for e, t in zip(examples, tasks, strict=True) if e.task_type == FOLLOWUP]
    return Evaluation(
        intent=report([e.intent for e in examples], intents, INTENTS),
        task_type=report([e.task_type for e in examples], tasks, TASK_TYPES),
        language_accuracy=languages_ok / len(examples) if examples else 0.0,
        latencies_ms=latencies,
        followup_recall=(
            sum(t == FOLLOWUP for t in followups) / len(followups) if followups else None
        ),
        calibration_error=calibration_error(confidences, correct),
    )


FOLLOWUP = TaskType.CONVERSATION_FOLLOWUP.value


def calibration_error(
    confidences: Sequence[float], correct: Sequence[bool], bins: int = 10
) -> float:
    """Expected calibration error: |accuracy - mean confidence| per confidence bin, weighted by
    the bin's share of the decisions (``correct``: whether each decision's intent was right)."""
    if not confidences:
        return 0.0
    total = 0.0
    for b in range(bins):
        low, high = b / bins, (b + 1) / bins
        idx = [
            i for i, c in enumerate(confidences) if low <= c < high or (b == bins - 1 and c == 1)
        ]
        if idx:
            accuracy = sum(correct[i] for i in idx) / len(idx)
            mean = sum(confidences[i] for i in idx) / len(idx)
            total += len(idx) / len(confidences) * abs(accuracy - mean)
    return total


def majority_baseline(train: Sequence[Example]) -> Classify:
    """Always the most frequent intent and task type of ``train`` (language: most frequent)."""

    def most(values: list[str]) -> str:
        return max(sorted(set(values)), key=values.count)

    intent = Intent(most([e.intent for e in train]))
    task = TaskType(most([e.task_type for e in train]))
    language = most([e.language for e in train])

    def classify(text: str, history: list[HistoryTurn]) -> RouteDecision:
        return RouteDecision(
            intent=intent,
            task_type=task,
            confidence=1.0,
            reasoning="majority class",
            language=language,
            answer_language=language,
            normalized_question=text,
            standalone_question=text,
            is_followup=False,
            engine="majority",
        )

    return classify
