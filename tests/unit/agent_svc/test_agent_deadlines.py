"""The caller's deadline and cancellation reach every upstream call and tool the agent starts."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping, Sequence
from typing import Any

import grpc
import pytest

from agent_svc.deadline import remaining_seconds, set_caller_deadline, timeout_for
from agent_svc.server import SERVICE_NAMES, registrar
from agent_svc.tools.registry import ToolDefinition, ToolRegistry
from agent_svc.upstreams import GrpcUpstreams
from groundmesh.v1 import agent_pb2, agent_pb2_grpc, retrieval_pb2, retrieval_pb2_grpc
from mesh.config import AgentSettings
from mesh.grpc_server import create_server
from tests.unit.agent_svc.agent_fakes import FakeUpstreams, make_graph


class TestTimeoutFor:
    async def test_without_a_caller_deadline_the_configured_timeout_holds(self) -> None:
        assert remaining_seconds() is None
        assert timeout_for(30.0) == 30.0

    async def test_the_caller_deadline_caps_the_timeout(self) -> None:
        set_caller_deadline(5.0)
        assert timeout_for(30.0) <= 5.0
        assert timeout_for(1.0) == 1.0

    async def test_a_deadline_is_never_extended_and_an_expired_one_gives_a_tiny_timeout(
        self,
    ) -> None:
        set_caller_deadline(5.0)
        set_caller_deadline(500.0)
        assert timeout_for(30.0) <= 5.0
        set_caller_deadline(-1.0)
        assert 0 < timeout_for(30.0) <= 0.001

    async def test_no_deadline_from_the_caller_changes_nothing(self) -> None:
        set_caller_deadline(None)
        assert remaining_seconds() is None


class Forever:
    """A tool that never finishes on its own; records that it was cancelled."""

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.cancelled = asyncio.Event()

    @property
    def definition(self) -> ToolDefinition:
        return ToolDefinition("forever", "never answers", timeout_seconds=60.0)

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        self.started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled.set()
            raise
        raise AssertionError("unreachable")


class TestToolRegistry:
    async def test_a_tool_gets_at_most_the_callers_time_left(self) -> None:
        registry = ToolRegistry()
        tool = Forever()
        registry.register(tool)
        set_caller_deadline(0.05)
        result = await registry.invoke("forever", {})
        assert not result.success
        assert result.error and result.error.startswith("timed out after")
        assert "60" not in result.error
        assert tool.cancelled.is_set()

    async def test_cancelling_the_caller_cancels_the_tool(self) -> None:
        registry = ToolRegistry()
        tool = Forever()
        registry.register(tool)
        task = asyncio.create_task(registry.invoke("forever", {}))
        await asyncio.wait_for(tool.started.wait(), 30)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert tool.cancelled.is_set()


class RecordingRetrieval(retrieval_pb2_grpc.RetrievalServiceServicer):
    """Search answers at once, recording the deadline the caller gave it."""

    def __init__(self) -> None:
        self.time_remaining: list[float | None] = []

    async def Search(
        self, request: retrieval_pb2.SearchRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> retrieval_pb2.SearchResponse:
        self.time_remaining.append(context.time_remaining())
        return retrieval_pb2.SearchResponse()


@pytest.fixture
async def recording_retrieval() -> AsyncIterator[tuple[str, RecordingRetrieval]]:
    servicer = RecordingRetrieval()
    server = grpc.aio.server()
    retrieval_pb2_grpc.add_RetrievalServiceServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        yield f"127.0.0.1:{port}", servicer
    finally:
        await server.stop(None)


class TestUpstreamDeadlines:
    async def test_search_carries_the_callers_deadline_upstream(
        self, recording_retrieval: tuple[str, RecordingRetrieval]
    ) -> None:
        address, servicer = recording_retrieval
        up = GrpcUpstreams(
            AgentSettings(port=0, retrieval_addr=address, upstream_timeout_seconds=60)
        )
        try:
            await up.search("t", "q", 3, [], timeout=120.0)
            set_caller_deadline(5.0)
            await up.search("t", "q", 3, [], timeout=120.0)
        finally:
            await up.close()
        without, within = servicer.time_remaining
        # gRPC rounds deadlines a little: the bounds leave a margin of seconds either way.
        assert without is not None and without > 30.0  # the configured upstream timeout (60 s)
        assert within is not None and within <= 6.0  # the caller's 5 s


class BlockingSearch(FakeUpstreams):
    """Searches never answer; records that the agent cancelled them."""

    def __init__(self) -> None:
        super().__init__()
        self.started = asyncio.Event()
        self.cancelled = asyncio.Event()

    async def search(
        self, tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
    ) -> retrieval_pb2.SearchResponse:
        self.started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            self.cancelled.set()
            raise
        raise AssertionError("unreachable")


@pytest.fixture
async def blocking_agent() -> AsyncIterator[tuple[str, BlockingSearch]]:
    up = BlockingSearch()
    graph = make_graph(up)
    server, port, _ = await create_server(AgentSettings(port=0), registrar(graph), SERVICE_NAMES)
    try:
        yield f"127.0.0.1:{port}", up
    finally:
        await server.stop(None)


class TestCancellationOfTheIncomingCall:
    @pytest.mark.parametrize("streamed", [False, True], ids=["Ask", "AskStream"])
    async def test_a_cancelled_call_cancels_the_agents_search(
        self, blocking_agent: tuple[str, BlockingSearch], streamed: bool
    ) -> None:
        address, up = blocking_agent
        question = agent_pb2.Question(tenant="t", question="How fast is a lost laptop reported?")
        async with grpc.aio.insecure_channel(address) as channel:
            stub = agent_pb2_grpc.AgentServiceStub(channel)
            call: Any = (
                stub.AskStream(agent_pb2.AskStreamRequest(question=question))
                if streamed
                else stub.Ask(agent_pb2.AskRequest(question=question))
            )
            await asyncio.wait_for(up.started.wait(), 60)
            call.cancel()
            await asyncio.wait_for(up.cancelled.wait(), 60)
        assert up.cancelled.is_set()
