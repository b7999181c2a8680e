"""A pure ASGI middleware (no per-chunk overhead on streams) that counts requests by route and
status and adds the edge's headers: ``nosniff`` everywhere, deprecation on legacy paths."""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gateway.metrics import GatewayMetrics


class EdgeHeaders:
    def __init__(
        self,
        app: ASGIApp,
        metrics: GatewayMetrics,
        legacy_prefix: str,
        legacy_headers: dict[str, str],
    ) -> None:
        self.app = app
        self.metrics = metrics
        self.legacy_prefix = legacy_prefix
        self.legacy_headers = legacy_headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        legacy = scope["path"].startswith(self.legacy_prefix)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("X-Content-Type-Options", "nosniff")
                if legacy:
                    for name, value in self.legacy_headers.items():
                        headers[name] = value
                route = scope.get("route")
                self.metrics.requests.labels(
                    getattr(route, "path", "unmatched"), str(message["status"])
                ).inc()
            await send(message)

        await self.app(scope, receive, send_with_headers)
