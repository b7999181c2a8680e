"""The server's own status of a client-streaming gRPC call, when grpc.aio covers it.

A server may end a client-streaming call (retrieval_svc's ``Ingest`` does, on a bad document)
while the client is still sending. grpc.aio then fails the write that was in flight and sets
a status of its own, ``INTERNAL: Internal error from Core``, over the status the server sent
(grpc/grpc#36066). Which of the two a caller reads depends on the order in which the event
loop sees the server's status and the failed write, so the same request got a 400 or a 500.

:class:`ServerStatus` keeps the server's status: a call's done callbacks run when its status
is first set, and that is the server's whenever it arrived before the failed write (what
grpcio 1.85 does on loopback). If the failed write came first, the server's status replaces
it a moment later without telling anyone, so it is looked for until it is there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc

# What grpc.aio reports when a write fails because the call has ended (grpc/_cython/_cygrpc/
# aio/call.pyx.pxi, set_internal_error).
WRITE_FAILED_DETAILS = "Internal error from Core"
# How often to look again for a server's status that has not replaced that one yet.
POLL_SECONDS = 0.01

T = TypeVar("T")


@dataclass(frozen=True)
class Status:
    code: grpc.StatusCode
    details: str

    def is_write_failure(self) -> bool:
        """Whether this is grpc.aio's own status for a failed write, not one a server sent."""
        return self.code == grpc.StatusCode.INTERNAL and self.details == WRITE_FAILED_DETAILS

    def as_error(self) -> grpc.aio.AioRpcError:
        """The status as the error a failed call raises."""
        return grpc.aio.AioRpcError(
            self.code, grpc.aio.Metadata(), grpc.aio.Metadata(), self.details, None
        )


def result_now(coro: Coroutine[Any, Any, T]) -> T | None:
    """The result of ``coro`` if it finishes without waiting, else None (and it is closed).
    ``code()`` and ``details()`` of a call whose status is set finish so."""
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value  # type: ignore[no-any-return]
    coro.close()
    return None


class ServerStatus:
    """The status a call's server gave it (see the module's docstring)."""

    def __init__(self, call: grpc.aio.Call) -> None:
        self._call = call
        self._status: Status | None = None
        call.add_done_callback(self._on_status)

    def _on_status(self, call: grpc.aio.Call) -> None:
        # Runs inside grpc.aio as it sets the status: nothing may escape into it. A status
        # not read here is still found by covered_by.
        try:
            status = self._now(call)
        except Exception:
            return
        if status is not None and not status.is_write_failure():
            self._status = status

    @staticmethod
    def _now(call: grpc.aio.Call) -> Status | None:
        code = result_now(call.code())
        details = result_now(call.details())
        return None if code is None else Status(code, details or "")

    async def covered_by(self, error: grpc.aio.AioRpcError, within: float) -> Status | None:
        """The server's status when ``error`` is grpc.aio's write failure, looking for it up
        to ``within`` seconds; None when ``error`` is the server's own status (or none came)."""
        if not Status(error.code(), error.details() or "").is_write_failure():
            return None
        deadline = asyncio.get_running_loop().time() + within
        while self._status is None:
            status = Status(await self._call.code(), await self._call.details())
            if not status.is_write_failure():
                self._status = status
            elif asyncio.get_running_loop().time() >= deadline:
                break
            else:
                await asyncio.sleep(POLL_SECONDS)
        return self._status
