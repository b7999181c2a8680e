"""direct reply: greetings, thanks and out-of-scope questions get a template, no retrieval."""

from __future__ import annotations

from collections.abc import AsyncIterator

from agent_svc.run import Run, accepted
from groundmesh.v1 import agent_pb2


async def direct_reply(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    assert run.plan is not None
    text = run.render(
        "agent/direct_reply.j2",
        question=run.question.question,
        task_type=run.plan.task,
        language=run.state.language,
        service_scope=run.deps.config.service_scope,
    )
    run.deliver(text, accepted("direct answer: no claims about the documents", "none"), "template")
    return
    yield  # an async generator that emits nothing
