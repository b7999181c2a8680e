"""The Weaviate backend: one multi-tenant chunk collection and one multi-tenant document collection.

Vectors are ours (no vectorizer module); BM25 runs on a ``tokens`` property that holds *our*
tokenizer's tokens joined by spaces with Weaviate's ``whitespace`` tokenization, ``k1=1.5``,
``b=0.75`` and no stop words, so both backends rank by the same terms.

We use the native asyncio client (``WeaviateAsyncClient``): the engine runs the vector and
BM25 legs concurrently on the gRPC server's event loop, and an async client does that without
tying up two of the few executor threads of a 2-core machine per search (the sync client would
also run an event loop of its own in a background thread). The client belongs to the event loop
that first used it; one backend serves one loop.

**What a reader may observe during a replace.** Each version of a document is a *generation*
(a hash of its content); chunk UUIDs are ``uuid5(doc_id, generation, chunk_id)``. A replace
(1) writes the new generation's chunks, (2) upserts the document record naming the new
generation — the commit point — and (3) deletes the chunks of every other generation. Every
read keeps only chunks whose generation is the one their document record names, so a reader sees
the old version until (2) and the new one after it, never a mix. A read whose chunks were
superseded between its query and that check asks again, pinned to the generations the check
found (up to 5 times; a pin whose generation is superseded in turn moves to the newer one),
so a reader does not come back empty-handed. A replace that fails before
(2) leaves the old version intact (its stray chunks stay invisible and are removed by the next
replace or delete of that document). A delete removes the record first, so the document
disappears at once. Writes are serialized per backend object.

**Text first.** A document may be stored before its vectors (:class:`TextFirstBackend`): its
chunks go in without vectors under a ``pending-`` generation, committed as above, so BM25
finds them and vector search does not. Its vectors arrive as the next generation, written
with the same chunks and committed only if the pending generation is still the document's
(a replace or delete meanwhile wins; the vectors are dropped).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

import numpy as np
import weaviate
from weaviate.classes.aggregate import Metrics
from weaviate.classes.config import (
    Configure,
    ConsistencyLevel,
    DataType,
    Property,
    StopwordsPreset,
    Tokenization,
    VectorDistances,
)
from weaviate.classes.data import DataObject
from weaviate.classes.init import AdditionalConfig, Auth, Timeout
from weaviate.classes.query import Filter, MetadataQuery
from weaviate.classes.tenants import Tenant
from weaviate.collections.classes.aggregate import AggregateInteger
from weaviate.collections.classes.filters import _Filters
from weaviate.collections.classes.types import WeaviateField
from weaviate.collections.collection.async_ import CollectionAsync
from weaviate.exceptions import WeaviateBaseError
from weaviate.util import generate_uuid5

from mesh.config import RetrievalSettings
from retrieval_svc.backend import ChunkFilter, ScoredChunk
from retrieval_svc.embeddings import Matrix
from retrieval_svc.store import DocumentRecord, StoredChunk

log = logging.getLogger(__name__)

_WEAVIATE_TENANT = re.compile(r"^[A-Za-z0-9-]{1,64}$")
_MAX_IDS_PER_QUERY = 1000
# Reads that met hidden chunks (stray or just superseded) ask again at most this many times.
_ATTEMPTS = 5
# Results carry no tokens (as the embedded backend's): they only feed BM25 inside Weaviate.
_RETURNED = [
    "chunk_id",
    "doc_id",
    "generation",
    "ordinal",
    "title",
    "section",
    "text",
    "metadata_json",
    "page",
    "page_label",
    "ocr_confidence",
]
_BATCH = 256


# The generation of a document stored before its vectors (BM25 finds it; vector search not).
PENDING = "pending-"


def _record(p: Mapping[str, Any]) -> DocumentRecord:
    """A document record's properties as a DocumentRecord."""
    return DocumentRecord(
        doc_id=str(p["doc_id"]),
        title=str(p["title"]),
        content_type=str(p["content_type"]),
        metadata=dict(json.loads(str(p["metadata_json"]))),
        ingested_at=float(p["ingested_at"]),
        chunk_count=int(p["chunk_count"]),
    )


def _is_live(props: Mapping[str, Any], committed: Mapping[str, str]) -> bool:
    """Whether a chunk belongs to the generation its document record names."""
    return committed.get(str(props["doc_id"])) == str(props["generation"])


def _pinned(filters: _Filters | None, pins: Mapping[str, str | None]) -> _Filters | None:
    """``filters`` further limited, for each pinned document, to the generation it names (a
    pinned document without a generation no longer exists and is left out)."""
    if not pins:
        return filters
    by_doc = Filter.by_property("doc_id")
    clauses: list[_Filters] = [Filter.all_of([by_doc.not_equal(d) for d in sorted(pins)])]
    clauses += [
        Filter.all_of([by_doc.equal(d), Filter.by_property("generation").equal(g)])
        for d, g in sorted(pins.items())
        if g is not None
    ]
    pinned = Filter.any_of(clauses)
    return pinned if filters is None else Filter.all_of([filters, pinned])


class WeaviateBackendError(RuntimeError):
    """Weaviate refused or failed a call; the message says which and why."""


def weaviate_tenant(tenant: str) -> str:
    """Our tenant id as a Weaviate tenant name (``[A-Za-z0-9_-]{1,64}``), injectively.

    Ids of letters, digits and '-' pass unchanged; any other id (ours may hold '.' and '_')
    becomes ``h_`` + 48 hex digits of its SHA-256 — the underscore keeps the two kinds apart.
    """
    if not tenant:
        raise ValueError("tenant must not be empty")
    if _WEAVIATE_TENANT.match(tenant):
        return tenant
    return "h_" + hashlib.sha256(tenant.encode("utf-8")).hexdigest()[:48]


def _key(name: str, data_type: DataType) -> Property:
    """An exact-match, filterable property."""
    return Property(
        name=name, data_type=data_type, tokenization=Tokenization.FIELD, index_searchable=False
    )


def _page_properties() -> list[Property]:
    """The properties added since the first collections were made (pages, OCR confidence):
    a collection without them gains them in place."""
    return [
        Property(name="page", data_type=DataType.INT, index_filterable=False),
        _stored("page_label"),
        Property(name="ocr_confidence", data_type=DataType.NUMBER, index_filterable=False),
    ]


def _stored(name: str) -> Property:
    """A text property that is only returned, never searched or filtered."""
    return Property(
        name=name, data_type=DataType.TEXT, index_filterable=False, index_searchable=False
    )


def _meta_pair(key: str, value: str) -> str:
    return json.dumps([key, value], ensure_ascii=False)


def _stale_pins(pins: Mapping[str, str | None], committed: Mapping[str, str]) -> set[str]:
    """Pinned documents whose record now names another generation (or that appeared since)."""
    return {d for d, g in pins.items() if committed.get(d) != g}


def generation_of(document: DocumentRecord, chunks: Sequence[StoredChunk], vectors: Matrix) -> str:
    """A hash of a document version's content (not its ingest time): re-ingesting identical
    content rewrites the same objects instead of churning new ones."""
    h = hashlib.sha256()
    head = [
        document.doc_id,
        document.title,
        document.content_type,
        sorted(document.metadata.items()),
    ]
    h.update(json.dumps(head, ensure_ascii=False).encode("utf-8"))
    for c in chunks:
        row = [
            c.chunk_id,
            c.ordinal,
            c.title,
            c.section,
            c.text,
            list(c.tokens),
            c.page,
            c.page_label,
        ]
        if c.ocr_confidence:  # text read by OCR (the generations of other text stay as they were)
            row.append(c.ocr_confidence)
        h.update(json.dumps(row, ensure_ascii=False).encode("utf-8"))
    h.update(np.ascontiguousarray(vectors, dtype=np.float32).tobytes())
    return h.hexdigest()[:32]


class WeaviateBackend:
    """:class:`~retrieval_svc.backend.SearchBackend` over a Weaviate server."""

    name = "weaviate"

    def __init__(
        self,
        *,
        http_host: str = "127.0.0.1",
        http_port: int = 8080,
        grpc_host: str | None = None,
        grpc_port: int = 50051,
        secure: bool = False,
        api_key: str | None = None,
        collection: str = "GroundmeshChunk",
        dim: int | None = None,
        timeout_seconds: float = 30.0,
        replication_factor: int = 1,
        consistency_level: str | None = None,
    ) -> None:
        if not re.match(r"^[A-Z][A-Za-z0-9]{0,40}$", collection):
            raise ValueError(f"collection {collection!r} must be a capitalized alphanumeric name")
        self._http = (http_host, http_port)
        self._grpc = (grpc_host or http_host, grpc_port)
        self._secure = secure
        self._api_key = api_key
        self._timeout = timeout_seconds
        self._dim = dim
        if replication_factor < 1:
            raise ValueError(f"replication_factor must be at least 1, got {replication_factor}")
        self._replication_factor = replication_factor
        # None: the server's default (QUORUM); ONE keeps an RF-2 collection usable with a node down.
        self._consistency = ConsistencyLevel(consistency_level) if consistency_level else None
        self.chunk_collection = collection
        stem = collection.removesuffix("Chunk") or collection
        self.document_collection = f"{stem}Document"
        self._client: weaviate.WeaviateAsyncClient | None = None
        self._connect_lock = asyncio.Lock()
        # Writes are serialized in this process: two interleaved replaces of one document could
        # otherwise each delete the other's generation. Nothing serializes writers on different
        # replicas: concurrent ingests of one document there can leave it without chunks.
        self._write_lock = asyncio.Lock()
        self._tenants: set[str] = set()

    @classmethod
    def from_settings(cls, settings: RetrievalSettings, dim: int | None = None) -> WeaviateBackend:
        """Build from RetrievalSettings' ``weaviate_*`` fields (gRPC on the URL's host).

        The chunk collection is ``weaviate_collection``; the documents live beside it in the
        same name with ``Chunk`` replaced by ``Document`` (``GroundmeshDocument``).
        """
        url = urlsplit(settings.weaviate_url)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise ValueError(f"weaviate_url {settings.weaviate_url!r} is not an http(s) URL")
        secure = url.scheme == "https"
        api_key = getattr(settings, "weaviate_api_key", None)  # not a setting (yet)
        return cls(
            http_host=url.hostname,
            http_port=url.port or (443 if secure else 80),
            grpc_port=settings.weaviate_grpc_port,
            secure=secure,
            api_key=str(api_key) if api_key else None,
            collection=settings.weaviate_collection,
            dim=dim,
            timeout_seconds=settings.weaviate_timeout_seconds,
            replication_factor=settings.weaviate_replication_factor,
            consistency_level=settings.weaviate_consistency_level or None,
        )

    # -- connection and schema ---------------------------------------------------------------

    async def _connected(self) -> weaviate.WeaviateAsyncClient:
        if self._client is not None:
            return self._client
        async with self._connect_lock:
            if self._client is None:
                client = weaviate.use_async_with_custom(
                    http_host=self._http[0],
                    http_port=self._http[1],
                    http_secure=self._secure,
                    grpc_host=self._grpc[0],
                    grpc_port=self._grpc[1],
                    grpc_secure=self._secure,
                    auth_credentials=Auth.api_key(self._api_key) if self._api_key else None,
                    additional_config=AdditionalConfig(
                        timeout=Timeout(
                            init=self._timeout, query=self._timeout, insert=self._timeout
                        )
                    ),
                    # The init checks include a call to PyPI; this service never leaves its network.
                    skip_init_checks=True,
                )
                try:
                    await client.connect()
                    await self._ensure_schema(client)
                except WeaviateBaseError as exc:
                    await client.close()
                    raise WeaviateBackendError(
                        f"cannot use Weaviate at {self._http[0]}:{self._http[1]}: {exc}"
                    ) from exc
                self._client = client
        return self._client

    async def _ensure_schema(self, client: weaviate.WeaviateAsyncClient) -> None:
        common: dict[str, Any] = {
            "multi_tenancy_config": Configure.multi_tenancy(
                enabled=True, auto_tenant_creation=False, auto_tenant_activation=True
            ),
        }
        if self._replication_factor > 1:
            common["replication_config"] = Configure.replication(
                factor=self._replication_factor, async_enabled=True
            )
        if not await client.collections.exists(self.chunk_collection):
            await self._create(
                client,
                self.chunk_collection,
                properties=[
                    _key("chunk_id", DataType.TEXT),
                    _key("doc_id", DataType.TEXT),
                    _key("generation", DataType.TEXT),
                    Property(name="ordinal", data_type=DataType.INT, index_filterable=False),
                    _stored("title"),
                    _stored("section"),
                    _stored("text"),
                    Property(
                        name="tokens",
                        data_type=DataType.TEXT,
                        tokenization=Tokenization.WHITESPACE,
                        index_filterable=False,
                    ),
                    _stored("metadata_json"),
                    _key("meta_pairs", DataType.TEXT_ARRAY),
                    *_page_properties(),
                ],
                vector_config=Configure.Vectors.self_provided(
                    vector_index_config=Configure.VectorIndex.hnsw(
                        distance_metric=VectorDistances.COSINE
                    )
                ),
                inverted_index_config=Configure.inverted_index(
                    bm25_k1=1.5, bm25_b=0.75, stopwords_preset=StopwordsPreset.NONE
                ),
                **common,
            )
        else:  # a collection made before chunks had pages (or OCR) gains those properties
            chunks = client.collections.get(self.chunk_collection)
            have = {p.name for p in (await chunks.config.get()).properties}
            for prop in _page_properties():
                if prop.name not in have:
                    await chunks.config.add_property(prop)
        if not await client.collections.exists(self.document_collection):
            await self._create(
                client,
                self.document_collection,
                properties=[
                    _key("doc_id", DataType.TEXT),
                    _key("generation", DataType.TEXT),
                    _stored("title"),
                    _stored("content_type"),
                    _stored("metadata_json"),
                    Property(name="ingested_at", data_type=DataType.NUMBER, index_filterable=False),
                    Property(name="chunk_count", data_type=DataType.INT),
                ],
                vector_config=Configure.Vectors.self_provided(
                    vector_index_config=Configure.VectorIndex.flat()
                ),
                **common,
            )

    @staticmethod
    async def _create(client: weaviate.WeaviateAsyncClient, name: str, **kwargs: Any) -> None:
        try:
            await client.collections.create(name, **kwargs)
        except WeaviateBaseError:
            # Another replica may have created it between our check and our create.
            if not await client.collections.exists(name):
                raise

    def _use(
        self,
        client: weaviate.WeaviateAsyncClient,
        collection: str,
        level: ConsistencyLevel | None = None,
    ) -> CollectionAsync[Mapping[str, WeaviateField], None]:
        """``collection`` at ``level``, else the configured consistency level (else the
        server's default)."""
        coll = client.collections.use(collection)
        level = level or self._consistency
        return coll if level is None else coll.with_consistency_level(level)

    async def _ensure_tenant(self, tenant: str) -> str:
        name = weaviate_tenant(tenant)
        if name not in self._tenants:
            client = await self._connected()
            for coll in (self.chunk_collection, self.document_collection):
                await self._use(client, coll).tenants.create([Tenant(name=name)])
            self._tenants.add(name)
        return name

    async def _existing_tenant(self, tenant: str) -> str | None:
        """The Weaviate tenant name when the tenant has ever been written, else None."""
        name = weaviate_tenant(tenant)
        if name in self._tenants:
            return name
        client = await self._connected()
        if await self._use(client, self.document_collection).tenants.exists(name):
            self._tenants.add(name)
            return name
        return None

    # -- writes ------------------------------------------------------------------------------

    async def replace_document(
        self, tenant: str, document: DocumentRecord, chunks: Sequence[StoredChunk], vectors: Matrix
    ) -> None:
        """Write the new generation, commit it in the document record, then drop the old ones."""
        async with self._write_lock:
            await self._replace(tenant, document, chunks, vectors)

    async def _replace(
        self,
        tenant: str,
        document: DocumentRecord,
        chunks: Sequence[StoredChunk],
        vectors: Matrix | None,
        *,
        expect: str | None = None,
        check_at: ConsistencyLevel | None = None,
    ) -> bool:
        """Write, commit, clean up (see :meth:`replace_document`). ``vectors`` None: the chunks
        are written without vectors under a ``pending-`` generation (BM25 finds them, vector
        search does not). ``expect``: commit only if the record still names that generation
        (False, nothing left behind, when another write came first), read at ``check_at``."""
        if vectors is not None:
            vectors = np.asarray(vectors, dtype=np.float32)
            if vectors.ndim != 2 or vectors.shape[0] != len(chunks):
                raise ValueError(f"expected {len(chunks)} vectors, got an array of {vectors.shape}")
            if self._dim is not None and len(chunks) and vectors.shape[1] != self._dim:
                raise ValueError(
                    f"expected vectors of {self._dim} dimensions, got {vectors.shape[1]}"
                )
        if any(c.doc_id != document.doc_id for c in chunks):
            raise ValueError(f"every chunk must belong to document {document.doc_id!r}")
        if len({c.chunk_id for c in chunks}) != len(chunks):
            raise ValueError("chunk ids must be unique within a document")
        name = await self._ensure_tenant(tenant)
        client = await self._connected()
        chunk_coll = self._use(client, self.chunk_collection).with_tenant(name)
        doc_coll = self._use(client, self.document_collection).with_tenant(name)
        checked = self._use(client, self.document_collection, check_at).with_tenant(name)
        doc_uuid = generate_uuid5(document.doc_id)
        if vectors is None:
            generation = PENDING + generation_of(document, chunks, np.zeros((0, 0), np.float32))
        else:
            generation = generation_of(document, chunks, vectors)
        try:
            old = await checked.query.fetch_object_by_id(doc_uuid)
            committed = str(old.properties["generation"]) if old is not None else None
            if expect is not None and committed != expect:
                return False
            meta_json = json.dumps(document.metadata, ensure_ascii=False, sort_keys=True)
            pairs = [_meta_pair(k, v) for k, v in sorted(document.metadata.items())]
            objects: list[DataObject[dict[str, Any], None]] = [
                DataObject(
                    uuid=generate_uuid5(f"{document.doc_id}\x00{generation}\x00{c.chunk_id}"),
                    properties={
                        "chunk_id": c.chunk_id,
                        "doc_id": document.doc_id,
                        "generation": generation,
                        "ordinal": c.ordinal,
                        "title": c.title,
                        "section": c.section,
                        "text": c.text,
                        "tokens": " ".join(c.tokens),
                        "metadata_json": meta_json,
                        "meta_pairs": pairs,
                        "page": c.page,
                        "page_label": c.page_label,
                        "ocr_confidence": c.ocr_confidence,
                    },
                    vector=vectors[i].tolist() if vectors is not None else None,
                )
                for i, c in enumerate(chunks)
            ]
            for start in range(0, len(objects), _BATCH):
                result = await chunk_coll.data.insert_many(objects[start : start + _BATCH])
                if result.has_errors:
                    first = next(iter(result.errors.values()))
                    if generation != committed:
                        await self._delete_chunks(name, document.doc_id, only=generation)
                    raise WeaviateBackendError(
                        f"writing {len(result.errors)} chunk(s) of {document.doc_id!r} failed: "
                        f"{first.message}"
                    )
            record: DataObject[dict[str, Any], None] = DataObject(
                uuid=doc_uuid,
                properties={
                    "doc_id": document.doc_id,
                    "generation": generation,
                    "title": document.title,
                    "content_type": document.content_type,
                    "metadata_json": meta_json,
                    "ingested_at": document.ingested_at,
                    "chunk_count": len(chunks),
                },
            )
            if expect is not None:
                now = await checked.query.fetch_object_by_id(doc_uuid)
                if now is None or str(now.properties["generation"]) != expect:
                    await self._delete_chunks(name, document.doc_id, only=generation)
                    return False
            result = await doc_coll.data.insert_many([record])
            if result.has_errors:
                if generation != committed:
                    await self._delete_chunks(name, document.doc_id, only=generation)
                first = next(iter(result.errors.values()))
                raise WeaviateBackendError(
                    f"committing {document.doc_id!r} failed: {first.message}"
                )
            await self._delete_chunks(name, document.doc_id, keep=generation)
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"replacing {document.doc_id!r} failed: {exc}") from exc
        return True

    # -- text first (TextFirstBackend) ------------------------------------------------------

    async def replace_text(
        self, tenant: str, document: DocumentRecord, chunks: Sequence[StoredChunk]
    ) -> None:
        """Store a document searchable by BM25 at once, its vectors pending (a ``pending-``
        generation, committed like any other: readers see it whole or not at all)."""
        async with self._write_lock:
            await self._replace(tenant, document, chunks, None)

    async def set_vectors(
        self, tenant: str, doc_id: str, chunk_ids: Sequence[str], vectors: Matrix
    ) -> bool:
        """Give a pending document all its vectors at once: its chunks are written again with
        their vectors as a new generation, committed only if the pending one is still the
        document's; False when the document was deleted or replaced meanwhile."""
        async with self._write_lock:
            name = await self._existing_tenant(tenant)
            if name is None:
                return False
            if await self._commit_vectors(tenant, name, doc_id, chunk_ids, vectors, None):
                return True
            if self._consistency is ConsistencyLevel.ALL:
                return False
            # A read below ALL may be answered by a copy that has not seen the pending write
            # yet (a node back from an outage, before async replication repairs it): the
            # upload would be failed as "replaced" though nothing replaced it. The topology
            # rehearsal lost an acknowledged upload so. So "deleted or replaced" is concluded
            # only when every copy says so; a copy that is down makes this raise, and the job
            # is retried later.
            return await self._commit_vectors(
                tenant, name, doc_id, chunk_ids, vectors, ConsistencyLevel.ALL
            )

    async def _commit_vectors(
        self,
        tenant: str,
        name: str,
        doc_id: str,
        chunk_ids: Sequence[str],
        vectors: Matrix,
        level: ConsistencyLevel | None,
    ) -> bool:
        found = await self._pending(name, doc_id, level)
        if found is None:
            return False
        generation, record, chunks = found
        by_id = {c.chunk_id: c for c in chunks}
        if sorted(by_id) != sorted(chunk_ids) or len(chunk_ids) != len(by_id):
            return False
        ordered = [by_id[c] for c in chunk_ids]
        return await self._replace(
            tenant, record, ordered, vectors, expect=generation, check_at=level
        )

    async def _pending(
        self, name: str, doc_id: str, level: ConsistencyLevel | None = None
    ) -> tuple[str, DocumentRecord, list[StoredChunk]] | None:
        """The pending generation of a document, its record and its chunks (with their BM25
        tokens), read at ``level``; None when the document has none pending."""
        client = await self._connected()
        doc_coll = self._use(client, self.document_collection, level).with_tenant(name)
        chunk_coll = self._use(client, self.chunk_collection, level).with_tenant(name)
        try:
            obj = await doc_coll.query.fetch_object_by_id(generate_uuid5(doc_id))
            if obj is None or not str(obj.properties["generation"]).startswith(PENDING):
                return None
            generation = str(obj.properties["generation"])
            where = Filter.by_property("doc_id").equal(doc_id) & Filter.by_property(
                "generation"
            ).equal(generation)
            count = int(obj.properties["chunk_count"])  # type: ignore[arg-type]
            page = await chunk_coll.query.fetch_objects(
                filters=where, limit=count + 10, return_properties=[*_RETURNED, "tokens"]
            )
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"reading {doc_id!r} failed: {exc}") from exc
        chunks = [
            replace(self._chunk(o.properties), tokens=tuple(str(o.properties["tokens"]).split()))
            for o in page.objects
        ]
        return generation, _record(obj.properties), chunks

    async def pending_documents(self, tenant: str) -> frozenset[str]:
        """The tenant's documents searchable by BM25 only, vectors pending."""
        name = await self._existing_tenant(tenant)
        if name is None:
            return frozenset()
        client = await self._connected()
        coll = self._use(client, self.document_collection).with_tenant(name)
        try:
            page = await coll.query.fetch_objects(
                filters=Filter.by_property("generation").like(PENDING + "*"),
                limit=_MAX_IDS_PER_QUERY,
                return_properties=["doc_id"],
            )
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"listing pending documents failed: {exc}") from exc
        return frozenset(str(o.properties["doc_id"]) for o in page.objects)

    async def _delete_chunks(
        self, name: str, doc_id: str, *, only: str | None = None, keep: str | None = None
    ) -> None:
        """Best effort: chunks left behind are invisible (their generation is not committed)."""
        client = await self._connected()
        where = Filter.by_property("doc_id").equal(doc_id)
        if only is not None:
            where = where & Filter.by_property("generation").equal(only)
        if keep is not None:
            where = where & Filter.by_property("generation").not_equal(keep)
        coll = self._use(client, self.chunk_collection).with_tenant(name)
        try:
            result = await coll.data.delete_many(where=where)
        except WeaviateBaseError as exc:
            log.warning("removing stale chunks of %r failed (they stay hidden): %s", doc_id, exc)
            return
        if result.failed:
            log.warning("%d stale chunk(s) of %r were not removed (hidden)", result.failed, doc_id)

    async def delete_document(self, tenant: str, doc_id: str) -> int | None:
        """Remove the record (the document vanishes for readers at once), then its chunks."""
        async with self._write_lock:
            return await self._delete(tenant, doc_id)

    async def _delete(self, tenant: str, doc_id: str) -> int | None:
        name = await self._existing_tenant(tenant)
        if name is None:
            return None
        client = await self._connected()
        doc_coll = self._use(client, self.document_collection).with_tenant(name)
        try:
            old = await doc_coll.query.fetch_object_by_id(generate_uuid5(doc_id))
            if old is None:
                return None
            await doc_coll.data.delete_by_id(generate_uuid5(doc_id))
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"deleting {doc_id!r} failed: {exc}") from exc
        await self._delete_chunks(name, doc_id)
        return int(old.properties["chunk_count"])  # type: ignore[arg-type]

    # -- reads -------------------------------------------------------------------------------

    async def list_documents(self, tenant: str) -> list[DocumentRecord]:
        name = await self._existing_tenant(tenant)
        if name is None:
            return []
        client = await self._connected()
        coll = self._use(client, self.document_collection).with_tenant(name)
        records: list[DocumentRecord] = []
        after = None
        try:
            while True:
                page = await coll.query.fetch_objects(limit=500, after=after)
                records.extend(_record(obj.properties) for obj in page.objects)
                if len(page.objects) < 500:
                    break
                after = page.objects[-1].uuid
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"listing documents failed: {exc}") from exc
        return sorted(records, key=lambda r: r.doc_id)

    async def _committed(self, name: str, doc_ids: Iterable[str]) -> dict[str, str]:
        """doc_id → the generation its record names, for those of ``doc_ids`` that exist."""
        wanted = sorted(set(doc_ids))
        if not wanted:
            return {}
        client = await self._connected()
        coll = self._use(client, self.document_collection).with_tenant(name)
        out: dict[str, str] = {}
        for start in range(0, len(wanted), _MAX_IDS_PER_QUERY):
            part = wanted[start : start + _MAX_IDS_PER_QUERY]
            page = await coll.query.fetch_objects(
                filters=Filter.by_property("doc_id").contains_any(part),
                limit=len(part),
                return_properties=["doc_id", "generation"],
            )
            for obj in page.objects:
                out[str(obj.properties["doc_id"])] = str(obj.properties["generation"])
        return out

    @staticmethod
    def _chunk(props: Mapping[str, Any]) -> StoredChunk:
        return StoredChunk(
            chunk_id=str(props["chunk_id"]),
            doc_id=str(props["doc_id"]),
            ordinal=int(props["ordinal"]),
            title=str(props["title"]),
            section=str(props["section"] or ""),
            text=str(props["text"] or ""),
            tokens=(),
            metadata=dict(json.loads(str(props["metadata_json"]))),
            page=int(props.get("page") or 0),
            page_label=str(props.get("page_label") or ""),
            ocr_confidence=float(props.get("ocr_confidence") or 0.0),
        )

    async def get_chunks(self, tenant: str, chunk_ids: Sequence[str]) -> list[StoredChunk]:
        """The committed chunks named, in the order asked (once per mention), unknown skipped."""
        name = await self._existing_tenant(tenant)
        wanted = list(dict.fromkeys(chunk_ids))
        if name is None or not wanted:
            return []
        client = await self._connected()
        coll = self._use(client, self.chunk_collection).with_tenant(name)
        live: dict[str, StoredChunk] = {}
        pins: dict[str, str | None] = {}
        try:
            for _ in range(_ATTEMPTS):
                found: list[Mapping[str, Any]] = []
                for start in range(0, len(wanted), _MAX_IDS_PER_QUERY):
                    part = wanted[start : start + _MAX_IDS_PER_QUERY]
                    by_id = Filter.by_property("chunk_id").contains_any(part)
                    page = await coll.query.fetch_objects(
                        filters=_pinned(by_id, pins),
                        limit=3 * len(part) + 10,
                        return_properties=_RETURNED,
                    )
                    found.extend(obj.properties for obj in page.objects)
                committed = await self._committed(name, [*(str(p["doc_id"]) for p in found), *pins])
                live = {str(p["chunk_id"]): self._chunk(p) for p in found if _is_live(p, committed)}
                # A chunk seen only in a generation that is not committed: a replace may have
                # committed between the read and the check, so read again, pinned. A pin whose
                # generation was itself superseded since is moved to the new one.
                hidden = {str(p["doc_id"]) for p in found if str(p["chunk_id"]) not in live}
                stale = _stale_pins(pins, committed)
                if not hidden and not stale:
                    break
                pins.update({d: committed.get(d) for d in hidden | stale})
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"reading chunks failed: {exc}") from exc
        return [live[c] for c in chunk_ids if c in live]

    @staticmethod
    def _filters(where: ChunkFilter | None) -> _Filters | None:
        if where is None:
            return None
        parts: list[_Filters] = []
        if where.doc_ids is not None:
            parts.append(Filter.by_property("doc_id").contains_any(sorted(where.doc_ids)))
        if where.metadata:
            pairs = [_meta_pair(k, v) for k, v in sorted(where.metadata.items())]
            parts.append(Filter.by_property("meta_pairs").contains_all(pairs))
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else Filter.all_of(parts)

    async def _search(
        self,
        tenant: str,
        k: int,
        where: ChunkFilter | None,
        run: Any,
        score: Any,
    ) -> list[ScoredChunk]:
        if k <= 0 or (where is not None and where.doc_ids is not None and not where.doc_ids):
            return []
        name = await self._existing_tenant(tenant)
        if name is None:
            return []
        client = await self._connected()
        coll = self._use(client, self.chunk_collection).with_tenant(name)
        filters = self._filters(where)
        limit = k
        pins: dict[str, str | None] = {}
        try:
            for _ in range(_ATTEMPTS):
                objects = (await run(coll, limit, _pinned(filters, pins))).objects
                committed = await self._committed(
                    name, [*(str(o.properties["doc_id"]) for o in objects), *pins]
                )
                live = [o for o in objects if _is_live(o.properties, committed)]
                hidden = {
                    str(o.properties["doc_id"])
                    for o in objects
                    if not _is_live(o.properties, committed)
                }
                # A pinned generation superseded since the pin (its chunks are being deleted):
                # the pinned query may have missed the document altogether, so ask again.
                stale = _stale_pins(pins, committed)
                if (len(live) >= k or not hidden) and not stale:
                    break
                # Hidden chunks took places (strays, or a version superseded between the query
                # and the check): ask again, pinned to the generations just read, for more.
                pins.update({d: committed.get(d) for d in hidden | stale})
                limit += len(objects) - len(live)
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"search failed: {exc}") from exc
        return [ScoredChunk(self._chunk(o.properties), float(score(o))) for o in live[:k]]

    async def vector_search(
        self, tenant: str, query_vector: Matrix, k: int, where: ChunkFilter | None = None
    ) -> list[ScoredChunk]:
        """near_vector; the score is cosine similarity, ``1 - distance``."""
        vector = np.asarray(query_vector, dtype=np.float32).reshape(-1).tolist()

        async def run(coll: Any, limit: int, filters: _Filters | None) -> Any:
            return await coll.query.near_vector(
                vector,
                limit=limit,
                filters=filters,
                return_metadata=MetadataQuery(distance=True),
                return_properties=_RETURNED,
            )

        def score(obj: Any) -> float:
            return 1.0 - float(obj.metadata.distance)

        return await self._search(tenant, k, where, run, score)

    async def bm25_search(
        self, tenant: str, query_tokens: Sequence[str], k: int, where: ChunkFilter | None = None
    ) -> list[ScoredChunk]:
        """Weaviate's BM25 on the ``tokens`` property; the score is Weaviate's."""
        query = " ".join(t for t in query_tokens if t.strip())
        if not query:
            return []

        async def run(coll: Any, limit: int, filters: _Filters | None) -> Any:
            return await coll.query.bm25(
                query,
                query_properties=["tokens"],
                limit=limit,
                filters=filters,
                return_metadata=MetadataQuery(score=True),
                return_properties=_RETURNED,
            )

        def score(obj: Any) -> float:
            return float(obj.metadata.score)

        return await self._search(tenant, k, where, run, score)

    async def stats(self, tenant: str) -> tuple[int, int]:
        """(documents, chunks) from the document records, so stray chunks never count."""
        name = await self._existing_tenant(tenant)
        if name is None:
            return 0, 0
        client = await self._connected()
        coll = self._use(client, self.document_collection).with_tenant(name)
        try:
            result = await coll.aggregate.over_all(
                total_count=True, return_metrics=Metrics("chunk_count").integer(sum_=True)
            )
        except WeaviateBaseError as exc:
            raise WeaviateBackendError(f"reading stats failed: {exc}") from exc
        chunk_sum = result.properties["chunk_count"]
        chunks = chunk_sum.sum_ if isinstance(chunk_sum, AggregateInteger) else None
        return int(result.total_count or 0), int(chunks or 0)

    async def close(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.close()
