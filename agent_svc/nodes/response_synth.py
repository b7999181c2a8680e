"""response synth: the writer drafts an answer from the collected passages, each sentence cited."""

from __future__ import annotations

from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc import events
from agent_svc.run import Run
from agent_svc.writer import AnswerWriter
from groundmesh.v1 import agent_pb2
from mesh.errors import GroundmeshError

tracer = trace.get_tracer("groundmesh.agent")


async def _write(run: Run, writer: AnswerWriter) -> tuple[str, str]:
    state, fallback = run.state, run.deps.fallback_writer
    pieces: list[str] = []
    name = writer.name
    model_tokens_before = state.llm_tokens
    try:
        with tracer.start_as_current_span("agent.synthesize"):
            async for piece in writer.write(state):
                pieces.append(piece)
    except GroundmeshError as exc:
        if fallback is None or writer is fallback:
            raise
        state.think(f"{writer.name} failed ({exc.message}); writing extractively")
        pieces = [p async for p in fallback.write(state)]
        name = fallback.name
    draft = "".join(pieces).strip()
    if state.llm_tokens == model_tokens_before:  # a model's usage was counted already
        state.spend(draft)
    state.draft_pieces = [p for p in pieces if p] if "".join(pieces) == draft else []
    state.partial_answer = draft
    state.drafted_at = state.iteration_count
    return draft, name


async def response_synth(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    noted = len(state.reasoning_trace)
    draft, run.model = await _write(run, run.deps.writer)
    for note in state.reasoning_trace[noted:]:
        yield events.reasoning("fallback", note)
    run.step("synthesize", f"{run.decided} → {len(draft)} characters by {run.model}")
    run.draft = draft if draft.strip() else ""
    if not run.draft:
        yield events.reasoning("synthesize", "no draft could be written")
