"""A real three-node Weaviate cluster on loopback: a collection with replication factor 2
survives one node killed (reads and writes at consistency ONE), and the node comes back."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import numpy as np
import pytest

from bench.topology.weaviate_cluster import WeaviateCluster, find_weaviate_binary
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.text import tokenize
from retrieval_svc.weaviate_backend import WeaviateBackend, weaviate_tenant
from tests.retrieval_backends.servers import missing_tool

pytestmark = [pytest.mark.integration, pytest.mark.slow]

DIM = 4
TENANT = "t1"
COLLECTION = "TopoChunk"
REPAIR_GUARD_SECONDS = 180.0  # a repair that never comes fails the test; nothing waits for it


def _doc(doc_id: str, words: list[str]) -> tuple[DocumentRecord, list[StoredChunk], np.ndarray]:
    chunks = [
        StoredChunk(f"{doc_id}#{i}", doc_id, i, doc_id, "", w, (w,)) for i, w in enumerate(words)
    ]
    rng = np.random.default_rng(len(doc_id))
    vectors = rng.normal(size=(len(words), DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return (
        DocumentRecord(doc_id, doc_id, "text/plain", {}, time.time(), len(words)),
        chunks,
        vectors,
    )


def _holders(cluster: WeaviateCluster, tenant: str) -> set[int]:
    """Indexes of the nodes that hold a replica of the tenant's chunk shard."""
    url = f"{cluster.nodes[0].url}/v1/nodes?output=verbose&collection={COLLECTION}"
    body = httpx.get(url, timeout=10.0).json()
    names = {
        n["name"]
        for n in body["nodes"]
        for s in n.get("shards") or []
        if s.get("name") == tenant and s.get("class") == COLLECTION
    }
    return {i for i, n in enumerate(cluster.nodes) if n.name in names}


async def _read_at_all(http_port: int, grpc_port: int, texts: list[str]) -> None:
    """Until a read at consistency ALL sees ``texts`` as alpha's chunks (bounded)."""
    backend = WeaviateBackend(
        http_port=http_port,
        grpc_port=grpc_port,
        collection=COLLECTION,
        dim=DIM,
        replication_factor=2,
        consistency_level="ALL",
        timeout_seconds=30.0,
    )
    ids = [f"alpha#{i}" for i in range(len(texts))]
    try:
        deadline = time.monotonic() + REPAIR_GUARD_SECONDS
        while [c.text for c in await backend.get_chunks(TENANT, ids)] != texts:
            assert time.monotonic() < deadline, "the second copy never got the document"
            await asyncio.sleep(0.5)
    finally:
        await backend.close()


async def test_replicated_collection_survives_a_killed_node(tmp_path: Path) -> None:
    binary = find_weaviate_binary()
    if binary is None:
        missing_tool("weaviate-server is not installed (scripts/tools.sh builds it)")
    cluster = WeaviateCluster(tmp_path / "cluster", nodes=3, binary=binary)
    cluster.start(timeout=180.0)
    backend: WeaviateBackend | None = None
    try:
        assert len(cluster.live_nodes()) == 3
        assert all(cluster.healthy_names(n) == {"node0", "node1", "node2"} for n in cluster.nodes)
        assert cluster.leader() in {"node0", "node1", "node2"}
        entry = cluster.nodes[0]  # the coordinator; never killed here
        backend = WeaviateBackend(
            http_port=entry.http_port,
            grpc_port=entry.grpc_port,
            collection=COLLECTION,
            dim=DIM,
            replication_factor=2,
            consistency_level="ONE",
            timeout_seconds=30.0,
        )
        record, chunks, vectors = _doc("alpha", ["apple", "banana", "cherry"])
        await backend.replace_document(TENANT, record, chunks, vectors)

        async with httpx.AsyncClient(timeout=10.0) as http:
            config = (await http.get(f"{entry.url}/v1/schema/{COLLECTION}")).json()
        assert config["replicationConfig"]["factor"] == 2

        holders = _holders(cluster, weaviate_tenant(TENANT))
        assert len(holders) == 2
        victim = max(holders - {0})  # a replica holder other than the coordinator
        # A write at ONE is acknowledged by one copy; the other may apply it a moment later.
        # A read at ALL asks both copies (and repairs one that differs): the state to lose a
        # node from is one where both hold the document.
        await _read_at_all(entry.http_port, entry.grpc_port, ["apple", "banana", "cherry"])
        cluster.kill(victim)
        assert len(cluster.live_nodes()) == 2

        got = await backend.get_chunks(TENANT, ["alpha#0", "alpha#1", "alpha#2"])
        assert [c.text for c in got] == ["apple", "banana", "cherry"]
        hits = await backend.bm25_search(TENANT, tokenize("banana"), 5)
        assert [h.chunk.chunk_id for h in hits] == ["alpha#1"]
        near = await backend.vector_search(TENANT, vectors[2], 3)
        assert near[0].chunk.chunk_id == "alpha#2"

        cluster.wait_settled(timeout=180.0)  # a new Raft leader if the victim led
        record2, chunks2, vectors2 = _doc("beta", ["durian", "elderberry"])
        await backend.replace_document(TENANT, record2, chunks2, vectors2)  # ingest, one down
        assert await backend.stats(TENANT) == (2, 5)

        seconds = cluster.restart(victim, timeout=180.0)
        assert seconds > 0
        assert len(cluster.live_nodes()) == 3
        assert cluster.healthy_names(cluster.nodes[victim]) == {"node0", "node1", "node2"}
        # A read at ONE may land on the node that was away and miss what was written meanwhile,
        # until async replication repairs it: eventually every read sees both documents.
        # (Five reads in a row, as either copy may answer one.)
        deadline = time.monotonic() + REPAIR_GUARD_SECONDS
        while True:
            reads = [
                [c.text for c in await backend.get_chunks(TENANT, ["alpha#1", "beta#0"])]
                for _ in range(5)
            ]
            if all(r == ["banana", "durian"] for r in reads):
                break
            assert time.monotonic() < deadline, f"never repaired: {reads}"
            await asyncio.sleep(0.5)
    finally:
        if backend is not None:
            await backend.close()
        cluster.stop()
    assert cluster.live_nodes() == []
