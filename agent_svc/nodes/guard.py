"""guard: screen the question before anything else sees it (seed 001)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from agent_svc import events
from agent_svc.guard import check_input, guess_language
from agent_svc.run import Run, accepted
from groundmesh.v1 import agent_pb2


async def guard(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    verdict = check_input(run.question.question)
    if verdict.allowed:
        return
    state = run.state
    run.step("guard", f"blocked: {verdict.reason}")
    state.language = guess_language(run.question.question)
    yield events.reasoning("guard", f"blocked: {verdict.reason}")
    text = run.render("agent/guard_blocked.j2", language=state.language)
    run.deliver(text, accepted("blocked input", "none"), "template")
