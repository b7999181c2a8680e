"""Conversation memory by session: in-process (bounded) by default, Redis when configured.

Turns are kept per ``(tenant, session_id)``, oldest first, at most ``max_turns`` of them; a
session that is too old falls out of the in-process store first (LRU over sessions).
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol

from mesh.errors import InvalidInput, Unavailable

MAX_TURN_CHARS = 4000


@dataclass(frozen=True)
class MemoryTurn:
    role: str  # "user" or "assistant"
    content: str

    def __post_init__(self) -> None:
        if self.role not in {"user", "assistant"}:
            raise InvalidInput(f"turn role must be user or assistant, not {self.role!r}")


class ConversationMemory(Protocol):
    async def history(self, tenant: str, session_id: str) -> list[MemoryTurn]: ...

    async def append(self, tenant: str, session_id: str, turns: list[MemoryTurn]) -> None: ...

    async def close(self) -> None: ...


def _clip(turn: MemoryTurn) -> MemoryTurn:
    return MemoryTurn(turn.role, turn.content[:MAX_TURN_CHARS])


class InProcessMemory:
    """A bounded dict of sessions, each a bounded list of turns."""

    def __init__(self, max_turns: int = 20, max_sessions: int = 10_000) -> None:
        if max_turns <= 0 or max_sessions <= 0:
            raise InvalidInput("memory bounds must be positive")
        self._max_turns = max_turns
        self._max_sessions = max_sessions
        self._sessions: OrderedDict[tuple[str, str], list[MemoryTurn]] = OrderedDict()
        self._lock = asyncio.Lock()

    async def history(self, tenant: str, session_id: str) -> list[MemoryTurn]:
        async with self._lock:
            turns = self._sessions.get((tenant, session_id), [])
            return list(turns)

    async def append(self, tenant: str, session_id: str, turns: list[MemoryTurn]) -> None:
        if not session_id:
            return
        async with self._lock:
            key = (tenant, session_id)
            kept = self._sessions.pop(key, [])
            kept.extend(_clip(t) for t in turns)
            self._sessions[key] = kept[-self._max_turns :]
            while len(self._sessions) > self._max_sessions:
                self._sessions.popitem(last=False)

    async def close(self) -> None:
        return None


class RedisMemory:
    """Sessions in Redis lists of JSON turns (``groundmesh:conv:{tenant}:{session}``)."""

    def __init__(self, url: str, max_turns: int = 20, ttl_seconds: int = 7 * 86400) -> None:
        import redis.asyncio as redis

        self._redis: Any = redis.from_url(url, decode_responses=True)
        self._max_turns = max_turns
        self._ttl = ttl_seconds

    @staticmethod
    def _key(tenant: str, session_id: str) -> str:
        return f"groundmesh:conv:{tenant}:{session_id}"

    async def history(self, tenant: str, session_id: str) -> list[MemoryTurn]:
        try:
            raw = await self._redis.lrange(self._key(tenant, session_id), 0, -1)
        except Exception as exc:  # redis raises its own hierarchy; the caller sees Unavailable
            raise Unavailable(f"conversation memory (redis) failed: {exc}") from exc
        out: list[MemoryTurn] = []
        for item in raw:
            data = json.loads(item)
            out.append(MemoryTurn(str(data["role"]), str(data["content"])))
        return out

    async def append(self, tenant: str, session_id: str, turns: list[MemoryTurn]) -> None:
        if not session_id or not turns:
            return
        key = self._key(tenant, session_id)
        values = [
            json.dumps({"role": t.role, "content": t.content}, ensure_ascii=False)
            for t in map(_clip, turns)
        ]
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                pipe.rpush(key, *values)
                pipe.ltrim(key, -self._max_turns, -1)
                pipe.expire(key, self._ttl)
                await pipe.execute()
        except Exception as exc:
            raise Unavailable(f"conversation memory (redis) failed: {exc}") from exc

    async def close(self) -> None:
        await self._redis.aclose()


def build_memory(redis_url: str | None, max_turns: int) -> ConversationMemory:
    """Redis when a URL is configured, else the in-process store."""
    if redis_url:
        return RedisMemory(redis_url, max_turns=max_turns)
    return InProcessMemory(max_turns=max_turns)
