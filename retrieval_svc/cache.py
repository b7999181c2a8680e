"""The search cache: an in-process LRU by default, Redis when ``GROUNDMESH_REDIS_URL`` is set.

An entry's key is the tenant, the tenant's current *generation* and a SHA-256 of the whole
normalized request; invalidating a tenant (on its ingest and delete) moves it to a new
generation, so none of its earlier entries can be found again. A lookup remembers the
generation it saw and :meth:`SearchCache.put` stores under that one: a search that raced with an
ingest stores its result where no later lookup will look. Values are JSON text, never pickle.

Redis failures never fail a search: the cache logs the outage once, answers "miss" and drops
writes, and tries Redis again after ``retry_seconds``; invalidations that could not be written
are replayed before the first lookup after the recovery.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import time
import unicodedata
import uuid
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from mesh.config import RetrievalSettings
from retrieval_svc.fusion import FusionMode
from retrieval_svc.results import Hit, SearchMode, SearchOutcome
from retrieval_svc.store import StoredChunk

log = logging.getLogger(__name__)

JsonValue: TypeAlias = bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"] | None


def _normalize(value: Any) -> JsonValue:
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value).strip()
    if isinstance(value, Mapping):
        return {str(k): _normalize(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((_normalize(v) for v in value), key=lambda v: json.dumps(v))
    if isinstance(value, list | tuple):
        return [_normalize(v) for v in value]
    if value is None or isinstance(value, bool | int | float):
        return value
    raise TypeError(f"a search request holds only JSON values, not {type(value).__name__}")


def _text(raw: bytes | str) -> str:
    return raw.decode("utf-8") if isinstance(raw, bytes) else raw


def _dumps(value: JsonValue) -> str | None:
    """JSON text of a value, or None (logged) for one that JSON cannot hold, such as NaN."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        log.warning("search cache: not caching a result JSON cannot hold (%s)", exc)
        return None


def request_digest(request: Mapping[str, Any]) -> str:
    """SHA-256 of the request: strings NFC-normalized and stripped, sets sorted, keys sorted."""
    canonical = json.dumps(
        _normalize(request), sort_keys=True, ensure_ascii=False, separators=(",", ":")
    )
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class CacheLookup:
    """The result of :meth:`SearchCache.get`: the cached value (None on a miss) and where a
    fresh value should go (None when it must not be cached, e.g. Redis is down)."""

    value: JsonValue | None
    key: str | None


class SearchCache(Protocol):
    """Get before a search, put after it, invalidate a tenant on its ingest and delete."""

    name: str

    async def get(self, tenant: str, request: Mapping[str, Any]) -> CacheLookup: ...

    async def put(self, lookup: CacheLookup, value: JsonValue) -> None: ...

    async def invalidate(self, tenant: str) -> None: ...

    async def close(self) -> None: ...


class NullSearchCache:
    """Caches nothing (``cache_entries = 0``)."""

    name = "none"

    async def get(self, tenant: str, request: Mapping[str, Any]) -> CacheLookup:
        return CacheLookup(None, None)

    async def put(self, lookup: CacheLookup, value: JsonValue) -> None:
        return None

    async def invalidate(self, tenant: str) -> None:
        return None

    async def close(self) -> None:
        return None


class LruSearchCache:
    """At most ``max_entries`` results in this process, least recently used evicted first."""

    name = "lru"

    def __init__(
        self,
        max_entries: int = 1024,
        ttl_seconds: float = 300.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_entries <= 0:
            raise ValueError("max_entries must be positive (use NullSearchCache for none)")
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        self._max = max_entries
        self._ttl = ttl_seconds
        self._clock = clock
        self._entries: OrderedDict[str, tuple[str, float, str]] = OrderedDict()
        self._generations: dict[str, int] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def _key(self, tenant: str, request: Mapping[str, Any]) -> str:
        return f"{tenant}\x00{self._generations.get(tenant, 0)}\x00{request_digest(request)}"

    async def get(self, tenant: str, request: Mapping[str, Any]) -> CacheLookup:
        key = self._key(tenant, request)
        entry = self._entries.get(key)
        if entry is None:
            return CacheLookup(None, key)
        _, expires, text = entry
        if self._clock() >= expires:
            del self._entries[key]
            return CacheLookup(None, key)
        self._entries.move_to_end(key)
        value: JsonValue = json.loads(text)
        return CacheLookup(value, key)

    async def put(self, lookup: CacheLookup, value: JsonValue) -> None:
        if lookup.key is None:
            return
        tenant, generation, _ = lookup.key.split("\x00", 2)
        if int(generation) != self._generations.get(tenant, 0):
            return  # the tenant changed while this search ran
        text = _dumps(value)
        if text is None:
            return
        self._entries[lookup.key] = (tenant, self._clock() + self._ttl, text)
        self._entries.move_to_end(lookup.key)
        while len(self._entries) > self._max:
            self._entries.popitem(last=False)

    async def invalidate(self, tenant: str) -> None:
        self._generations[tenant] = self._generations.get(tenant, 0) + 1
        for key in [k for k, e in self._entries.items() if e[0] == tenant]:
            del self._entries[key]

    async def close(self) -> None:
        self._entries.clear()


class RedisSearchCache:
    """Results shared by every replica through Redis, each entry living ``ttl_seconds``.

    A tenant's generation is a random token under ``<prefix>:gen:<tenant>`` (a token, not a
    counter, so a restarted or evicting Redis can never bring old entries back into view).
    """

    name = "redis"

    def __init__(
        self,
        url: str,
        ttl_seconds: float = 300.0,
        retry_seconds: float = 5.0,
        timeout_seconds: float = 0.25,
        prefix: str = "groundmesh:search",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if ttl_seconds <= 0:
            raise ValueError("ttl_seconds must be positive")
        self._redis: aioredis.Redis = aioredis.Redis.from_url(
            url,
            socket_timeout=timeout_seconds,
            socket_connect_timeout=timeout_seconds,
            retry_on_timeout=False,
        )
        self._url = url
        self._ttl_ms = max(1, int(ttl_seconds * 1000))
        self._retry = retry_seconds
        self._prefix = prefix
        self._clock = clock
        self._down_until: float | None = None
        self._pending: set[str] = set()

    @property
    def available(self) -> bool:
        """False while an outage is being waited out."""
        return self._down_until is None

    def _gen_key(self, tenant: str) -> str:
        return f"{self._prefix}:gen:{tenant}"

    def _skip(self) -> bool:
        return self._down_until is not None and self._clock() < self._down_until

    def _failed(self, exc: Exception) -> None:
        if self._down_until is None:
            log.warning(
                "search cache: Redis at %s is unavailable (%s); searching without a cache "
                "and retrying every %.0f s",
                self._url,
                exc,
                self._retry,
            )
        self._down_until = self._clock() + self._retry

    def _recovered(self) -> None:
        if self._down_until is not None:
            log.warning("search cache: Redis at %s is back", self._url)
            self._down_until = None

    async def _replay_invalidations(self) -> None:
        for tenant in sorted(self._pending):
            await self._redis.set(self._gen_key(tenant), uuid.uuid4().hex)
            self._pending.discard(tenant)

    async def _generation(self, tenant: str) -> str:
        key = self._gen_key(tenant)
        gen = await self._redis.get(key)
        if gen is None:
            await self._redis.set(key, uuid.uuid4().hex, nx=True)
            gen = await self._redis.get(key)
        if gen is None:
            raise RedisError(f"generation of {tenant!r} vanished")
        return _text(gen)

    async def get(self, tenant: str, request: Mapping[str, Any]) -> CacheLookup:
        if self._skip():
            return CacheLookup(None, None)
        digest = request_digest(request)
        try:
            await self._replay_invalidations()
            key = f"{self._prefix}:entry:{tenant}:{await self._generation(tenant)}:{digest}"
            raw = await self._redis.get(key)
        except (RedisError, OSError) as exc:
            self._failed(exc)
            return CacheLookup(None, None)
        self._recovered()
        if raw is None:
            return CacheLookup(None, key)
        try:
            value: JsonValue = json.loads(_text(raw))
        except ValueError:
            log.warning("search cache: dropping an unreadable entry %s", key)
            return CacheLookup(None, key)
        return CacheLookup(value, key)

    async def put(self, lookup: CacheLookup, value: JsonValue) -> None:
        if lookup.key is None or self._skip():
            return
        text = _dumps(value)
        if text is None:
            return
        try:
            await self._redis.set(lookup.key, text.encode("utf-8"), px=self._ttl_ms)
        except (RedisError, OSError) as exc:
            self._failed(exc)

    async def invalidate(self, tenant: str) -> None:
        self._pending.add(tenant)
        if self._skip():
            return
        try:
            await self._replay_invalidations()
        except (RedisError, OSError) as exc:
            self._failed(exc)
        else:
            self._recovered()

    async def close(self) -> None:
        with contextlib.suppress(RedisError, OSError):
            await self._redis.aclose()


def build_cache(settings: RetrievalSettings) -> SearchCache:
    """Redis when ``GROUNDMESH_REDIS_URL`` is set, else an LRU (none when ``cache_entries=0``)."""
    if settings.redis_url:
        return RedisSearchCache(settings.redis_url, ttl_seconds=settings.cache_ttl_seconds)
    if settings.cache_entries == 0:
        return NullSearchCache()
    return LruSearchCache(settings.cache_entries, settings.cache_ttl_seconds)


# -- the engine's results as JSON ------------------------------------------------------------


def outcome_to_json(outcome: SearchOutcome) -> JsonValue:
    """A search outcome as plain JSON values (chunk tokens are not kept)."""
    return {
        "degraded": outcome.degraded,
        "fusion": outcome.fusion.value,
        "mode": outcome.mode.value,
        "failed_legs": list(outcome.failed_legs),
        "hits": [
            {
                "chunk_id": h.chunk.chunk_id,
                "doc_id": h.chunk.doc_id,
                "ordinal": h.chunk.ordinal,
                "title": h.chunk.title,
                "section": h.chunk.section,
                "text": h.chunk.text,
                "metadata": dict(h.chunk.metadata),
                "page": h.chunk.page,
                "page_label": h.chunk.page_label,
                "ocr_confidence": h.chunk.ocr_confidence,
                "vector_score": h.vector_score,
                "bm25_score": h.bm25_score,
                "fused_score": h.fused_score,
                "vector_pending": h.vector_pending,
            }
            for h in outcome.hits
        ],
    }


def _opt_float(value: Any) -> float | None:
    return None if value is None else float(value)


def outcome_from_json(value: JsonValue) -> SearchOutcome:
    """The inverse of :func:`outcome_to_json`; ValueError on anything else."""
    if not isinstance(value, dict) or not isinstance(value.get("hits"), list):
        raise ValueError("not a cached search outcome")
    data: Any = value
    try:
        hits = [
            Hit(
                chunk=StoredChunk(
                    chunk_id=str(h["chunk_id"]),
                    doc_id=str(h["doc_id"]),
                    ordinal=int(h["ordinal"]),
                    title=str(h["title"]),
                    section=str(h["section"]),
                    text=str(h["text"]),
                    tokens=(),
                    metadata={str(k): str(v) for k, v in dict(h["metadata"]).items()},
                    page=int(h.get("page", 0)),
                    page_label=str(h.get("page_label", "")),
                    ocr_confidence=float(h.get("ocr_confidence", 0.0)),
                ),
                vector_score=_opt_float(h["vector_score"]),
                bm25_score=_opt_float(h["bm25_score"]),
                fused_score=float(h["fused_score"]),
                vector_pending=bool(h.get("vector_pending", False)),
            )
            for h in data["hits"]
        ]
        return SearchOutcome(
            hits=hits,
            degraded=bool(data["degraded"]),
            fusion=FusionMode(str(data["fusion"])),
            mode=SearchMode(str(data["mode"])),
            failed_legs=tuple(str(x) for x in data["failed_legs"]),
        )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a cached search outcome: {exc}") from exc
