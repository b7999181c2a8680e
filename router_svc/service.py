"""RouterService servicer: proto ⇄ domain, input validation."""

from __future__ import annotations

from typing import Any

import grpc
from opentelemetry import trace

from groundmesh.v1 import common_pb2, router_pb2, router_pb2_grpc
from mesh.errors import InvalidInput
from router_svc.routing import HistoryTurn, LexiconRouter, RouteDecision

MAX_QUESTION_CHARS = 20_000
MAX_HISTORY_TURNS = 50

_ROLE = {common_pb2.ROLE_USER: "user", common_pb2.ROLE_ASSISTANT: "assistant"}


def decision_to_proto(decision: RouteDecision) -> router_pb2.RouteResponse:
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
    )


class RouterService(router_pb2_grpc.RouterServiceServicer):
    """Serves :class:`LexiconRouter` decisions over gRPC."""

    def __init__(self, router: LexiconRouter) -> None:
        self._router = router

    async def Route(
        self, request: router_pb2.RouteRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> router_pb2.RouteResponse:
        question = request.question.strip()
        if not question:
            raise InvalidInput("question must not be empty")
        if len(question) > MAX_QUESTION_CHARS:
            raise InvalidInput(f"question is longer than {MAX_QUESTION_CHARS} characters")
        if len(request.history) > MAX_HISTORY_TURNS:
            raise InvalidInput(f"history has more than {MAX_HISTORY_TURNS} turns")
        history = [HistoryTurn(_ROLE.get(t.role, "user"), t.content) for t in request.history]
        decision = self._router.route(question, history)
        span = trace.get_current_span()
        span.set_attribute("groundmesh.intent", decision.intent.value)
        span.set_attribute("groundmesh.task_type", decision.task_type.value)
        span.set_attribute("groundmesh.language", decision.language)
        span.set_attribute("groundmesh.confidence", decision.confidence)
        return decision_to_proto(decision)
