"""One tenant's in-memory search structures: a vector matrix and a BM25 index over row slots.

Only what search needs lives here (vectors, BM25 postings, row → chunk id / document); chunk
texts stay in SQLite and are read for the few rows a search returns. A document's rows are
replaced under one lock, so a search sees the old version or the new one, never a mix.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from retrieval_svc.bm25_index import BM25Index
from retrieval_svc.embeddings import Matrix

Rows = npt.NDArray[np.int64]


@dataclass
class _Doc:
    rows: list[int]
    metadata: dict[str, str]


class TenantIndex:
    """Vectors and BM25 for one tenant, updated per document."""

    def __init__(self, dim: int) -> None:
        self.dim = dim
        self._lock = threading.Lock()
        self._vectors: Matrix = np.zeros((0, dim), dtype=np.float32)
        self._alive = np.zeros(0, dtype=bool)
        self._chunk_ids: list[str | None] = []
        self._free: list[int] = []
        self._docs: dict[str, _Doc] = {}
        self._bm25 = BM25Index()

    def __len__(self) -> int:
        return len(self._bm25)

    @property
    def documents(self) -> int:
        return len(self._docs)

    def _slot(self) -> int:
        if self._free:
            return self._free.pop()
        row = len(self._chunk_ids)
        if row >= self._vectors.shape[0]:
            grown = np.zeros((max(64, 2 * self._vectors.shape[0]), self.dim), dtype=np.float32)
            grown[: self._vectors.shape[0]] = self._vectors
            self._vectors = grown
            alive = np.zeros(grown.shape[0], dtype=bool)
            alive[: self._alive.shape[0]] = self._alive
            self._alive = alive
        self._chunk_ids.append(None)
        return row

    def _drop(self, doc_id: str) -> int:
        doc = self._docs.pop(doc_id, None)
        if doc is None:
            return 0
        for row in doc.rows:
            self._bm25.remove(row)
            self._vectors[row] = 0.0
            self._alive[row] = False
            self._chunk_ids[row] = None
            self._free.append(row)
        return len(doc.rows)

    def replace(
        self,
        doc_id: str,
        metadata: Mapping[str, str],
        chunk_ids: Sequence[str],
        tokens: Sequence[Sequence[str]],
        vectors: Matrix,
    ) -> None:
        """Put a document's chunks in place of its earlier ones (if any)."""
        if vectors.shape != (len(chunk_ids), self.dim) or len(tokens) != len(chunk_ids):
            raise ValueError("one vector and one token list per chunk are required")
        with self._lock:
            self._drop(doc_id)
            rows: list[int] = []
            for chunk_id, terms, vector in zip(chunk_ids, tokens, vectors, strict=True):
                row = self._slot()
                self._vectors[row] = vector
                self._alive[row] = True
                self._chunk_ids[row] = chunk_id
                self._bm25.add(row, terms)
                rows.append(row)
            self._docs[doc_id] = _Doc(rows, dict(metadata))

    def delete(self, doc_id: str) -> int:
        """Remove a document; how many chunks it had (0 if unknown)."""
        with self._lock:
            return self._drop(doc_id)

    def _allowed(
        self, doc_ids: frozenset[str] | None, metadata: Mapping[str, str] | None
    ) -> Rows | None:
        if doc_ids is None and not metadata:
            return None
        names = self._docs.keys() if doc_ids is None else doc_ids & self._docs.keys()
        rows: list[int] = []
        for name in names:
            doc = self._docs[name]
            if metadata and any(doc.metadata.get(k) != v for k, v in metadata.items()):
                continue
            rows.extend(doc.rows)
        return np.asarray(rows, dtype=np.int64)

    def vector_top(
        self,
        query: Matrix,
        k: int,
        doc_ids: frozenset[str] | None = None,
        metadata: Mapping[str, str] | None = None,
    ) -> list[tuple[str, float]]:
        """(chunk id, cosine) of the ``k`` nearest chunks, best first."""
        with self._lock:
            n = len(self._chunk_ids)
            if not n or not len(self._bm25):
                return []
            allowed = self._allowed(doc_ids, metadata)
            if allowed is None:
                scores = self._vectors[:n] @ query.reshape(-1).astype(np.float32)
                scores[~self._alive[:n]] = -np.inf
                candidates = np.flatnonzero(self._alive[:n])
            else:
                candidates = allowed
                scores = np.full(n, -np.inf, dtype=np.float32)
                if allowed.size:
                    scores[allowed] = self._vectors[allowed] @ query.reshape(-1)
            if candidates.size > k:
                candidates = np.argpartition(-scores, k - 1)[:k]
            order = candidates[np.lexsort((candidates, -scores[candidates]))]
            return [(self._chunk_ids[r] or "", float(scores[r])) for r in order]

    def bm25_top(
        self,
        tokens: Sequence[str],
        k: int,
        doc_ids: frozenset[str] | None = None,
        metadata: Mapping[str, str] | None = None,
    ) -> list[tuple[str, float]]:
        """(chunk id, BM25) of the ``k`` best chunks with a positive score, best first."""
        with self._lock:
            allowed = self._allowed(doc_ids, metadata)
            if allowed is not None and not allowed.size:
                return []
            top = self._bm25.top(tokens, k, allowed)
            return [(self._chunk_ids[r] or "", s) for r, s in top]

    def vector_nbytes(self) -> int:
        """Bytes held by the vector matrix (including spare capacity)."""
        return int(self._vectors.nbytes)
