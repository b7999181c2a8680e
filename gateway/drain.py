"""The gateway's SIGTERM drain.

On SIGTERM uvicorn closes its listening socket (new connections are refused) and every new
request on a connection still open gets 503 with ``Retry-After``; open answers go on for
``GROUNDMESH_GATEWAY_DRAIN_SECONDS``; any still running then ends with an ``error`` event
(``UNAVAILABLE``: ask again) rather than a cut connection, and the process exits 0.
"""

from __future__ import annotations

import asyncio
import logging
from types import FrameType

import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send

from gateway.agent_client import AgentClient
from gateway.errors import error_response

log = logging.getLogger(__name__)

SHUTTING_DOWN_MESSAGE = "the gateway is shutting down; retry (another replica will answer)"
RETRY_AFTER_SECONDS = 1
# uvicorn looks at should_exit every 0.1 s; the drain follows at the same pace.
POLL_SECONDS = 0.1
# After the drain, the final error events leave and connections close; requests that are not
# agent runs (an upload, say) are cancelled by uvicorn once this margin is over too.
CLOSE_MARGIN_SECONDS = 5.0


class Drain:
    """The gateway's SIGTERM: refuse new requests, let open runs finish, then end the rest."""

    def __init__(self, agent: AgentClient, seconds: float) -> None:
        self._agent = agent
        self.seconds = seconds
        self.started = False

    async def follow(self, server: uvicorn.Server) -> None:
        """Once ``server`` begins to exit, drain; run it as a task next to ``server.serve()``
        and cancel it when that returns (the runs may all finish before the drain ends)."""
        while not server.should_exit:  # noqa: ASYNC110 (uvicorn offers no event)
            await asyncio.sleep(POLL_SECONDS)
        self.started = True
        log.info("draining: %d open run(s) get up to %.1fs", self._agent.open_runs, self.seconds)
        await asyncio.sleep(self.seconds)
        ended = self._agent.interrupt_runs()
        if ended:
            log.warning("drain over: %d run(s) still open end with UNAVAILABLE", ended)


class RefuseWhileDraining:
    """ASGI wrapper: once the drain started, every new HTTP request gets 503 + Retry-After."""

    def __init__(self, app: ASGIApp, drain: Drain) -> None:
        self._app = app
        self._drain = drain

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self._drain.started:
            response = error_response(
                503,
                "UNAVAILABLE",
                SHUTTING_DOWN_MESSAGE,
                {"Retry-After": str(RETRY_AFTER_SECONDS), "Connection": "close"},
            )
            await response(scope, receive, send)
            return
        await self._app(scope, receive, send)


class DrainingServer(uvicorn.Server):
    """uvicorn that does not re-raise the SIGTERM it caught once ``serve()`` returns.

    uvicorn (>= 0.29) re-raises a captured signal after shutdown, which would kill the gateway
    before it closes its channels and flushes its spans; here SIGTERM only starts the drain.
    """

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        super().handle_exit(sig, frame)
        self._captured_signals.clear()
