"""Draining a gRPC server (mesh.grpc_server.drain_and_stop with mesh.interceptors.DrainGate).

A real grpc.aio server from :func:`mesh.grpc_server.create_server` on a loopback port, with a
generic service whose handlers wait for the test's events: calls in flight (unary and
streaming) finish, every new call is refused with UNAVAILABLE — also one the transport took
while the server's event loop was busy and whose handler had not started — health keeps
answering (NOT_SERVING), and a call outliving the grace period is cancelled.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from groundmesh.v1 import retrieval_pb2
from mesh.config import GrpcServerSettings
from mesh.grpc_server import HealthServicer, create_server, drain_and_stop, set_serving
from mesh.interceptors import SHUTTING_DOWN_MESSAGE, DrainGate

pytestmark = pytest.mark.integration

SERVICE = "test.v1.Drain"
WAIT = 30.0  # bounds a hang; nothing here depends on timing
Request = retrieval_pb2.SearchRequest
Reply = retrieval_pb2.SearchResponse
Context = grpc.aio.ServicerContext[Any, Any]


@dataclass
class Handlers:
    """Handlers that wait until the test lets them finish."""

    release: asyncio.Event = field(default_factory=asyncio.Event)
    entered: asyncio.Event = field(default_factory=asyncio.Event)
    started: int = 0
    cancelled: int = 0
    # For the busy-loop case: the handler blocks the whole event loop until ``go`` is set.
    blocking: threading.Event = field(default_factory=threading.Event)
    go: threading.Event = field(default_factory=threading.Event)

    async def unary(self, request: Request, context: Context) -> Reply:
        self.started += 1
        self.entered.set()
        if request.query == "block":
            self.blocking.set()
            self.go.wait(WAIT)  # deliberately synchronous: the event loop is busy meanwhile
        elif request.query == "wait":
            try:
                await self.release.wait()
            except asyncio.CancelledError:
                self.cancelled += 1
                raise
        return Reply(failed_legs=[request.query])

    async def stream(self, request: Request, context: Context) -> AsyncIterator[Reply]:
        self.started += 1
        yield Reply(failed_legs=["first"])
        self.entered.set()
        await self.release.wait()
        yield Reply(failed_legs=["second"])

    def register(self, server: grpc.aio.Server) -> None:
        common: dict[str, Any] = {
            "request_deserializer": Request.FromString,
            "response_serializer": Reply.SerializeToString,
        }
        handlers = {
            "Unary": grpc.unary_unary_rpc_method_handler(self.unary, **common),
            "Stream": grpc.unary_stream_rpc_method_handler(self.stream, **common),
        }
        server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))


@dataclass
class Served:
    server: grpc.aio.Server
    health: HealthServicer
    gate: DrainGate
    handlers: Handlers
    address: str


@pytest.fixture
async def served() -> AsyncIterator[Served]:
    handlers, gate = Handlers(), DrainGate()
    server, port, health = await create_server(
        GrpcServerSettings(port=0), handlers.register, [SERVICE], gate
    )
    await set_serving(health, [SERVICE], True)
    try:
        yield Served(server, health, gate, handlers, f"127.0.0.1:{port}")
    finally:
        handlers.release.set()
        handlers.go.set()
        await server.stop(None)


def _unary(channel: grpc.aio.Channel) -> Any:
    return channel.unary_unary(
        f"/{SERVICE}/Unary",
        request_serializer=Request.SerializeToString,
        response_deserializer=Reply.FromString,
    )


def _stream(channel: grpc.aio.Channel) -> Any:
    return channel.unary_stream(
        f"/{SERVICE}/Stream",
        request_serializer=Request.SerializeToString,
        response_deserializer=Reply.FromString,
    )


async def _outcome(call: Any) -> tuple[grpc.StatusCode, str]:
    try:
        await call
    except grpc.aio.AioRpcError as exc:
        return exc.code(), str(exc.details())
    return grpc.StatusCode.OK, ""


async def test_in_flight_calls_finish_new_ones_get_unavailable_health_answers(
    served: Served,
) -> None:
    async with grpc.aio.insecure_channel(served.address) as channel:
        unary = asyncio.ensure_future(_unary(channel)(Request(query="wait"), timeout=WAIT))
        stream = _stream(channel)(Request(query="s"), timeout=WAIT)
        assert (await stream.read()).failed_legs == ["first"]
        while served.gate.in_flight < 2:  # both handlers are running
            served.handlers.entered.clear()
            await asyncio.wait_for(served.handlers.entered.wait(), WAIT)

        draining = asyncio.create_task(
            drain_and_stop(served.server, served.health, served.gate, WAIT)
        )
        while not served.gate.closed:  # noqa: ASYNC110 (drain_and_stop closes it first thing)
            await asyncio.sleep(0)
        new = await _outcome(_unary(channel)(Request(query="now"), timeout=WAIT))
        health = await health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(service=SERVICE), timeout=WAIT
        )
        assert not draining.done(), "the server stopped with calls in flight"

        served.handlers.release.set()
        assert (await asyncio.wait_for(unary, WAIT)).failed_legs == ["wait"]
        assert (await stream.read()).failed_legs == ["second"]
        assert await stream.code() == grpc.StatusCode.OK
        drained = await asyncio.wait_for(draining, WAIT)

    assert new == (grpc.StatusCode.UNAVAILABLE, SHUTTING_DOWN_MESSAGE)
    assert health.status == health_pb2.HealthCheckResponse.NOT_SERVING
    assert drained
    assert served.gate.refused == 1
    assert served.handlers.started == 2  # the refused call never reached its handler


async def test_a_call_queued_behind_a_busy_loop_is_refused_not_cancelled(served: Served) -> None:
    """The first call's handler blocks the event loop; meanwhile more calls reach the server
    and the drain begins. Their handlers had not started, so they end UNAVAILABLE."""
    handlers = served.handlers

    def client() -> tuple[grpc.StatusCode, list[grpc.StatusCode]]:
        with grpc.insecure_channel(served.address) as channel:
            call = channel.unary_unary(
                f"/{SERVICE}/Unary",
                request_serializer=Request.SerializeToString,
                response_deserializer=Reply.FromString,
            )
            first = call.future(Request(query="block"), timeout=WAIT)
            assert handlers.blocking.wait(WAIT), "the first call never started"
            queued = [call.future(Request(query=f"q{i}"), timeout=WAIT) for i in range(4)]
            served.gate.close()  # the loop is still busy: no queued handler could start
            handlers.go.set()

            def code(future: Any) -> grpc.StatusCode:
                try:
                    future.result()
                except grpc.RpcError as exc:
                    return exc.code()
                return grpc.StatusCode.OK

            return code(first), [code(f) for f in queued]

    first, queued = await asyncio.to_thread(client)
    assert await drain_and_stop(served.server, served.health, served.gate, WAIT)
    assert first == grpc.StatusCode.OK
    assert queued == [grpc.StatusCode.UNAVAILABLE] * 4
    assert handlers.started == 1


async def test_a_call_outliving_the_grace_is_cut(served: Served) -> None:
    async with grpc.aio.insecure_channel(served.address) as channel:
        stuck = asyncio.ensure_future(
            _outcome(_unary(channel)(Request(query="wait"), timeout=WAIT))
        )
        await asyncio.wait_for(served.handlers.entered.wait(), WAIT)
        drained = await drain_and_stop(served.server, served.health, served.gate, 0.2)
        code, _ = await asyncio.wait_for(stuck, WAIT)
    assert not drained
    assert code != grpc.StatusCode.OK  # cut by the stop (this grpc says UNAVAILABLE)
    assert served.handlers.cancelled == 1
