"""The offline hallucination model: a logistic regression over :mod:`judge_svc.features`.

``P(hallucinated) = sigmoid(intercept + sum(weight_i * (x_i - mean_i) / scale_i))`` over the
features in :data:`MODEL_FEATURES`. The answer is called hallucinated at ``P >= THRESHOLD``
(0.5), one operating point for every input: the fit weights each class of each dataset equally,
so 0.5 is the balanced point; it is not tuned per dataset.

**How the constants below were derived.** ``groundmesh bench judge --fit`` computes the features
of every row of the ``tune`` half (even CRC-32 of the id) of both shared judge sets
(FaithBench and LFQA-Verification) and fits :func:`fit_logistic` (Newton's method, L2 penalty
1.0 on the standardized weights, each (dataset, class) cell weighted to the same total), then
prints this table. The features were chosen by forward selection on 5-fold cross-validation
within the tune half (the held-out half was never used for fitting or choosing). No dataset row
is stored here: only 6 means, 6 scales, 6 weights and an intercept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from judge_svc import logistic
from judge_svc.features import FEATURE_NAMES, AnswerFeatures, answer_features
from judge_svc.findings import ClaimFinding, ClaimReport, FindingKind
from judge_svc.rules import Sentence, Source

THRESHOLD = 0.5
L2_PENALTY = 1.0
# Findings the model never overrules: a number or a negation that the best-matching source
# sentence states differently (contradictions), and a claim with no source at all to check.
KEPT_CHECKS = frozenset({"number", "negation", "source"})
MODEL_CHECK = "model"
SNIPPET_CHARS = 200

# (feature, mean, scale, weight) from `groundmesh bench judge --fit`; see the module docstring.
COEFFICIENTS: tuple[tuple[str, float, float, float], ...] = (
    ("novel_trigrams", 0.6413, 0.2245, 0.4912),
    ("max_claim_unrelated_pairs", 0.4938, 0.2537, 0.7115),
    ("unrelated_pairs", 0.2727, 0.1672, -0.2148),
    ("unsupported_share", 0.2328, 0.2518, 0.1295),
    ("novel_words", 0.2372, 0.1527, 0.4482),
    ("log_source_words", 5.3219, 0.9143, -0.0380),
)
INTERCEPT = 0.1219

MODEL_FEATURES: tuple[str, ...] = tuple(name for name, *_ in COEFFICIENTS)

FloatArray = logistic.FloatArray


@dataclass(frozen=True)
class LogisticModel(logistic.LogisticModel):
    """A logistic regression over named :mod:`judge_svc.features` (P(hallucinated))."""

    def __post_init__(self) -> None:
        super().__post_init__()
        unknown = [f for f in self.features if f not in FEATURE_NAMES]
        if unknown:
            raise ValueError(f"unknown feature(s): {', '.join(unknown)}")


DEFAULT_MODEL = LogisticModel(
    features=MODEL_FEATURES,
    means=tuple(m for _, m, _, _ in COEFFICIENTS),
    scales=tuple(s for _, _, s, _ in COEFFICIENTS),
    weights=tuple(w for _, _, _, w in COEFFICIENTS),
    intercept=INTERCEPT,
)


def _kept(finding: ClaimFinding) -> bool:
    if finding.check == "source":
        return True
    return finding.check in KEPT_CHECKS and finding.kind is FindingKind.CONTRADICTORY


def apply_model(
    report: ClaimReport,
    claims: Sequence[Sentence],
    sources: Sequence[Source],
    model: LogisticModel = DEFAULT_MODEL,
    threshold: float = THRESHOLD,
) -> None:
    """Let the model decide whether the lexical findings stand; updates ``report`` in place.

    ``P >= threshold``: every finding stands, and when the lexical checks found nothing the
    claim reading least like its evidence is named unsupported (check ``"model"``, with the
    features pushing most towards "hallucinated"). ``P < threshold``: findings move to
    ``report.dismissed``, except a number or negation contradicting the best-matching source
    sentence and a claim with no source to check (:data:`KEPT_CHECKS`).
    """
    if not claims:
        return
    features = answer_features(claims, sources, report)
    values = features.as_dict()
    p = model.probability(values)
    report.probability = round(p, 4)
    report.model_features = {name: round(values[name], 4) for name in model.features}
    if p >= threshold:
        worst = features.worst_claim()
        if not report.findings and worst is not None:
            pushes = [n.replace("_", " ") for n, c in model.contributions(values)[:2] if c > 0]
            report.findings.append(
                ClaimFinding(
                    FindingKind.UNSUPPORTED,
                    _snip(worst.claim),
                    f"the hallucination model gives P = {p:.2f} (>= {threshold:.2f})"
                    + (f", mostly from {' and '.join(pushes)}" if pushes else "")
                    + f"; this claim reads least like its source ({worst.unrelated_pairs:.0%} "
                    f"of its word pairs the source never relates, {worst.novel_trigrams:.0%} "
                    "novel trigrams)",
                    MODEL_CHECK,
                )
            )
        return
    report.dismissed.extend(f for f in report.findings if not _kept(f))
    report.findings[:] = [f for f in report.findings if _kept(f)]


def _snip(text: str, limit: int = SNIPPET_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


balanced_weights = logistic.balanced_weights


def fit_logistic(
    rows: Sequence[AnswerFeatures],
    labels: Sequence[int],
    features: Sequence[str] = MODEL_FEATURES,
    sample_weights: FloatArray | None = None,
    l2: float = L2_PENALTY,
    max_iterations: int = 100,
) -> LogisticModel:
    """Fit :func:`judge_svc.logistic.fit_matrix` on the named features of ``rows``."""
    columns = [FEATURE_NAMES.index(f) for f in features]
    x = np.asarray([[r.values[c] for c in columns] for r in rows], dtype=np.float64)
    fitted = logistic.fit_matrix(
        x.reshape(len(rows), len(columns)), labels, features, sample_weights, l2, max_iterations
    )
    return LogisticModel(
        fitted.features, fitted.means, fitted.scales, fitted.weights, fitted.intercept
    )
