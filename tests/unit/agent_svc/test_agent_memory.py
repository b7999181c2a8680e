"""Conversation memory: bounded in-process store, and Redis (a real redis-server on loopback)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_svc.memory import InProcessMemory, MemoryTurn, RedisMemory, build_memory
from mesh.errors import InvalidInput, Unavailable

pytestmark = pytest.mark.unit


def turns(n: int) -> list[MemoryTurn]:
    return [MemoryTurn("user" if i % 2 == 0 else "assistant", f"turn {i}") for i in range(n)]


class TestInProcess:
    async def test_sessions_are_separate_and_bounded(self) -> None:
        memory = InProcessMemory(max_turns=4)
        await memory.append("t", "s1", turns(6))
        await memory.append("t", "s2", turns(1))
        await memory.append("other", "s1", turns(1))
        assert [t.content for t in await memory.history("t", "s1")] == [
            "turn 2",
            "turn 3",
            "turn 4",
            "turn 5",
        ]
        assert len(await memory.history("t", "s2")) == 1
        assert len(await memory.history("other", "s1")) == 1
        assert await memory.history("t", "none") == []

    async def test_oldest_session_is_evicted(self) -> None:
        memory = InProcessMemory(max_turns=2, max_sessions=2)
        for s in ["a", "b", "c"]:
            await memory.append("t", s, turns(1))
        assert await memory.history("t", "a") == []
        assert len(await memory.history("t", "c")) == 1

    async def test_no_session_id_keeps_nothing(self) -> None:
        memory = InProcessMemory()
        await memory.append("t", "", turns(2))
        assert await memory.history("t", "") == []

    def test_bad_role_and_bounds(self) -> None:
        with pytest.raises(InvalidInput):
            MemoryTurn("system", "x")
        with pytest.raises(InvalidInput):
            InProcessMemory(max_turns=0)

    def test_build_memory_defaults_to_in_process(self) -> None:
        assert isinstance(build_memory(None, 5), InProcessMemory)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = _free_port()
    folder: Path = tmp_path_factory.mktemp("redis")
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), 0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(10)


class TestRedis:
    async def test_round_trip_bounded_and_unicode(self, redis_url: str) -> None:
        memory = RedisMemory(redis_url, max_turns=3)
        try:
            await memory.append("t", "s", [MemoryTurn("user", "請假要提前幾天？")])
            await memory.append("t", "s", turns(4))
            history = await memory.history("t", "s")
            assert [t.content for t in history] == ["turn 1", "turn 2", "turn 3"]
            await memory.append("t", "zh", [MemoryTurn("assistant", "三天 [hr#0]")])
            assert (await memory.history("t", "zh"))[0] == MemoryTurn("assistant", "三天 [hr#0]")
        finally:
            await memory.close()

    async def test_unreachable_redis_is_unavailable(self) -> None:
        memory = RedisMemory(f"redis://127.0.0.1:{_free_port()}/0")
        try:
            with pytest.raises(Unavailable):
                await memory.history("t", "s")
        finally:
            await memory.close()
