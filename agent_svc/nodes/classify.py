"""classify: the conversation from memory, then router_svc's language normalizer and intent."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc import events
from agent_svc.run import Run
from groundmesh.v1 import agent_pb2, common_pb2, router_pb2
from mesh.errors import GroundmeshError

log = logging.getLogger(__name__)
tracer = trace.get_tracer("groundmesh.agent")


async def _remembered_history(run: Run) -> None:
    state = run.state
    if state.history or not state.session_id:
        return
    try:
        remembered = await run.deps.memory.history(state.tenant, state.session_id)
    except GroundmeshError as exc:
        log.warning("conversation memory unavailable: %s", exc.message)
        remembered = []
    state.history = [
        common_pb2.Turn(
            role=common_pb2.ROLE_ASSISTANT if t.role == "assistant" else common_pb2.ROLE_USER,
            content=t.content,
        )
        for t in remembered
    ]


async def _route(run: Run) -> router_pb2.RouteResponse | None:
    state = run.state
    try:
        with tracer.start_as_current_span("agent.classify"):
            route = await run.deps.upstreams.route(state.tenant, state.question, state.history)
    except GroundmeshError as exc:
        log.warning("router failed, defaulting to DOCUMENT_QA: %s", exc.message)
        return None
    state.intent = route.intent or common_pb2.INTENT_DOCUMENT_QA
    state.task_type = route.task_type or common_pb2.TASK_TYPE_SIMPLE_FAQ
    state.language = route.answer_language or route.language or "en"
    return route


async def classify(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    run.classify_started = run.node_started
    await _remembered_history(run)
    route = run.route = await _route(run)
    yield events.reasoning(
        "classify",
        f"intent {common_pb2.Intent.Name(state.intent)}, task "
        f"{common_pb2.TaskType.Name(state.task_type)}, language {state.language}: "
        f"{route.reasoning if route else 'router unavailable, defaulting to DOCUMENT_QA'}",
    )
    run.span.set_attribute("groundmesh.intent", common_pb2.Intent.Name(state.intent))
    run.span.set_attribute("groundmesh.task_type", common_pb2.TaskType.Name(state.task_type))
    run.span.set_attribute("groundmesh.language", state.language)
    if route is not None and not run.is_followup and route.normalized_question:
        state.search_question = route.normalized_question
