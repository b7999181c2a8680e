"""The search cache: the in-process LRU, and Redis against a real redis-server."""

from __future__ import annotations

import json
import logging
import math
from typing import Any

import pytest
import redis.asyncio as aioredis

from mesh.config import RetrievalSettings
from retrieval_svc.cache import (
    CacheLookup,
    LruSearchCache,
    NullSearchCache,
    RedisSearchCache,
    SearchCache,
    build_cache,
    outcome_from_json,
    outcome_to_json,
    request_digest,
)
from retrieval_svc.fusion import FusionMode
from retrieval_svc.results import Hit, SearchMode, SearchOutcome
from retrieval_svc.store import StoredChunk
from tests.retrieval_backends.servers import RedisServer


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def req(query: str = "請假規定", **extra: Any) -> dict[str, Any]:
    return {"query": query, "top_k": 5, "mode": "hybrid", **extra}


async def test_request_digest_normalizes_only_what_does_not_change_results() -> None:
    composed, decomposed = "caf\u00e9", "cafe\u0301"
    assert request_digest(req(composed)) == request_digest(req(f"  {decomposed}\n"))
    assert request_digest({"a": 1, "b": 2}) == request_digest({"b": 2, "a": 1})
    assert request_digest(req(doc_ids=frozenset({"x", "y"}))) == request_digest(
        req(doc_ids=frozenset({"y", "x"}))
    )
    assert request_digest(req("Apple")) != request_digest(req("apple"))
    assert request_digest(req(top_k=5)) != request_digest(req(top_k=6))
    assert request_digest(req(weights=[0.7, 0.3])) != request_digest(req(weights=[0.3, 0.7]))
    with pytest.raises(TypeError):
        request_digest({"query": object()})


async def test_lru_miss_put_hit() -> None:
    cache = LruSearchCache(max_entries=4)
    miss = await cache.get("t1", req())
    assert miss.value is None and miss.key is not None
    await cache.put(miss, {"hits": [1, 2], "text": "段落"})
    hit = await cache.get("t1", req())
    assert hit.value == {"hits": [1, 2], "text": "段落"}
    assert (await cache.get("t2", req())).value is None
    assert (await cache.get("t1", req(top_k=9))).value is None


async def test_lru_is_bounded_and_evicts_the_least_recently_used() -> None:
    cache = LruSearchCache(max_entries=2)
    for q in ("a", "b"):
        await cache.put(await cache.get("t", req(q)), q)
    assert (await cache.get("t", req("a"))).value == "a"  # "a" is now the most recent
    await cache.put(await cache.get("t", req("c")), "c")
    assert len(cache) == 2
    assert (await cache.get("t", req("b"))).value is None
    assert (await cache.get("t", req("a"))).value == "a"
    assert (await cache.get("t", req("c"))).value == "c"


async def test_lru_entries_expire() -> None:
    clock = FakeClock()
    cache = LruSearchCache(max_entries=4, ttl_seconds=10, clock=clock)
    await cache.put(await cache.get("t", req()), 1)
    clock.now += 9.9
    assert (await cache.get("t", req())).value == 1
    clock.now += 0.2
    assert (await cache.get("t", req())).value is None
    assert len(cache) == 0


async def test_lru_invalidation_is_per_tenant_and_beats_a_racing_search() -> None:
    cache = LruSearchCache(max_entries=8)
    for tenant in ("a", "b"):
        await cache.put(await cache.get(tenant, req()), tenant)
    racing = await cache.get("a", req("other"))  # a search starts, then an ingest lands
    await cache.invalidate("a")
    await cache.put(racing, "computed from the old documents")
    assert (await cache.get("a", req())).value is None
    assert (await cache.get("a", req("other"))).value is None
    assert (await cache.get("b", req())).value == "b"
    await cache.put(await cache.get("a", req()), "fresh")
    assert (await cache.get("a", req())).value == "fresh"


async def test_lru_stores_copies_and_refuses_what_json_cannot_hold() -> None:
    cache = LruSearchCache(max_entries=4)
    value: dict[str, Any] = {"hits": [1]}
    await cache.put(await cache.get("t", req()), value)
    value["hits"].append(2)
    cached = (await cache.get("t", req())).value
    assert cached == {"hits": [1]}
    await cache.put(await cache.get("t", req("nan")), {"score": math.nan})
    assert (await cache.get("t", req("nan"))).value is None


async def test_invalid_lru_sizes_are_refused() -> None:
    with pytest.raises(ValueError):
        LruSearchCache(max_entries=0)
    with pytest.raises(ValueError):
        LruSearchCache(ttl_seconds=0)


async def test_null_cache_never_hits() -> None:
    cache = NullSearchCache()
    lookup = await cache.get("t", req())
    await cache.put(lookup, 1)
    assert await cache.get("t", req()) == CacheLookup(None, None)


def test_build_cache_follows_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GROUNDMESH_REDIS_URL", raising=False)
    monkeypatch.delenv("GROUNDMESH_RETRIEVAL_REDIS_URL", raising=False)
    assert isinstance(build_cache(RetrievalSettings()), LruSearchCache)
    assert isinstance(build_cache(RetrievalSettings(cache_entries=0)), NullSearchCache)
    monkeypatch.setenv("GROUNDMESH_REDIS_URL", "redis://127.0.0.1:1/0")
    assert isinstance(build_cache(RetrievalSettings()), RedisSearchCache)


def test_outcomes_round_trip_through_json() -> None:
    chunk = StoredChunk("d#0", "d", 0, "標題", "節", "內文 text", ("內文",), {"url": "https://x"})
    outcome = SearchOutcome(
        hits=[
            Hit(chunk, 0.81, None, 0.7),
            Hit(StoredChunk("d#1", "d", 1, "t", "", "x", ()), None, 3.25, 0.3),
        ],
        degraded=True,
        fusion=FusionMode.WEIGHTED_RRF,
        mode=SearchMode.HYBRID,
        failed_legs=("bm25",),
    )
    text = json.dumps(outcome_to_json(outcome))
    back = outcome_from_json(json.loads(text))
    assert back.hits[0].chunk == StoredChunk(
        "d#0", "d", 0, "標題", "節", "內文 text", (), {"url": "https://x"}
    )
    assert [(h.vector_score, h.bm25_score, h.fused_score) for h in back.hits] == [
        (0.81, None, 0.7),
        (None, 3.25, 0.3),
    ]
    assert (back.degraded, back.fusion, back.mode, back.failed_legs) == (
        True,
        FusionMode.WEIGHTED_RRF,
        SearchMode.HYBRID,
        ("bm25",),
    )
    with pytest.raises(ValueError):
        outcome_from_json({"hits": [{"chunk_id": "x"}]})
    with pytest.raises(ValueError):
        outcome_from_json([1, 2])


# -- Redis ---------------------------------------------------------------------------------


async def _flush(server: RedisServer) -> None:
    client = aioredis.Redis.from_url(server.url)
    await client.flushdb()
    await client.aclose()


async def test_redis_is_shared_by_replicas_and_invalidated_per_tenant(
    redis_server: RedisServer,
) -> None:
    await _flush(redis_server)
    one, two = RedisSearchCache(redis_server.url), RedisSearchCache(redis_server.url)
    try:
        await one.put(await one.get("acme", req()), {"answer": "第一"})
        await one.put(await one.get("other", req()), {"answer": "other"})
        assert (await two.get("acme", req())).value == {"answer": "第一"}
        racing = await two.get("acme", req("racing"))
        await one.invalidate("acme")
        await two.put(racing, "stale")
        assert (await two.get("acme", req())).value is None
        assert (await one.get("acme", req("racing"))).value is None
        assert (await two.get("other", req())).value == {"answer": "other"}
    finally:
        await one.close()
        await two.close()


async def test_redis_entries_are_json_with_a_lifetime(redis_server: RedisServer) -> None:
    await _flush(redis_server)
    cache = RedisSearchCache(redis_server.url, ttl_seconds=120)
    raw = aioredis.Redis.from_url(redis_server.url)
    try:
        lookup = await cache.get("acme", req())
        assert lookup.key is not None
        await cache.put(lookup, {"hits": ["段"]})
        stored = await raw.get(lookup.key)
        assert stored is not None and json.loads(stored) == {"hits": ["段"]}
        assert 0 < await raw.pttl(lookup.key) <= 120_000
        await raw.set(lookup.key, b"\x80\x04not json")  # e.g. written by something else
        assert (await cache.get("acme", req())).value is None
    finally:
        await cache.close()
        await raw.aclose()


async def test_redis_down_means_no_cache_logged_once_never_an_error(
    private_redis: RedisServer, caplog: pytest.LogCaptureFixture
) -> None:
    writer = RedisSearchCache(private_redis.url, retry_seconds=0)
    reader = RedisSearchCache(private_redis.url, retry_seconds=0)
    caches: list[SearchCache] = [writer, reader]
    try:
        await reader.put(await reader.get("acme", req()), "before")
        private_redis.stop()
        with caplog.at_level(logging.WARNING, logger="retrieval_svc.cache"):
            for _ in range(3):
                lookup = await reader.get("acme", req())
                assert lookup == CacheLookup(None, None)
                await reader.put(lookup, "ignored")
            await writer.invalidate("acme")  # an ingest while Redis is down
        unavailable = [r for r in caplog.records if "unavailable" in r.getMessage()]
        assert len(unavailable) == 2  # once per cache object, not once per call
        assert not reader.available

        private_redis.start()  # an empty Redis: the reader caches a result again...
        await reader.put(await reader.get("acme", req()), "computed before the ingest")
        assert (await reader.get("acme", req())).value == "computed before the ingest"
        assert reader.available
        # ...but the writer replays its pending invalidation before its first lookup.
        assert (await writer.get("acme", req())).value is None
        assert (await reader.get("acme", req())).value is None
    finally:
        for cache in caches:
            await cache.close()


async def test_redis_outage_is_waited_out_without_calls(
    private_redis: RedisServer,
) -> None:
    clock = FakeClock()
    cache = RedisSearchCache(private_redis.url, retry_seconds=30, clock=clock)
    try:
        private_redis.stop()
        assert (await cache.get("t", req())).key is None
        private_redis.start()
        clock.now += 29
        assert (await cache.get("t", req())).key is None  # still waiting: Redis not asked
        clock.now += 2
        lookup = await cache.get("t", req())
        assert lookup.key is not None and cache.available
    finally:
        await cache.close()


def test_pages_and_ocr_confidence_round_trip_through_json() -> None:
    chunk = StoredChunk("s#0", "s", 0, "t", "", "押金", (), {}, 3, "", 0.62)
    outcome = SearchOutcome(
        hits=[Hit(chunk, 0.5, None, 0.5)],
        degraded=False,
        fusion=FusionMode.WEIGHTED_RRF,
        mode=SearchMode.HYBRID,
        failed_legs=(),
    )
    back = outcome_from_json(json.loads(json.dumps(outcome_to_json(outcome))))
    assert back.hits[0].chunk == chunk
    # an entry cached before OCR confidences reads as text not read by OCR
    old = outcome_to_json(outcome)
    assert isinstance(old, dict) and isinstance(old["hits"], list)
    hit = old["hits"][0]
    assert isinstance(hit, dict)
    del hit["ocr_confidence"]
    assert outcome_from_json(old).hits[0].chunk.ocr_confidence == 0.0
