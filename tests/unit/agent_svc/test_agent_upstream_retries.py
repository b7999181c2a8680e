"""The agent's upstream channels retry idempotent calls on UNAVAILABLE, and only those."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from agent_svc.upstreams import GrpcUpstreams
from groundmesh.v1 import (
    common_pb2,
    judge_pb2,
    judge_pb2_grpc,
    retrieval_pb2,
    retrieval_pb2_grpc,
)
from mesh.config import AgentSettings
from mesh.errors import GroundmeshError
from mesh.grpc_client import (
    IDEMPOTENT_METHODS,
    RetryPolicy,
    is_serving,
    open_channel,
    service_config,
)

Ctx = grpc.aio.ServicerContext[Any, Any]


class FlakyRetrieval(retrieval_pb2_grpc.RetrievalServiceServicer):
    """Every method fails UNAVAILABLE ``failures`` times, then answers; counts attempts."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.attempts: dict[str, int] = {}

    async def _attempt(self, method: str, context: Ctx) -> None:
        self.attempts[method] = self.attempts.get(method, 0) + 1
        if self.attempts[method] <= self.failures:
            await context.abort(grpc.StatusCode.UNAVAILABLE, "warming up")

    async def Search(
        self, request: retrieval_pb2.SearchRequest, context: Ctx
    ) -> retrieval_pb2.SearchResponse:
        await self._attempt("Search", context)
        return retrieval_pb2.SearchResponse(chunks=[common_pb2.Chunk(chunk_id="d#0", text="x")])

    async def DeleteDocument(
        self, request: retrieval_pb2.DeleteDocumentRequest, context: Ctx
    ) -> retrieval_pb2.DeleteDocumentResponse:
        await self._attempt("DeleteDocument", context)
        return retrieval_pb2.DeleteDocumentResponse()


class FlakyJudge(judge_pb2_grpc.JudgeServiceServicer):
    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.attempts = 0

    async def Judge(self, request: judge_pb2.JudgeRequest, context: Ctx) -> judge_pb2.JudgeResponse:
        self.attempts += 1
        if self.attempts <= self.failures:
            await context.abort(grpc.StatusCode.UNAVAILABLE, "warming up")
        judgement = common_pb2.Judgement(decision=common_pb2.DECISION_ACCEPT)
        return judge_pb2.JudgeResponse(judgement=judgement)


async def start(servicers: list[Any], port: int = 0) -> tuple[grpc.aio.Server, int]:
    server = grpc.aio.server()
    for s in servicers:
        if isinstance(s, retrieval_pb2_grpc.RetrievalServiceServicer):
            retrieval_pb2_grpc.add_RetrievalServiceServicer_to_server(s, server)
        else:
            judge_pb2_grpc.add_JudgeServiceServicer_to_server(s, server)
    checker = health.aio.HealthServicer()  # type: ignore[attr-defined]
    await checker.set("", health_pb2.HealthCheckResponse.SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(checker, server)
    bound = server.add_insecure_port(f"127.0.0.1:{port}")
    await server.start()
    return server, bound


@pytest.fixture
async def flaky() -> AsyncIterator[tuple[GrpcUpstreams, FlakyRetrieval, FlakyJudge]]:
    retrieval, judge = FlakyRetrieval(failures=2), FlakyJudge(failures=2)
    server, port = await start([retrieval, judge])
    address = f"127.0.0.1:{port}"
    up = GrpcUpstreams(AgentSettings(port=0, retrieval_addr=address, judge_addr=address))
    try:
        yield up, retrieval, judge
    finally:
        await up.close()
        await server.stop(None)


class TestRetries:
    async def test_search_is_retried_through_unavailable(
        self, flaky: tuple[GrpcUpstreams, FlakyRetrieval, FlakyJudge]
    ) -> None:
        up, retrieval, _ = flaky
        reply = await up.search("t", "q", 3, [], timeout=30.0)
        assert [c.chunk_id for c in reply.chunks] == ["d#0"]
        assert retrieval.attempts["Search"] == 3

    async def test_judge_is_retried_through_unavailable(
        self, flaky: tuple[GrpcUpstreams, FlakyRetrieval, FlakyJudge]
    ) -> None:
        up, _, judge = flaky
        judgement = await up.judge("t", "q", "draft [d#0]", [], 1, 3, "en")
        assert judgement.decision == common_pb2.DECISION_ACCEPT
        assert judge.attempts == 3

    async def test_a_call_that_keeps_failing_ends_unavailable_after_bounded_attempts(
        self,
    ) -> None:
        retrieval = FlakyRetrieval(failures=100)
        server, port = await start([retrieval])
        up = GrpcUpstreams(AgentSettings(port=0, retrieval_addr=f"127.0.0.1:{port}"))
        try:
            with pytest.raises(GroundmeshError):
                await up.search("t", "q", 3, [], timeout=30.0)
        finally:
            await up.close()
            await server.stop(None)
        assert retrieval.attempts["Search"] == RetryPolicy().max_attempts

    async def test_a_call_that_changes_state_is_never_retried(self) -> None:
        retrieval = FlakyRetrieval(failures=1)
        server, port = await start([retrieval])
        channel = open_channel(f"127.0.0.1:{port}", retry_methods=IDEMPOTENT_METHODS)
        try:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
            with pytest.raises(grpc.aio.AioRpcError) as info:
                await stub.DeleteDocument(
                    retrieval_pb2.DeleteDocumentRequest(tenant="t", doc_id="d"), timeout=30
                )
            assert info.value.code() == grpc.StatusCode.UNAVAILABLE
        finally:
            await channel.close(None)
            await server.stop(None)
        assert retrieval.attempts["DeleteDocument"] == 1

    async def test_the_next_call_after_a_restart_on_the_same_port_succeeds(self) -> None:
        retrieval = FlakyRetrieval(failures=0)
        server, port = await start([retrieval])
        address = f"127.0.0.1:{port}"
        up = GrpcUpstreams(AgentSettings(port=0, retrieval_addr=address))
        channel = open_channel(address)
        try:
            assert (await up.search("t", "q", 3, [], timeout=30.0)).chunks
            await server.stop(None)
            with pytest.raises(GroundmeshError):
                await up.search("t", "q", 3, [], timeout=30.0)
            server, _ = await start([retrieval], port)
            # Ready as a health check on a fresh channel sees it, as /readyz would.
            assert await is_serving(channel, timeout=30)
            assert (await up.search("t", "q", 3, [], timeout=30.0)).chunks
        finally:
            await channel.close(None)
            await up.close()
            await server.stop(None)


class TestServiceConfig:
    def test_only_idempotent_methods_are_retried(self) -> None:
        config = json.loads(service_config(IDEMPOTENT_METHODS))
        [method_config] = config["methodConfig"]
        names = {(n["service"], n["method"]) for n in method_config["name"]}
        assert ("groundmesh.v1.RetrievalService", "Search") in names
        assert ("groundmesh.v1.JudgeService", "Judge") in names
        assert ("groundmesh.v1.RouterService", "Route") in names
        assert not {m for _, m in names} & {"Ingest", "DeleteDocument"}
        policy = method_config["retryPolicy"]
        assert policy["retryableStatusCodes"] == ["UNAVAILABLE"]
        assert policy["maxAttempts"] == RetryPolicy().max_attempts

    @pytest.mark.parametrize(
        "kwargs",
        [
            {"max_attempts": 1},
            {"max_attempts": 6},
            {"initial_backoff_seconds": 0},
            {"initial_backoff_seconds": 3.0, "max_backoff_seconds": 2.0},
            {"backoff_multiplier": 0.5},
            {"retryable_status_codes": ()},
        ],
    )
    def test_a_policy_grpc_would_reject_is_refused(self, kwargs: dict[str, Any]) -> None:
        with pytest.raises(ValueError):
            RetryPolicy(**kwargs)
