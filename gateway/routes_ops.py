"""Liveness, readiness, metrics and the chat page."""

from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from gateway.deps import gateway_of
from gateway.errors import OPS_ERRORS, error_response
from gateway.models import HealthOut

STATIC_DIR = Path(__file__).resolve().parent / "static"
PAGE_CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
    "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

router = APIRouter(tags=["operations"])


@router.get("/healthz", response_model=HealthOut)
async def healthz() -> HealthOut:
    """Liveness: the process answers."""
    return HealthOut(status="ok")


@router.get("/readyz", response_model=HealthOut, responses=OPS_ERRORS)
async def readyz(request: Request) -> JSONResponse:
    """Readiness: the agent (and so every upstream behind it) and retrieval are SERVING."""
    gw = gateway_of(request)
    if await gw.agent.ready() and await gw.documents.ready():
        return JSONResponse({"status": "ready"})
    return error_response(503, "UNAVAILABLE", "agent_svc or one of its upstreams is not serving")


@router.get(
    "/metrics",
    response_class=Response,
    responses={200: {"content": {CONTENT_TYPE_LATEST: {"schema": {"type": "string"}}}}},
)
async def metrics(request: Request) -> Response:
    """Prometheus metrics."""
    return Response(
        generate_latest(gateway_of(request).metrics.registry), media_type=CONTENT_TYPE_LATEST
    )


@router.get(
    "/",
    response_class=FileResponse,
    responses={200: {"content": {"text/html": {"schema": {"type": "string"}}}}},
)
async def chat_page() -> FileResponse:
    """The chat page: ask, watch the steps, read the answer, open its citations."""
    return FileResponse(
        STATIC_DIR / "index.html",
        media_type="text/html; charset=utf-8",
        headers={"Content-Security-Policy": PAGE_CSP, "Cache-Control": "no-cache"},
    )
