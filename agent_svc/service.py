"""AgentService servicer: validates the question, runs the loop, numbers the events."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import grpc

from agent_svc.deadline import set_caller_deadline
from agent_svc.graph import AgentGraph
from agent_svc.templates import NAME_PATTERN
from groundmesh.v1 import agent_pb2, agent_pb2_grpc
from mesh.errors import InternalError, InvalidInput

Context = grpc.aio.ServicerContext[Any, Any]
MAX_QUESTION_CHARS = 20_000
MAX_DOC_IDS = 100


def validate(question: agent_pb2.Question) -> None:
    """Reject what no run can answer, before any work starts."""
    if not question.tenant:
        raise InvalidInput("tenant must be set")
    if not question.question.strip():
        raise InvalidInput("question must not be empty")
    if len(question.question) > MAX_QUESTION_CHARS:
        raise InvalidInput(f"question is longer than {MAX_QUESTION_CHARS} characters")
    if len(question.doc_ids) > MAX_DOC_IDS:
        raise InvalidInput(f"more than {MAX_DOC_IDS} doc_ids")
    if question.template and not re.fullmatch(NAME_PATTERN, question.template):
        raise InvalidInput(f"template name {question.template!r} is not valid")
    lim = question.limits
    if lim.max_iterations < 0 or lim.max_tokens < 0 or lim.max_duration_seconds < 0:
        raise InvalidInput("limits must not be negative")


class AgentService(agent_pb2_grpc.AgentServiceServicer):
    """Serves :class:`AgentGraph` runs, streamed or whole."""

    def __init__(self, loop: AgentGraph) -> None:
        self._loop = loop

    async def AskStream(
        self, request: agent_pb2.AskStreamRequest, context: Context
    ) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        validate(request.question)
        set_caller_deadline(context.time_remaining())
        sequence = 0
        async for event in self._loop.run(request.question):
            sequence += 1
            event.sequence = sequence
            yield event

    async def Ask(self, request: agent_pb2.AskRequest, context: Context) -> agent_pb2.AskResponse:
        validate(request.question)
        set_caller_deadline(context.time_remaining())
        async for event in self._loop.run(request.question):
            if event.WhichOneof("event") == "done":
                return agent_pb2.AskResponse(answer=event.done.answer)
        raise InternalError("the agent ended without an answer")
