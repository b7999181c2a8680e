"""Session-scoped real servers (weaviate-server, redis-server) and the two search backends."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from retrieval_svc.backend import SearchBackend
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.weaviate_backend import WeaviateBackend
from tests.retrieval_backends.servers import (
    RedisServer,
    WeaviateServer,
    find_binary,
    free_port,
    missing_tool,
    run_weaviate,
)

DIM = 8


@pytest.fixture(scope="session")
def weaviate_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WeaviateServer]:
    """One weaviate-server for the whole session (it takes ~10 s to elect itself leader)."""
    binary = find_binary("weaviate-server", Path.home() / "go" / "bin" / "weaviate-server")
    if binary is None:
        missing_tool("weaviate-server is not installed (scripts/tools.sh builds it)")
        raise AssertionError("unreachable")
    root = tmp_path_factory.mktemp("weaviate")
    with run_weaviate(binary, root / "data", root / "weaviate.log") as server:
        yield server


@pytest.fixture(scope="session")
def redis_binary() -> str:
    """Debian's redis-server."""
    binary = find_binary("redis-server")
    if binary is None:
        missing_tool("redis-server is not installed (apt-get install redis-server)")
        raise AssertionError("unreachable")
    return binary


@pytest.fixture(scope="session")
def redis_server(redis_binary: str) -> Iterator[RedisServer]:
    """One redis-server (no persistence) for the whole session."""
    server = RedisServer(redis_binary, free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def private_redis(redis_binary: str) -> Iterator[RedisServer]:
    """A redis-server of this test alone, which the test may stop and start (an outage)."""
    server = RedisServer(redis_binary, free_port())
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def tenant() -> str:
    """A tenant no other test uses (the Weaviate server is shared by the session)."""
    return f"t-{uuid.uuid4().hex[:12]}"


@pytest_asyncio.fixture(params=["embedded", "weaviate"])
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SearchBackend]:
    """Each backend in turn: the contract suite runs once against each."""
    made: SearchBackend
    if request.param == "embedded":
        made = EmbeddedBackend(tmp_path / "store", DIM)
    else:
        server: WeaviateServer = request.getfixturevalue("weaviate_server")
        made = WeaviateBackend(http_port=server.http_port, grpc_port=server.grpc_port, dim=DIM)
    try:
        yield made
    finally:
        await made.close()
