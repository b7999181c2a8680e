"""Re-deriving the hallucination model's constants (``groundmesh bench judge --fit``).

1. The features (:mod:`judge_svc.features`) of every labelled row, with the lexical claim
   checks' findings as they stand before the model (``ClaimChecker(model=None)``).
2. Forward selection: starting from no feature, add the one that most raises the summed
   per-dataset balanced accuracy of 5-fold cross-validation (averaged over :data:`CV_SEEDS`
   fold assignments); stop when nothing adds more than :data:`MIN_GAIN`.
3. Fit the chosen features on all the rows (:func:`judge_svc.support_model.fit_logistic`, each
   (dataset, class) cell weighted equally, so the 0.5 threshold is the balanced point).

Only ever run on the ``tune`` half: the held-out half is for reporting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from judge_svc.claims import ClaimChecker
from judge_svc.engine import Judge, JudgeInput
from judge_svc.evaluation import Row
from judge_svc.features import FEATURE_NAMES, AnswerFeatures, answer_features
from judge_svc.logistic import balanced_accuracy
from judge_svc.support_model import (
    THRESHOLD,
    LogisticModel,
    balanced_weights,
    fit_logistic,
)

FOLDS = 5
CV_SEEDS = (0, 1, 2, 3)
MIN_GAIN = 0.002


@dataclass(frozen=True)
class Labelled:
    """One row's features, its label and which dataset it came from."""

    features: AnswerFeatures
    label: int
    group: int


@dataclass(frozen=True)
class FitResult:
    """The fitted model and the cross-validated balanced accuracy per dataset."""

    model: LogisticModel
    selected: tuple[str, ...]
    cv_balanced_accuracy: tuple[float, ...]
    steps: tuple[tuple[str, tuple[float, ...]], ...]


def labelled_features(datasets: Sequence[Sequence[Row]]) -> list[Labelled]:
    """Features of every row, the lexical findings taken before the model."""
    judge = Judge(checker=ClaimChecker(model=None))
    out: list[Labelled] = []
    for group, rows in enumerate(datasets):
        for row in rows:
            rules = judge.detect(JudgeInput(row.answer, row.sources, row.question))
            report = judge.checker.check(rules.claims, row.sources)
            out.append(
                Labelled(answer_features(rules.claims, row.sources, report), row.label, group)
            )
    return out


def cross_validate(
    data: Sequence[Labelled], features: Sequence[str], seeds: Sequence[int] = CV_SEEDS
) -> tuple[float, ...]:
    """Per-dataset balanced accuracy of ``FOLDS``-fold cross-validation, averaged over seeds."""
    labels = np.asarray([d.label for d in data])
    groups = np.asarray([d.group for d in data])
    n_groups = int(groups.max()) + 1
    totals = np.zeros(n_groups)
    for seed in seeds:
        fold = np.random.default_rng(seed).integers(0, FOLDS, len(data))
        predicted = np.zeros(len(data), dtype=int)
        for f in range(FOLDS):
            train = np.flatnonzero(fold != f).tolist()
            test = np.flatnonzero(fold == f).tolist()
            if len(test) == 0:
                continue
            seen = {int(labels[i]) for i in train}
            if len(seen) < 2:  # a tiny set: the fold's training rows have one class
                predicted[test] = seen.pop() if seen else 1
                continue
            model = fit_logistic(
                [data[i].features for i in train],
                labels[train].tolist(),
                features,
                balanced_weights(labels[train].tolist(), groups[train].tolist()),
            )
            for i in test:
                p = model.probability(data[i].features.as_dict())
                predicted[i] = int(p >= THRESHOLD)
        for g in range(n_groups):
            mask = groups == g
            totals[g] += balanced_accuracy(predicted[mask].tolist(), labels[mask].tolist())
    return tuple(round(float(t / len(seeds)), 4) for t in totals)


def forward_select(
    data: Sequence[Labelled], candidates: Sequence[str] = FEATURE_NAMES
) -> list[tuple[str, tuple[float, ...]]]:
    """Greedy forward selection on the summed per-dataset cross-validated balanced accuracy."""
    chosen: list[str] = []
    steps: list[tuple[str, tuple[float, ...]]] = []
    best = 0.0
    rest = list(candidates)
    while rest:
        scored = [(cross_validate(data, [*chosen, c]), c) for c in rest]
        scores, pick = max(scored, key=lambda sc: sum(sc[0]))
        if sum(scores) <= best + MIN_GAIN:
            break
        best = sum(scores)
        chosen.append(pick)
        rest.remove(pick)
        steps.append((pick, scores))
    return steps


def derive(datasets: Sequence[Sequence[Row]]) -> FitResult:
    """Select features and fit the model on ``datasets`` (each a list of labelled rows)."""
    data = labelled_features(datasets)
    if len({d.label for d in data}) < 2:
        raise ValueError("the rows to fit need both labels")
    steps = forward_select(data)
    selected = tuple(name for name, _ in steps)
    labels = [d.label for d in data]
    model = fit_logistic(
        [d.features for d in data],
        labels,
        selected,
        balanced_weights(labels, [d.group for d in data]),
    )
    return FitResult(model, selected, steps[-1][1] if steps else (), tuple(steps))
