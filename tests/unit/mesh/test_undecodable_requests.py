"""A request whose wire bytes are not valid protobuf gets INVALID_ARGUMENT on every RPC shape.

A real grpc.aio server built by :func:`mesh.grpc_server.create_server` on a loopback port, a
generic service with one method of each shape, and raw bytes sent past the generated classes.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
import pytest

from groundmesh.v1 import retrieval_pb2
from mesh.config import GrpcServerSettings
from mesh.errors import NotFound
from mesh.grpc_server import create_server
from mesh.interceptors import Undecodable, tolerant_deserializer

pytestmark = pytest.mark.integration

SERVICE = "test.v1.Echo"
# tenant "acme", then a query holding invalid UTF-8 — no generated stub can build this.
BAD = b"\n\x04acme\x12\x08caf\xc3\x28 \xff\xfe"
GOOD = retrieval_pb2.SearchRequest(tenant="acme", query="zebra").SerializeToString()
MISSING = retrieval_pb2.SearchRequest(tenant="acme", query="missing").SerializeToString()
Request = retrieval_pb2.SearchRequest
Reply = retrieval_pb2.SearchResponse
Context = grpc.aio.ServicerContext[Any, Any]


def _answer(request: retrieval_pb2.SearchRequest) -> retrieval_pb2.SearchResponse:
    if request.query == "missing":
        raise NotFound("no such thing")
    return Reply(failed_legs=[request.query])


async def _unary_unary(request: Any, context: Context) -> Any:
    return _answer(request)


async def _unary_stream(request: Any, context: Context) -> AsyncIterator[Any]:
    yield _answer(request)


async def _stream_unary(requests: AsyncIterator[Any], context: Context) -> Any:
    return Reply(failed_legs=[r.query async for r in requests])


async def _stream_stream(requests: AsyncIterator[Any], context: Context) -> AsyncIterator[Any]:
    async for r in requests:
        yield _answer(r)


def _register(server: grpc.aio.Server) -> None:
    common: dict[str, Any] = {
        "request_deserializer": Request.FromString,
        "response_serializer": Reply.SerializeToString,
    }
    handlers = {
        "UnaryUnary": grpc.unary_unary_rpc_method_handler(_unary_unary, **common),
        "UnaryStream": grpc.unary_stream_rpc_method_handler(_unary_stream, **common),
        "StreamUnary": grpc.stream_unary_rpc_method_handler(_stream_unary, **common),
        "StreamStream": grpc.stream_stream_rpc_method_handler(_stream_stream, **common),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))


@pytest.fixture
async def channel() -> AsyncIterator[grpc.aio.Channel]:
    server, port, _ = await create_server(GrpcServerSettings(port=0), _register, [SERVICE])
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as ch:
        yield ch
    await server.stop(None)


def _raw(payload: bytes) -> bytes:
    return payload


Call = Callable[[grpc.aio.Channel, list[bytes]], Any]


async def _call_unary_unary(ch: grpc.aio.Channel, payloads: list[bytes]) -> list[bytes]:
    stub = ch.unary_unary(f"/{SERVICE}/UnaryUnary", _raw, _raw)
    return [await stub(payloads[0], timeout=10)]


async def _call_unary_stream(ch: grpc.aio.Channel, payloads: list[bytes]) -> list[bytes]:
    stub = ch.unary_stream(f"/{SERVICE}/UnaryStream", _raw, _raw)
    return [r async for r in stub(payloads[0], timeout=10)]


async def _call_stream_unary(ch: grpc.aio.Channel, payloads: list[bytes]) -> list[bytes]:
    stub = ch.stream_unary(f"/{SERVICE}/StreamUnary", _raw, _raw)
    return [await stub(iter(payloads), timeout=10)]


async def _call_stream_stream(ch: grpc.aio.Channel, payloads: list[bytes]) -> list[bytes]:
    stub = ch.stream_stream(f"/{SERVICE}/StreamStream", _raw, _raw)
    return [r async for r in stub(iter(payloads), timeout=10)]


SHAPES: dict[str, Call] = {
    "unary-unary": _call_unary_unary,
    "unary-stream": _call_unary_stream,
    "stream-unary": _call_stream_unary,
    "stream-stream": _call_stream_stream,
}


@pytest.mark.parametrize("shape", SHAPES)
async def test_invalid_utf8_is_invalid_argument(channel: grpc.aio.Channel, shape: str) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await SHAPES[shape](channel, [BAD])
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    details = err.value.details() or ""
    assert details.startswith("request is not valid protobuf: ")
    assert "UTF-8" in details and "Traceback" not in details


@pytest.mark.parametrize("shape", ["stream-unary", "stream-stream"])
async def test_a_bad_message_after_good_ones_is_refused(
    channel: grpc.aio.Channel, shape: str
) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await SHAPES[shape](channel, [GOOD, GOOD, BAD])
    assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.parametrize("shape", SHAPES)
async def test_valid_requests_are_served(channel: grpc.aio.Channel, shape: str) -> None:
    replies = [Reply.FromString(r) for r in await SHAPES[shape](channel, [GOOD])]
    assert [list(r.failed_legs) for r in replies] == [["zebra"]]


@pytest.mark.parametrize("shape", ["unary-unary", "unary-stream", "stream-stream"])
async def test_domain_errors_keep_their_status(channel: grpc.aio.Channel, shape: str) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await SHAPES[shape](channel, [MISSING])
    assert err.value.code() == grpc.StatusCode.NOT_FOUND
    assert err.value.details() == "no such thing"


def test_tolerant_deserializer() -> None:
    decode = tolerant_deserializer(Request.FromString)
    assert decode is not None
    assert decode(GOOD) == Request(tenant="acme", query="zebra")
    bad = decode(BAD)
    assert isinstance(bad, Undecodable) and "UTF-8" in bad.reason
    assert bad.message.startswith("request is not valid protobuf: ")
    assert tolerant_deserializer(None) is None
