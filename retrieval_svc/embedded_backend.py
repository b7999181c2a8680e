"""The embedded backend: SQLite for durability, in-memory per-tenant indexes for speed.

A write commits to SQLite first (one transaction, ``synchronous=FULL``) and only then updates
the in-memory index, so an acknowledged document survives ``kill -9`` and an unacknowledged
one is wholly there or wholly absent; at start-up the indexes are rebuilt from the database.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from retrieval_svc.backend import ChunkFilter, ScoredChunk
from retrieval_svc.blas import single_threaded_blas
from retrieval_svc.embeddings import Matrix
from retrieval_svc.store import DocumentRecord, EmbeddedStore, StoredChunk
from retrieval_svc.tenant_index import TenantIndex


class EmbeddedBackend:
    """:class:`~retrieval_svc.backend.SearchBackend` over one SQLite file under ``data_dir``."""

    name = "embedded"

    def __init__(self, data_dir: Path, dim: int) -> None:
        single_threaded_blas()  # matrix-vector products gain nothing from BLAS threads
        self._store = EmbeddedStore(data_dir, dim)
        self._dim = dim
        self._indexes: dict[str, TenantIndex] = {}
        self._write_lock = asyncio.Lock()

    @property
    def path(self) -> Path:
        return self._store.path

    async def load(self) -> None:
        """Rebuild every tenant's index from the database (at start-up)."""
        for tenant in await asyncio.to_thread(self._store.tenants):
            await asyncio.to_thread(self._load_tenant, tenant)

    def _load_tenant(self, tenant: str) -> None:
        metadata, rows = self._store.index_rows(tenant)
        index = TenantIndex(self._dim)
        current = ""
        ids: list[str] = []
        tokens: list[list[str]] = []
        vectors: list[Matrix] = []

        def flush() -> None:
            if ids:
                index.replace(current, metadata.get(current, {}), ids, tokens, np.vstack(vectors))
                ids.clear()
                tokens.clear()
                vectors.clear()

        for doc_id, chunk_id, terms, vector in rows:
            if doc_id != current:
                flush()
                current = doc_id
            ids.append(chunk_id)
            tokens.append(terms)
            vectors.append(vector)
        flush()
        self._indexes[tenant] = index

    def _index(self, tenant: str) -> TenantIndex:
        index = self._indexes.get(tenant)
        if index is None:
            index = self._indexes[tenant] = TenantIndex(self._dim)
        return index

    async def replace_document(
        self, tenant: str, document: DocumentRecord, chunks: Sequence[StoredChunk], vectors: Matrix
    ) -> None:
        async with self._write_lock:
            await asyncio.to_thread(
                self._store.replace_document, tenant, document, list(chunks), vectors
            )
            await asyncio.to_thread(
                self._index(tenant).replace,
                document.doc_id,
                document.metadata,
                [c.chunk_id for c in chunks],
                [c.tokens for c in chunks],
                vectors,
            )

    async def delete_document(self, tenant: str, doc_id: str) -> int | None:
        async with self._write_lock:
            removed = await asyncio.to_thread(self._store.delete_document, tenant, doc_id)
            if removed is not None:
                await asyncio.to_thread(self._index(tenant).delete, doc_id)
            return removed

    async def list_documents(self, tenant: str) -> list[DocumentRecord]:
        return await asyncio.to_thread(self._store.list_documents, tenant)

    async def get_chunks(self, tenant: str, chunk_ids: Sequence[str]) -> list[StoredChunk]:
        return await asyncio.to_thread(self._store.get_chunks, tenant, list(chunk_ids))

    def _resolve(self, tenant: str, ranked: list[tuple[str, float]]) -> list[ScoredChunk]:
        chunks = {c.chunk_id: c for c in self._store.get_chunks(tenant, [c for c, _ in ranked])}
        return [ScoredChunk(chunks[c], s) for c, s in ranked if c in chunks]

    async def vector_search(
        self, tenant: str, query_vector: Matrix, k: int, where: ChunkFilter | None = None
    ) -> list[ScoredChunk]:
        index = self._indexes.get(tenant)
        if index is None:
            return []
        where = where or ChunkFilter()

        def run() -> list[ScoredChunk]:  # one thread hop: rank, then read the texts
            ranked = index.vector_top(query_vector, k, where.doc_ids, where.metadata)
            return self._resolve(tenant, ranked)

        return await asyncio.to_thread(run)

    async def bm25_search(
        self, tenant: str, query_tokens: Sequence[str], k: int, where: ChunkFilter | None = None
    ) -> list[ScoredChunk]:
        index = self._indexes.get(tenant)
        if index is None or not query_tokens:
            return []
        where = where or ChunkFilter()
        tokens = list(query_tokens)

        def run() -> list[ScoredChunk]:
            ranked = index.bm25_top(tokens, k, where.doc_ids, where.metadata)
            return self._resolve(tenant, ranked)

        return await asyncio.to_thread(run)

    async def all_chunks(self, tenant: str) -> list[StoredChunk]:
        """Every chunk of a tenant with its tokens, in document order (for tools)."""
        chunks, _ = await asyncio.to_thread(self._store.load_tenant, tenant)
        return chunks

    async def stats(self, tenant: str) -> tuple[int, int]:
        index = self._indexes.get(tenant)
        return (index.documents, len(index)) if index else (0, 0)

    async def close(self) -> None:
        await asyncio.to_thread(self._store.close)
