"""planner + query builder: the task, the parts of the question, the queries and planned calls."""

from __future__ import annotations

from collections.abc import AsyncIterator

from agent_svc import events
from agent_svc.planner import Plan, asks_for_a_value, plan
from agent_svc.run import Run
from groundmesh.v1 import agent_pb2, common_pb2


def _describe(p: Plan, queries: list[str]) -> str:
    return (
        f"task {p.task}: "
        + ("answer directly, no retrieval" if p.direct_reply else "retrieve")
        + (f"; parts: {p.aspects}" if p.aspects else "")
        + (
            f"; queries: {queries}; planned calls: " + ", ".join(c.name for c in p.tool_calls)
            if p.tool_calls
            else ""
        )
    )


async def planner(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state, route = run.state, run.route
    replaced = run.followup_by_evidence or run.standalone_by_evidence
    routed = route.search_queries if route and not replaced else []
    state.queries = [q for q in routed if q.strip()] or [state.search_question]
    note = ""
    if asks_for_a_value(run.question.question, state.intent, state.task_type):
        note = "; it asks for a number or a date: a question for the documents, not a greeting"
        state.intent = common_pb2.INTENT_DOCUMENT_QA
        state.task_type = common_pb2.TASK_TYPE_SIMPLE_FAQ
    p = run.plan = plan(
        question=run.question.question,
        search_question=state.search_question,
        intent=state.intent,
        task_type=state.task_type,
        queries=state.queries,
        available={t.name for t in run.deps.tools.list()},
        top_k=state.top_k,
        sub_queries=list(route.sub_queries) if route else None,
    )
    state.aspects = p.aspects
    state.pending_calls = list(p.tool_calls)
    plan_text = _describe(p, state.queries)
    # The trace's first step is "classify": the router's reasoning and the plan made from it.
    reasoning = route.reasoning if route else "router failed: DOCUMENT_QA"
    run.step("classify", f"{reasoning}{note}; plan: {plan_text}", since=run.classify_started)
    if run.followup_detail:
        run.step("followup", run.followup_detail, since=run.classify_started)
    yield events.reasoning("plan", plan_text)
