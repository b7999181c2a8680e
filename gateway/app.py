"""The HTTP API (DESIGN.md, "The HTTP API"): assembles the routes, limits and handlers."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.openapi.utils import get_openapi
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from gateway import routes_ask, routes_documents, routes_jobs, routes_legacy, routes_ops
from gateway.body_limit import BodyLimit
from gateway.deps import Gateway
from gateway.edge_headers import EdgeHeaders
from gateway.errors import install_error_handlers
from gateway.models import SSE_EVENTS
from gateway.routes_legacy import DEPRECATION_WARNING, LEGACY_PREFIX

UPLOAD_PATH = "/v1/documents"


def create_app(gateway: Gateway) -> FastAPI:
    """The gateway app over its clients; the caller owns the clients' lifetimes."""
    settings = gateway.settings
    # FastAPIOffline: /docs and /redoc served from bundled assets, never from a CDN.
    app = FastAPIOffline(
        title="Groundmesh",
        version="0.2.0",
        description=(
            "Answers over your own documents, in Chinese and English, every claim cited and "
            "judged for hallucination. Every `/v1` call carries `Authorization: Bearer <api "
            'key>`; the key decides the tenant. Errors are `{"error": {"code", '
            '"message"}}`.'
        ),
        # "/v1/documents/" is an unknown route (404 with the JSON error), not a bare 307 that
        # a DELETE or POST client would follow to the wrong method's handler.
        redirect_slashes=False,
    )
    app.state.gateway = gateway

    def openapi() -> dict[str, Any]:
        # The stream's events are described by models no route returns as JSON: add them.
        if app.openapi_schema is None:
            schema = get_openapi(
                title=app.title,
                version=app.version,
                description=app.description,
                routes=app.routes,
            )
            components = schema.setdefault("components", {}).setdefault("schemas", {})
            for model in SSE_EVENTS.values():
                extra = model.model_json_schema(ref_template="#/components/schemas/{model}")
                components.update(extra.pop("$defs", {}))
                components.setdefault(model.__name__, extra)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    install_error_handlers(app)
    for module in (routes_ask, routes_documents, routes_jobs, routes_legacy, routes_ops):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=routes_ops.STATIC_DIR), name="static")

    app.add_middleware(
        EdgeHeaders,
        metrics=gateway.metrics,
        legacy_prefix=LEGACY_PREFIX,
        legacy_headers={
            "X-Deprecation-Warning": DEPRECATION_WARNING,
            "Deprecation": "true",
            "Link": '</v1/ask>; rel="successor-version"',
        },
    )

    def body_limit(path: str) -> int:
        return settings.max_upload_bytes if path == UPLOAD_PATH else settings.max_body_bytes

    app.add_middleware(BodyLimit, limit_for=body_limit)
    origins = [o.strip() for o in settings.cors_origins.split(",") if o.strip()]
    if origins:
        app.add_middleware(
            CORSMiddleware,
            allow_origins=origins,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=["Authorization", "Content-Type", "Last-Event-ID"],
            expose_headers=["Retry-After", "X-Deprecation-Warning"],
            max_age=600,
        )
    return app
