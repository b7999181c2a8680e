"""Bootstrap of router_svc."""

from __future__ import annotations

import grpc

from groundmesh.v1 import router_pb2, router_pb2_grpc
from mesh.config import RouterSettings
from mesh.grpc_server import Register, serve
from mesh.logs import setup_logging
from mesh.telemetry import setup_tracing
from router_svc.routing import LexiconRouter
from router_svc.service import RouterService

SERVICE_NAMES = [router_pb2.DESCRIPTOR.services_by_name["RouterService"].full_name]


def registrar(router: LexiconRouter) -> Register:
    """Adds the router servicer to a server."""

    def register(server: grpc.aio.Server) -> None:
        router_pb2_grpc.add_RouterServiceServicer_to_server(RouterService(router), server)

    return register


async def main() -> None:
    """Run router_svc until SIGTERM."""
    settings = RouterSettings()
    setup_logging("router_svc")
    setup_tracing("router_svc")
    router = LexiconRouter(settings.default_chinese)
    await serve("router_svc", settings, registrar(router), SERVICE_NAMES)
