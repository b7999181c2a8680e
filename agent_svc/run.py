"""One run of the agent graph: the state every node reads and writes, and what the nodes share.

``AgentState`` (state.py) is the seeds' state; ``Run`` adds what one run carries between nodes
(the router's answer, the plan, the current decision, the draft, the answer to deliver) and the
services and settings the nodes call (``AgentDeps``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from opentelemetry import trace

from agent_svc.memory import ConversationMemory
from agent_svc.planner import Plan
from agent_svc.policy import DecisionPolicy
from agent_svc.state import AgentState, Decision, ToolCall
from agent_svc.tools.registry import ToolRegistry, ToolResult
from agent_svc.writer import AnswerWriter
from groundmesh.v1 import agent_pb2, common_pb2, retrieval_pb2, router_pb2
from mesh.errors import DeadlineExceeded, GroundmeshError, Unavailable
from mesh.prompts import PromptLibrary


class Upstreams(Protocol):
    """The services the agent calls; each raises a GroundmeshError on failure."""

    async def route(
        self, tenant: str, question: str, history: Sequence[common_pb2.Turn]
    ) -> router_pb2.RouteResponse: ...

    async def search(
        self, tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
    ) -> retrieval_pb2.SearchResponse: ...

    async def grade(
        self,
        tenant: str,
        question: str,
        chunks: Sequence[common_pb2.Chunk],
        threshold: float,
        language: str = "",
    ) -> list[float] | None:
        """Relevance of each chunk in [0, 1] from judge_svc, or None when it cannot grade."""
        ...

    async def judge(
        self,
        tenant: str,
        question: str,
        draft: str,
        sources: Sequence[common_pb2.Chunk],
        iteration: int,
        max_iterations: int,
        language: str,
        standalone_question: str = "",
    ) -> common_pb2.Judgement: ...


@dataclass(frozen=True)
class AgentConfig:
    """Limits and knobs of the loop."""

    max_iterations: int = 10
    max_tokens: int = 50_000
    max_seconds: float = 300.0
    search_top_k: int = 6
    answer_sentences: int = 3
    focused_answers: bool = True  # drop the lines the judge finds off the question (issue 28)
    service_scope: str = ""  # empty: each reply states the built-in scope in its own language
    # Lines citing OCR text read with less confidence than this carry a warning (issue 29).
    ocr_confidence_floor: float = 0.8
    upstream_timeout: float = 30.0


@dataclass(frozen=True)
class AgentDeps:
    """The services, tools, writers and policies the nodes call."""

    upstreams: Upstreams
    prompts: PromptLibrary
    config: AgentConfig
    tools: ToolRegistry
    writer: AnswerWriter
    fallback_writer: AnswerWriter | None
    policy: DecisionPolicy
    offline_policy: DecisionPolicy
    memory: ConversationMemory


@dataclass(frozen=True)
class Delivery:
    """The answer a run ends with: its text, its verdict and who wrote it."""

    text: str
    judgement: common_pb2.Judgement
    model: str


@dataclass
class Run:
    """What one question's run carries from node to node."""

    deps: AgentDeps
    question: agent_pb2.Question
    state: AgentState
    span: trace.Span
    steps: list[agent_pb2.Step] = field(default_factory=list)
    node_started: float = field(default_factory=time.monotonic)
    route: router_pb2.RouteResponse | None = None
    classify_started: float = 0.0
    followup_detail: str = ""
    # The standalone check found the message to lean on the conversation: the router's queries
    # (written for the message alone) give way to the rewritten question.
    followup_by_evidence: bool = False
    # The standalone check found a message the classifier took for a follow-up to stand alone:
    # the router's queries (written for the rewrite) give way to the message.
    standalone_by_evidence: bool = False
    plan: Plan | None = None
    decision: Decision | None = None
    decided: str = ""
    decide_started: float = 0.0
    tool_results: list[tuple[ToolCall, str, ToolResult]] = field(default_factory=list)
    draft: str = ""
    model: str = ""
    delivery: Delivery | None = None

    @property
    def is_followup(self) -> bool:
        route = self.route
        return route is not None and (
            route.is_followup or self.state.task_type == common_pb2.TASK_TYPE_CONVERSATION_FOLLOWUP
        )

    def step(self, name: str, detail: str, since: float | None = None) -> None:
        """Record a trace step; its latency runs from ``since`` or from the node's start."""
        started = self.node_started if since is None else since
        self.steps.append(
            agent_pb2.Step(
                name=name,
                detail=detail,
                latency_ms=max((time.monotonic() - started) * 1000.0, 0.001),
                iteration=self.state.iteration_count,
            )
        )

    def render(self, name: str, **variables: object) -> str:
        rendered = self.deps.prompts.render(name, **variables)
        self.state.prompt_versions[rendered.name] = rendered.version
        return rendered.text

    def deliver(self, text: str, judgement: common_pb2.Judgement, model: str) -> None:
        self.delivery = Delivery(text, judgement, model)


def accepted(reason: str, model: str) -> common_pb2.Judgement:
    """The verdict of an answer that makes no claim about the documents."""
    return common_pb2.Judgement(
        risk_score=0.0,
        risk_level=common_pb2.RISK_LEVEL_LOW,
        decision=common_pb2.DECISION_ACCEPT,
        rule_score=1.0,
        reasoning=reason,
        judge_model=model,
    )


def unjudged(error: GroundmeshError) -> common_pb2.Judgement:
    """The judgement of a draft delivered while judge_svc could not judge it: no decision."""
    down = isinstance(error, Unavailable | DeadlineExceeded)
    return common_pb2.Judgement(
        decision=common_pb2.DECISION_UNSPECIFIED,
        risk_level=common_pb2.RISK_LEVEL_UNSPECIFIED,
        reasoning=f"unjudged: judge_svc {'unavailable' if down else 'failed'} ({error.message})",
        judge_model="none",
    )
