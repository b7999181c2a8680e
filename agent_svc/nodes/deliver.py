"""deliver + telemetry (seed 001): stream the answer, remember the turn, record what the run did,
and end with the one ``done`` event."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator

from agent_svc import events
from agent_svc.memory import MemoryTurn
from agent_svc.run import Run
from agent_svc.state import MAX_STEPS
from agent_svc.synthesis import low_confidence, with_ocr_warnings
from groundmesh.v1 import agent_pb2
from mesh.errors import GroundmeshError
from mesh.telemetry import current_trace_id

log = logging.getLogger(__name__)


async def _remember(run: Run, text: str) -> None:
    q = run.question
    if not q.session_id:
        return
    turns = [MemoryTurn("user", q.question), MemoryTurn("assistant", text)]
    try:
        await run.deps.memory.append(run.state.tenant, q.session_id, turns)
    except GroundmeshError as exc:
        log.warning("conversation memory unavailable: %s", exc.message)


def _telemetry(run: Run, model: str, started: float) -> None:
    state, span = run.state, run.span
    used = sorted({o.tool for o in state.observations})
    versions = ",".join(f"{k}@{v}" for k, v in sorted(state.prompt_versions.items()))
    span.set_attribute("groundmesh.tools_used", used)
    span.set_attribute("groundmesh.prompt_versions", versions)
    span.set_attribute("groundmesh.tokens", state.token_count)
    span.set_attribute("groundmesh.iterations", state.iteration_count)
    span.set_attribute("groundmesh.model", model)
    if state.limit_reached:
        span.set_attribute("groundmesh.limit_reached", state.limit_reached)
    detail = f"tools {used}; prompts {versions}; tokens {state.token_count}"
    run.step("telemetry", detail, since=started)


def _answer(run: Run, text: str) -> agent_pb2.Answer:
    state, delivery = run.state, run.delivery
    assert delivery is not None
    cited = {c.chunk_id: c for c in state.sources() if f"[{c.chunk_id}]" in text}
    return agent_pb2.Answer(
        answer=text,
        sources=list(cited.values()),
        judgement=delivery.judgement,
        intermediate_steps=run.steps if run.question.trace else [],
        trace_id=current_trace_id(),
        model_used=delivery.model,
        total_latency_ms=state.budget.elapsed_ms(),
        intent=state.intent,
        task_type=state.task_type,
        language=state.language,
        iterations=min(state.iteration_count, MAX_STEPS),
        tokens_used=state.token_count,
        limit_reached=state.limit_reached,
        prompt_versions=[f"{k}@{v}" for k, v in sorted(state.prompt_versions.items())],
    )


def _with_partial_note(run: Run, text: str, model: str) -> str:
    """A written answer to a multi-part question whose parts were not all found ends by saying
    which parts it answers and which the documents did not (issue 16)."""
    state = run.state
    if model == "template" or len(state.aspects) < 2:
        return text
    answered = [a for a in state.aspects if state.coverage.get(a)]
    missing = [a for a in state.aspects if not state.coverage.get(a)]
    if not answered or not missing:
        return text
    note = run.render(
        "agent/partial_note.j2", language=state.language, answered=answered, missing=missing
    )
    return f"{text}\n\n{note}"


def _with_ocr_warnings(run: Run, text: str) -> str:
    """Each line citing OCR text read with low confidence (below the floor) carries a warning
    to check the page (issue 29): such text is searchable and may be quoted, never silently.
    Added after the judge, as the partial note is: the warning states how the text was read,
    it is no claim to check against the sources."""
    doubtful = low_confidence(run.state.sources(), run.deps.config.ocr_confidence_floor)
    if not any(f"[{c}]" in text for c in doubtful):
        return text
    warning = run.render("agent/ocr_warning.j2", language=run.state.language)
    return with_ocr_warnings(text, doubtful, warning)


async def deliver(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state, delivery = run.state, run.delivery
    assert delivery is not None, "a run reaches deliver with an answer to deliver"
    started = time.monotonic()
    text = delivery.text.strip() or run.render(
        "agent/fallback.j2", language=state.language, reason="", live=False, related=[]
    )
    text = _with_ocr_warnings(run, text)
    text = _with_partial_note(run, text, delivery.model)
    state.final_answer = text
    # The accepted draft goes out in the pieces it was written in (a model's stream deltas).
    pieces = state.draft_pieces if "".join(state.draft_pieces) == text else []
    for piece in pieces or text.splitlines(keepends=True):
        yield events.token(piece)
    await _remember(run, text)
    _telemetry(run, delivery.model, started)
    yield events.done(_answer(run, text))
