"""Training the learned router (``groundmesh bench router --fit``): deterministic, from the data.

1. Every labelled message of ``router_svc/training/data/*.jsonl`` (written from the labelling
   guide by writers who never saw the router's code).
2. Split by a CRC-32 of the message's *base* (lower-cased, punctuation, emoji and trailing
   particles dropped, first 12 characters), so a message and its casual variants fall in the
   same part: 70 % train, 15 % dev (temperature calibration), 15 % held-out (reported only).
3. A multinomial logistic regression (:mod:`router_svc.classifier`), full-batch Adam with a
   fixed number of steps from zero weights, each route weighted by the inverse of its count.
4. The temperature minimizing the dev split's log loss, from a fixed grid.

Nothing is random, so the same data gives the same weights; ``--fit`` compares them with the
shipped ones.
"""

from __future__ import annotations

import json
import re
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np

from router_svc.classifier import ROUTES, FloatArray, RouterModel, dense, features
from router_svc.decision import Intent, TaskType

DATA_DIR = Path(__file__).parent / "data"
STEPS = 300
LEARNING_RATE = 0.1
L2 = 1e-5
TEMPERATURES = tuple(round(0.3 + 0.1 * i, 1) for i in range(28))
Part = Literal["train", "dev", "heldout"]
_BASE = re.compile(r"[\W_]+")
_PARTICLES = re.compile(r"(?:啦|耶|呗|唄|喔|哦|啊|呀|吧|欸|ㄟ|lol|pls|plz|thx)+$")


@dataclass(frozen=True)
class Labelled:
    """One training message."""

    text: str
    history: bool
    route: int
    language: str
    writer: str


def _route_index(task: str, intent: str) -> int:
    return ROUTES.index((TaskType(task), Intent(intent)))


def read_rows(paths: Iterable[Path]) -> list[Labelled]:
    """The labelled messages of the data files; ValueError naming a bad line."""
    rows: list[Labelled] = []
    for path in sorted(paths):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                route = _route_index(obj["task_type"], obj["intent"])
                rows.append(
                    Labelled(
                        obj["text"],
                        bool(obj.get("history")),
                        route,
                        obj["language"],
                        str(obj.get("writer", "")),
                    )
                )
            except (ValueError, KeyError, TypeError) as exc:
                raise ValueError(f"{path.name}:{n}: not a labelled message ({exc})") from exc
    return rows


def base_of(text: str) -> str:
    """What a message's casual variants share (the key of the split)."""
    bare = _BASE.sub("", text.lower())
    return _PARTICLES.sub("", bare)[:12]


def part_of(text: str) -> Part:
    """train (70 %), dev (15 %) or heldout (15 %), by the message's base."""
    h = zlib.crc32(base_of(text).encode("utf-8")) % 100
    return "train" if h < 70 else "dev" if h < 85 else "heldout"


def split(rows: Sequence[Labelled]) -> dict[Part, list[Labelled]]:
    """The three parts."""
    parts: dict[Part, list[Labelled]] = {"train": [], "dev": [], "heldout": []}
    for row in rows:
        parts[part_of(row.text)].append(row)
    return parts


def _matrix(rows: Sequence[Labelled]) -> FloatArray:
    return dense([features(r.text, r.history) for r in rows])


def _fit_weights(x: FloatArray, y: np.ndarray) -> tuple[FloatArray, FloatArray]:
    """Adam on the class-weighted softmax loss with an L2 penalty, from zero."""
    k = len(ROUTES)
    counts = np.bincount(y, minlength=k).astype(np.float32)
    class_weight = np.where(counts > 0, len(y) / (k * np.maximum(counts, 1)), 0.0)
    sample_weight = class_weight[y].astype(np.float32) / len(y)
    onehot = np.eye(k, dtype=np.float32)[y]
    w = np.zeros((x.shape[1], k), dtype=np.float32)
    b = np.zeros(k, dtype=np.float32)
    m_w, v_w = np.zeros_like(w), np.zeros_like(w)
    m_b, v_b = np.zeros_like(b), np.zeros_like(b)
    for step in range(1, STEPS + 1):
        z = x @ w + b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) * sample_weight[:, None]
        grad_w = x.T @ g + L2 * w
        grad_b = g.sum(axis=0)
        for param, grad, m, v in ((w, grad_w, m_w, v_w), (b, grad_b, m_b, v_b)):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            m_hat = m / (1 - 0.9**step)
            v_hat = v / (1 - 0.999**step)
            param -= LEARNING_RATE * m_hat / (np.sqrt(v_hat) + 1e-8)
    return w, b


def _log_loss(model: RouterModel, rows: Sequence[Labelled], temperature: float) -> float:
    total = 0.0
    for r in rows:
        z = model.logits(features(r.text, r.history)) / temperature
        z = z - z.max()
        total -= float(z[r.route] - np.log(np.exp(z).sum()))
    return total / max(len(rows), 1)


def train(rows: Sequence[Labelled]) -> RouterModel:
    """Fit on the train part, calibrate on the dev part."""
    parts = split(rows)
    x = _matrix(parts["train"])
    y = np.asarray([r.route for r in parts["train"]], dtype=np.int64)
    w, b = _fit_weights(x, y)
    raw = RouterModel(w, b, 1.0)
    temperature = min(TEMPERATURES, key=lambda t: _log_loss(raw, parts["dev"], t))
    return RouterModel(w, b, temperature)


def same_model(a: RouterModel, b: RouterModel, tolerance: float = 1e-4) -> bool:
    """Whether two models agree to ``tolerance`` (BLAS may round differently across machines)."""
    return (
        a.weights.shape == b.weights.shape
        and bool(np.allclose(a.weights, b.weights, atol=tolerance))
        and bool(np.allclose(a.bias, b.bias, atol=tolerance))
        and abs(a.temperature - b.temperature) < 1e-6
    )


def data_files(directory: Path = DATA_DIR) -> list[Path]:
    """The training data files."""
    return sorted(directory.glob("*.jsonl"))
