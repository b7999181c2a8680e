"""finish: the policy stops the loop without an accepted answer."""

from __future__ import annotations

from collections.abc import AsyncIterator

from agent_svc.run import Run
from groundmesh.v1 import agent_pb2


async def finish(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    run.step("finish", run.decided, since=run.decide_started)
    return
    yield  # emits no event of its own
