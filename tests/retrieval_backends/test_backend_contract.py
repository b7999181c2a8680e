"""The search-backend contract, run against the embedded store and a real weaviate-server."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest

from retrieval_svc.backend import ChunkFilter, SearchBackend, TextFirstBackend
from retrieval_svc.text import tokenize
from tests.retrieval_backends.corpus import make_doc, unit


async def put(backend: SearchBackend, tenant: str, *args: object, **kwargs: object) -> None:
    record, chunks, vectors = make_doc(*args, **kwargs)  # type: ignore[arg-type]
    await backend.replace_document(tenant, record, chunks, vectors)


async def test_replace_list_and_get_chunks(backend: SearchBackend, tenant: str) -> None:
    await put(backend, tenant, "beta", ["one chunk about pears"], metadata={"lang": "en"})
    await put(
        backend,
        tenant,
        "alpha",
        ["apples are red", "bananas are yellow"],
        metadata={"lang": "en", "url": "https://example.com/a"},
        title="Fruit",
    )
    docs = await backend.list_documents(tenant)
    assert [d.doc_id for d in docs] == ["alpha", "beta"]
    alpha = docs[0]
    assert (alpha.title, alpha.content_type, alpha.chunk_count) == ("Fruit", "text/plain", 2)
    assert alpha.metadata == {"lang": "en", "url": "https://example.com/a"}
    assert alpha.ingested_at == pytest.approx(1_700_000_000.0)

    got = await backend.get_chunks(tenant, ["beta#0", "missing#0", "alpha#1", "alpha#1"])
    assert [c.chunk_id for c in got] == ["beta#0", "alpha#1", "alpha#1"]
    banana = got[1]
    assert (banana.doc_id, banana.ordinal, banana.title, banana.section, banana.text) == (
        "alpha",
        1,
        "Fruit",
        "Section 1",
        "bananas are yellow",
    )
    assert banana.metadata == {"lang": "en", "url": "https://example.com/a"}
    assert await backend.stats(tenant) == (2, 3)


async def test_reingest_replaces_the_whole_document(backend: SearchBackend, tenant: str) -> None:
    await put(backend, tenant, "doc", ["old walrus one", "old walrus two", "old walrus three"])
    await put(backend, tenant, "other", ["an unrelated page"])
    await put(backend, tenant, "doc", ["new narwhal text"], [unit(1, 0)])

    assert await backend.stats(tenant) == (2, 2)
    assert [c.text for c in await backend.get_chunks(tenant, ["doc#0", "doc#1", "doc#2"])] == [
        "new narwhal text"
    ]
    assert await backend.bm25_search(tenant, tokenize("walrus"), 10) == []
    assert [h.chunk.text for h in await backend.bm25_search(tenant, tokenize("narwhal"), 10)] == [
        "new narwhal text"
    ]
    hits = await backend.vector_search(tenant, unit(1, 0), 10)
    assert [h.chunk.chunk_id for h in hits if h.chunk.doc_id == "doc"] == ["doc#0"]
    docs = await backend.list_documents(tenant)
    assert [(d.doc_id, d.chunk_count) for d in docs] == [("doc", 1), ("other", 1)]


async def test_reingesting_identical_content_is_idempotent(
    backend: SearchBackend, tenant: str
) -> None:
    for _ in range(2):
        await put(backend, tenant, "same", ["stable text one", "stable text two"])
    assert await backend.stats(tenant) == (1, 2)
    assert len(await backend.bm25_search(tenant, tokenize("stable"), 10)) == 2


async def test_readers_see_the_old_or_the_new_version_never_a_mix(
    backend: SearchBackend, tenant: str
) -> None:
    versions = [make_doc("big", [f"version v{v} part {i}" for i in range(40)]) for v in range(4)]
    await backend.replace_document(tenant, *versions[0])

    async def write() -> None:
        for version in versions[1:]:
            await backend.replace_document(tenant, *version)

    async def read() -> list[tuple[set[str], int]]:
        seen: list[tuple[set[str], int]] = []
        while not writer.done():
            hits = await backend.bm25_search(tenant, tokenize("version"), 100)
            seen.append(({h.chunk.text.split()[1] for h in hits}, len(hits)))
            await asyncio.sleep(0)
        return seen

    writer = asyncio.create_task(write())
    observed = [o for seen in await asyncio.gather(read(), read(), read()) for o in seen]
    await writer
    assert observed
    assert all(len(texts) == 1 and count == 40 for texts, count in observed), observed
    hits = await backend.bm25_search(tenant, tokenize("version"), 100)
    assert {h.chunk.text.split()[1] for h in hits} == {"v3"} and len(hits) == 40


async def test_delete(backend: SearchBackend, tenant: str) -> None:
    await put(backend, tenant, "gone", ["short lived zebra", "second zebra"], [unit(1), unit(0, 1)])
    await put(backend, tenant, "kept", ["a lasting giraffe"], [unit(1, 1)])
    assert await backend.delete_document(tenant, "gone") == 2
    assert await backend.delete_document(tenant, "gone") is None
    assert await backend.delete_document(tenant, "never-was") is None
    assert [d.doc_id for d in await backend.list_documents(tenant)] == ["kept"]
    assert await backend.get_chunks(tenant, ["gone#0", "gone#1"]) == []
    assert await backend.bm25_search(tenant, tokenize("zebra"), 10) == []
    assert [h.chunk.doc_id for h in await backend.vector_search(tenant, unit(1), 10)] == ["kept"]
    assert await backend.stats(tenant) == (1, 1)


async def test_vector_search_orders_by_cosine(backend: SearchBackend, tenant: str) -> None:
    vectors = [unit(1, 0, 0), unit(1, 1, 0), unit(0, 1, 0), unit(0, 0, 1), unit(1, 0.2, 0)]
    await put(backend, tenant, "v", [f"text {i}" for i in range(5)], vectors)
    query = unit(1, 0.1, 0)
    hits = await backend.vector_search(tenant, query, 3)
    expected = sorted(range(5), key=lambda i: -float(vectors[i] @ query))[:3]
    assert [h.chunk.chunk_id for h in hits] == [f"v#{i}" for i in expected]
    for h, i in zip(hits, expected, strict=True):
        assert h.score == pytest.approx(float(vectors[i] @ query), abs=1e-4)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert len(await backend.vector_search(tenant, query, 50)) == 5


async def test_bm25_search_orders_by_relevance(backend: SearchBackend, tenant: str) -> None:
    await put(backend, tenant, "a", ["the quick brown fox", "a lazy dog sleeps all day long"])
    await put(backend, tenant, "b", ["fox fox fox hunting", "nothing relevant here at all"])
    # rank_bm25 gives a term found in half the chunks an idf of 0: keep "fox" rarer than that.
    await put(backend, tenant, "c", ["cats purr", "birds sing", "fish swim"])
    hits = await backend.bm25_search(tenant, tokenize("fox"), 10)
    assert [h.chunk.chunk_id for h in hits] == ["b#0", "a#0"]
    assert hits[0].score > hits[1].score > 0
    assert await backend.bm25_search(tenant, tokenize("unicorn"), 10) == []
    assert await backend.bm25_search(tenant, [], 10) == []
    assert [h.chunk.chunk_id for h in await backend.bm25_search(tenant, tokenize("fox"), 1)] == [
        "b#0"
    ]


async def test_filters_by_doc_ids_and_metadata(backend: SearchBackend, tenant: str) -> None:
    await put(backend, tenant, "en1", ["shared term apple"], [unit(1)], metadata={"lang": "en"})
    await put(
        backend,
        tenant,
        "en2",
        ["shared term apple pie"],
        [unit(1, 0.5)],
        metadata={"lang": "en", "team": "hr"},
    )
    await put(backend, tenant, "zh1", ["shared term 蘋果"], [unit(1, 1)], metadata={"lang": "zh"})
    q = unit(1)

    async def both(where: ChunkFilter) -> tuple[set[str], set[str]]:
        v = {h.chunk.doc_id for h in await backend.vector_search(tenant, q, 10, where)}
        b = {
            h.chunk.doc_id for h in await backend.bm25_search(tenant, tokenize("shared"), 10, where)
        }
        return v, b

    assert await both(ChunkFilter()) == ({"en1", "en2", "zh1"},) * 2
    assert await both(ChunkFilter(doc_ids=frozenset({"en2", "zh1"}))) == ({"en2", "zh1"},) * 2
    assert await both(ChunkFilter(metadata={"lang": "en"})) == ({"en1", "en2"},) * 2
    assert await both(ChunkFilter(metadata={"lang": "en", "team": "hr"})) == ({"en2"},) * 2
    assert (
        await both(ChunkFilter(doc_ids=frozenset({"en1", "zh1"}), metadata={"lang": "en"}))
        == ({"en1"},) * 2
    )
    assert await both(ChunkFilter(metadata={"lang": "fr"})) == (set(), set())
    assert await both(ChunkFilter(doc_ids=frozenset())) == (set(), set())
    assert await both(ChunkFilter(doc_ids=frozenset({"nope"}))) == (set(), set())


@pytest.mark.parametrize("other", ["acme.corp_1", "acme-corp-1"])
async def test_tenants_are_isolated(backend: SearchBackend, tenant: str, other: str) -> None:
    other = f"{other}-{tenant}"
    await put(backend, tenant, "same-id", ["tenant a secret aardvark"], [unit(1)])
    await put(backend, other, "same-id", ["tenant b secret badger"], [unit(1)])
    await put(backend, other, "only-b", ["another badger"], [unit(0, 1)])

    assert [c.text for c in await backend.get_chunks(tenant, ["same-id#0", "only-b#0"])] == [
        "tenant a secret aardvark"
    ]
    assert await backend.bm25_search(tenant, tokenize("badger"), 10) == []
    assert await backend.bm25_search(other, tokenize("aardvark"), 10) == []
    assert {h.chunk.text for h in await backend.vector_search(tenant, unit(1), 10)} == {
        "tenant a secret aardvark"
    }
    assert [d.doc_id for d in await backend.list_documents(tenant)] == ["same-id"]
    assert await backend.stats(other) == (2, 2)
    assert await backend.delete_document(tenant, "only-b") is None
    assert await backend.delete_document(tenant, "same-id") == 1
    assert [c.text for c in await backend.get_chunks(other, ["same-id#0"])] == [
        "tenant b secret badger"
    ]


async def test_an_empty_tenant_has_nothing(backend: SearchBackend, tenant: str) -> None:
    assert await backend.list_documents(tenant) == []
    assert await backend.get_chunks(tenant, ["x#0"]) == []
    assert await backend.vector_search(tenant, unit(1), 5) == []
    assert await backend.bm25_search(tenant, tokenize("anything"), 5) == []
    assert await backend.stats(tenant) == (0, 0)
    assert await backend.delete_document(tenant, "x") is None


async def test_wrong_vectors_are_refused_and_change_nothing(
    backend: SearchBackend, tenant: str
) -> None:
    record, chunks, vectors = make_doc("d", ["one", "two"])
    with pytest.raises(ValueError):
        await backend.replace_document(tenant, record, chunks, vectors[:1])
    assert await backend.list_documents(tenant) == []


async def test_concurrent_replaces_of_one_document_leave_one_whole_version(
    backend: SearchBackend, tenant: str
) -> None:
    versions = [make_doc("doc", [f"variant {v} part {i}" for i in range(3 + v)]) for v in range(3)]
    await asyncio.gather(*(backend.replace_document(tenant, *v) for v in versions))
    (record,) = await backend.list_documents(tenant)
    hits = await backend.bm25_search(tenant, tokenize("variant"), 50)
    assert len({h.chunk.text.split()[1] for h in hits}) == 1
    assert len(hits) == record.chunk_count
    assert await backend.stats(tenant) == (1, record.chunk_count)


async def test_metadata_filters_take_any_characters(backend: SearchBackend, tenant: str) -> None:
    odd = {"下載連結": "https://example.com/f?a=b&c=[1]", 'k="v"': "a, b", "empty": ""}
    await put(backend, tenant, "odd", ["odd metadata"], [unit(1)], metadata=odd)
    await put(backend, tenant, "plain", ["plain metadata"], [unit(1)], metadata={"empty": "x"})
    for key, value in odd.items():
        hits = await backend.vector_search(tenant, unit(1), 5, ChunkFilter(metadata={key: value}))
        assert [h.chunk.doc_id for h in hits] == ["odd"], key
    (doc,) = [d for d in await backend.list_documents(tenant) if d.doc_id == "odd"]
    assert doc.metadata == odd


async def test_pages_and_ocr_confidence_come_back_from_every_read(
    backend: SearchBackend, tenant: str
) -> None:
    record, chunks, vectors = make_doc("scan", ["deposit five thousand", "typed annex rules"])
    chunks = [
        dataclasses.replace(chunks[0], page=3, ocr_confidence=0.62),
        dataclasses.replace(chunks[1], page=4, page_label="Annex"),
    ]
    await backend.replace_document(tenant, record, chunks, vectors)
    expected = {"scan#0": (3, "", 0.62), "scan#1": (4, "Annex", 0.0)}

    def fields(found: list[Any]) -> dict[str, tuple[int, str, Any]]:
        return {c.chunk_id: (c.page, c.page_label, pytest.approx(c.ocr_confidence)) for c in found}

    got = await backend.get_chunks(tenant, ["scan#0", "scan#1"])
    assert fields(got) == expected
    bm25 = await backend.bm25_search(tenant, tokenize("deposit thousand"), 5)
    assert fields([s.chunk for s in bm25])["scan#0"] == expected["scan#0"]
    near = await backend.vector_search(tenant, vectors[1], 5)
    assert fields([s.chunk for s in near])["scan#1"] == expected["scan#1"]


async def test_text_first_is_found_by_bm25_at_once_and_by_vectors_once_they_are_set(
    backend: SearchBackend, tenant: str
) -> None:
    """Issue 29: a document's pages are searchable by BM25 while it is still being read and
    embedded, on either backend (TextFirstBackend)."""
    assert isinstance(backend, TextFirstBackend)
    vectors = [unit(1, 0, 0), unit(0, 1, 0)]
    record, chunks, matrix = make_doc("scan", ["fox tracks in snow", "owls at night"], vectors)
    await put(backend, tenant, "other", ["cats purr", "birds sing", "fish swim"])
    await backend.replace_text(tenant, record, chunks)
    assert await backend.pending_documents(tenant) == frozenset({"scan"})
    found = await backend.bm25_search(tenant, tokenize("fox"), 10)
    assert [h.chunk.chunk_id for h in found] == ["scan#0"]
    assert {h.chunk.doc_id for h in await backend.vector_search(tenant, unit(1, 0, 0), 10)} == {
        "other"
    }
    got = await backend.get_chunks(tenant, ["scan#1"])
    assert [(c.text, c.section) for c in got] == [("owls at night", "Section 1")]

    assert await backend.set_vectors(tenant, "scan", ["scan#0", "scan#1"], matrix)
    assert await backend.pending_documents(tenant) == frozenset()
    best = await backend.vector_search(tenant, unit(1, 0, 0), 1)
    assert [h.chunk.chunk_id for h in best] == ["scan#0"]
    assert [h.chunk.chunk_id for h in await backend.bm25_search(tenant, tokenize("owls"), 10)] == [
        "scan#1"
    ]
    assert [d.chunk_count for d in await backend.list_documents(tenant) if d.doc_id == "scan"] == [
        2
    ]


async def test_vectors_for_a_document_replaced_meanwhile_are_refused(
    backend: SearchBackend, tenant: str
) -> None:
    assert isinstance(backend, TextFirstBackend)
    record, chunks, matrix = make_doc("doc", ["first version"])
    await backend.replace_text(tenant, record, chunks)
    await put(backend, tenant, "doc", ["second version", "with two chunks"])
    assert not await backend.set_vectors(tenant, "doc", ["doc#0"], matrix)
    assert [c.text for c in await backend.get_chunks(tenant, ["doc#0", "doc#1"])] == [
        "second version",
        "with two chunks",
    ]
    await backend.delete_document(tenant, "doc")
    assert not await backend.set_vectors(tenant, "doc", ["doc#0"], matrix)
    assert await backend.get_chunks(tenant, ["doc#0"]) == []
