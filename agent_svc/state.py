"""The state of one agent run, as the seeds keep it (seed 000 ``AgenticAskState``).

question, iteration count, search history, collected results, evaluation result, partial and
final answer, reasoning trace, token count and decision history; plus what the graph needs to
route (language, intent, task type, planned calls). Every node reads and writes this object,
so later steps see what earlier steps observed (seed Property 8).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from agent_svc.limits import RunBudget
from groundmesh.v1 import common_pb2

Action = Literal["use_tool", "evaluate", "synthesize", "finish"]
ACTIONS: tuple[Action, ...] = ("use_tool", "evaluate", "synthesize", "finish")
# Progressive relevance thresholds of the retrieval checker (seed 001).
THRESHOLDS = (0.65, 0.50, 0.35)
# Hard cap on decision steps, whatever the configuration says (seed Property 9).
MAX_STEPS = 10


@dataclass(frozen=True)
class ToolCall:
    """One planned or decided tool invocation."""

    name: str
    arguments: dict[str, Any]
    # For document_search: which part of the question it serves, and the relevance bar.
    aspect: str = ""
    threshold: float | None = None

    def key(self) -> str:
        args = json.dumps(self.arguments, sort_keys=True, ensure_ascii=False)
        return f"{self.name}:{args}:{self.aspect}:{self.threshold}"


@dataclass(frozen=True)
class Decision:
    """What the agent does next, and why (seed 000 ``Decision``)."""

    action: Action
    reasoning: str
    tool_calls: tuple[ToolCall, ...] = ()

    def key(self) -> str:
        """The decision's identity for circular-reasoning detection."""
        return "|".join([self.action, *sorted(c.key() for c in self.tool_calls)])


@dataclass
class SearchRecord:
    """One document search and how its results graded."""

    iteration: int
    query: str
    threshold: float
    found: int
    relevant: int
    ok: bool
    aspect: str = ""


@dataclass
class Observation:
    """What one tool call returned, kept for later steps and for the answer."""

    iteration: int
    tool: str
    arguments: dict[str, Any]
    success: bool
    summary: str
    data: Any = None
    call_id: str = ""


@dataclass
class AgentState:
    """Everything one run knows; nodes read and update it in place."""

    question: str
    tenant: str
    budget: RunBudget
    session_id: str = ""
    doc_ids: list[str] = field(default_factory=list)
    history: list[common_pb2.Turn] = field(default_factory=list)
    language: str = "en"
    intent: common_pb2.Intent = common_pb2.INTENT_DOCUMENT_QA
    task_type: common_pb2.TaskType = common_pb2.TASK_TYPE_SIMPLE_FAQ
    search_question: str = ""
    queries: list[str] = field(default_factory=list)
    aspects: list[str] = field(default_factory=list)
    pending_calls: list[ToolCall] = field(default_factory=list)
    search_history: list[SearchRecord] = field(default_factory=list)
    collected_results: dict[str, common_pb2.Chunk] = field(default_factory=dict)
    relevance: dict[str, float] = field(default_factory=dict)
    # Results of tools other than document search, as citable sources (id = the call id).
    tool_sources: dict[str, common_pb2.Chunk] = field(default_factory=dict)
    observations: list[Observation] = field(default_factory=list)
    evaluation_result: common_pb2.Judgement | None = None
    evaluated_at: int = -1
    coverage: dict[str, bool] = field(default_factory=dict)
    partial_answer: str = ""
    draft_pieces: list[str] = field(default_factory=list)
    drafted_at: int = -1
    final_answer: str = ""
    reasoning_trace: list[str] = field(default_factory=list)
    top_k: int = 6
    limit_reached: str = ""
    prompt_versions: dict[str, str] = field(default_factory=dict)
    llm_tokens: int = 0

    @property
    def iteration_count(self) -> int:
        return self.budget.iterations

    @property
    def token_count(self) -> int:
        return self.budget.tokens

    @property
    def decision_history(self) -> list[str]:
        return self.budget.decisions

    def spend(self, text: str) -> None:
        self.budget.spend(text)

    def spend_tokens(self, tokens: int) -> None:
        """Count tokens a model reported (input and output)."""
        self.budget.tokens += tokens
        self.llm_tokens += tokens

    def think(self, text: str) -> None:
        self.reasoning_trace.append(text)

    def limit(self) -> str:
        """The limit the run has reached, or an empty string."""
        if self.budget.iterations >= MAX_STEPS:
            return "max_iterations"
        return self.budget.exceeded()

    def searches_since_collection(self) -> int:
        """Consecutive searches at the end of the history that found nothing relevant."""
        n = 0
        for record in reversed(self.search_history):
            if record.relevant:
                break
            n += 1
        return n

    def next_threshold(self, aspect: str = "") -> float:
        """The relevance bar for the next search of ``aspect``: lower after each miss, for good.

        Once a bar was too high for this question it stays lowered (seed 001: the thresholds
        are tried in order, 0.65 → 0.50 → 0.35).
        """
        misses = sum(1 for r in self.search_history if r.aspect == aspect and not r.relevant)
        return THRESHOLDS[min(misses, len(THRESHOLDS) - 1)]

    def ranked_results(self) -> list[common_pb2.Chunk]:
        """Collected chunks, most relevant first."""
        return sorted(
            self.collected_results.values(),
            key=lambda c: (-self.relevance.get(c.chunk_id, 0.0), c.chunk_id),
        )

    def sources(self) -> list[common_pb2.Chunk]:
        """Everything an answer may cite: collected passages, then tool results."""
        return [*self.ranked_results(), *self.tool_sources.values()]

    def successful_tool_findings(self) -> list[Observation]:
        """Successful results of tools other than document search, in call order."""
        return [o for o in self.observations if o.success and o.tool not in {"document_search"}]

    def snapshot(self) -> dict[str, Any]:
        """The state in the seeds' field names, for prompts and traces."""
        return {
            "question": self.question,
            "iteration_count": self.iteration_count,
            "search_history": [vars(r) for r in self.search_history],
            "collected_results": [
                {"chunk_id": c.chunk_id, "title": c.title, "text": c.text}
                for c in self.ranked_results()
            ],
            "evaluation_result": (
                common_pb2.Decision.Name(self.evaluation_result.decision)
                if self.evaluation_result
                else None
            ),
            "partial_answer": self.partial_answer,
            "final_answer": self.final_answer,
            "reasoning_trace": list(self.reasoning_trace),
            "token_count": self.token_count,
            "decision_history": list(self.decision_history),
        }
