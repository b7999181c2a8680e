"""The contract every search backend meets: the embedded store and Weaviate.

A backend stores documents with their chunks and the vectors *we* computed, and answers the two
single-leg searches; the engine above it runs both legs concurrently and fuses them, so fusion,
filters and scores behave the same whichever backend is configured. Every call names the
tenant; a backend never returns another tenant's data.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from retrieval_svc.embeddings import Matrix
from retrieval_svc.store import DocumentRecord, StoredChunk


@dataclass(frozen=True)
class ChunkFilter:
    """Restricts a search to some documents and/or exact metadata values (all must match)."""

    doc_ids: frozenset[str] | None = None
    metadata: Mapping[str, str] | None = None

    def admits(self, chunk: StoredChunk) -> bool:
        if self.doc_ids is not None and chunk.doc_id not in self.doc_ids:
            return False
        if self.metadata:
            return all(chunk.metadata.get(k) == v for k, v in self.metadata.items())
        return True


@dataclass(frozen=True)
class ScoredChunk:
    """One leg's result: a chunk and that leg's raw score (cosine or BM25)."""

    chunk: StoredChunk
    score: float


class SearchBackend(Protocol):
    """Storage and single-leg search for many tenants."""

    name: str

    async def replace_document(
        self, tenant: str, document: DocumentRecord, chunks: Sequence[StoredChunk], vectors: Matrix
    ) -> None:
        """Atomically replace (or create) a document; durable once this returns."""
        ...

    async def delete_document(self, tenant: str, doc_id: str) -> int | None:
        """Delete a document; the number of chunks removed, or None when it did not exist."""
        ...

    async def list_documents(self, tenant: str) -> list[DocumentRecord]: ...

    async def get_chunks(self, tenant: str, chunk_ids: Sequence[str]) -> list[StoredChunk]: ...

    async def vector_search(
        self, tenant: str, query_vector: Matrix, k: int, where: ChunkFilter | None = None
    ) -> list[ScoredChunk]:
        """Top ``k`` chunks by cosine similarity, best first."""
        ...

    async def bm25_search(
        self, tenant: str, query_tokens: Sequence[str], k: int, where: ChunkFilter | None = None
    ) -> list[ScoredChunk]:
        """Top ``k`` chunks by BM25 (Okapi, k1=1.5, b=0.75, rank_bm25's idf), best first."""
        ...

    async def stats(self, tenant: str) -> tuple[int, int]:
        """(documents, chunks) for the tenant."""
        ...

    async def close(self) -> None: ...


@runtime_checkable
class TextFirstBackend(Protocol):
    """A backend that can make a document searchable by BM25 before its vectors exist (both:
    the embedded store keeps the vectors pending in SQLite, Weaviate under a ``pending-``
    generation of chunks without vectors)."""

    async def replace_text(
        self, tenant: str, document: DocumentRecord, chunks: Sequence[StoredChunk]
    ) -> None:
        """Store the document, searchable by BM25 at once, vectors pending; durable."""
        ...

    async def set_vectors(
        self, tenant: str, doc_id: str, chunk_ids: Sequence[str], vectors: Matrix
    ) -> bool:
        """Give every chunk its vector at once; False when the document changed meanwhile."""
        ...

    async def pending_documents(self, tenant: str) -> frozenset[str]:
        """Documents searchable by BM25 only."""
        ...
