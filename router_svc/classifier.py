"""The learned router: hashed character and word n-grams → a softmax over the seven routes.

A route is a (task type, intent) pair of the labelling guide (``router_svc/README.md``). The
model is a multinomial logistic regression over hashed features of the message (characters
1–3 for Chinese and mixed text, words and in-word character trigrams for English, so typos and
code-mixing still share features) and, when there is history, the same features again under a
``history`` prefix plus a few flags; a follow-up needs history, so without it that class is
never predicted. Probabilities are temperature-calibrated on the development split.

Written by hand rather than with scikit-learn: inference is a sum of a few hundred rows of one
matrix (well under a millisecond), training is a dozen lines of NumPy, and scikit-learn with
SciPy would add about 150 MB to every router image for it. The weights are trained here
(``router_svc/training/fit.py``, deterministic) and shipped in ``router_svc/model/``.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from router_svc.decision import Intent, TaskType

BUCKETS = 1 << 14
MODEL_PATH = Path(__file__).parent / "model" / "router_model.npz"

ROUTES: tuple[tuple[TaskType, Intent], ...] = (
    (TaskType.GREETING, Intent.DIRECT_ANSWER),
    (TaskType.OUT_OF_SCOPE, Intent.DIRECT_ANSWER),
    (TaskType.SIMPLE_FAQ, Intent.WEB_SEARCH),
    (TaskType.SIMPLE_FAQ, Intent.DOCUMENT_QA),
    (TaskType.FORM_DOWNLOAD, Intent.DOCUMENT_QA),
    (TaskType.SIMPLE_FAQ, Intent.COMPLEX),
    (TaskType.CONVERSATION_FOLLOWUP, Intent.DOCUMENT_QA),
)
FOLLOWUP = len(ROUTES) - 1
FloatArray = npt.NDArray[np.float32]

_HAN = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_LATIN_WORD = re.compile(r"[a-z0-9]+(?:['’][a-z]+)?")
_SPACES = re.compile(r"\s+")


def _bucket(feature: str) -> int:
    return zlib.crc32(feature.encode("utf-8")) % BUCKETS


def _text_features(text: str) -> list[str]:
    """Character 1–3-grams of the squeezed text, English words and in-word trigrams."""
    low = _SPACES.sub(" ", unicodedata.normalize("NFKC", text).lower()).strip()
    out: list[str] = []
    squeezed = f"^{low}$"
    for n in (1, 2, 3):
        out.extend(f"c{n}:{squeezed[i : i + n]}" for i in range(len(squeezed) - n + 1))
    words = _LATIN_WORD.findall(low)
    out.extend(f"w:{w}" for w in words)
    out.extend(f"w2:{a} {b}" for a, b in itertools.pairwise(words))
    for w in words:
        padded = f"<{w}>"
        out.extend(f"t:{padded[i : i + 3]}" for i in range(len(padded) - 2))
    return out


def _length_bucket(text: str) -> int:
    han = len(re.findall(f"[{_HAN}]", text))
    words = len(_LATIN_WORD.findall(text.lower()))
    units = han + 2 * words
    return min(units // 4, 8)


def features(text: str, history: bool) -> dict[int, float]:
    """The hashed feature vector of a message (bucket → value)."""
    names = _text_features(text)
    names.append(f"len:{_length_bucket(text)}")
    names.append("bias:history" if history else "bias:none")
    if history:
        names.extend([f"h|{n}" for n in names])
    counts: dict[int, float] = {}
    for name in names:
        b = _bucket(name)
        counts[b] = counts.get(b, 0.0) + 1.0
    norm = float(np.sqrt(sum(v * v for v in counts.values()))) or 1.0
    return {k: v / norm for k, v in counts.items()}


def dense(rows: list[dict[int, float]]) -> FloatArray:
    """The feature rows as one dense matrix (training and evaluation)."""
    x = np.zeros((len(rows), BUCKETS), dtype=np.float32)
    for i, row in enumerate(rows):
        for k, v in row.items():
            x[i, k] = v
    return x


@dataclass(frozen=True)
class Prediction:
    """The calibrated probability of every route; the best one and its probability."""

    route: tuple[TaskType, Intent]
    confidence: float
    probabilities: tuple[float, ...]

    @property
    def intent_confidence(self) -> float:
        """P(the best route's intent): the routes sharing it summed (greeting and out of scope
        are both DIRECT_ANSWER). The seeds' confidence is the intent's, and it is what the
        escalation under 0.8 reads; on train:dev it raised intent macro-F1 0.908 → 0.911."""
        intent = self.route[1]
        return sum(p for (_, i), p in zip(ROUTES, self.probabilities, strict=True) if i is intent)

    def without(self, task: TaskType) -> Prediction:
        """The prediction with ``task``'s routes ruled out, the rest renormalised."""
        p = np.array(
            [0.0 if t is task else v for (t, _), v in zip(ROUTES, self.probabilities, strict=True)]
        )
        if p.sum() <= 0.0:
            return self
        p = p / p.sum()
        best = int(p.argmax())
        return Prediction(ROUTES[best], float(p[best]), tuple(float(v) for v in p))

    def describe(self) -> str:
        """The top three routes with their probabilities."""
        order = sorted(range(len(ROUTES)), key=lambda i: -self.probabilities[i])[:3]
        return ", ".join(
            f"{ROUTES[i][0].value}/{ROUTES[i][1].value} {self.probabilities[i]:.2f}" for i in order
        )


@dataclass(frozen=True)
class RouterModel:
    """Weights (buckets × routes), biases and the calibration temperature."""

    weights: FloatArray
    bias: FloatArray
    temperature: float

    @classmethod
    def load(cls, path: Path = MODEL_PATH) -> RouterModel:
        """The shipped model."""
        with np.load(path) as data:
            return cls(
                data["weights"].astype(np.float32),
                data["bias"].astype(np.float32),
                float(data["temperature"]),
            )

    def save(self, path: Path) -> None:
        """Write the model (compressed NumPy archive)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            path, weights=self.weights, bias=self.bias, temperature=np.float32(self.temperature)
        )

    def logits(self, feats: dict[int, float]) -> FloatArray:
        """Uncalibrated scores of every route."""
        keys = np.fromiter(feats.keys(), dtype=np.int64)
        values = np.fromiter(feats.values(), dtype=np.float32)
        out: FloatArray = values @ self.weights[keys] + self.bias
        return out

    def predict(self, text: str, history: bool) -> Prediction:
        """The calibrated route probabilities of one message."""
        z = self.logits(features(text, history)) / self.temperature
        if not history:
            z[FOLLOWUP] = -np.inf  # a follow-up always has history
        z = z - z.max()
        p = np.exp(z)
        p = p / p.sum()
        best = int(p.argmax())
        return Prediction(ROUTES[best], float(p[best]), tuple(float(v) for v in p))
