"""A local server that speaks the Anthropic Messages API wire format, for tests.

Usage (pytest)::

    from testkit.messages_api import MessagesAPIServer, auto_responder, error_reply
    from testkit.messages_api import text_reply, tool_use_reply

    @pytest.fixture
    def messages_api() -> Iterator[MessagesAPIServer]:
        with MessagesAPIServer(api_key="test-key") as server:   # 127.0.0.1, port 0
            yield server        # server.url -> "http://127.0.0.1:PORT" (= ANTHROPIC_BASE_URL)

    messages_api.queue(tool_use_reply("decide", {"action": "finish"}))  # next reply: tool_use
    messages_api.queue(text_reply("Hello"), error_reply(529))           # FIFO, one per request
    messages_api.responder = lambda req: text_reply(req.last_user_text) # used once queue empty
    messages_api.responder = auto_responder("Answer [doc#0].")  # tools get schema-valid input
    req = messages_api.requests[-1]   # ReceivedRequest: .model .system .messages .tools
    req.tool_choice, req.headers["anthropic-version"], req.system_blocks[0]["cache_control"]

With ``LLMSettings(provider="anthropic", api_key="test-key", base_url=server.url)`` the
``AnthropicClient`` (and so the whole agent) talks to this server over real HTTP.

What it does, as the real API does:

* ``POST /v1/messages`` and ``/v1/messages/count_tokens`` (other paths: 404
  ``not_found_error``); the key is checked from
  ``x-api-key`` or ``Authorization: Bearer`` (the installed SDK sends the latter) — missing or
  wrong → 401 ``authentication_error``; ``anthropic-version`` must be present → else 400.
* The body is validated (model, max_tokens, messages/roles/content blocks, system, tools,
  tool_choice, temperature); a bad body → 400 ``invalid_request_error`` naming the field.
* Non-streaming replies are ``message`` objects; with ``"stream": true`` the reply is SSE:
  ``message_start``, ``ping``, per block ``content_block_start`` / ``content_block_delta``
  (``text_delta`` or ``input_json_delta``) / ``content_block_stop``, ``message_delta`` (stop
  reason and cumulative usage) and ``message_stop``.
* Usage is estimated from the request; a system prompt marked ``cache_control`` is written to a
  simulated prompt cache on first sight (``cache_creation_input_tokens``) and read from it later
  (``cache_read_input_tokens``).
* Errors are ``{"type": "error", "error": {"type", "message"}}`` with the status's error type
  (400/401/403/404/413/429/500/529...); 429 and others can carry ``retry-after``.
* Faults: ``delay_seconds`` before answering (client timeouts); ``drop_after_events`` (the
  connection is cut mid-stream; with ``clean_close=True`` the body just ends early);
  ``tool_use_reply(..., raw_input='{"broken')`` (malformed tool input JSON); ``error_event``
  (an SSE ``error`` event mid-stream, as on overload).

Every request — including those answered with an error — is recorded in ``requests``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import socket
import threading
import time
from collections import deque
from collections.abc import AsyncIterator, Iterator
from types import TracebackType
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from mesh.llm.tokens import estimate_request_tokens, estimate_tokens
from testkit.messages_replies import (
    ERROR_TYPES,
    ErrorReply,
    ReceivedRequest,
    Reply,
    Responder,
    ScriptedReply,
    error_reply,
    text_reply,
    tool_use_reply,
)
from testkit.messages_responders import auto_responder, schema_example
from testkit.messages_wire import (
    BadRequest,
    block_output_text,
    cached_prefix,
    message_events,
    sse,
    validate_request,
    wire_block,
)

__all__ = [
    "ERROR_TYPES",
    "ErrorReply",
    "MessagesAPIServer",
    "ReceivedRequest",
    "Reply",
    "Responder",
    "ScriptedReply",
    "auto_responder",
    "error_reply",
    "running_messages_api",
    "schema_example",
    "text_reply",
    "tool_use_reply",
    "validate_request",
]

log = logging.getLogger(__name__)

MAX_REQUEST_BYTES = 32 * 1024 * 1024  # the Messages API's request size limit
_API_VERSION = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class _DroppedStream(Exception):
    """Raised inside the stream body to make the server cut the connection mid-response."""


# --------------------------------------------------------------------------- the server


class MessagesAPIServer:
    """The scriptable Messages API server, run by uvicorn in a background thread."""

    def __init__(
        self,
        *,
        api_key: str = "test-key",
        host: str = "127.0.0.1",
        responder: Responder | None = None,
        max_request_bytes: int = MAX_REQUEST_BYTES,
    ) -> None:
        self.api_key = api_key
        self.host = host
        self.max_request_bytes = max_request_bytes
        self.responder: Responder | None = responder
        self._queue: deque[ScriptedReply] = deque()
        self._requests: list[ReceivedRequest] = []
        self._cache: set[str] = set()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self._port = 0

    # -- scripting ---------------------------------------------------------------------------

    def queue(self, *replies: ScriptedReply) -> None:
        """Append replies; each request takes the oldest one."""
        with self._lock:
            self._queue.extend(replies)

    def queue_text(self, text: str, **kwargs: Any) -> None:
        self.queue(text_reply(text, **kwargs))

    def queue_tool_use(self, name: str, tool_input: dict[str, Any], **kwargs: Any) -> None:
        self.queue(tool_use_reply(name, tool_input, **kwargs))

    def queue_error(self, status: int, message: str | None = None, **kwargs: Any) -> None:
        self.queue(error_reply(status, message, **kwargs))

    @property
    def pending(self) -> int:
        """Scripted replies not yet used."""
        with self._lock:
            return len(self._queue)

    @property
    def requests(self) -> list[ReceivedRequest]:
        """Every request received so far, oldest first (a copy)."""
        with self._lock:
            return list(self._requests)

    @property
    def last_request(self) -> ReceivedRequest:
        with self._lock:
            if not self._requests:
                raise AssertionError("the Messages API server has received no request")
            return self._requests[-1]

    def reset(self) -> None:
        """Forget queued replies, recorded requests and the simulated prompt cache."""
        with self._lock:
            self._queue.clear()
            self._requests.clear()
            self._cache.clear()

    # -- lifecycle ---------------------------------------------------------------------------

    @property
    def url(self) -> str:
        if not self._port:
            raise RuntimeError("the Messages API server is not started")
        return f"http://{self.host}:{self._port}"

    @property
    def port(self) -> int:
        return self._port

    def start(self) -> MessagesAPIServer:
        if self._thread is not None:
            raise RuntimeError("the Messages API server is already started")
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((self.host, 0))
        self._port = sock.getsockname()[1]
        config = uvicorn.Config(
            self.app(),
            log_config=None,
            log_level="critical",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=2,
        )
        server = uvicorn.Server(config)
        self._server = server
        self._stopping.clear()
        thread = threading.Thread(
            target=server.run, kwargs={"sockets": [sock]}, name="messages-api", daemon=True
        )
        self._thread = thread
        thread.start()
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive():
                raise RuntimeError("the Messages API server failed to start")
            if time.monotonic() > deadline:
                raise RuntimeError("the Messages API server did not start within 30 s")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._server = None
        self._thread = None

    def __enter__(self) -> MessagesAPIServer:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # -- the ASGI app --------------------------------------------------------------------------

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/v1/messages", self._messages, methods=["POST"]),
                Route("/v1/messages/count_tokens", self._count_tokens, methods=["POST"]),
                Route("/{path:path}", self._not_found, methods=["GET", "POST", "PUT", "DELETE"]),
            ]
        )

    async def _not_found(self, request: Request) -> Response:
        return self._error_response(error_reply(404, f"Not found: {request.url.path}"))

    async def _admit(
        self, request: Request, *, count_only: bool
    ) -> tuple[int, Any, ErrorReply | None]:
        """Record the request and check headers, size and body; an error answer if refused."""
        headers = {k.lower(): v for k, v in request.headers.items()}
        raw = await request.body()
        body: Any
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
            parse_error: str | None = "There was an error parsing the body: invalid JSON"
        else:
            parse_error = None
        index = self._record(
            ReceivedRequest(
                method=request.method,
                path=request.url.path,
                headers=headers,
                body=body if isinstance(body, dict) else None,
            )
        )
        answer = self._check_headers(headers)
        if answer is None and len(raw) > self.max_request_bytes:
            answer = error_reply(
                413, f"Request exceeds the maximum size of {self.max_request_bytes} bytes"
            )
        if answer is None and parse_error is not None:
            answer = error_reply(400, parse_error)
        if answer is None:
            try:
                validate_request(body, count_only=count_only)
            except BadRequest as exc:
                answer = error_reply(400, exc.message)
        return index, body, answer

    async def _count_tokens(self, request: Request) -> Response:
        index, body, refused = await self._admit(request, count_only=True)
        self._set_status(index, refused.status if refused is not None else 200)
        if refused is not None:
            return self._error_response(refused)
        tokens = estimate_request_tokens(body.get("system"), body["messages"], body.get("tools"))
        return JSONResponse({"input_tokens": tokens}, headers={"request-id": _request_id()})

    async def _messages(self, request: Request) -> Response:
        index, body, refused = await self._admit(request, count_only=False)
        answer: ScriptedReply | None = refused
        if answer is None:
            answer = self._next_reply(self._requests_at(index))
        if answer.delay_seconds > 0:
            await self._sleep(answer.delay_seconds)
        self._set_status(index, answer.status if isinstance(answer, ErrorReply) else 200)
        if isinstance(answer, ErrorReply):
            return self._error_response(answer)
        assert isinstance(body, dict)
        message, usage = self._message(body, answer)
        if body.get("stream"):
            return StreamingResponse(
                self._events(message, usage, answer),
                media_type="text/event-stream",
                headers={"request-id": _request_id(), "cache-control": "no-cache"},
            )
        return JSONResponse(message, headers={"request-id": _request_id()})

    # -- helpers -----------------------------------------------------------------------------

    def _record(self, received: ReceivedRequest) -> int:
        with self._lock:
            self._requests.append(received)
            return len(self._requests) - 1

    def _requests_at(self, index: int) -> ReceivedRequest:
        with self._lock:
            return self._requests[index]

    def _set_status(self, index: int, status: int) -> None:
        with self._lock:
            old = self._requests[index]
            self._requests[index] = ReceivedRequest(
                old.method, old.path, old.headers, old.body, status
            )

    def _check_headers(self, headers: dict[str, str]) -> ErrorReply | None:
        key = headers.get("x-api-key")
        auth = headers.get("authorization", "")
        if key is None and auth.lower().startswith("bearer "):
            key = auth[len("bearer ") :].strip()
        if not key:
            return error_reply(401, "x-api-key header is required")
        if not secrets.compare_digest(key, self.api_key):
            return error_reply(401, "invalid x-api-key")
        version = headers.get("anthropic-version")
        if not version:
            return error_reply(400, "anthropic-version: header is required")
        if not _API_VERSION.match(version):
            return error_reply(400, f"anthropic-version: unknown version {version!r}")
        return None

    def _next_reply(self, received: ReceivedRequest) -> ScriptedReply:
        with self._lock:
            scripted = self._queue.popleft() if self._queue else None
        if scripted is not None:
            return scripted
        if self.responder is not None:
            try:
                return self.responder(received)
            except Exception as exc:  # a test's responder is buggy: say so in the answer
                log.exception("Messages API test responder failed")
                return error_reply(500, f"test responder failed: {exc!r}")
        return error_reply(
            400, "Messages API test server: no scripted reply is queued and no responder is set"
        )

    async def _sleep(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while not self._stopping.is_set():
            left = end - time.monotonic()
            if left <= 0:
                return
            await asyncio.sleep(min(left, 0.05))

    def _error_response(self, answer: ErrorReply) -> Response:
        headers = {"request-id": _request_id()}
        if answer.retry_after is not None:
            headers["retry-after"] = _format_seconds(answer.retry_after)
        if answer.error_type == "authentication_error":
            headers["www-authenticate"] = "x-api-key"
        return JSONResponse(answer.body(), status_code=answer.status, headers=headers)

    def _usage(self, body: dict[str, Any], reply: Reply) -> dict[str, int]:
        tools = body.get("tools") or []
        system = body.get("system")
        total = estimate_request_tokens(system, body.get("messages", []), tools)
        prefix = cached_prefix(tools, system)
        creation = read = 0
        if prefix is not None:
            prefix_key, prefix_tokens = prefix
            with self._lock:
                hit = prefix_key in self._cache
                self._cache.add(prefix_key)
            if hit:
                read = prefix_tokens
            else:
                creation = prefix_tokens
        output = sum(estimate_tokens(block_output_text(b)) for b in reply.content) or 1
        usage = {
            "input_tokens": max(total - creation - read, 1),
            "output_tokens": output,
            "cache_creation_input_tokens": creation,
            "cache_read_input_tokens": read,
        }
        if reply.usage:
            usage.update(reply.usage)
        return usage

    def _message(self, body: dict[str, Any], reply: Reply) -> tuple[dict[str, Any], dict[str, int]]:
        usage = self._usage(body, reply)
        message = {
            "id": f"msg_{secrets.token_hex(12)}",
            "type": "message",
            "role": "assistant",
            "model": reply.model or body["model"],
            "content": [wire_block(b) for b in reply.content],
            "stop_reason": reply.stop_reason,
            "stop_sequence": reply.stop_sequence,
            "usage": usage,
        }
        return message, usage

    async def _events(
        self, message: dict[str, Any], usage: dict[str, int], reply: Reply
    ) -> AsyncIterator[bytes]:
        events = message_events(message, usage, reply)
        for sent, chunk in enumerate(events):
            if reply.drop_after_events is not None and sent >= reply.drop_after_events:
                if reply.clean_close:  # the body ends properly, just too early
                    return
                raise _DroppedStream("scripted drop")
            if reply.error_event is not None and sent == reply.error_after_events:
                yield sse("error", reply.error_event.body())
                return
            yield chunk
            await asyncio.sleep(0)


def _request_id() -> str:
    return f"req_{secrets.token_hex(12)}"


def _format_seconds(seconds: float) -> str:
    return str(int(seconds)) if float(seconds).is_integer() else f"{seconds:g}"


@contextlib.contextmanager
def running_messages_api(**kwargs: Any) -> Iterator[MessagesAPIServer]:
    """``with running_messages_api() as server:`` — a started server, stopped on exit."""
    server = MessagesAPIServer(**kwargs)
    server.start()
    try:
        yield server
    finally:
        server.stop()
