"""decide: the decision policy picks the next action (seeds 000 and 002)."""

from __future__ import annotations

from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc import events
from agent_svc.run import Run
from agent_svc.state import Decision
from groundmesh.v1 import agent_pb2
from mesh.errors import GroundmeshError

tracer = trace.get_tracer("groundmesh.agent")


async def _decision(run: Run) -> Decision:
    deps, state = run.deps, run.state
    tools = deps.tools.list()
    try:
        with tracer.start_as_current_span("agent.decide") as s:
            s.set_attribute("groundmesh.policy", deps.policy.name)
            return await deps.policy.decide(state, tools)
    except GroundmeshError as exc:
        if deps.policy is deps.offline_policy:
            raise
        state.think(f"{deps.policy.name} policy failed ({exc.message}); deciding offline")
        return await deps.offline_policy.decide(state, tools)


async def decide(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    run.decide_started = run.node_started
    noted = len(state.reasoning_trace)
    decision = run.decision = await _decision(run)
    for note in state.reasoning_trace[noted:]:  # a model failure, said in the stream
        yield events.reasoning("fallback", note)
    state.budget.iterations += 1
    state.budget.record(decision.key())
    state.think(f"{decision.action}: {decision.reasoning}")
    run.decided = f"{decision.action}: {decision.reasoning}"
    yield events.reasoning("decide", run.decided)
    if decision.action == "use_tool" and not decision.tool_calls:
        state.think("use_tool without a tool call; nothing to run")
