"""RouterService servicer: proto ⇄ domain, input validation, span attributes."""

from __future__ import annotations

from typing import Any

import grpc
from opentelemetry import trace

from groundmesh.v1 import common_pb2, router_pb2, router_pb2_grpc
from router_svc.decision import RouteDecision
from router_svc.routing import RouterEngine, classify_or_default
from router_svc.validation import BoundedHistory, bound_history, validate_question

_ROLE = {common_pb2.ROLE_USER: "user", common_pb2.ROLE_ASSISTANT: "assistant"}


def decision_to_proto(
    decision: RouteDecision, history: BoundedHistory | None = None
) -> router_pb2.RouteResponse:
    """The wire form of a routing decision."""
    return router_pb2.RouteResponse(
        intent=f"INTENT_{decision.intent.value}",
        task_type=f"TASK_TYPE_{decision.task_type.value.upper()}",
        confidence=decision.confidence,
        reasoning=decision.reasoning,
        language=decision.language,
        answer_language=decision.answer_language,
        normalized_question=decision.normalized_question,
        standalone_question=decision.standalone_question,
        is_followup=decision.is_followup,
        search_queries=decision.search_queries,
        escalated=decision.escalated,
        sub_queries=decision.sub_queries,
        needs_rewrite=decision.needs_rewrite,
        reply=decision.reply,
        engine=decision.engine,
        history_turns_used=len(history.turns) if history else 0,
        history_turns_dropped=history.dropped if history else 0,
        contextual_question=decision.contextual_question,
    )


class RouterService(router_pb2_grpc.RouterServiceServicer):
    """Serves a :class:`RouterEngine`'s decisions over gRPC."""

    def __init__(self, engine: RouterEngine) -> None:
        self._engine = engine

    async def Route(
        self, request: router_pb2.RouteRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> router_pb2.RouteResponse:
        question = validate_question(request.question)
        history = bound_history([(_ROLE.get(t.role), t.content) for t in request.history])
        decision = await classify_or_default(self._engine, question, history.turns)
        span = trace.get_current_span()
        span.set_attribute("groundmesh.intent", decision.intent.value)
        span.set_attribute("groundmesh.task_type", decision.task_type.value)
        span.set_attribute("groundmesh.language", decision.language)
        span.set_attribute("groundmesh.confidence", decision.confidence)
        span.set_attribute("groundmesh.router_engine", decision.engine)
        span.set_attribute("groundmesh.is_followup", decision.is_followup)
        if decision.prompt_versions:
            span.set_attribute("groundmesh.prompt_versions", decision.prompt_versions)
        return decision_to_proto(decision, history)
