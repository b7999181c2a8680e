"""Unit tests: a tenant's documents on the approximate vector path (re-ingest, delete, filters)
and the embedded backend deriving that index from SQLite at start-up."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import numpy as np

from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Matrix
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.tenant_index import ReadWriteLock, TenantIndex

DIM = 32
PER_DOC = 50


def clustered(n: int, seed: int) -> Matrix:
    rng = np.random.default_rng(seed)
    centers = rng.normal(size=(30, DIM))
    picked = centers[rng.integers(0, 30, n)] + 0.4 * rng.normal(size=(n, DIM))
    vectors: Matrix = (picked / np.linalg.norm(picked, axis=1, keepdims=True)).astype(np.float32)
    return vectors


def doc_chunks(doc: int) -> list[str]:
    return [f"d{doc}#{i}" for i in range(PER_DOC)]


def tenant(docs: int, seed: int = 0) -> tuple[TenantIndex, Matrix]:
    vectors = clustered(docs * PER_DOC, seed)
    index = TenantIndex(DIM, ann_threshold=1000)
    for d in range(docs):
        part = vectors[d * PER_DOC : (d + 1) * PER_DOC]
        meta = {"shelf": "even" if d % 2 == 0 else "odd"}
        index.replace(f"d{d}", meta, doc_chunks(d), [["w", f"t{d}"]] * PER_DOC, part, f"T{d}")
    index.build_vector_index()
    return index, vectors


def ids(ranked: list[tuple[str, float]]) -> list[str]:
    return [c for c, _ in ranked]


class TestTenantOnTheApproximatePath:
    def test_search_is_approximate_and_agrees_with_exact(self) -> None:
        index, _ = tenant(60)
        assert index.vector_info().approximate
        for q in clustered(20, seed=1):
            approx = ids(index.vector_top(q, 10))
            exact = ids(index.vector_top(q, 10, exact=True))
            assert approx[0] == exact[0]
            assert len(set(approx) & set(exact)) >= 8

    def test_reingest_replaces_vectors_and_delete_removes_them(self) -> None:
        index, vectors = tenant(60)
        old = vectors[7 * PER_DOC : 8 * PER_DOC]
        new = clustered(PER_DOC, seed=99)
        index.replace("d7", {}, doc_chunks(7), [["w"]] * PER_DOC, new, "T7 again")
        for i in range(0, PER_DOC, 7):
            best, score = index.vector_top(new[i], 1)[0]
            assert best == f"d7#{i}" and abs(score - 1.0) < 1e-5
            for chunk, s in index.vector_top(old[i], 20):
                if chunk.startswith("d7#"):  # scored by its new vector, never the old one
                    j = int(chunk.split("#")[1])
                    assert abs(s - float(new[j] @ old[i])) < 1e-5
        index.delete("d7")
        index.delete("d8")
        gone = set(doc_chunks(7)) | set(doc_chunks(8))
        for q in (*new[:10], *vectors[8 * PER_DOC : 8 * PER_DOC + 10]):
            assert not gone & set(ids(index.vector_top(q, 30)))
        assert index.document("d7") is None

    def test_document_and_metadata_filters_hold(self) -> None:
        index, vectors = tenant(60)
        wanted = frozenset(f"d{d}" for d in range(0, 60, 3))  # 1000 rows: approximate
        for q in clustered(10, seed=2):
            got = ids(index.vector_top(q, 10, doc_ids=wanted))
            assert len(got) == 10 and all(c.split("#")[0] in wanted for c in got)
            even = ids(index.vector_top(q, 10, metadata={"shelf": "even"}))
            assert len(even) == 10 and all(int(c[1:].split("#")[0]) % 2 == 0 for c in even)
            one = ids(index.vector_top(q, 5, doc_ids=frozenset({"d11"})))
            assert all(c.startswith("d11#") for c in one) and len(one) == 5
        assert index.vector_top(vectors[0], 5, doc_ids=frozenset({"nope"})) == []


class TestEmbeddedBackendDerivesTheIndex:
    async def test_load_builds_the_index_and_search_resolves_texts(self, tmp_path: Path) -> None:
        vectors = clustered(30 * PER_DOC, seed=3)
        writer = EmbeddedBackend(tmp_path, DIM, ann_threshold=1000)
        for d in range(30):
            chunks = [
                StoredChunk(c, f"d{d}", i, f"T{d}", "", f"text {c}", ("text", c))
                for i, c in enumerate(doc_chunks(d))
            ]
            record = DocumentRecord(f"d{d}", f"T{d}", "text/plain", {"n": str(d)}, time.time(), 50)
            await writer.replace_document(
                "t", record, chunks, vectors[d * PER_DOC : (d + 1) * PER_DOC]
            )
        await writer.delete_document("t", "d3")
        await writer.close()

        backend = EmbeddedBackend(tmp_path, DIM, ann_threshold=1000)
        await backend.load()
        info = backend.vector_index_info("t")
        assert info is not None and info.approximate and info.encoded == 29 * PER_DOC
        hits = await backend.vector_search("t", vectors[5 * PER_DOC + 4], 3)
        top = hits[0].chunk
        assert (top.chunk_id, top.doc_id, top.ordinal, top.title) == ("d5#4", "d5", 4, "T5")
        assert top.text == "text d5#4" and top.metadata == {"n": "5"}
        top.metadata["n"] = "changed"  # results are copies: the index keeps its own
        again = await backend.vector_search("t", vectors[5 * PER_DOC + 4], 1)
        assert again[0].chunk.metadata == {"n": "5"}
        deleted = await backend.vector_search("t", vectors[3 * PER_DOC], 50)
        assert not any(h.chunk.doc_id == "d3" for h in deleted)
        assert backend.vector_top("t", vectors[0], 1)[0][0] == "d0#0"
        assert backend.vector_top_exact("t", vectors[0], 1)[0][0] == "d0#0"
        await backend.close()


class TestReadWriteLock:
    def test_readers_share_and_a_writer_waits_for_them(self) -> None:
        lock = ReadWriteLock()
        both_inside = threading.Barrier(2)
        order: list[str] = []

        def reader() -> None:
            with lock.read():
                both_inside.wait(timeout=30)  # breaks unless two readers are inside together
                order.append("read")

        readers = [threading.Thread(target=reader) for _ in range(2)]
        for t in readers:
            t.start()
        for t in readers:
            t.join()
        assert order == ["read", "read"]

        release = threading.Event()
        entered = threading.Event()

        def holder() -> None:
            with lock.read():
                entered.set()
                release.wait(timeout=30)
                order.append("reader done")

        def writer() -> None:
            with lock.write():
                order.append("write")

        h = threading.Thread(target=holder)
        h.start()
        entered.wait(timeout=30)
        w = threading.Thread(target=writer)
        w.start()
        release.set()
        h.join()
        w.join()
        assert order[-2:] == ["reader done", "write"]
