"""Relays an agent run as server-sent events.

Every event has an ``event:`` name, an ``id:`` and JSON ``data:``; the first carries ``retry:``
advice and leaves at once (before the agent has said anything), comment heartbeats keep idle
connections open, and the last event is always ``done`` or ``error``. When the client goes
away, the relay is cancelled and closing the agent stream cancels the gRPC call. When the
gateway stops and its drain period is over, the agent client ends each run still open with
``Unavailable`` (see ``AgentClient.interrupt_runs``): its last event is an ``error`` saying to
ask again, never a cut stream.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from typing import Any

from sse_starlette import ServerSentEvent

from gateway.convert import event_out
from gateway.metrics import GatewayMetrics
from gateway.models import AskOut
from groundmesh.v1 import agent_pb2
from mesh.errors import GroundmeshError

log = logging.getLogger(__name__)

ACCEPTED_TEXT = "question received; the agent is starting"


def _frame(
    ident: int, event: str, data: dict[str, Any], retry: int | None = None
) -> ServerSentEvent:
    return ServerSentEvent(
        data=json.dumps(data, ensure_ascii=False),
        event=event,
        id=str(ident),
        retry=retry,
    )


def heartbeat() -> ServerSentEvent:
    """The comment line sent when the stream has been idle for the heartbeat period."""
    return ServerSentEvent(comment="heartbeat")


async def relay(
    events: AsyncGenerator[agent_pb2.AskStreamResponse, None],
    on_done: Callable[[agent_pb2.Answer], AskOut],
    retry_ms: int,
    metrics: GatewayMetrics,
) -> AsyncIterator[ServerSentEvent]:
    """The SSE frames of one run; ``on_done`` turns the final answer into the ``done`` body."""
    started = time.monotonic()
    ident = 1
    finished = False
    metrics.streams_open.inc()
    try:
        yield _frame(ident, "reasoning", {"step": "accepted", "text": ACCEPTED_TEXT}, retry_ms)
        first = True
        async for event in events:
            if first:
                metrics.first_event_seconds.observe(time.monotonic() - started)
                first = False
            ident += 1
            kind = event.WhichOneof("event")
            if kind == "done":
                body = on_done(event.done.answer)
                finished = True
                yield _frame(ident, "done", body.model_dump(mode="json", exclude_none=True))
                return
            name, data = event_out(event)
            if name == "error":
                finished = True
                yield _frame(ident, "error", data)
                return
            yield _frame(ident, name, data)
        finished = True
        yield _frame(
            ident + 1,
            "error",
            {"code": "INTERNAL", "message": "the agent ended the stream without an answer"},
        )
    except GroundmeshError as exc:
        finished = True
        yield _frame(ident + 1, "error", {"code": exc.code.name, "message": exc.message})
    except (asyncio.CancelledError, GeneratorExit):
        raise
    except Exception:
        log.exception("relaying the agent stream failed")
        finished = True
        yield _frame(
            ident + 1, "error", {"code": "INTERNAL", "message": "the gateway failed mid-stream"}
        )
    finally:
        metrics.streams_open.dec()
        if not finished:
            metrics.streams_cancelled.inc()
        await events.aclose()
