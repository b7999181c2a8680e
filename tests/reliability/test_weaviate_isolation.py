"""Tenant isolation on the Weaviate backend: a Hypothesis property over tenants, documents, queries.

Each example makes a fresh pair of collections on a real weaviate-server, gives every drawn
tenant documents that carry a marker unique to that tenant, and then probes each tenant —
hybrid, vector and BM25 search through the RetrievalEngine (or straight on the backend for
ids only the backend accepts, e.g. unicode), document lists, ``get_chunks`` with every tenant's
chunk ids, stats and error messages — for any other tenant's marker. A tenant must also find
its own marker (so the probe can fail). A second property checks the tenant-name mapping is
injective and always yields a name Weaviate accepts.
"""

from __future__ import annotations

import asyncio
import re
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mesh.errors import GroundmeshError
from retrieval_svc.engine import TENANT_RE, NewDocument, RetrievalEngine
from retrieval_svc.results import SearchMode
from retrieval_svc.weaviate_backend import WeaviateBackend, weaviate_tenant
from testkit.faults import TALLY
from tests.retrieval_backends.corpus import HashingEmbedder
from tests.retrieval_backends.servers import (
    WeaviateServer,
    find_binary,
    missing_tool,
    run_weaviate,
)

pytestmark = [pytest.mark.e2e]

WORDS = ("zebra", "telemetry", "ledger", "port", "archive", "invoice", "laptop", "policy")
WEAVIATE_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# Tenant ids that stress the mapping: case variants, '.', '_', '-', hashed-looking names.
TRICKY = (
    "acme",
    "Acme",
    "ACME",
    "acme.",
    "acme_",
    "acme-",
    "a.b",
    "a_b",
    "a-b",
    "h_" + "0" * 48,
    "租戶甲",
    "租户甲",
    "tenant.é",
)
tenant_ids = st.one_of(
    st.sampled_from(TRICKY),
    st.from_regex(r"[A-Za-z0-9][A-Za-z0-9._-]{0,10}", fullmatch=True),
    st.text(st.characters(min_codepoint=0x4E00, max_codepoint=0x4E20), min_size=1, max_size=4),
)


@pytest.fixture(scope="module")
def weaviate(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WeaviateServer]:
    binary = find_binary("weaviate-server", Path.home() / "go" / "bin" / "weaviate-server")
    if binary is None:
        missing_tool("weaviate-server is not installed (scripts/tools.sh builds it)")
        raise AssertionError("unreachable")
    root = tmp_path_factory.mktemp("weaviate-isolation")
    with run_weaviate(binary, root / "data", root / "weaviate.log") as server:
        yield server


@pytest.fixture(scope="module")
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    made = asyncio.new_event_loop()
    try:
        yield made
    finally:
        made.close()


@dataclass(frozen=True)
class Planted:
    tenant: str
    marker: str
    doc_ids: tuple[str, ...]
    chunk_ids: tuple[str, ...]


def _document(tenant_no: int, doc_id: str, marker: str, words: list[str]) -> NewDocument:
    body = " ".join(words)
    text = (
        f"# {marker} notes\n\nThe {body} record {marker} belongs here.\n\n"
        f"## Details\n\nEvery {body} entry is tagged {marker} for tenant number {tenant_no}.\n"
    )
    return NewDocument(doc_id, f"{marker} title", "text/markdown", text.encode(), {"m": marker})


async def _plant(
    engine: RetrievalEngine, backend: WeaviateBackend, tenant: str, docs: list[NewDocument]
) -> list[str]:
    """Store ``docs`` for ``tenant``: through the engine when it accepts the id, else directly
    on the backend (ids such as unicode ones reach only the backend's name mapping)."""
    chunk_ids: list[str] = []
    embedder = HashingEmbedder()
    for doc in docs:
        record, chunks = engine.prepare(doc)
        if TENANT_RE.match(tenant):
            result = await engine.ingest(tenant, doc)
            assert result.chunk_count == len(chunks)
        else:
            vectors = embedder.embed_passages([f"{c.title} {c.text}" for c in chunks])
            await backend.replace_document(tenant, record, chunks, vectors)
        chunk_ids += [c.chunk_id for c in chunks]
    return chunk_ids


async def _probe(
    engine: RetrievalEngine,
    backend: WeaviateBackend,
    me: Planted,
    everyone: list[Planted],
    queries: list[str],
) -> tuple[list[str], int]:
    """Everything ``me`` can see, as text (with error messages), and the number of probes."""
    seen: list[str] = []
    probes = 0
    valid = TENANT_RE.match(me.tenant) is not None
    for query in queries:
        if valid:
            for mode in (SearchMode.HYBRID, SearchMode.VECTOR, SearchMode.BM25):
                outcome = await engine.search(me.tenant, query, top_k=20, mode=mode)
                seen += [repr(h.chunk) for h in outcome.hits]
                probes += 1
        else:
            qvec = HashingEmbedder().embed_queries([query])[0]
            seen += [repr(s.chunk) for s in await backend.vector_search(me.tenant, qvec, 20)]
            seen += [repr(s.chunk) for s in await backend.bm25_search(me.tenant, [query], 20)]
            probes += 2
    all_chunk_ids = [c for p in everyone for c in p.chunk_ids]
    chunks = await backend.get_chunks(me.tenant, all_chunk_ids)
    assert {c.chunk_id for c in chunks} == set(me.chunk_ids)
    seen += [repr(c) for c in chunks]
    docs = await backend.list_documents(me.tenant)
    assert {d.doc_id for d in docs} == set(me.doc_ids)
    seen += [repr(d) for d in docs]
    assert (await backend.stats(me.tenant))[0] == len(me.doc_ids)
    probes += 3
    # Error messages: another tenant's document ids, a long query naming another's marker.
    for other in everyone:
        for doc_id in other.doc_ids:
            if doc_id in me.doc_ids:
                continue
            try:
                await engine.delete(me.tenant, doc_id)
                seen.append(f"deleted {doc_id} of another tenant")
            except GroundmeshError as exc:
                seen.append(str(exc))
            probes += 1
    try:
        await engine.search(me.tenant, "x " * 2001 + everyone[0].marker)
    except GroundmeshError as exc:
        seen.append(str(exc))
    probes += 1
    return seen, probes


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    tenants=st.lists(tenant_ids, min_size=2, max_size=3, unique=True),
    docs_per_tenant=st.integers(min_value=1, max_value=2),
    shared_doc_ids=st.booleans(),
    words=st.lists(st.sampled_from(WORDS), min_size=2, max_size=5),
    extra_queries=st.lists(st.sampled_from(WORDS), min_size=1, max_size=2),
)
@example(["acme", "Acme", "ACME"], 1, True, ["zebra", "port"], ["zebra"])
@example(["a.b", "a_b", "a-b"], 2, True, ["ledger", "archive"], ["ledger"])
@example(["租戶甲", "租户甲", "h_" + "0" * 48], 1, True, ["policy", "laptop"], ["policy"])
def test_no_tenant_sees_another_tenants_data_on_weaviate(
    weaviate: WeaviateServer,
    loop: asyncio.AbstractEventLoop,
    tenants: list[str],
    docs_per_tenant: int,
    shared_doc_ids: bool,
    words: list[str],
    extra_queries: list[str],
) -> None:
    nonce = uuid.uuid4().hex[:8]
    collection = f"Iso{nonce}Chunk"

    async def run() -> tuple[list[str], int]:
        backend = WeaviateBackend(
            http_port=weaviate.http_port,
            grpc_port=weaviate.grpc_port,
            dim=HashingEmbedder.dim,
            collection=collection,
        )
        engine = RetrievalEngine(backend, HashingEmbedder())
        leaks: list[str] = []
        probes = 0
        try:
            planted: list[Planted] = []
            for i, tenant in enumerate(tenants):
                marker = f"mk{nonce}t{i}q"
                doc_ids = [
                    f"doc-{j}" if shared_doc_ids else f"doc-{i}-{j}" for j in range(docs_per_tenant)
                ]
                docs = [_document(i, d, marker, words) for d in doc_ids]
                chunk_ids = await _plant(engine, backend, tenant, docs)
                planted.append(Planted(tenant, marker, tuple(doc_ids), tuple(chunk_ids)))
            markers = [p.marker for p in planted]
            for me in planted:
                queries = [*markers, " ".join(words), *extra_queries]
                seen, n = await _probe(engine, backend, me, planted, queries)
                probes += n
                text = "\n".join(seen)
                assert me.marker in text, f"{me.tenant!r} cannot find its own documents"
                leaks += [
                    f"{me.tenant!r} saw {p.tenant!r}'s data"
                    for p in planted
                    if p is not me and p.marker in text
                ]
        finally:
            await engine.close()
        return leaks, probes

    leaks, probes = loop.run_until_complete(run())
    TALLY.record("isolation", not leaks, probes)
    assert not leaks, leaks


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(tenant_ids, st.text(min_size=1, max_size=70)), min_size=2, unique=True))
def test_distinct_tenants_map_to_distinct_weaviate_tenants(tenants: list[str]) -> None:
    mapped = {t: weaviate_tenant(t) for t in tenants}
    assert all(WEAVIATE_NAME.match(name) for name in mapped.values()), mapped
    assert len(set(mapped.values())) == len(tenants), mapped
