"""ServerStatus finds the status a server sent under grpc.aio's write-failure INTERNAL, in both
orders the two can be set in. A scripted call stands in for grpc.aio's: it sets its status
the way grpcio 1.85 does (done callbacks run only when the first status is set; a later one
replaces it silently), which a real server cannot be made to do in a chosen order."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any

import grpc
import pytest

from gateway.stream_status import WRITE_FAILED_DETAILS, ServerStatus, Status, result_now

INVALID = Status(grpc.StatusCode.INVALID_ARGUMENT, "the document is not a PDF")
WRITE_FAILED = Status(grpc.StatusCode.INTERNAL, WRITE_FAILED_DETAILS)


class ScriptedCall:
    """The status part of a grpc.aio call."""

    def __init__(self) -> None:
        self._status: Status | None = None
        self._callbacks: list[Callable[[Any], None]] = []
        self._set = asyncio.Event()

    def add_done_callback(self, callback: Callable[[Any], None]) -> None:
        if self._status is not None:
            callback(self)
        else:
            self._callbacks.append(callback)

    def set_status(self, status: Status) -> None:
        self._status = status
        self._set.set()
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback(self)

    async def code(self) -> grpc.StatusCode:
        await self._set.wait()
        assert self._status is not None
        return self._status.code

    async def details(self) -> str:
        await self._set.wait()
        assert self._status is not None
        return self._status.details


def watch(call: ScriptedCall) -> ServerStatus:
    return ServerStatus(call)  # type: ignore[arg-type]


async def test_server_status_first_then_the_failed_write_over_it() -> None:
    call = ScriptedCall()
    status = watch(call)
    call.set_status(INVALID)
    call.set_status(WRITE_FAILED)  # what the caller now reads
    assert await status.covered_by(WRITE_FAILED.as_error(), within=5) == INVALID


async def test_failed_write_first_then_the_server_status_replaces_it() -> None:
    call = ScriptedCall()
    status = watch(call)
    call.set_status(WRITE_FAILED)
    lookup = asyncio.create_task(status.covered_by(WRITE_FAILED.as_error(), within=30))
    await asyncio.sleep(0)  # the lookup finds only the failed write so far
    assert not lookup.done()
    call.set_status(INVALID)  # silently, as grpc.aio's status task does
    assert await lookup == INVALID


async def test_a_status_the_server_sent_is_not_looked_behind() -> None:
    call = ScriptedCall()
    status = watch(call)
    call.set_status(INVALID)
    assert await status.covered_by(INVALID.as_error(), within=5) is None
    own_internal = Status(grpc.StatusCode.INTERNAL, "retrieval_svc: bug")
    assert await status.covered_by(own_internal.as_error(), within=5) is None


async def test_no_server_status_within_the_time_leaves_the_failed_write() -> None:
    call = ScriptedCall()
    status = watch(call)
    call.set_status(WRITE_FAILED)
    assert await status.covered_by(WRITE_FAILED.as_error(), within=0) is None


async def test_result_now_only_for_a_coroutine_that_does_not_wait() -> None:
    pending: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def ready() -> int:
        return 7

    async def waits() -> int:
        return await pending

    assert result_now(ready()) == 7
    waiting = waits()
    assert result_now(waiting) is None
    assert inspect.getcoroutinestate(waiting) == inspect.CORO_CLOSED


def test_status_as_error_keeps_code_and_details() -> None:
    error = INVALID.as_error()
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error.details() == "the document is not a PDF"
    assert WRITE_FAILED.is_write_failure() and not INVALID.is_write_failure()


@pytest.mark.parametrize("details", ["Internal error from Core!", "internal error from core"])
def test_only_the_exact_write_failure_is_recognised(details: str) -> None:
    assert not Status(grpc.StatusCode.INTERNAL, details).is_write_failure()
