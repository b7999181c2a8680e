"""The retrieval engine: validates, chunks, embeds, stores and searches, per tenant."""

from __future__ import annotations

import asyncio
import re
import time
from dataclasses import dataclass, field

from mesh.errors import InvalidInput, NotFound
from retrieval_svc.chunking import chunk_text
from retrieval_svc.embeddings import Embedder
from retrieval_svc.fusion import FusionMode
from retrieval_svc.hybrid import SearchOutcome, TenantIndex
from retrieval_svc.store import DocumentRecord, EmbeddedStore, StoredChunk
from retrieval_svc.text import clean_text, tokenize

TENANT_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
DOC_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")
TEXT_TYPES = {"text/plain", "text/markdown", "text/x-markdown", ""}
MAX_QUERY_CHARS = 4000
MAX_TITLE_CHARS = 300
MAX_METADATA_ITEMS = 32


@dataclass(frozen=True)
class NewDocument:
    """A document as it arrives to be ingested."""

    doc_id: str
    title: str
    content_type: str
    content: bytes
    metadata: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class IngestResult:
    """What an acknowledged ingest stored."""

    doc_id: str
    chunk_count: int
    replaced: bool


def check_tenant(tenant: str) -> str:
    """The tenant id, or InvalidInput saying what a tenant id looks like."""
    if not TENANT_RE.match(tenant):
        raise InvalidInput("tenant must be 1-64 characters of letters, digits, '.', '_' or '-'")
    return tenant


def check_doc_id(doc_id: str) -> str:
    """The document id, or InvalidInput saying what a document id looks like."""
    if not DOC_ID_RE.match(doc_id):
        raise InvalidInput(
            f"doc_id {doc_id[:80]!r} must be 1-128 characters of letters, digits, '.', '_', ':' "
            "or '-', starting with a letter or digit"
        )
    return doc_id


class RetrievalEngine:
    """Ingest and hybrid search over the embedded store, one in-memory index per tenant."""

    def __init__(
        self,
        store: EmbeddedStore,
        embedder: Embedder,
        chunk_chars: int = 600,
        max_document_bytes: int = 8 * 1024 * 1024,
        default_top_k: int = 8,
        vector_weight: float = 0.7,
        bm25_weight: float = 0.3,
        rrf_k: int = 60,
    ) -> None:
        if vector_weight < 0 or bm25_weight < 0 or vector_weight + bm25_weight == 0:
            raise ValueError("fusion weights must be non-negative and not both zero")
        self._store = store
        self._embedder = embedder
        self._chunk_chars = chunk_chars
        self._max_bytes = max_document_bytes
        self._top_k = default_top_k
        self._weights = (vector_weight, bm25_weight)
        self._rrf_k = rrf_k
        self._indexes: dict[str, TenantIndex] = {}
        self._write_lock = asyncio.Lock()

    @property
    def embedder_name(self) -> str:
        return self._embedder.name

    async def load(self) -> None:
        """Build every tenant's index from the store (at start-up)."""
        for tenant in await asyncio.to_thread(self._store.tenants):
            await self._reindex(tenant)

    async def _reindex(self, tenant: str) -> None:
        chunks, vectors = await asyncio.to_thread(self._store.load_tenant, tenant)
        index = await asyncio.to_thread(TenantIndex, chunks, vectors)
        self._indexes[tenant] = index

    def _parse(self, doc: NewDocument) -> tuple[str, list[StoredChunk]]:
        if not doc.content:
            raise InvalidInput(f"document {doc.doc_id!r} is empty")
        if len(doc.content) > self._max_bytes:
            raise InvalidInput(
                f"document {doc.doc_id!r} is {len(doc.content)} bytes; the limit is "
                f"{self._max_bytes}"
            )
        ctype = doc.content_type.split(";")[0].strip().lower()
        if ctype not in TEXT_TYPES:
            raise InvalidInput(
                f"content type {doc.content_type!r} is not supported; use text/plain or "
                "text/markdown"
            )
        try:
            text = clean_text(doc.content.decode("utf-8"))
        except UnicodeDecodeError as exc:
            raise InvalidInput(f"document {doc.doc_id!r} is not valid UTF-8 text") from exc
        drafts = chunk_text(text, self._chunk_chars)
        if not drafts:
            raise InvalidInput(f"document {doc.doc_id!r} has no text")
        title = doc.title.strip()[:MAX_TITLE_CHARS] or doc.doc_id
        chunks = [
            StoredChunk(
                chunk_id=f"{doc.doc_id}#{i}",
                doc_id=doc.doc_id,
                ordinal=i,
                title=title,
                section=d.section,
                text=d.text,
                tokens=tuple(tokenize(f"{title} {d.section} {d.text}")),
            )
            for i, d in enumerate(drafts)
        ]
        return title, chunks

    async def ingest(self, tenant: str, doc: NewDocument) -> IngestResult:
        """Store one document durably and make it searchable; replaces an earlier version."""
        check_tenant(tenant)
        check_doc_id(doc.doc_id)
        if len(doc.metadata) > MAX_METADATA_ITEMS:
            raise InvalidInput(f"metadata has more than {MAX_METADATA_ITEMS} fields")
        title, chunks = await asyncio.to_thread(self._parse, doc)
        vectors = await asyncio.to_thread(
            self._embedder.embed_passages,
            [
                f"{title}. {c.section}. {c.text}" if c.section else f"{title}. {c.text}"
                for c in chunks
            ],
        )
        record = DocumentRecord(
            doc_id=doc.doc_id,
            title=title,
            content_type=doc.content_type or "text/plain",
            metadata=dict(doc.metadata),
            ingested_at=time.time(),
            chunk_count=len(chunks),
        )
        async with self._write_lock:
            replaced = await asyncio.to_thread(
                self._store.replace_document, tenant, record, chunks, vectors
            )
            await self._reindex(tenant)
        return IngestResult(doc.doc_id, len(chunks), replaced)

    async def delete(self, tenant: str, doc_id: str) -> int:
        """Delete one document; NotFound when the tenant has no such document."""
        check_tenant(tenant)
        check_doc_id(doc_id)
        async with self._write_lock:
            removed = await asyncio.to_thread(self._store.delete_document, tenant, doc_id)
            if removed is None:
                raise NotFound(f"document {doc_id!r} does not exist")
            await self._reindex(tenant)
        return removed

    async def list_documents(self, tenant: str) -> list[DocumentRecord]:
        """The tenant's documents."""
        check_tenant(tenant)
        return await asyncio.to_thread(self._store.list_documents, tenant)

    def stats(self, tenant: str) -> tuple[int, int]:
        """(documents, chunks) of a tenant."""
        check_tenant(tenant)
        index = self._indexes.get(tenant)
        if index is None:
            return 0, 0
        return len({c.doc_id for c in index.chunks}), len(index)

    async def search(
        self,
        tenant: str,
        query: str,
        top_k: int = 0,
        doc_ids: list[str] | None = None,
        fusion: FusionMode = FusionMode.WEIGHTED_RRF,
        vector_weight: float = 0.0,
        bm25_weight: float = 0.0,
    ) -> SearchOutcome:
        """Hybrid search of one tenant's chunks."""
        check_tenant(tenant)
        query = query.strip()
        if not query:
            raise InvalidInput("query must not be empty")
        if len(query) > MAX_QUERY_CHARS:
            raise InvalidInput(f"query is longer than {MAX_QUERY_CHARS} characters")
        if top_k < 0 or top_k > 100:
            raise InvalidInput("top_k must be between 1 and 100 (0 for the default)")
        for d in doc_ids or []:
            check_doc_id(d)
        if vector_weight < 0 or bm25_weight < 0:
            raise InvalidInput("fusion weights must not be negative")
        index = self._indexes.get(tenant)
        if index is None or len(index) == 0:
            return SearchOutcome([], False)
        vw, bw = (vector_weight, bm25_weight) if vector_weight or bm25_weight else self._weights
        qvec = (await asyncio.to_thread(self._embedder.embed_queries, [query]))[0]
        tokens = tokenize(query)
        return await asyncio.to_thread(
            index.search,
            qvec,
            tokens,
            top_k or self._top_k,
            set(doc_ids) if doc_ids else None,
            fusion,
            vw,
            bw,
            self._rrf_k,
        )
