"""The agent's model-backed engines (``GROUNDMESH_LLM_PROVIDER=anthropic``).

:class:`LLMPolicy` decides through forced tool use (``decide``; ``refine_query`` after the
judge sent a draft back or searches found nothing); :class:`LLMWriter` streams the answer from
the synthesis prompt. Token usage reported by the model goes into the run's state, so the
token limit counts what the model really spent.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field

from agent_svc.policy import OfflinePolicy, next_search
from agent_svc.state import AgentState, Decision, ToolCall
from agent_svc.tools.registry import ToolDefinition
from groundmesh.v1 import common_pb2
from mesh.llm.base import LLMClient, Message
from mesh.llm.structured import structured_output, tool_from_model
from mesh.prompts import PromptLibrary, Rendered

LANGUAGE_NAMES = {
    "zh-Hant": "Traditional Chinese (繁體中文)",
    "zh-Hans": "Simplified Chinese (简体中文)",
    "en": "English",
}
NOT_FOUND = {
    "zh-Hant": "我在現有的文件中找不到這方面的資訊",
    "zh-Hans": "我在现有的文件中找不到这方面的信息",
    "en": "I don't have information about this in the available sources",
}


class DecisionModel(BaseModel):
    """Record the next step of the agent."""

    action: Literal["use_tool", "evaluate", "synthesize", "finish"]
    reasoning: str = Field(min_length=1, max_length=2000)
    tool_name: str | None = None
    parameters: dict[str, Any] | None = None


class RefinedQuery(BaseModel):
    """Record a new search query."""

    query: str = Field(min_length=1, max_length=500)
    reasoning: str = Field(min_length=1, max_length=1000)


DECIDE = tool_from_model(DecisionModel, name="decide")
REFINE = tool_from_model(RefinedQuery, name="refine_query")


def _account(state: AgentState, client: LLMClient) -> None:
    state.spend_tokens(client.last_usage.total)


class LLMPolicy:
    """Decisions by the ``decision`` model; planned calls still run first, as planned."""

    name = "llm"

    def __init__(self, client: LLMClient, prompts: PromptLibrary, base_top_k: int = 6) -> None:
        self._client = client
        self._prompts = prompts
        self._offline = OfflinePolicy(base_top_k)
        self._base_top_k = base_top_k

    def _system(self, state: AgentState) -> str:
        rendered = self._prompts.render("agent/system.j2")
        state.prompt_versions[rendered.name] = rendered.version
        return rendered.text

    async def decide(self, state: AgentState, tools: Sequence[ToolDefinition]) -> Decision:
        if state.final_answer or state.pending_calls:
            return await self._offline.decide(state, tools)
        j = state.evaluation_result
        last_search = max((r.iteration for r in state.search_history), default=-1)
        sent_back = (
            j is not None
            and state.drafted_at > last_search
            and j.decision in (common_pb2.DECISION_REFINE, common_pb2.DECISION_REJECT)
        )
        if sent_back and any(t.name == "document_search" for t in tools):
            return await self._refine(state, j)
        rendered = self._decision_prompt(state, tools)
        state.prompt_versions[rendered.name] = rendered.version
        try:
            decided = await structured_output(
                self._client,
                role="decision",
                system=self._system(state),
                messages=[Message("user", rendered.text)],
                tool=DECIDE,
                model=DecisionModel,
                max_tokens=2000,
            )
        finally:
            _account(state, self._client)
        return Decision(decided.action, decided.reasoning, _calls(state, decided))

    def _decision_prompt(self, state: AgentState, tools: Sequence[ToolDefinition]) -> Rendered:
        snapshot = state.snapshot()
        return self._prompts.render(
            "agent/decision.j2",
            question=state.question,
            aspects=state.aspects,
            iteration_count=state.iteration_count,
            max_iterations=state.budget.max_iterations,
            token_count=state.token_count,
            max_tokens=state.budget.max_tokens,
            search_history=snapshot["search_history"],
            collected_results=snapshot["collected_results"],
            observations=[vars(o) for o in state.observations if o.tool != "document_search"],
            partial_answer=state.partial_answer,
            evaluation=snapshot["evaluation_result"] or "none",
            reasoning_trace=state.reasoning_trace,
            available_tools=[
                {
                    "name": t.name,
                    "description": t.description,
                    "parameters": json.dumps(dict(t.parameters), ensure_ascii=False),
                }
                for t in tools
            ],
        )

    async def _refine(self, state: AgentState, j: common_pb2.Judgement | None) -> Decision:
        rendered = self._prompts.render(
            "agent/refinement.j2",
            question=state.question,
            search_history=[vars(r) for r in state.search_history],
            judge_feedback=(j.reasoning or j.hallucination.notes) if j is not None else "",
            titles=sorted({c.title for c in state.collected_results.values()}),
        )
        state.prompt_versions[rendered.name] = rendered.version
        try:
            refined = await structured_output(
                self._client,
                role="decision",
                system=self._system(state),
                messages=[Message("user", rendered.text)],
                tool=REFINE,
                model=RefinedQuery,
                max_tokens=1000,
            )
        finally:
            _account(state, self._client)
        state.top_k = min(state.top_k + self._base_top_k, 50)
        threshold = next_search(state, "", state.top_k).threshold
        call = ToolCall(
            "document_search", {"query": refined.query, "top_k": state.top_k}, threshold=threshold
        )
        return Decision("use_tool", f"refine: {refined.reasoning}", (call,))


class LLMWriter:
    """The answer by the ``synthesis`` model, streamed token by token."""

    name = "anthropic"

    def __init__(self, client: LLMClient, prompts: PromptLibrary) -> None:
        self._client = client
        self._prompts = prompts

    async def write(self, state: AgentState) -> AsyncIterator[str]:
        language = state.language if state.language in LANGUAGE_NAMES else "en"
        rendered = self._prompts.render(
            "agent/synthesis.j2",
            question=state.question,
            aspects=state.aspects,
            sources=[
                {"chunk_id": c.chunk_id, "title": c.title, "text": c.text}
                for c in state.ranked_results()
            ],
            observations=[vars(o) for o in state.successful_tool_findings()],
            not_found_phrase=NOT_FOUND[language],
            language_name=LANGUAGE_NAMES[language],
        )
        system = self._prompts.render("agent/system.j2")
        state.prompt_versions[rendered.name] = rendered.version
        state.prompt_versions[system.name] = system.version
        try:
            async for piece in self._client.stream(
                role="synthesis",
                system=system.text,
                messages=[Message("user", rendered.text)],
                max_tokens=4000,
            ):
                yield piece
        finally:
            _account(state, self._client)


def _calls(state: AgentState, decided: DecisionModel) -> tuple[ToolCall, ...]:
    """The tool call a model's ``use_tool`` asks for (searches get the run's next threshold)."""
    if decided.action != "use_tool":
        return ()
    name = decided.tool_name or "document_search"
    params = dict(decided.parameters or {})
    if name != "document_search":
        return (ToolCall(name, params),)
    call = next_search(state, "", state.top_k)
    query = str(params.get("query") or call.arguments["query"])
    top_k = int(params.get("top_k") or state.top_k)
    return (ToolCall(name, {"query": query, "top_k": top_k}, threshold=call.threshold),)
