"""evaluate: how much of each part of the question what was collected so far covers."""

from __future__ import annotations

from collections.abc import AsyncIterator

from agent_svc import events
from agent_svc.run import Run
from agent_svc.state import AgentState
from groundmesh.v1 import agent_pb2


def coverage_report(state: AgentState) -> str:
    state.evaluated_at = state.iteration_count
    lines = []
    for aspect in state.aspects or [""]:
        covered = bool(state.coverage.get(aspect))
        found = sum(r.relevant for r in state.search_history if r.aspect == aspect)
        lines.append(
            f"{aspect or 'question'!r}: {'covered' if covered else 'not covered'} "
            f"({found} relevant passages)"
        )
    return "; ".join(lines)


async def evaluate(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    text = coverage_report(run.state)
    run.step("evaluate", f"{run.decided} → {text}")
    yield events.reasoning("evaluate", text)
