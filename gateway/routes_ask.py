"""``/v1/ask`` and ``/v1/ask/stream``: a question, answered whole or as server-sent events."""

import time
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from pydantic import ValidationError
from sse_starlette import EventSourceResponse

from gateway.convert import answer_out
from gateway.deps import Caller, Gateway, caller, gateway_of
from gateway.errors import ASK_ERRORS
from gateway.models import SSE_EVENTS, AskBody, AskOut
from gateway.sse import heartbeat, relay
from gateway.trace_export import build_trace
from groundmesh.v1 import agent_pb2
from mesh.errors import InvalidInput

router = APIRouter(tags=["ask"])


def to_question(gw: Gateway, body: AskBody, tenant: str) -> agent_pb2.Question:
    """The agent's question; the tenant comes from the caller's key, never from the body."""
    limit = gw.settings.max_question_chars
    if len(body.question) > limit:
        raise InvalidInput(f"question is longer than {limit} characters")
    return agent_pb2.Question(
        tenant=tenant,
        question=body.question,
        session_id=body.session_id or "",
        doc_ids=body.doc_ids or [],
        trace=body.trace,
        template=body.template or "",
    )


def finish(answer: agent_pb2.Answer, body: AskBody, received_at: datetime) -> AskOut:
    """The API's answer; with ``trace`` it carries the steps and the trace export."""
    out = answer_out(answer, body.trace, body.session_id)
    if body.trace:
        out.trace = build_trace(
            out,
            out.intermediate_steps or [],
            {"question": body.question, "session_id": body.session_id, "doc_ids": body.doc_ids},
            received_at,
            datetime.now(UTC),
        )
    return out


@router.post(
    "/v1/ask", response_model=AskOut, response_model_exclude_none=True, responses=ASK_ERRORS
)
async def ask(body: AskBody, request: Request, who: Annotated[Caller, Depends(caller)]) -> AskOut:
    """Answer a question; the answer cites the chunks listed in ``sources``. With
    ``trace: true`` it adds ``intermediate_steps`` (each with its ``latency_ms``) and ``trace``,
    an export in the shape Langfuse and LangSmith import."""
    gw = gateway_of(request)
    received_at = datetime.now(UTC)
    started = time.monotonic()
    question = to_question(gw, body, who.tenant)
    await gw.check_documents(who.tenant, body.doc_ids or [])
    answer = await gw.agent.ask(question)
    gw.metrics.ask_seconds.observe(time.monotonic() - started)
    return finish(answer, body, received_at)


_SSE_DESCRIPTION = (
    "A stream of server-sent events. Each has `event:` (one of "
    + ", ".join(f"`{name}`" for name in SSE_EVENTS)
    + "), `id:` (1, 2, 3, …) and one line of JSON `data:`; the first also carries `retry:`. "
    "Comment lines (`: heartbeat`) keep an idle connection open. The last event is `done` "
    "(data: the whole `/v1/ask` body) or `error` (data: `{code, message}`)."
)


def _event_schema(name: str, model: str) -> dict[str, object]:
    return {
        "type": "object",
        "required": ["event", "id", "data"],
        "properties": {
            "event": {"type": "string", "enum": [name]},
            "id": {"type": "string", "pattern": "^[1-9][0-9]*$"},
            "retry": {"type": "integer", "minimum": 0},
            "data": {
                "type": "string",
                "contentMediaType": "application/json",
                "contentSchema": {"$ref": f"#/components/schemas/{model}"},
            },
        },
    }


SSE_EVENT_SCHEMA = {
    "oneOf": [_event_schema(name, model.__name__) for name, model in SSE_EVENTS.items()]
}
_SSE_RESPONSES = {
    200: {
        "description": _SSE_DESCRIPTION,
        "content": {"text/event-stream": {"schema": SSE_EVENT_SCHEMA}},
    },
    **ASK_ERRORS,
}


async def _stream(request: Request, body: AskBody, who: Caller) -> EventSourceResponse:
    gw = gateway_of(request)
    received_at = datetime.now(UTC)
    question = to_question(gw, body, who.tenant)
    await gw.check_documents(who.tenant, body.doc_ids or [])
    events = gw.agent.ask_stream(question)
    frames = relay(
        events,
        lambda answer: finish(answer, body, received_at),
        gw.settings.sse_retry_ms,
        gw.metrics,
    )
    return EventSourceResponse(
        frames,
        ping=gw.settings.heartbeat_seconds,
        ping_message_factory=heartbeat,
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


@router.post("/v1/ask/stream", response_class=EventSourceResponse, responses=_SSE_RESPONSES)
async def ask_stream_post(
    body: AskBody, request: Request, who: Annotated[Caller, Depends(caller)]
) -> EventSourceResponse:
    """The same question as server-sent events: the agent's steps as they happen, then the
    answer."""
    return await _stream(request, body, who)


@router.get("/v1/ask/stream", response_class=EventSourceResponse, responses=_SSE_RESPONSES)
async def ask_stream_get(
    request: Request,
    who: Annotated[Caller, Depends(caller)],
    q: Annotated[str, Query(min_length=1, description="the question")],
    trace: Annotated[bool, Query(description="steps and a trace export in done")] = False,
    session_id: Annotated[str | None, Query(max_length=128, pattern=r"^[A-Za-z0-9._:-]*$")] = None,
    doc_id: Annotated[
        list[str] | None,
        Query(max_length=100, description="restrict to this document (repeatable)"),
    ] = None,
) -> EventSourceResponse:
    """``POST /v1/ask/stream`` for clients that can only GET (``EventSource``)."""
    try:
        body = AskBody(question=q, trace=trace, session_id=session_id, doc_ids=doc_id)
    except ValidationError as exc:
        reasons = "; ".join(str(e.get("msg", "invalid")) for e in exc.errors()[:3])
        raise InvalidInput(f"invalid query parameters: {reasons}") from exc
    return await _stream(request, body, who)
