"""The HTTP API (DESIGN.md, "The HTTP API"): ask, ask as SSE, health, readiness, metrics.

No `from __future__ import annotations` here: FastAPI must evaluate the endpoint annotations,
which name closures of create_app.
"""

import json
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any

import grpc
from fastapi import Depends, FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from sse_starlette import EventSourceResponse, ServerSentEvent
from starlette.exceptions import HTTPException as StarletteHTTPException

from gateway.agent_client import AgentClient
from gateway.auth import ApiKeyAuth
from gateway.convert import answer_out, event_out
from gateway.models import AskBody, AskOut
from groundmesh.v1 import agent_pb2
from mesh.errors import GroundmeshError, InvalidInput

HTTP_STATUS = {
    grpc.StatusCode.INVALID_ARGUMENT: 400,
    grpc.StatusCode.UNAUTHENTICATED: 401,
    grpc.StatusCode.PERMISSION_DENIED: 403,
    grpc.StatusCode.NOT_FOUND: 404,
    grpc.StatusCode.ALREADY_EXISTS: 409,
    grpc.StatusCode.FAILED_PRECONDITION: 409,
    grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
    grpc.StatusCode.CANCELLED: 499,
    grpc.StatusCode.UNAVAILABLE: 503,
    grpc.StatusCode.DEADLINE_EXCEEDED: 504,
}


def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def create_app(
    agent: AgentClient,
    auth: ApiKeyAuth,
    max_question_chars: int = 4000,
    heartbeat_seconds: float = 10.0,
) -> FastAPI:
    """The gateway app over an agent client; the caller owns the client's lifetime."""
    app = FastAPI(
        title="Groundmesh",
        version="0.1.0",
        description="Answers over your own documents, every claim cited and judged.",
    )
    registry = CollectorRegistry()
    requests = Counter(
        "groundmesh_requests",
        "HTTP requests by route and status",
        ["route", "status"],
        registry=registry,
    )
    latency = Histogram(
        "groundmesh_ask_seconds", "Wall time of answered questions", registry=registry
    )

    @app.exception_handler(GroundmeshError)
    async def _domain_error(_: Request, exc: GroundmeshError) -> JSONResponse:
        return _error(HTTP_STATUS.get(exc.code, 500), exc.code.name, exc.message)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return _error(400, "INVALID_JSON", "the request body is not valid JSON")
        parts = []
        for e in errors[:5]:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            parts.append(f"{where or 'body'}: {e.get('msg', 'invalid')}")
        return _error(422, "INVALID_ARGUMENT", "; ".join(parts))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return _error(404, "NOT_FOUND", f"no route {request.method} {request.url.path}")
        if exc.status_code == 405:
            return _error(405, "METHOD_NOT_ALLOWED", f"{request.method} is not allowed here")
        return _error(exc.status_code, "HTTP_ERROR", str(exc.detail))

    @app.middleware("http")
    async def _count(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        route = request.scope.get("route")
        path = getattr(route, "path", "unmatched")
        requests.labels(path, str(response.status_code)).inc()
        return response

    def tenant(authorization: Annotated[str | None, Header()] = None) -> str:
        return auth.tenant(authorization)

    def to_question(body: AskBody, tenant_id: str) -> agent_pb2.Question:
        if len(body.question) > max_question_chars:
            raise InvalidInput(f"question is longer than {max_question_chars} characters")
        return agent_pb2.Question(
            tenant=tenant_id,
            question=body.question,
            session_id=body.session_id or "",
            doc_ids=body.doc_ids or [],
            trace=body.trace,
        )

    @app.post("/v1/ask", response_model=AskOut, response_model_exclude_none=True)
    async def ask(body: AskBody, tenant_id: Annotated[str, Depends(tenant)]) -> AskOut:
        """Answer a question; the answer cites the chunks listed in ``sources``."""
        started = time.monotonic()
        answer = await agent.ask(to_question(body, tenant_id))
        latency.observe(time.monotonic() - started)
        return answer_out(answer, body.trace)

    async def stream(body: AskBody, tenant_id: str) -> EventSourceResponse:
        events = agent.ask_stream(to_question(body, tenant_id))
        # The first event decides the HTTP status: an error before it is a 4xx/5xx response.
        first = await anext(events)

        async def frames() -> AsyncIterator[ServerSentEvent]:
            last = 0
            try:
                event: agent_pb2.AskStreamResponse | None = first
                while event is not None:
                    name, data = event_out(event, body.trace)
                    last = event.sequence
                    yield ServerSentEvent(
                        data=json.dumps(data, ensure_ascii=False),
                        event=name,
                        id=str(event.sequence),
                    )
                    event = await anext(events, None)
            except GroundmeshError as exc:
                yield ServerSentEvent(
                    data=json.dumps({"code": exc.code.name, "message": exc.message}),
                    event="error",
                    id=str(last + 1),
                )
            finally:
                await events.aclose()

        return EventSourceResponse(
            frames(), ping=int(max(1, heartbeat_seconds)), headers={"Cache-Control": "no-store"}
        )

    @app.post("/v1/ask/stream", response_class=EventSourceResponse)
    async def ask_stream_post(
        body: AskBody, tenant_id: Annotated[str, Depends(tenant)]
    ) -> EventSourceResponse:
        """The same question as server-sent events; the last event is ``done`` or ``error``."""
        return await stream(body, tenant_id)

    @app.get("/v1/ask/stream", response_class=EventSourceResponse)
    async def ask_stream_get(
        tenant_id: Annotated[str, Depends(tenant)],
        q: Annotated[str, Query(min_length=1, description="the question")],
        trace: bool = False,
        session_id: str | None = None,
    ) -> EventSourceResponse:
        """``POST /v1/ask/stream`` for clients that can only GET (EventSource)."""
        body = AskBody(question=q, trace=trace, session_id=session_id)
        return await stream(body, tenant_id)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        """Liveness: the process answers."""
        return {"status": "ok"}

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        """Readiness: the agent, and so every upstream behind it, is SERVING."""
        if await agent.ready():
            return JSONResponse({"status": "ready"})
        return _error(503, "UNAVAILABLE", "agent_svc or one of its upstreams is not serving")

    @app.get("/metrics")
    async def metrics() -> Response:
        """Prometheus metrics."""
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)

    return app
