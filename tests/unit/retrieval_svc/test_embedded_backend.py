"""Unit tests for retrieval_svc.embedded_backend.EmbeddedBackend: durability, filters, search."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import numpy as np
import pytest

from retrieval_svc.backend import ChunkFilter
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Matrix
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.text import tokenize

pytestmark = pytest.mark.unit
DIM = 8


def _doc(
    doc_id: str, texts: list[str], **metadata: str
) -> tuple[DocumentRecord, list[StoredChunk]]:
    chunks = [
        StoredChunk(f"{doc_id}#{i}", doc_id, i, doc_id, "", t, tuple(tokenize(t)), metadata)
        for i, t in enumerate(texts)
    ]
    return DocumentRecord(doc_id, doc_id, "text/plain", metadata, 1.0, len(chunks)), chunks


def _vectors(n: int, seed: int) -> Matrix:
    v = np.random.default_rng(seed).normal(size=(n, DIM)).astype(np.float32)
    out: Matrix = v / np.linalg.norm(v, axis=1, keepdims=True)
    return out


@pytest.fixture()
async def backend(tmp_path: Path) -> AsyncIterator[EmbeddedBackend]:
    b = EmbeddedBackend(tmp_path, DIM)
    yield b
    await b.close()


async def test_vector_search_finds_the_exact_vector(backend: EmbeddedBackend) -> None:
    record, chunks = _doc("a", ["one", "two", "three"])
    vectors = _vectors(3, 1)
    await backend.replace_document("t", record, chunks, vectors)
    hits = await backend.vector_search("t", vectors[1], 3)
    assert hits[0].chunk.chunk_id == "a#1"
    assert hits[0].score == pytest.approx(1.0, abs=1e-5)
    assert hits[0].chunk.text == "two" and hits[0].chunk.metadata == {}


async def test_filters_by_doc_id_and_metadata(backend: EmbeddedBackend) -> None:
    for i, (name, lang) in enumerate([("en1", "en"), ("en2", "en"), ("zh1", "zh")]):
        record, chunks = _doc(name, [f"leave policy {name}"], lang=lang)
        await backend.replace_document("t", record, chunks, _vectors(1, i))
    q = _vectors(1, 9)[0]
    only_zh = ChunkFilter(metadata={"lang": "zh"})
    assert {h.chunk.doc_id for h in await backend.vector_search("t", q, 10, only_zh)} == {"zh1"}
    assert {
        h.chunk.doc_id for h in await backend.bm25_search("t", tokenize("leave"), 10, only_zh)
    } == {"zh1"}
    some = ChunkFilter(doc_ids=frozenset({"en2", "zh1"}), metadata={"lang": "en"})
    assert {
        h.chunk.doc_id for h in await backend.bm25_search("t", tokenize("policy"), 10, some)
    } == {"en2"}
    none = ChunkFilter(doc_ids=frozenset({"missing"}))
    assert await backend.vector_search("t", q, 10, none) == []
    assert await backend.bm25_search("t", tokenize("leave"), 10, none) == []


async def test_replace_delete_and_reload(tmp_path: Path, backend: EmbeddedBackend) -> None:
    record, chunks = _doc("a", ["alpha text", "beta text"])
    await backend.replace_document("t", record, chunks, _vectors(2, 1))
    record2, chunks2 = _doc("a", ["gamma text"])
    await backend.replace_document("t", record2, chunks2, _vectors(1, 2))
    assert await backend.stats("t") == (1, 1)
    assert await backend.bm25_search("t", tokenize("alpha"), 5) == []
    assert [h.chunk.chunk_id for h in await backend.bm25_search("t", tokenize("gamma"), 5)] == [
        "a#0"
    ]
    other, other_chunks = _doc("b", ["delta text"])
    await backend.replace_document("t", other, other_chunks, _vectors(1, 3))
    assert await backend.delete_document("t", "b") == 1
    assert await backend.delete_document("t", "b") is None

    reopened = EmbeddedBackend(tmp_path, DIM)
    await reopened.load()
    try:
        assert await reopened.stats("t") == (1, 1)
        assert [d.doc_id for d in await reopened.list_documents("t")] == ["a"]
        assert [h.chunk.text for h in await reopened.bm25_search("t", tokenize("gamma"), 5)] == [
            "gamma text"
        ]
    finally:
        await reopened.close()


async def test_tenants_never_see_each_other(backend: EmbeddedBackend) -> None:
    record, chunks = _doc("a", ["secret plan"])
    await backend.replace_document("t1", record, chunks, _vectors(1, 1))
    assert await backend.bm25_search("t2", tokenize("secret"), 5) == []
    assert await backend.vector_search("t2", _vectors(1, 1)[0], 5) == []
    assert await backend.get_chunks("t2", ["a#0"]) == []
    assert await backend.stats("t2") == (0, 0)


async def test_a_failed_write_leaves_nothing(backend: EmbeddedBackend) -> None:
    record, chunks = _doc("a", ["one", "two"])
    with pytest.raises(ValueError):
        await backend.replace_document("t", record, chunks, _vectors(1, 1))  # one vector short
    assert await backend.stats("t") == (0, 0)
    assert await backend.list_documents("t") == []
