"""One tenant's in-memory search structures: vectors and a BM25 index over row slots.

Only what search needs lives here (vectors, BM25 postings, row → chunk id / document, each
document's title and metadata); chunk texts stay in SQLite and are read for the few rows a
search returns. A document's rows are replaced under the write side of a readers-writer lock, so
a search sees the old version or the new one, never a mix, while the vector and BM25 legs of one
search (and concurrent searches) read at the same time.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from retrieval_svc.bm25_index import BM25Index
from retrieval_svc.embeddings import Matrix
from retrieval_svc.vector_index import ANN_THRESHOLD, VectorIndex, VectorIndexInfo

Rows = npt.NDArray[np.int64]


@dataclass
class _Doc:
    rows: list[int]
    metadata: dict[str, str]
    title: str
    vectors_pending: bool = False


class ReadWriteLock:
    """Many readers or one writer; a waiting writer goes before readers that come later."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._writing = False
        self._writers_waiting = 0

    @contextmanager
    def read(self) -> Iterator[None]:
        with self._cond:
            while self._writing or self._writers_waiting:
                self._cond.wait()
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                if not self._readers:
                    self._cond.notify_all()

    @contextmanager
    def write(self) -> Iterator[None]:
        with self._cond:
            self._writers_waiting += 1
            while self._writing or self._readers:
                self._cond.wait()
            self._writers_waiting -= 1
            self._writing = True
        try:
            yield
        finally:
            with self._cond:
                self._writing = False
                self._cond.notify_all()


class TenantIndex:
    """Vectors and BM25 for one tenant, updated per document."""

    def __init__(
        self, dim: int, ann_threshold: int = ANN_THRESHOLD, background_builds: bool = False
    ) -> None:
        self.dim = dim
        self._lock = ReadWriteLock()
        self._vectors = VectorIndex(dim, ann_threshold=ann_threshold, background=background_builds)
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
        self._chunk_ids.append(None)
        return len(self._chunk_ids) - 1

    def _drop(self, doc_id: str) -> int:
        doc = self._docs.pop(doc_id, None)
        if doc is None:
            return 0
        for row in doc.rows:
            self._bm25.remove(row)
            self._vectors.clear(row)
            self._chunk_ids[row] = None
            self._free.append(row)
        return len(doc.rows)

    def replace(
        self,
        doc_id: str,
        metadata: Mapping[str, str],
        chunk_ids: Sequence[str],
        tokens: Sequence[Sequence[str]],
        vectors: Matrix | None,
        title: str = "",
    ) -> None:
        """Put a document's chunks in place of its earlier ones (if any). ``vectors`` None:
        the chunks are in BM25 only until :meth:`set_vectors` (the vector leg skips them)."""
        if len(tokens) != len(chunk_ids) or (
            vectors is not None and vectors.shape != (len(chunk_ids), self.dim)
        ):
            raise ValueError("one vector and one token list per chunk are required")
        with self._lock.write():
            self._drop(doc_id)
            rows: list[int] = []
            for i, (chunk_id, terms) in enumerate(zip(chunk_ids, tokens, strict=True)):
                row = self._slot()
                if vectors is not None:
                    self._vectors.set(row, vectors[i])
                self._chunk_ids[row] = chunk_id
                self._bm25.add(row, terms)
                rows.append(row)
            self._docs[doc_id] = _Doc(rows, dict(metadata), title, vectors is None)

    def set_vectors(self, doc_id: str, chunk_ids: Sequence[str], vectors: Matrix) -> bool:
        """Give a pending document its vectors at once; False if it is not that document."""
        with self._lock.write():
            doc = self._docs.get(doc_id)
            if doc is None or [self._chunk_ids[r] for r in doc.rows] != list(chunk_ids):
                return False
            for row, vector in zip(doc.rows, vectors, strict=True):
                self._vectors.set(row, vector)
            doc.vectors_pending = False
            return True

    def pending_documents(self) -> frozenset[str]:
        """Documents whose chunks are searchable by BM25 only, vectors pending."""
        with self._lock.read():
            return frozenset(d for d, doc in self._docs.items() if doc.vectors_pending)

    def delete(self, doc_id: str) -> int:
        """Remove a document; how many chunks it had (0 if unknown)."""
        with self._lock.write():
            return self._drop(doc_id)

    def reserve(self, chunks: int) -> None:
        """Make room for ``chunks`` rows at once (before loading a tenant of known size)."""
        with self._lock.write():
            self._vectors.reserve(chunks)

    def build_vector_index(self) -> float:
        """Build the approximate vector index now if the tenant is large enough (seconds)."""
        with self._lock.read():
            return self._vectors.build()

    def vector_info(self) -> VectorIndexInfo:
        return self._vectors.info()

    def document(self, doc_id: str) -> tuple[str, dict[str, str]] | None:
        """(title, metadata) of a live document, or None."""
        doc = self._docs.get(doc_id)
        return (doc.title, doc.metadata) if doc is not None else None

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

    def _named(self, rows: Sequence[int], scores: Sequence[float]) -> list[tuple[str, float]]:
        ids = self._chunk_ids
        return [(ids[r] or "", float(s)) for r, s in zip(rows, scores, strict=True)]

    def vector_top(
        self,
        query: Matrix,
        k: int,
        doc_ids: frozenset[str] | None = None,
        metadata: Mapping[str, str] | None = None,
        exact: bool = False,
    ) -> list[tuple[str, float]]:
        """(chunk id, cosine) of the ``k`` nearest chunks, best first (``exact`` skips the
        approximate index, for measuring its recall)."""
        with self._lock.read():
            if not len(self._bm25):
                return []
            allowed = self._allowed(doc_ids, metadata)
            if allowed is not None and not allowed.size:
                return []
            rows, scores = self._vectors.top(query, k, allowed, exact=exact)
            return self._named(rows.tolist(), scores.tolist())

    def bm25_top(
        self,
        tokens: Sequence[str],
        k: int,
        doc_ids: frozenset[str] | None = None,
        metadata: Mapping[str, str] | None = None,
    ) -> list[tuple[str, float]]:
        """(chunk id, BM25) of the ``k`` best chunks with a positive score, best first."""
        with self._lock.read():
            allowed = self._allowed(doc_ids, metadata)
            if allowed is not None and not allowed.size:
                return []
            top = self._bm25.top(tokens, k, allowed)
            return [(self._chunk_ids[r] or "", s) for r, s in top]

    def vector_nbytes(self) -> int:
        """Bytes held by the vector index (vectors with spare capacity, masks, PQ codes)."""
        return self._vectors.nbytes
