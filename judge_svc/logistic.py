"""A small logistic regression: standardized named features, L2 penalty, Newton's method.

Shared by the judge's two offline models (hallucination, :mod:`judge_svc.support_model`; answer
relevance, :mod:`judge_svc.relevance_model`). Written here rather than taken from scikit-learn:
the fit is 20 lines of NumPy, the models ship as a handful of constants, and scikit-learn (with
SciPy) would add about 150 MB to every judge image for it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

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
        if any(s <= 0 for s in self.scales):
            raise ValueError("scales must be positive")

    def logit(self, values: dict[str, float]) -> float:
        """The linear score of one row's features."""
        z = self.intercept
        for name, mean, scale, weight in zip(
            self.features, self.means, self.scales, self.weights, strict=True
        ):
            z += weight * (values[name] - mean) / scale
        return z

    def probability(self, values: dict[str, float]) -> float:
        """P(positive class) of one row's features."""
        return sigmoid(self.logit(values))

    def contributions(self, values: dict[str, float]) -> list[tuple[str, float]]:
        """Each feature's share of the logit, largest push towards the positive class first."""
        parts = [
            (name, weight * (values[name] - mean) / scale)
            for name, mean, scale, weight in zip(
                self.features, self.means, self.scales, self.weights, strict=True
            )
        ]
        return sorted(parts, key=lambda p: -p[1])

    def table(self) -> str:
        """The model as Python constants (what the ``--fit`` benchmarks print)."""
        lines = ["COEFFICIENTS: tuple[tuple[str, float, float, float], ...] = ("]
        for name, mean, scale, weight in zip(
            self.features, self.means, self.scales, self.weights, strict=True
        ):
            lines.append(f'    ("{name}", {mean:.4f}, {scale:.4f}, {weight:.4f}),')
        lines.append(")")
        lines.append(f"INTERCEPT = {self.intercept:.4f}")
        return "\n".join(lines)


def sigmoid(z: float) -> float:
    """The logistic function, without overflow for large ``|z|``."""
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


def balanced_accuracy(predicted: Sequence[int], gold: Sequence[int]) -> float:
    """Mean of the recalls of both classes (0.5 for a one-class gold)."""
    p, g = np.asarray(predicted), np.asarray(gold)
    recalls = [float((p[g == c] == c).mean()) for c in (0, 1) if (g == c).any()]
    return sum(recalls) / len(recalls) if len(recalls) == 2 else 0.5


def fit_matrix(
    x: FloatArray,
    labels: Sequence[int],
    features: Sequence[str],
    sample_weights: FloatArray | None = None,
    l2: float = 1.0,
    max_iterations: int = 100,
) -> LogisticModel:
    """Fit an L2-penalized logistic regression (Newton's method) on standardized columns.

    ValueError when there are no rows, the labels are not 0/1, or only one class is present.
    """
    if len(x) == 0:
        raise ValueError("no rows to fit")
    y = np.asarray(labels, dtype=np.float64)
    if len(y) != len(x) or not set(np.unique(y)) <= {0.0, 1.0}:
        raise ValueError("labels must be 0 or 1, one per row")
    if len(np.unique(y)) < 2:
        raise ValueError("both classes are needed to fit")
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
