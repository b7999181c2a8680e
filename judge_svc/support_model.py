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

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

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

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class LogisticModel:
    """Standardization and weights of a logistic regression over named features."""

    features: tuple[str, ...]
    means: tuple[float, ...]
    scales: tuple[float, ...]
    weights: tuple[float, ...]
    intercept: float

    def __post_init__(self) -> None:
        sizes = {len(self.features), len(self.means), len(self.scales), len(self.weights)}
        if len(sizes) != 1:
            raise ValueError("features, means, scales and weights must have the same length")
        unknown = [f for f in self.features if f not in FEATURE_NAMES]
        if unknown:
            raise ValueError(f"unknown feature(s): {', '.join(unknown)}")
        if any(s <= 0 for s in self.scales):
            raise ValueError("scales must be positive")

    def logit(self, values: dict[str, float]) -> float:
        """The linear score of one answer's features."""
        z = self.intercept
        for name, mean, scale, weight in zip(
            self.features, self.means, self.scales, self.weights, strict=True
        ):
            z += weight * (values[name] - mean) / scale
        return z

    def probability(self, values: dict[str, float]) -> float:
        """P(hallucinated) of one answer's features."""
        return _sigmoid(self.logit(values))

    def contributions(self, values: dict[str, float]) -> list[tuple[str, float]]:
        """Each feature's share of the logit, largest push towards "hallucinated" first."""
        parts = [
            (name, weight * (values[name] - mean) / scale)
            for name, mean, scale, weight in zip(
                self.features, self.means, self.scales, self.weights, strict=True
            )
        ]
        return sorted(parts, key=lambda p: -p[1])

    def table(self) -> str:
        """The model as the Python constants of this module (what ``--fit`` prints)."""
        lines = ["COEFFICIENTS: tuple[tuple[str, float, float, float], ...] = ("]
        for name, mean, scale, weight in zip(
            self.features, self.means, self.scales, self.weights, strict=True
        ):
            lines.append(f'    ("{name}", {mean:.4f}, {scale:.4f}, {weight:.4f}),')
        lines.append(")")
        lines.append(f"INTERCEPT = {self.intercept:.4f}")
        return "\n".join(lines)


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


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def balanced_weights(labels: Sequence[int], groups: Sequence[int]) -> FloatArray:
    """Sample weights giving every (group, class) cell the same total weight (mean 1)."""
    y = np.asarray(labels)
    g = np.asarray(groups)
    w = np.zeros(len(y), dtype=np.float64)
    for group in np.unique(g):
        for cls in (0, 1):
            cell = (g == group) & (y == cls)
            if cell.any():
                w[cell] = 1.0 / cell.sum()
    return w / w.mean() if len(w) else w


def fit_logistic(
    rows: Sequence[AnswerFeatures],
    labels: Sequence[int],
    features: Sequence[str] = MODEL_FEATURES,
    sample_weights: FloatArray | None = None,
    l2: float = L2_PENALTY,
    max_iterations: int = 100,
) -> LogisticModel:
    """Fit an L2-penalized logistic regression (Newton's method) on standardized features.

    ValueError when there are no rows, the labels are not 0/1, or only one class is present.
    """
    if not rows:
        raise ValueError("no rows to fit")
    y = np.asarray(labels, dtype=np.float64)
    if len(y) != len(rows) or not set(np.unique(y)) <= {0.0, 1.0}:
        raise ValueError("labels must be 0 or 1, one per row")
    if len(np.unique(y)) < 2:
        raise ValueError("both classes are needed to fit")
    columns = [FEATURE_NAMES.index(f) for f in features]
    x = np.asarray([[r.values[c] for c in columns] for r in rows], dtype=np.float64)
    means = x.mean(axis=0)
    scales = x.std(axis=0)
    scales[scales < 1e-9] = 1.0
    z = np.hstack([(x - means) / scales, np.ones((len(x), 1))])
    w = np.ones(len(y)) if sample_weights is None else np.asarray(sample_weights, np.float64)
    penalty = np.diag(np.r_[np.full(z.shape[1] - 1, l2), 0.0])
    beta = np.zeros(z.shape[1])
    for _ in range(max_iterations):
        p = 1.0 / (1.0 + np.exp(-(z @ beta)))
        gradient = z.T @ (w * (p - y)) + penalty @ beta
        hessian = (z * (w * p * (1 - p))[:, None]).T @ z + penalty
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    return LogisticModel(
        features=tuple(features),
        means=tuple(round(float(v), 4) for v in means),
        scales=tuple(round(float(v), 4) for v in scales),
        weights=tuple(round(float(v), 4) for v in beta[:-1]),
        intercept=round(float(beta[-1]), 4),
    )
