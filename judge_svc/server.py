"""Bootstrap of judge_svc."""

from __future__ import annotations

import grpc

from groundmesh.v1 import judge_pb2, judge_pb2_grpc
from judge_svc.service import JudgeService
from mesh.config import JudgeSettings
from mesh.grpc_server import Register, serve
from mesh.logs import setup_logging
from mesh.telemetry import setup_tracing

SERVICE_NAMES = [judge_pb2.DESCRIPTOR.services_by_name["JudgeService"].full_name]


def registrar(settings: JudgeSettings) -> Register:
    """Adds the judge servicer to a server."""

    def register(server: grpc.aio.Server) -> None:
        judge_pb2_grpc.add_JudgeServiceServicer_to_server(JudgeService(settings), server)

    return register


async def main() -> None:
    """Run judge_svc until SIGTERM."""
    settings = JudgeSettings()
    setup_logging("judge_svc")
    setup_tracing("judge_svc")
    await serve("judge_svc", settings, registrar(settings), SERVICE_NAMES)
