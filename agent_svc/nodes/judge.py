"""judge: judge_svc scores the draft; accept delivers it, refine and reject go back to decide."""

from __future__ import annotations

from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc import events
from agent_svc.run import Run, unjudged
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.errors import GroundmeshError

tracer = trace.get_tracer("groundmesh.agent")


def _deliver_draft(run: Run, judgement: common_pb2.Judgement) -> None:
    run.state.final_answer = run.draft
    run.span.set_attribute("groundmesh.risk_score", judgement.risk_score)
    undecided = judgement.decision == common_pb2.DECISION_UNSPECIFIED
    run.span.set_attribute("groundmesh.decision", "unjudged" if undecided else "accept")
    run.deliver(run.draft, judgement, run.model)


async def judge(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    try:
        with tracer.start_as_current_span("agent.judge"):
            judgement = await run.deps.upstreams.judge(
                state.tenant,
                state.question,
                run.draft,
                state.sources(),
                state.iteration_count,
                state.budget.max_iterations,
                state.language,
                standalone_question=state.search_question,
            )
    except GroundmeshError as exc:
        # The seeds' error tables: judge down → the draft is delivered, unjudged.
        verdict = unjudged(exc)
        run.step("judge", verdict.reasoning)
        yield events.reasoning("judge", verdict.reasoning)
        state.evaluation_result = None
        _deliver_draft(run, verdict)
        return
    state.evaluation_result = judgement
    name = common_pb2.Decision.Name(judgement.decision)
    run.step("judge", f"risk {judgement.risk_score:.2f} → {name}")
    yield events.judgement(judgement, state.iteration_count)
    if judgement.decision == common_pb2.DECISION_ACCEPT:
        _deliver_draft(run, judgement)
    else:
        state.think(f"judge: {name} at risk {judgement.risk_score:.2f}")
