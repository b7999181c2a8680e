"""Server interceptors: bad requests and domain errors become gRPC status codes, and a draining
server refuses new calls with UNAVAILABLE while it counts the calls still in flight.

:class:`ErrorInterceptor` maps two kinds of failure to readable statuses:

- a request whose wire bytes are not a valid message of the method's type (e.g. invalid UTF-8
  in a ``string`` field) → ``INVALID_ARGUMENT`` "request is not valid protobuf: …". grpc
  decodes a request before the servicer runs and reports a deserializer's exception as
  UNKNOWN (unary requests) or lets it escape from the request iterator (streaming requests),
  so the deserializer is wrapped to hand an :class:`Undecodable` to the wrapped behaviour,
  which refuses it;
- a :class:`GroundmeshError` → its own code and message; anything else → INTERNAL.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import grpc
from google.protobuf.message import DecodeError
from grpc_health.v1 import health_pb2
from grpc_reflection.v1alpha import reflection

from mesh.errors import GroundmeshError, InvalidInput

log = logging.getLogger(__name__)

INTERNAL_MESSAGE = "internal error; the server log has the details"
MAX_REASON_CHARS = 300

Deserializer = Callable[[bytes], Any]


@dataclass(frozen=True)
class Undecodable:
    """Stands in for a request whose bytes do not decode as the method's request message."""

    reason: str

    @property
    def message(self) -> str:
        return f"request is not valid protobuf: {self.reason[:MAX_REASON_CHARS]}"


def tolerant_deserializer(deserialize: Deserializer | None) -> Deserializer | None:
    """``deserialize``, returning an :class:`Undecodable` instead of raising ``DecodeError``."""
    if deserialize is None:
        return None

    def wrapped(data: bytes) -> Any:
        try:
            return deserialize(data)
        except DecodeError as exc:
            return Undecodable(str(exc) or type(exc).__name__)

    return wrapped


async def _abort(context: grpc.aio.ServicerContext[Any, Any], exc: Exception) -> None:
    if isinstance(exc, GroundmeshError):
        await context.abort(exc.code, exc.message)
    log.exception("unhandled error in %s", type(exc).__name__)
    await context.abort(grpc.StatusCode.INTERNAL, INTERNAL_MESSAGE)


async def _decoded(requests: AsyncIterator[Any]) -> AsyncIterator[Any]:
    """The request stream, raising :class:`InvalidInput` at the first undecodable message."""
    async for request in requests:
        if isinstance(request, Undecodable):
            raise InvalidInput(request.message)
        yield request


def _request(request: Any, streaming: bool) -> Any:
    """What the behaviour receives: the message, or the stream checked message by message."""
    if streaming:
        return _decoded(request)
    if isinstance(request, Undecodable):
        raise InvalidInput(request.message)
    return request


def _wrap_unary(
    behavior: Callable[..., Awaitable[Any]], streaming_request: bool
) -> Callable[..., Awaitable[Any]]:
    async def wrapped(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
        try:
            return await behavior(_request(request, streaming_request), context)
        except grpc.aio.AbortError:
            raise
        except Exception as exc:
            await _abort(context, exc)

    return wrapped


def _wrap_stream(behavior: Callable[..., Any], streaming_request: bool) -> Callable[..., Any]:
    if inspect.iscoroutinefunction(behavior):
        # A handler that writes its responses with ``context.write()`` (grpc_health's Watch
        # does) is a coroutine, not an async generator: await it, do not iterate it.
        async def written(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
            try:
                await behavior(_request(request, streaming_request), context)
            except grpc.aio.AbortError:
                raise
            except Exception as exc:
                await _abort(context, exc)

        return written

    async def wrapped(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
        try:
            async for response in behavior(_request(request, streaming_request), context):
                yield response
        except grpc.aio.AbortError:
            raise
        except Exception as exc:
            await _abort(context, exc)

    return wrapped


# Wraps a handler's behavior; the flag says whether its requests stream.
Wrap = Callable[[Callable[..., Any], bool], Callable[..., Any]]


def _rewrapped(
    handler: Any, unary: Wrap, stream: Wrap, request_deserializer: Deserializer | None
) -> Any:
    """``handler`` rebuilt with its behavior wrapped: by ``unary`` when it answers once, by
    ``stream`` when it answers with a stream (a handler of no known kind is left as it is)."""
    kwargs = {
        "request_deserializer": request_deserializer,
        "response_serializer": handler.response_serializer,
    }
    if handler.unary_unary:
        return grpc.unary_unary_rpc_method_handler(unary(handler.unary_unary, False), **kwargs)
    if handler.stream_unary:
        return grpc.stream_unary_rpc_method_handler(unary(handler.stream_unary, True), **kwargs)
    if handler.unary_stream:
        return grpc.unary_stream_rpc_method_handler(stream(handler.unary_stream, False), **kwargs)
    if handler.stream_stream:
        return grpc.stream_stream_rpc_method_handler(stream(handler.stream_stream, True), **kwargs)
    return handler


class ErrorInterceptor(grpc.aio.ServerInterceptor):  # type: ignore[type-arg]
    """Maps undecodable requests to INVALID_ARGUMENT, :class:`GroundmeshError` to its status
    code and anything else to INTERNAL.

    A stack trace is logged on the server and never sent to the caller.
    """

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[Any]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> Any:
        handler: Any = await continuation(handler_call_details)
        if handler is None:
            return None
        return _rewrapped(
            handler, _wrap_unary, _wrap_stream, tolerant_deserializer(handler.request_deserializer)
        )


SHUTTING_DOWN_MESSAGE = "the server is shutting down; call another replica or retry"
# Served while draining: health answers NOT_SERVING (a Watch stream never ends by itself, so it
# must not hold the drain open) and reflection stays available.
DRAIN_EXEMPT_SERVICES = frozenset(
    {health_pb2.DESCRIPTOR.services_by_name["Health"].full_name, reflection.SERVICE_NAME}
)


def _service_of(method: str) -> str:
    """``"/pkg.Service/Method"`` → ``"pkg.Service"``."""
    return method.lstrip("/").partition("/")[0]


class DrainGate(grpc.aio.ServerInterceptor):  # type: ignore[type-arg]
    """Counts the calls whose handler runs; once closed (:meth:`close`), refuses every new call.

    The decision is taken when a call's handler is about to start, not when the transport
    accepted it: a call that reached the server but whose handler had not started (queued
    behind a busy event loop, say) is refused with ``UNAVAILABLE`` like any later call, so a
    client that retries only ``UNAVAILABLE`` fails over. A streaming call is in flight until its
    handler returns. Health and reflection are exempt (see :data:`DRAIN_EXEMPT_SERVICES`).

    Put it first in the server's interceptors so a refused call costs no span or other work.
    """

    def __init__(self, exempt_services: frozenset[str] = DRAIN_EXEMPT_SERVICES) -> None:
        self._exempt = exempt_services
        self._closed = False
        self._in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.refused = 0

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def in_flight(self) -> int:
        return self._in_flight

    def close(self) -> None:
        """Refuse every call whose handler has not started yet; running ones finish."""
        self._closed = True

    async def wait_idle(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` s) until no counted call is in flight; whether none is."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return self._in_flight == 0
        return True

    def _enter(self) -> bool:
        if self._closed:
            self.refused += 1
            return False
        self._in_flight += 1
        self._idle.clear()
        return True

    def _leave(self) -> None:
        self._in_flight -= 1
        if self._in_flight == 0:
            self._idle.set()

    def _gate_unary(self, behavior: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def gated(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            if not self._enter():
                await context.abort(grpc.StatusCode.UNAVAILABLE, SHUTTING_DOWN_MESSAGE)
            try:
                return await behavior(request, context)
            finally:
                self._leave()

        return gated

    def _gate_stream(
        self, behavior: Callable[..., AsyncIterator[Any]]
    ) -> Callable[..., AsyncIterator[Any]]:
        async def gated(request: Any, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
            if not self._enter():
                await context.abort(grpc.StatusCode.UNAVAILABLE, SHUTTING_DOWN_MESSAGE)
            try:
                async for response in behavior(request, context):
                    yield response
            finally:
                self._leave()

        return gated

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[Any]],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> Any:
        handler: Any = await continuation(handler_call_details)
        if handler is None or _service_of(handler_call_details.method) in self._exempt:
            return handler
        return _rewrapped(
            handler,
            lambda behavior, _: self._gate_unary(behavior),
            lambda behavior, _: self._gate_stream(behavior),
            handler.request_deserializer,
        )
