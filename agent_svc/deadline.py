"""The caller's deadline, carried through a run so every upstream call and tool inherits it.

The servicer records when the incoming RPC must end (from ``ServicerContext.time_remaining()``);
upstream calls and tool invocations then wait at most ``min(their own timeout, time left)``.
A context variable carries it: asyncio tasks copy the context, so parallel tool calls see it.
"""

from __future__ import annotations

import time
from contextvars import ContextVar

# The shortest timeout handed to an upstream call once the caller's time is (nearly) up: the
# call then ends at once with DEADLINE_EXCEEDED instead of running on unbounded.
MIN_TIMEOUT_SECONDS = 0.001

_deadline: ContextVar[float | None] = ContextVar("groundmesh_agent_deadline", default=None)


def set_caller_deadline(time_remaining: float | None) -> None:
    """Cap upstream timeouts of the current task (and the tasks it starts) at
    ``time_remaining`` seconds from now; ``None``: the caller set no deadline.

    Meant for the start of an RPC handler: grpc.aio runs each RPC in its own task, with its own
    copy of the context, so the deadline ends with the RPC. A deadline already in force is
    never extended.
    """
    if time_remaining is None:
        return
    until = time.monotonic() + max(time_remaining, 0.0)
    outer = _deadline.get()
    _deadline.set(until if outer is None else min(until, outer))


def remaining_seconds() -> float | None:
    """Seconds left before the caller's deadline, or None when the caller set none."""
    until = _deadline.get()
    return None if until is None else until - time.monotonic()


def timeout_for(configured: float) -> float:
    """The timeout for one upstream call: the configured one, cut to the caller's time left."""
    left = remaining_seconds()
    if left is None:
        return configured
    return max(min(configured, left), MIN_TIMEOUT_SECONDS)
