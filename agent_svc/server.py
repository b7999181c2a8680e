"""Bootstrap of agent_svc: SERVING only while its upstreams are."""

from __future__ import annotations

import grpc

from agent_svc.loop import AgentConfig, AgentLoop
from agent_svc.service import AgentService
from agent_svc.upstreams import GrpcUpstreams
from groundmesh.v1 import agent_pb2, agent_pb2_grpc
from mesh.config import AgentSettings
from mesh.grpc_server import Register, serve
from mesh.logs import setup_logging
from mesh.prompts import PromptLibrary
from mesh.telemetry import setup_tracing

SERVICE_NAMES = [agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name]


def build_loop(settings: AgentSettings, upstreams: GrpcUpstreams) -> AgentLoop:
    """The agent loop configured from settings."""
    return AgentLoop(
        upstreams,
        PromptLibrary(settings.prompts_dir),
        AgentConfig(
            max_iterations=settings.max_iterations,
            max_tokens=settings.max_tokens,
            max_seconds=settings.max_duration_seconds,
            search_top_k=settings.search_top_k,
            answer_sentences=settings.answer_sentences,
            service_scope=settings.service_scope,
            upstream_timeout=settings.upstream_timeout_seconds,
        ),
    )


def registrar(loop: AgentLoop) -> Register:
    """Adds the agent servicer to a server."""

    def register(server: grpc.aio.Server) -> None:
        agent_pb2_grpc.add_AgentServiceServicer_to_server(AgentService(loop), server)

    return register


async def main() -> None:
    """Run agent_svc until SIGTERM; SERVING while its upstreams are."""
    settings = AgentSettings()
    setup_logging("agent_svc")
    setup_tracing("agent_svc")
    upstreams = GrpcUpstreams(settings)
    await serve(
        "agent_svc",
        settings,
        registrar(build_loop(settings, upstreams)),
        SERVICE_NAMES,
        readiness=upstreams.all_serving,
        on_stop=upstreams.close,
    )
