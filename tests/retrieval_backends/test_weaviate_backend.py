"""What only the Weaviate backend has: its schema, tenant names, hidden stray generations, and
BM25 that agrees with the embedded backend's on the same tokens."""

from __future__ import annotations

from pathlib import Path

import pytest
from weaviate.classes.config import ConsistencyLevel, Tokenization
from weaviate.classes.data import DataObject
from weaviate.classes.query import Filter
from weaviate.util import generate_uuid5

from mesh.config import RetrievalSettings
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.text import tokenize
from retrieval_svc.weaviate_backend import (
    WeaviateBackend,
    WeaviateBackendError,
    generation_of,
    weaviate_tenant,
)
from tests.retrieval_backends.corpus import BM25_CORPUS, BM25_QUERIES, DIM, make_doc, unit
from tests.retrieval_backends.servers import WeaviateServer, free_port, missing_tool


def connect(server: WeaviateServer) -> WeaviateBackend:
    return WeaviateBackend(http_port=server.http_port, grpc_port=server.grpc_port, dim=DIM)


def test_tenant_names_map_injectively_into_weaviates_alphabet() -> None:
    assert weaviate_tenant("acme-1") == "acme-1"
    dotted, underscored = weaviate_tenant("acme.corp"), weaviate_tenant("acme_corp")
    assert dotted != underscored
    for name in (dotted, underscored, weaviate_tenant("x" * 64 + ".")):
        assert name.startswith("h_") and len(name) == 50
    with pytest.raises(ValueError):
        weaviate_tenant("")


def test_settings_choose_the_server_and_collection(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROUNDMESH_RETRIEVAL_WEAVIATE_URL", "http://10.0.0.5:8081")
    monkeypatch.setenv("GROUNDMESH_RETRIEVAL_WEAVIATE_GRPC_PORT", "50077")
    monkeypatch.setenv("GROUNDMESH_RETRIEVAL_WEAVIATE_COLLECTION", "AcmeChunk")
    backend = WeaviateBackend.from_settings(RetrievalSettings(), dim=384)
    assert backend._http == ("10.0.0.5", 8081)
    assert backend._grpc == ("10.0.0.5", 50077)
    assert (backend.chunk_collection, backend.document_collection) == (
        "AcmeChunk",
        "AcmeDocument",
    )
    with pytest.raises(ValueError):
        WeaviateBackend(collection="lower-case")
    monkeypatch.setenv("GROUNDMESH_RETRIEVAL_WEAVIATE_URL", "weaviate:8080")
    with pytest.raises(ValueError, match="not an http"):
        WeaviateBackend.from_settings(RetrievalSettings())


async def test_an_unreachable_server_is_a_clear_error() -> None:
    backend = WeaviateBackend(http_port=free_port(), grpc_port=free_port(), timeout_seconds=2)
    with pytest.raises(WeaviateBackendError, match=r"cannot use Weaviate at 127\.0\.0\.1"):
        await backend.stats("acme")
    await backend.close()


async def test_schema_is_multi_tenant_with_our_vectors_and_tokens(
    weaviate_server: WeaviateServer, tenant: str
) -> None:
    backend = connect(weaviate_server)
    try:
        await backend.replace_document(tenant, *make_doc("d", ["schema check"], [unit(1)]))
        client = await backend._connected()
        chunks = await client.collections.use(backend.chunk_collection).config.get()
        docs = await client.collections.use(backend.document_collection).config.get()
        for config in (chunks, docs):
            assert config.multi_tenancy_config.enabled
            assert not config.multi_tenancy_config.auto_tenant_creation
        props = {p.name: p for p in chunks.properties}
        assert props["tokens"].tokenization is Tokenization.WHITESPACE
        assert props["doc_id"].tokenization is Tokenization.FIELD
        assert chunks.inverted_index_config.bm25.k1 == pytest.approx(1.5)
        assert chunks.inverted_index_config.bm25.b == pytest.approx(0.75)
        assert chunks.vector_config is not None
        assert all(v.vectorizer.vectorizer == "none" for v in chunks.vector_config.values())
        tenants = await client.collections.use(backend.chunk_collection).tenants.get()
        assert weaviate_tenant(tenant) in tenants
    finally:
        await backend.close()


async def test_chunks_of_an_uncommitted_generation_stay_hidden_and_are_cleaned_up(
    weaviate_server: WeaviateServer, tenant: str
) -> None:
    """A writer that died after writing new chunks but before committing the record."""
    backend = connect(weaviate_server)
    try:
        await backend.replace_document(tenant, *make_doc("doc", ["old text"], [unit(1)]))
        record, chunks, vectors = make_doc("doc", ["half written", "half more"], [unit(1)] * 2)
        stray = generation_of(record, chunks, vectors)
        client = await backend._connected()
        coll = client.collections.use(backend.chunk_collection).with_tenant(weaviate_tenant(tenant))
        result = await coll.data.insert_many(
            [
                DataObject(
                    uuid=generate_uuid5(f"stray-{c.chunk_id}"),
                    properties={
                        "chunk_id": c.chunk_id,
                        "doc_id": "doc",
                        "generation": stray,
                        "ordinal": c.ordinal,
                        "title": c.title,
                        "section": c.section,
                        "text": c.text,
                        "tokens": " ".join(c.tokens),
                        "metadata_json": "{}",
                        "meta_pairs": [],
                    },
                    vector=vectors[i].tolist(),
                )
                for i, c in enumerate(chunks)
            ]
        )
        assert not result.has_errors

        assert [h.chunk.text for h in await backend.vector_search(tenant, unit(1), 1)] == [
            "old text"
        ]
        assert await backend.bm25_search(tenant, tokenize("half"), 10) == []
        assert [c.text for c in await backend.get_chunks(tenant, ["doc#0", "doc#1"])] == [
            "old text"
        ]
        assert await backend.stats(tenant) == (1, 1)

        await backend.replace_document(tenant, *make_doc("doc", ["final text"], [unit(0, 1)]))
        left = await coll.query.fetch_objects(
            filters=Filter.by_property("doc_id").equal("doc"), limit=10
        )
        assert [o.properties["text"] for o in left.objects] == ["final text"]
    finally:
        await backend.close()


async def test_weaviate_bm25_agrees_with_the_embedded_bm25(
    weaviate_server: WeaviateServer, tenant: str, tmp_path: Path
) -> None:
    """Same tokens, same k1 and b: the same best chunk and the same matching chunks.

    Scores differ: Weaviate's idf is ln(1 + (N - n + 0.5) / (n + 0.5)) (never negative) where
    rank_bm25's is ln((N - n + 0.5) / (n + 0.5)) floored at 0.25 x the mean idf, and Weaviate
    takes the mean chunk length from a bucketed histogram.
    """
    weaviate, embedded = connect(weaviate_server), EmbeddedBackend(tmp_path / "e", DIM)
    try:
        for doc_id, lang, texts in BM25_CORPUS:
            record, chunks, vectors = make_doc(doc_id, texts, metadata={"lang": lang})
            for backend in (weaviate, embedded):
                await backend.replace_document(tenant, record, chunks, vectors)
        for query in BM25_QUERIES:
            tokens = tokenize(query)
            w = await weaviate.bm25_search(tenant, tokens, 20)
            e = await embedded.bm25_search(tenant, tokens, 20)
            assert w and e, query
            assert w[0].chunk.chunk_id == e[0].chunk.chunk_id, query
            assert {h.chunk.chunk_id for h in w} == {h.chunk.chunk_id for h in e}, query
    finally:
        await weaviate.close()
        await embedded.close()


def test_a_missing_server_skips_locally_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        missing_tool("weaviate-server is not installed")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        missing_tool("weaviate-server is not installed")


async def test_a_stale_copy_does_not_fail_an_upload_as_replaced(
    weaviate_server: WeaviateServer, tenant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At consistency ONE the copy that answers may not have the pending write yet (a node
    back from an outage): the vectors are committed once every copy is asked, not refused."""
    backend = WeaviateBackend(
        http_port=weaviate_server.http_port,
        grpc_port=weaviate_server.grpc_port,
        dim=DIM,
        consistency_level="ONE",
    )
    record, chunks, matrix = make_doc("scan", ["owls by day", "owls at night"])
    real_pending = backend._pending
    asked: list[ConsistencyLevel | None] = []

    async def stale_below_all(
        name: str, doc_id: str, level: ConsistencyLevel | None = None
    ) -> object:
        asked.append(level)
        if level is not ConsistencyLevel.ALL:
            return None  # the copy asked has not seen the pending write
        return await real_pending(name, doc_id, level)

    try:
        await backend.replace_text(tenant, record, chunks)
        monkeypatch.setattr(backend, "_pending", stale_below_all)
        assert await backend.set_vectors(tenant, "scan", ["scan#0", "scan#1"], matrix)
        assert asked == [None, ConsistencyLevel.ALL]
        assert await backend.pending_documents(tenant) == frozenset()
        await backend.delete_document(tenant, "scan")  # every copy says so: refused
        assert not await backend.set_vectors(tenant, "scan", ["scan#0", "scan#1"], matrix)
    finally:
        await backend.close()
