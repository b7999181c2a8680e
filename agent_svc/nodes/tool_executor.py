"""tool executor: every call of one decision runs in parallel; failures become observations."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator, Sequence

from opentelemetry import trace

from agent_svc import events
from agent_svc.run import Run
from agent_svc.state import Observation, ToolCall
from agent_svc.tools.context import RunContext, current_run
from agent_svc.tools.registry import ToolResult
from groundmesh.v1 import agent_pb2

tracer = trace.get_tracer("groundmesh.agent")


async def _invoke_all(run: Run, calls: Sequence[ToolCall]) -> list[ToolResult]:
    state = run.state
    ctx = contextvars.copy_context()
    ctx.run(current_run.set, RunContext(state.tenant, tuple(state.doc_ids)))
    remaining = max(state.budget.remaining_seconds(), 0.1)

    async def one(call: ToolCall) -> ToolResult:
        with tracer.start_as_current_span(f"agent.tool.{call.name}"):
            try:
                return await asyncio.wait_for(
                    run.deps.tools.invoke(call.name, call.arguments), timeout=remaining
                )
            except TimeoutError:
                return ToolResult(call.name, False, error="the run's time limit was reached")

    return list(await asyncio.gather(*(asyncio.create_task(one(c), context=ctx) for c in calls)))


def _record_steps(run: Run, count: int) -> None:
    for i, o in enumerate(run.state.observations[-count:]):
        name = "search" if o.tool == "document_search" else o.tool
        query = o.arguments.get("query") or o.arguments.get("expression") or ""
        detail = f"{query!r}: {o.summary}" if query else o.summary
        run.step(name, f"{run.decided} → {detail}" if i == 0 else detail, since=run.decide_started)


async def tool_executor(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    assert run.decision is not None
    calls = run.decision.tool_calls
    if {c.key() for c in state.pending_calls} & {c.key() for c in calls}:
        state.pending_calls = []
    iteration = state.iteration_count
    ids = [f"{c.name}-{iteration}-{i + 1}" for i, c in enumerate(calls)]
    for call, call_id in zip(calls, ids, strict=True):
        yield events.tool_call(call.name, call.arguments, call_id)
    results = await _invoke_all(run, calls)
    run.tool_results = []
    for call, call_id, result in zip(calls, ids, results, strict=True):
        count = int(result.metadata.get("result_count", 0)) if result.success else 0
        seconds = max(result.execution_time * 1000.0, 0.001)
        yield events.tool_result(
            call.name, call_id, result.summary(), result.success, count, seconds
        )
        state.observations.append(
            Observation(
                iteration,
                call.name,
                dict(call.arguments),
                result.success,
                result.summary(),
                result.data,
                call_id,
            )
        )
        run.tool_results.append((call, call_id, result))
    _record_steps(run, len(calls))
