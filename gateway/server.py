"""Bootstrap of the gateway: uvicorn serving the app, traced, draining on SIGTERM
(see :mod:`gateway.drain`)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import math

import uvicorn
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor
from sse_starlette.sse import AppStatus

from gateway.agent_client import AgentClient
from gateway.app import create_app
from gateway.auth import ApiKeyAuth, parse_api_keys
from gateway.deps import Gateway
from gateway.documents_client import DocumentsClient
from gateway.drain import CLOSE_MARGIN_SECONDS, Drain, DrainingServer, RefuseWhileDraining
from gateway.metrics import GatewayMetrics
from gateway.ratelimit import RateLimiter
from mesh.config import GatewaySettings
from mesh.grpc_server import write_ready_file
from mesh.logs import setup_logging
from mesh.telemetry import setup_tracing, shutdown_tracing

log = logging.getLogger(__name__)


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
        documents=DocumentsClient(
            settings.retrieval_addr,
            settings.request_timeout_seconds,
            ingest_timeout=settings.ingest_timeout_seconds,
        ),
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
    server = DrainingServer(
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
