"""The agent: one question through the declared graph (``graph_spec.py``), run by ``runner.py``.

``AgentGraph`` holds what every run shares (upstream services, prompts, tools, writers, the
decision policy, conversation memory, MCP servers, analysis templates); each question becomes a
``Run`` and walks the graph. Tool failures become observations; the limits (iterations, tokens,
wall time, circular reasoning, and never more than ten decision steps) stop the loop; the run
always ends with one ``done`` event carrying a non-empty answer.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc.graph_spec import AGENT_GRAPH
from agent_svc.limits import RunBudget
from agent_svc.memory import ConversationMemory, InProcessMemory
from agent_svc.policy import DecisionPolicy, OfflinePolicy
from agent_svc.relevance import vector_relevance
from agent_svc.run import AgentConfig, AgentDeps, Run, Upstreams
from agent_svc.runner import run_graph
from agent_svc.state import AgentState
from agent_svc.template_runner import run_template
from agent_svc.templates import TemplateRegistry
from agent_svc.tools.mcp_tools import McpToolset
from agent_svc.tools.registry import ToolRegistry
from agent_svc.writer import AnswerWriter
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.prompts import PromptLibrary
from mesh.telemetry import content_tracing_enabled

log = logging.getLogger(__name__)
Event = agent_pb2.AskStreamResponse


class AgentGraph:
    """Runs one question through the graph and yields its events; the last is ``done``."""

    def __init__(
        self,
        upstreams: Upstreams,
        prompts: PromptLibrary,
        config: AgentConfig,
        tools: ToolRegistry,
        writer: AnswerWriter,
        policy: DecisionPolicy | None = None,
        memory: ConversationMemory | None = None,
        fallback_writer: AnswerWriter | None = None,
        mcp: McpToolset | None = None,
        templates: TemplateRegistry | None = None,
    ) -> None:
        self._mcp = mcp
        self._templates = templates or TemplateRegistry()
        self._up = upstreams
        self._prompts = prompts
        self._config = config
        self._tools = tools
        self._writer = writer
        self._fallback_writer = fallback_writer
        self._offline_policy = OfflinePolicy(config.search_top_k)
        self._policy = policy or self._offline_policy
        self._memory = memory or InProcessMemory()

    async def start(self) -> None:
        """Start what needs the event loop: the MCP servers, whose tools join the registry."""
        if self._mcp is not None:
            names = await self._mcp.start(self._tools)
            log.info("MCP tools registered: %s", ", ".join(names) or "none")

    async def close(self) -> None:
        if self._mcp is not None:
            await self._mcp.close()
        await self._memory.close()

    @property
    def tools(self) -> ToolRegistry:
        return self._tools

    @property
    def templates(self) -> TemplateRegistry:
        return self._templates

    @property
    def memory(self) -> ConversationMemory:
        return self._memory

    def _budget(self, limits: common_pb2.Limits) -> RunBudget:
        c = self._config
        return RunBudget(
            max_iterations=min(limits.max_iterations or c.max_iterations, c.max_iterations),
            max_tokens=min(limits.max_tokens or c.max_tokens, c.max_tokens),
            max_seconds=min(limits.max_duration_seconds or c.max_seconds, c.max_seconds),
        )

    # ---- the run ---------------------------------------------------------------------------

    async def run(self, question: agent_pb2.Question) -> AsyncIterator[Event]:
        """Answer ``question``; yields reasoning, tool, token and judgement events, then done."""
        if question.template:
            template = self._templates.get(question.template)
            async for e in run_template(template, question, self._run_one):
                yield e
            return
        async for e in self._run_one(question):
            yield e

    def _deps(self) -> AgentDeps:
        return AgentDeps(
            upstreams=self._up,
            prompts=self._prompts,
            config=self._config,
            tools=self._tools,
            writer=self._writer,
            fallback_writer=self._fallback_writer,
            policy=self._policy,
            offline_policy=self._offline_policy,
            memory=self._memory,
        )

    async def _run_one(self, question: agent_pb2.Question) -> AsyncIterator[Event]:
        state = AgentState(
            question=question.question,
            tenant=question.tenant,
            budget=self._budget(question.limits),
            session_id=question.session_id,
            doc_ids=list(question.doc_ids),
            history=list(question.history),
            search_question=question.question.strip(),
            top_k=self._config.search_top_k,
        )
        state.spend(question.question)
        span = trace.get_current_span()
        if content_tracing_enabled():
            span.set_attribute("groundmesh.question", question.question)
        run = Run(self._deps(), question, state, span, model=self._writer.name)
        async for e in run_graph(AGENT_GRAPH, run):
            yield e


__all__ = ["AgentConfig", "AgentGraph", "Upstreams", "vector_relevance"]
