"""Errors at the HTTP edge: domain errors to status codes, one JSON shape for all of them."""

from __future__ import annotations

import logging
from typing import Any

import grpc
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from gateway.models import ErrorBody
from gateway.ratelimit import RateLimiter
from gateway.uploads import TooLarge, UnsupportedType
from mesh.errors import GroundmeshError, ResourceExhausted

log = logging.getLogger(__name__)

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


class RateLimited(ResourceExhausted):
    """The key used up its tokens; ``retry_after`` seconds until the next one."""

    def __init__(self, retry_after: float) -> None:
        super().__init__("too many requests for this API key; retry after the Retry-After delay")
        self.retry_after = retry_after


class BodyTooLarge(GroundmeshError):
    """The request body is over its limit (HTTP 413)."""


def status_of(exc: GroundmeshError) -> int:
    """The HTTP status of a domain error."""
    if isinstance(exc, TooLarge | BodyTooLarge):
        return 413
    if isinstance(exc, UnsupportedType):
        return 415
    return HTTP_STATUS.get(exc.code, 500)


def error_response(
    status: int, code: str, message: str, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = ErrorBody.model_validate({"error": {"code": code, "message": message}})
    return JSONResponse(body.model_dump(), status_code=status, headers=headers)


def error_code(exc: GroundmeshError) -> str:
    """The ``code`` of an error body: the gRPC status name, or a more exact HTTP one."""
    status = status_of(exc)
    return {413: "TOO_LARGE", 415: "UNSUPPORTED_MEDIA_TYPE"}.get(status, exc.code.name)


def _responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    text = {
        400: "bad input (the message says what)",
        401: "no API key, or an unknown one",
        404: "no such document or route for this tenant",
        413: "the body or a file is too large",
        415: "unsupported content or file type",
        422: "the body does not match the schema",
        429: "rate limit exceeded; see Retry-After",
        503: "an upstream service is unavailable",
        504: "the agent did not answer in time",
    }
    return {s: {"model": ErrorBody, "description": text[s]} for s in statuses}


ASK_ERRORS = _responses(400, 401, 404, 413, 415, 422, 429, 503, 504)
DOC_ERRORS = _responses(400, 401, 404, 413, 415, 422, 429, 503, 504)
OPS_ERRORS = _responses(503)


def install_error_handlers(app: FastAPI) -> None:
    """Every error leaves as ``{"error": {"code", "message"}}`` with the right status."""

    @app.exception_handler(GroundmeshError)
    async def _domain_error(_: Request, exc: GroundmeshError) -> JSONResponse:
        headers = None
        if isinstance(exc, RateLimited):
            headers = {"Retry-After": RateLimiter.retry_after_header(exc.retry_after)}
        status = status_of(exc)
        if status >= 500:
            log.warning("%s: %s", exc.code.name, exc.message)
        return error_response(status, error_code(exc), exc.message, headers)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return error_response(400, "INVALID_JSON", "the request body is not valid JSON")
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        whole_body = any(tuple(e.get("loc", ())) == ("body",) for e in errors)
        if whole_body and content_type and not content_type.endswith("json"):
            # FastAPI reads a body it was not told is JSON as text: say what to send instead
            return error_response(
                415,
                "UNSUPPORTED_MEDIA_TYPE",
                f"send the body as JSON with Content-Type: application/json, not {content_type}",
            )
        parts = []
        for e in errors[:5]:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body")
            parts.append(f"{where or 'body'}: {e.get('msg', 'invalid')}")
        return error_response(422, "INVALID_ARGUMENT", "; ".join(parts))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return error_response(404, "NOT_FOUND", f"no route {request.method} {request.url.path}")
        if exc.status_code == 405:
            return error_response(
                405, "METHOD_NOT_ALLOWED", f"{request.method} is not allowed here"
            )
        if exc.status_code == 400:  # e.g. a body that is not UTF-8
            return error_response(400, "INVALID_ARGUMENT", str(exc.detail))
        return error_response(exc.status_code, "HTTP_ERROR", str(exc.detail))

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error in the gateway")
        return error_response(500, "INTERNAL", "internal error; the gateway log has details")
