"""The engine with the Redis search cache (a real redis-server): hits are served from Redis and
a tenant's ingest and delete make its cached results unreachable."""

from __future__ import annotations

from pathlib import Path

import redis.asyncio as aioredis

from retrieval_svc.cache import RedisSearchCache
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.engine import NewDocument, RetrievalEngine
from tests.retrieval_backends.corpus import HashingEmbedder
from tests.retrieval_backends.servers import RedisServer


async def _entries(server: RedisServer) -> int:
    client = aioredis.Redis.from_url(server.url)
    try:
        return len([k async for k in client.scan_iter(match="groundmesh:search:entry:*")])
    finally:
        await client.aclose()


async def test_engine_results_are_cached_in_redis_and_invalidated(
    redis_server: RedisServer, tenant: str, tmp_path: Path
) -> None:
    embedder = HashingEmbedder()
    cache = RedisSearchCache(redis_server.url)
    engine = RetrievalEngine(EmbeddedBackend(tmp_path / "s", embedder.dim), embedder, cache=cache)
    before = await _entries(redis_server)
    try:
        await engine.ingest(
            tenant, NewDocument("a", "Laptops", "text/plain", b"Lost laptops go to security.")
        )
        first = await engine.search(tenant, "lost laptop")
        assert await _entries(redis_server) == before + 1
        assert await engine.search(tenant, "lost laptop") == first
        assert await _entries(redis_server) == before + 1  # the second one was a hit

        await engine.ingest(
            tenant, NewDocument("b", "More", "text/plain", b"A lost laptop must be reported.")
        )
        second = await engine.search(tenant, "lost laptop")
        assert {h.chunk.doc_id for h in second.hits} == {"a", "b"}

        await engine.delete(tenant, "a")
        third = await engine.search(tenant, "lost laptop")
        assert {h.chunk.doc_id for h in third.hits} == {"b"}
    finally:
        await engine.close()
