"""An ASGI middleware that refuses request bodies over a limit, declared or streamed."""

from __future__ import annotations

from collections.abc import Callable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gateway.errors import BodyTooLarge, error_response


class BodyLimit:
    """413 when ``Content-Length`` is over the path's limit; a streamed body that grows past
    it raises :class:`BodyTooLarge` inside the endpoint, which answers 413 as well."""

    def __init__(self, app: ASGIApp, limit_for: Callable[[str], int]) -> None:
        self.app = app
        self.limit_for = limit_for

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None:
            try:
                length = int(declared)
            except ValueError:
                length = -1
            if length < 0:
                await error_response(400, "INVALID_ARGUMENT", "bad Content-Length")(
                    scope, receive, send
                )
                return
            if length > limit:
                await error_response(
                    413, "TOO_LARGE", f"the request body is over the {limit}-byte limit"
                )(scope, receive, send)
                return
        seen = 0
        exceeded = False
        started = False

        async def counting_receive() -> Message:
            nonlocal seen, exceeded
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    exceeded = True
                    raise BodyTooLarge(f"the request body is over the {limit}-byte limit")
            return message

        async def guarded_send(message: Message) -> None:
            # Once the body overflowed, whatever the app makes of the exception (a parse error,
            # say) is replaced by the 413 below.
            nonlocal started
            if exceeded and not started:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except BodyTooLarge:
            if not exceeded:
                raise
        if exceeded and not started:
            await error_response(
                413, "TOO_LARGE", f"the request body is over the {limit}-byte limit"
            )(scope, receive, send)
