"""Unit tests for gateway.sse.relay: names, ids, retry advice and the last event."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncGenerator

import pytest

from gateway.convert import answer_out
from gateway.metrics import GatewayMetrics
from gateway.models import SSE_EVENTS
from gateway.sse import relay
from groundmesh.v1 import agent_pb2
from mesh.errors import Unavailable

pytestmark = pytest.mark.unit


def _events(*kinds: str) -> list[agent_pb2.AskStreamResponse]:
    out = []
    for i, kind in enumerate(kinds, start=1):
        if kind == "reasoning":
            e = agent_pb2.AskStreamResponse(
                reasoning=agent_pb2.ReasoningEvent(step="plan", text="t")
            )
        elif kind == "token":
            e = agent_pb2.AskStreamResponse(token=agent_pb2.TokenEvent(text="答案"))
        elif kind == "done":
            e = agent_pb2.AskStreamResponse(
                done=agent_pb2.DoneEvent(answer=agent_pb2.Answer(answer="答案", trace_id="t"))
            )
        elif kind == "error":
            e = agent_pb2.AskStreamResponse(error=agent_pb2.ErrorEvent(code="X", message="m"))
        else:
            e = agent_pb2.AskStreamResponse()
        e.sequence = i
        out.append(e)
    return out


class Upstream:
    def __init__(self, events: list[agent_pb2.AskStreamResponse], fail: Exception | None = None):
        self.events = events
        self.fail = fail
        self.closed = False

    async def gen(self) -> AsyncGenerator[agent_pb2.AskStreamResponse, None]:
        try:
            for e in self.events:
                yield e
            if self.fail:
                raise self.fail
        finally:
            self.closed = True


async def _collect(up: Upstream) -> list[tuple[str, str, dict[str, object], int | None]]:
    frames = relay(up.gen(), lambda a: answer_out(a, False), 2500, GatewayMetrics())
    return [(f.event or "", f.id or "", json.loads(str(f.data)), f.retry) async for f in frames]


async def test_ids_count_up_first_event_carries_retry_and_done_is_last() -> None:
    up = Upstream(_events("reasoning", "token", "done"))
    frames = await _collect(up)
    assert [f[0] for f in frames] == ["reasoning", "reasoning", "token", "done"]
    assert [f[1] for f in frames] == ["1", "2", "3", "4"]
    assert frames[0][3] == 2500 and all(f[3] is None for f in frames[1:])
    assert frames[2][2] == {"text": "答案"}
    assert frames[-1][2]["answer"] == "答案"
    for name, _, data, _ in frames:
        SSE_EVENTS[name].model_validate(data)
    assert up.closed


async def test_nothing_after_done_is_relayed() -> None:
    frames = await _collect(Upstream(_events("done", "token")))
    assert [f[0] for f in frames] == ["reasoning", "done"]


async def test_agent_error_event_ends_the_stream() -> None:
    frames = await _collect(Upstream(_events("reasoning", "error", "token")))
    assert frames[-1][0] == "error" and frames[-1][2] == {"code": "X", "message": "m"}


async def test_failed_call_becomes_an_error_event() -> None:
    frames = await _collect(Upstream(_events("reasoning"), Unavailable("agent_svc is down")))
    assert frames[-1][0] == "error"
    assert frames[-1][2] == {"code": "UNAVAILABLE", "message": "agent_svc is down"}
    assert [f[1] for f in frames] == ["1", "2", "3"]


async def test_stream_without_done_ends_with_an_error() -> None:
    frames = await _collect(Upstream(_events("reasoning", "token")))
    assert frames[-1][0] == "error" and frames[-1][2]["code"] == "INTERNAL"


async def test_unexpected_exception_is_an_internal_error_event() -> None:
    frames = await _collect(Upstream([], RuntimeError("boom")))
    assert frames[-1][0] == "error" and "boom" not in json.dumps(frames[-1][2])


async def test_cancelling_the_relay_closes_the_upstream() -> None:
    gate = asyncio.Event()
    closed = asyncio.Event()

    async def hanging() -> AsyncGenerator[agent_pb2.AskStreamResponse, None]:
        try:
            yield _events("reasoning")[0]
            await gate.wait()
            yield _events("done")[0]
        finally:
            closed.set()

    metrics = GatewayMetrics()
    frames = relay(hanging(), lambda a: answer_out(a, False), 1000, metrics)

    relayed = asyncio.Event()

    async def consume() -> None:
        seen = 0
        async for _ in frames:
            seen += 1
            if seen == 2:  # "accepted" and the agent's first event: the relay now waits
                relayed.set()

    task = asyncio.create_task(consume())
    await asyncio.wait_for(relayed.wait(), 5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.wait_for(closed.wait(), 5)
    assert metrics.streams_cancelled._value.get() == 1
    assert metrics.streams_open._value.get() == 0
