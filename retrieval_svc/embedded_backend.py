"""The embedded backend: SQLite for durability, in-memory per-tenant indexes for speed.

A write commits to SQLite first (one transaction, ``synchronous=FULL``) and only then updates
the in-memory index, so an acknowledged document survives ``kill -9`` and an unacknowledged
one is wholly there or wholly absent; at start-up the indexes are rebuilt from the database
(a large tenant's approximate vector index too: it is derived state, never persisted).
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
from retrieval_svc.vector_index import ANN_THRESHOLD, VectorIndexInfo


class EmbeddedBackend:
    """:class:`~retrieval_svc.backend.SearchBackend` over one SQLite file under ``data_dir``."""

    name = "embedded"

    def __init__(self, data_dir: Path, dim: int, ann_threshold: int = ANN_THRESHOLD) -> None:
        single_threaded_blas()  # matrix-vector products gain nothing from BLAS threads
        self._store = EmbeddedStore(data_dir, dim)
        self._dim = dim
        self._ann_threshold = ann_threshold
        self._indexes: dict[str, TenantIndex] = {}
        self._write_lock = asyncio.Lock()

    @property
    def path(self) -> Path:
        return self._store.path

    async def load(self) -> None:
        """Rebuild every tenant's index from the database (at start-up)."""
        for tenant in await asyncio.to_thread(self._store.tenants):
            await asyncio.to_thread(self._load_tenant, tenant)

    def _new_index(self) -> TenantIndex:
        # rebuilds after many writes run in the background; searches stay exact meanwhile
        return TenantIndex(self._dim, self._ann_threshold, background_builds=True)

    def _load_tenant(self, tenant: str) -> None:
        metadata, rows = self._store.index_rows(tenant)
        titles = {d.doc_id: d.title for d in self._store.list_documents(tenant)}
        index = self._new_index()
        index.reserve(self._store.count(tenant)[1])
        current = ""
        ids: list[str] = []
        tokens: list[list[str]] = []
        vectors: list[Matrix | None] = []

        def flush() -> None:
            if ids:
                ready = [v for v in vectors if v is not None]
                index.replace(
                    current,
                    metadata.get(current, {}),
                    ids,
                    tokens,
                    np.vstack(ready) if len(ready) == len(vectors) else None,
                    titles.get(current, ""),
                )
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
        index.build_vector_index()  # before the tenant serves: its first search is fast
        self._indexes[tenant] = index

    def _index(self, tenant: str) -> TenantIndex:
        index = self._indexes.get(tenant)
        if index is None:
            index = self._indexes[tenant] = self._new_index()
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
                document.title,
            )

    async def replace_text(
        self, tenant: str, document: DocumentRecord, chunks: Sequence[StoredChunk]
    ) -> None:
        """Store a document searchable by BM25 at once, its vectors pending (durable)."""
        async with self._write_lock:
            await asyncio.to_thread(
                self._store.replace_document, tenant, document, list(chunks), None
            )
            await asyncio.to_thread(
                self._index(tenant).replace,
                document.doc_id,
                document.metadata,
                [c.chunk_id for c in chunks],
                [c.tokens for c in chunks],
                None,
                document.title,
            )

    async def set_vectors(
        self, tenant: str, doc_id: str, chunk_ids: Sequence[str], vectors: Matrix
    ) -> bool:
        """Give a pending document all its vectors at once; False if it changed meanwhile."""
        async with self._write_lock:
            ok = await asyncio.to_thread(
                self._store.set_vectors, tenant, doc_id, list(chunk_ids), vectors
            )
            if ok:
                ok = await asyncio.to_thread(
                    self._index(tenant).set_vectors, doc_id, chunk_ids, vectors
                )
            return ok

    async def pending_documents(self, tenant: str) -> frozenset[str]:
        """The tenant's documents searchable by BM25 only, vectors pending."""
        index = self._indexes.get(tenant)
        return index.pending_documents() if index else frozenset()

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

    def _resolve(
        self, tenant: str, index: TenantIndex, ranked: list[tuple[str, float]]
    ) -> list[ScoredChunk]:
        """The ranked chunks with their texts (from SQLite) and their documents' titles and
        metadata (from the index, which holds them: no join, no JSON per result)."""
        rows = self._store.chunk_texts(tenant, [c for c, _ in ranked])
        docs: dict[str, tuple[str, dict[str, str]] | None] = {}
        out: list[ScoredChunk] = []
        for chunk_id, score in ranked:
            row = rows.get(chunk_id)
            if row is None:  # deleted since it was ranked
                continue
            doc_id, ordinal, section, text, page, page_label, ocr_confidence = row
            if doc_id not in docs:  # a copy per result set: callers may not touch the index
                found = index.document(doc_id)
                docs[doc_id] = (found[0], dict(found[1])) if found is not None else None
            doc = docs[doc_id]
            if doc is None:
                continue
            title, metadata = doc
            chunk = StoredChunk(
                chunk_id,
                doc_id,
                ordinal,
                title,
                section,
                text,
                (),
                metadata,
                page,
                page_label,
                ocr_confidence,
            )
            out.append(ScoredChunk(chunk, score))
        return out

    async def vector_search(
        self, tenant: str, query_vector: Matrix, k: int, where: ChunkFilter | None = None
    ) -> list[ScoredChunk]:
        index = self._indexes.get(tenant)
        if index is None:
            return []
        where = where or ChunkFilter()

        def run() -> list[ScoredChunk]:  # one thread hop: rank, then read the texts
            ranked = index.vector_top(query_vector, k, where.doc_ids, where.metadata)
            return self._resolve(tenant, index, ranked)

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
            return self._resolve(tenant, index, ranked)

        return await asyncio.to_thread(run)

    async def all_chunks(self, tenant: str) -> list[StoredChunk]:
        """Every chunk of a tenant with its tokens, in document order (for tools)."""
        chunks, _ = await asyncio.to_thread(self._store.load_tenant, tenant)
        return chunks

    @property
    def ann_threshold(self) -> int:
        """Chunks per tenant from which vector search is approximate."""
        return self._ann_threshold

    def vector_index_info(self, tenant: str) -> VectorIndexInfo | None:
        """The tenant's vector index state (None for an unknown tenant)."""
        index = self._indexes.get(tenant)
        return index.vector_info() if index else None

    def vector_top_exact(
        self, tenant: str, query_vector: Matrix, k: int
    ) -> list[tuple[str, float]]:
        """(chunk id, cosine) by an exact scan, to measure the approximate index's recall."""
        index = self._indexes.get(tenant)
        return index.vector_top(query_vector, k, exact=True) if index else []

    def vector_top(self, tenant: str, query_vector: Matrix, k: int) -> list[tuple[str, float]]:
        """(chunk id, cosine) as searches rank them (approximate for a large tenant)."""
        index = self._indexes.get(tenant)
        return index.vector_top(query_vector, k) if index else []

    async def stats(self, tenant: str) -> tuple[int, int]:
        index = self._indexes.get(tenant)
        return (index.documents, len(index)) if index else (0, 0)

    async def close(self) -> None:
        await asyncio.to_thread(self._store.close)
