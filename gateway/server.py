"""Bootstrap of the gateway: uvicorn serving the app, traced, draining on SIGTERM.

On SIGTERM uvicorn closes its listening socket (new connections are refused) and every new
request on a connection still open gets 503 with ``Retry-After``; open answers go on for
``GROUNDMESH_GATEWAY_DRAIN_SECONDS``; any still running then ends with an ``error`` event
(``UNAVAILABLE``: ask again) rather than a cut connection, and the process exits 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math
from types import FrameType

import uvicorn
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
from sse_starlette.sse import AppStatus
from starlette.types import ASGIApp, Receive, Scope, Send

from gateway.agent_client import AgentClient
from gateway.app import create_app
from gateway.auth import ApiKeyAuth, parse_api_keys
from gateway.deps import Gateway
from gateway.documents_client import DocumentsClient
from gateway.errors import error_response
from gateway.metrics import GatewayMetrics
from gateway.ratelimit import RateLimiter
from mesh.config import GatewaySettings
from mesh.grpc_server import write_ready_file
from mesh.logs import setup_logging
from mesh.telemetry import setup_tracing, shutdown_tracing

log = logging.getLogger(__name__)

SHUTTING_DOWN_MESSAGE = "the gateway is shutting down; retry (another replica will answer)"
RETRY_AFTER_SECONDS = 1
# uvicorn looks at should_exit every 0.1 s; the drain follows at the same pace.
POLL_SECONDS = 0.1
# After the drain, the final error events leave and connections close; requests that are not
# agent runs (an upload, say) are cancelled by uvicorn once this margin is over too.
CLOSE_MARGIN_SECONDS = 5.0


class Drain:
    """The gateway's SIGTERM: refuse new requests, let open runs finish, then end the rest."""

    def __init__(self, agent: AgentClient, seconds: float) -> None:
        self._agent = agent
        self.seconds = seconds
        self.started = False

    async def follow(self, server: uvicorn.Server) -> None:
        """Once ``server`` begins to exit, drain; run it as a task next to ``server.serve()``
        and cancel it when that returns (the runs may all finish before the drain ends)."""
        while not server.should_exit:  # noqa: ASYNC110 (uvicorn offers no event)
            await asyncio.sleep(POLL_SECONDS)
        self.started = True
        log.info("draining: %d open run(s) get up to %.1fs", self._agent.open_runs, self.seconds)
        await asyncio.sleep(self.seconds)
        ended = self._agent.interrupt_runs()
        if ended:
            log.warning("drain over: %d run(s) still open end with UNAVAILABLE", ended)


class RefuseWhileDraining:
    """ASGI wrapper: once the drain started, every new HTTP request gets 503 + Retry-After."""

    def __init__(self, app: ASGIApp, drain: Drain) -> None:
        self._app = app
        self._drain = drain

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self._drain.started:
            response = error_response(
                503,
                "UNAVAILABLE",
                SHUTTING_DOWN_MESSAGE,
                {"Retry-After": str(RETRY_AFTER_SECONDS), "Connection": "close"},
            )
            await response(scope, receive, send)
            return
        await self._app(scope, receive, send)


class _DrainingServer(uvicorn.Server):
    """uvicorn that does not re-raise the SIGTERM it caught once ``serve()`` returns.

    uvicorn (>= 0.29) re-raises a captured signal after shutdown, which would kill the gateway
    before it closes its channels and flushes its spans; here SIGTERM only starts the drain.
    """

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self._captured_signals.clear()


def is_loopback(host: str) -> bool:
    """Whether ``host`` only accepts local connections."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def build_gateway(settings: GatewaySettings) -> Gateway:
    """The gateway's clients and policies from its settings (call inside the serving loop)."""
    if settings.no_auth and not is_loopback(settings.host):
        raise SystemExit("no_auth is only allowed when the gateway binds a loopback address")
    auth = ApiKeyAuth(
        parse_api_keys(settings.api_keys),
        settings.no_auth_tenant if settings.no_auth else None,
    )
    return Gateway(
        settings=settings,
        agent=AgentClient(settings.agent_addr, settings.request_timeout_seconds),
        documents=DocumentsClient(settings.retrieval_addr, settings.request_timeout_seconds),
        auth=auth,
        limiter=RateLimiter(settings.rate_per_second, settings.rate_burst),
        metrics=GatewayMetrics(),
    )


async def main() -> None:
    """Serve HTTP until SIGTERM."""
    settings = GatewaySettings()
    setup_logging("gateway")
    setup_tracing("gateway")
    gateway = build_gateway(settings)
    app = create_app(gateway)
    # One span per request; no extra span per SSE frame sent or body chunk received.
    FastAPIInstrumentor.instrument_app(
        app, excluded_urls="healthz,readyz,metrics,static", exclude_spans=["receive", "send"]
    )
    # sse-starlette would cancel every open stream as soon as uvicorn begins to exit; the
    # gateway's Drain ends them itself, each with a final event.
    AppStatus.disable_automatic_graceful_drain()  # type: ignore[no-untyped-call]
    drain = Drain(gateway.agent, settings.drain_seconds)
    server = _DrainingServer(
        uvicorn.Config(
            RefuseWhileDraining(app, drain),
            host=settings.host,
            port=settings.port,
            log_level="warning",
            access_log=False,
            lifespan="off",
            timeout_graceful_shutdown=math.ceil(settings.drain_seconds + CLOSE_MARGIN_SECONDS),
        )
    )
    task = asyncio.create_task(server.serve())
    draining = asyncio.create_task(drain.follow(server))
    # uvicorn offers no "started" event; poll its flag until it has bound the socket.
    while not server.started and not task.done():  # noqa: ASYNC110
        await asyncio.sleep(0.05)
    if server.started:
        port = server.servers[0].sockets[0].getsockname()[1]
        log.info("gateway listening on http://%s:%d", settings.host, port)
        write_ready_file(settings.ready_file, port)
    try:
        await task
    finally:
        draining.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await draining
    await gateway.agent.close()
    await gateway.documents.close()
    shutdown_tracing()
    log.info("gateway stopped")
