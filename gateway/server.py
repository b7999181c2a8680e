"""Bootstrap of the gateway: uvicorn serving the app, traced, draining on SIGTERM."""

from __future__ import annotations

import asyncio
import ipaddress
import logging

import uvicorn
from opentelemetry.instrumentation.fastapi import FastAPIInstrumentor

from gateway.agent_client import AgentClient
from gateway.app import create_app
from gateway.auth import ApiKeyAuth, parse_api_keys
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


async def main() -> None:
    """Serve HTTP until SIGTERM."""
    settings = GatewaySettings()
    setup_logging("gateway")
    setup_tracing("gateway")
    if settings.no_auth and not is_loopback(settings.host):
        raise SystemExit("no_auth is only allowed when the gateway binds a loopback address")
    auth = ApiKeyAuth(
        parse_api_keys(settings.api_keys),
        settings.no_auth_tenant if settings.no_auth else None,
    )
    agent = AgentClient(settings.agent_addr, settings.request_timeout_seconds)
    app = create_app(agent, auth, settings.max_question_chars, settings.heartbeat_seconds)
    FastAPIInstrumentor.instrument_app(app, excluded_urls="healthz,readyz,metrics")
    server = uvicorn.Server(
        uvicorn.Config(
            app, host=settings.host, port=settings.port, log_level="warning", lifespan="off"
        )
    )
    task = asyncio.create_task(server.serve())
    # uvicorn offers no "started" event; poll its flag until it has bound the socket.
    while not server.started and not task.done():  # noqa: ASYNC110
        await asyncio.sleep(0.05)
    if server.started:
        port = server.servers[0].sockets[0].getsockname()[1]
        log.info("gateway listening on http://%s:%d", settings.host, port)
        write_ready_file(settings.ready_file, port)
    await task
    await agent.close()
    shutdown_tracing()
    log.info("gateway stopped")
