"""Decision policies for the loop: what to do next given the state (seed 000 ``agent_decision``).

:class:`OfflinePolicy` is deterministic: planned calls first; then, per part of the question,
search until something relevant is found (thresholds 0.65 → 0.50 → 0.35, then a new rewrite);
evaluate coverage of multi-part questions; synthesize; finish once the judge accepts — or when
nothing more can be tried, and the fallback answer says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

from agent_svc.state import THRESHOLDS, AgentState, Decision, ToolCall
from agent_svc.tools.registry import ToolDefinition
from groundmesh.v1 import common_pb2
from mesh.text import STOP_WORDS

# Searches per part of the question: one per threshold, plus one with a fresh rewrite.
MAX_SEARCHES_PER_ASPECT = len(THRESHOLDS) + 1
# Drafts the judge may send back before the run gives up on the documents.
MAX_DRAFTS = 3

_WORDS = re.compile(r"[A-Za-z0-9][A-Za-z0-9'-]*|[\u3400-\u9fff]+")


class DecisionPolicy(Protocol):
    """Chooses the next action; may spend tokens into the state."""

    name: str

    async def decide(self, state: AgentState, tools: Sequence[ToolDefinition]) -> Decision: ...


def keyword_rewrite(question: str) -> str:
    """A keyword query: the question without filler words and punctuation."""
    words = [w for w in _WORDS.findall(question) if w.lower() not in STOP_WORDS]
    return " ".join(words) or question.strip()


def candidate_queries(state: AgentState, aspect: str) -> list[str]:
    """Queries to try for one part of the question, best first, without repeats."""
    base = [aspect] if aspect else [*state.queries, state.search_question]
    out: list[str] = []
    for q in [*base, keyword_rewrite(base[0] if base else state.question)]:
        q = q.strip()
        if q and q not in out:
            out.append(q)
    return out


def searches_of(state: AgentState, aspect: str) -> int:
    return sum(1 for r in state.search_history if r.aspect == aspect)


def search_budget(state: AgentState, aspect: str) -> int:
    """Searches allowed for ``aspect``: one per threshold, then one per further rewrite."""
    extra = len(candidate_queries(state, aspect)) - 1
    return min(len(THRESHOLDS) + extra, MAX_SEARCHES_PER_ASPECT)


def next_search(state: AgentState, aspect: str, top_k: int) -> ToolCall:
    """The next search for ``aspect``: the next threshold, and a new query once they are spent."""
    n = searches_of(state, aspect)
    queries = candidate_queries(state, aspect)
    threshold = state.next_threshold(aspect)
    # Walk the thresholds with the best query; then try the other rewrites at the lowest bar.
    index = 0 if n < len(THRESHOLDS) else 1 + (n - len(THRESHOLDS))
    query = queries[min(index, len(queries) - 1)]
    return ToolCall(
        "document_search", {"query": query, "top_k": top_k}, aspect=aspect, threshold=threshold
    )


def _judge_name(j: common_pb2.Judgement) -> str:
    return common_pb2.Decision.Name(j.decision).removeprefix("DECISION_").lower()


class OfflinePolicy:
    """Deterministic decisions; every decision says what it saw."""

    name = "offline"

    def __init__(self, base_top_k: int = 6) -> None:
        self._base_top_k = base_top_k

    async def decide(self, state: AgentState, tools: Sequence[ToolDefinition]) -> Decision:
        available = {t.name for t in tools}
        if state.final_answer:
            return Decision("finish", "the judge accepted the draft")
        if state.pending_calls:
            names = ", ".join(c.name for c in state.pending_calls)
            return Decision(
                "use_tool",
                f"run the planned calls in parallel: {names}",
                tuple(state.pending_calls),
            )
        last_search = max((r.iteration for r in state.search_history), default=-1)
        return (
            self._after_verdict(state, available, last_search)
            or self._evaluate_or_retry(state, available, last_search)
            or self._write_or_finish(state, last_search)
        )

    def _after_verdict(
        self, state: AgentState, available: set[str], last_search: int
    ) -> Decision | None:
        """The judge refused the latest draft: search wider, or give up after MAX_DRAFTS."""
        j = state.evaluation_result
        refused = (common_pb2.DECISION_REFINE, common_pb2.DECISION_REJECT)
        if j is None or state.drafted_at <= last_search or j.decision not in refused:
            return None
        drafts = sum(1 for d in state.decision_history if d.startswith("synthesize"))
        if drafts >= MAX_DRAFTS or "document_search" not in available:
            return Decision(
                "finish",
                f"the judge said {_judge_name(j)} (risk {j.risk_score:.2f}) {drafts} times; "
                "no grounded answer",
            )
        state.top_k = min(state.top_k + self._base_top_k, 50)
        calls = tuple(next_search(state, a, state.top_k) for a in state.aspects or [""])
        return Decision(
            "use_tool",
            f"the judge said {_judge_name(j)} (risk {j.risk_score:.2f}); searching wider "
            f"(top {state.top_k}) with {', '.join(repr(c.arguments['query']) for c in calls)}",
            calls,
        )

    def _evaluate_or_retry(
        self, state: AgentState, available: set[str], last_search: int
    ) -> Decision | None:
        """Check coverage after new searches; search again for parts not covered yet."""
        if state.aspects and state.evaluated_at < last_search:
            return Decision(
                "evaluate",
                f"{len(state.collected_results)} relevant passages after "
                f"{len(state.search_history)} searches; check that each part is covered",
            )
        uncovered = [a for a in state.aspects or [""] if not state.coverage.get(a)]
        retry = [a for a in uncovered if searches_of(state, a) < search_budget(state, a)]
        if not retry or "document_search" not in available:
            return None
        calls = tuple(next_search(state, a, state.top_k) for a in retry)
        seen = "; ".join(
            f"{r.query!r} at {r.threshold:.2f}: {r.relevant}/{r.found} relevant"
            for r in state.search_history[-len(retry) :]
        )
        return Decision(
            "use_tool",
            f"not covered yet ({seen}); "
            + ", ".join(
                f"search {c.arguments['query']!r} at threshold {c.threshold:.2f}" for c in calls
            ),
            calls,
        )

    def _write_or_finish(self, state: AgentState, last_search: int) -> Decision:
        findings = state.successful_tool_findings()
        if not state.collected_results and not findings:
            tried = ", ".join(f"{t:.2f}" for t in THRESHOLDS)
            return Decision(
                "finish",
                f"nothing relevant after {len(state.search_history)} searches "
                f"(thresholds {tried} and rewrites); answering with the fallback",
            )
        latest = max(last_search, state.evaluated_at, *(o.iteration for o in state.observations))
        if state.drafted_at < latest:
            aspects = state.aspects or [""]
            parts = f" covering {len(aspects)} parts" if state.aspects else ""
            return Decision(
                "synthesize",
                f"write the answer from {len(state.collected_results)} passages and "
                f"{len(findings)} tool results{parts}",
            )
        return Decision("finish", "nothing new to try")
