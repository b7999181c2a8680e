"""retrieval checker: grade what the searches found and keep the passages that pass the call's
relevance threshold (0.65 → 0.50 → 0.35 over the retries); other tools' results become sources."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc import events
from agent_svc.relevance import language_aware_relevance, vector_relevance
from agent_svc.run import Run
from agent_svc.state import SearchRecord, ToolCall
from agent_svc.tools.registry import ToolResult
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.errors import GroundmeshError

log = logging.getLogger(__name__)
tracer = trace.get_tracer("groundmesh.agent")


async def relevance_scores(
    run: Run, question: str, chunks: list[common_pb2.Chunk], threshold: float
) -> list[float]:
    state = run.state
    vector_scores = [vector_relevance(c) for c in chunks]
    scores: list[float] | None = None
    if chunks:
        try:
            with tracer.start_as_current_span("agent.grade"):
                scores = await run.deps.upstreams.grade(
                    state.tenant, question, chunks, threshold, state.language
                )
        except GroundmeshError as exc:
            log.info("GradeDocuments failed, grading by vector score: %s", exc.message)
    if scores is None or len(scores) != len(chunks):
        return vector_scores
    # Lexical grades say nothing across languages: such passages take their vector score.
    return language_aware_relevance(question, [c.text for c in chunks], scores, vector_scores)


async def _grade(run: Run, call: ToolCall, result: ToolResult) -> None:
    state = run.state
    chunks: list[common_pb2.Chunk] = list(result.data or []) if result.success else []
    threshold = call.threshold if call.threshold is not None else state.next_threshold(call.aspect)
    scores = await relevance_scores(run, call.aspect or state.search_question, chunks, threshold)
    relevant = [(c, s) for c, s in zip(chunks, scores, strict=True) if s >= threshold]
    for chunk, score in relevant:
        state.spend(chunk.text)
        state.collected_results.setdefault(chunk.chunk_id, chunk)
        state.relevance[chunk.chunk_id] = max(state.relevance.get(chunk.chunk_id, 0.0), score)
    if relevant:
        state.coverage[call.aspect] = True
    state.search_history.append(
        SearchRecord(
            iteration=state.iteration_count,
            query=str(call.arguments.get("query", "")),
            threshold=threshold,
            found=len(chunks),
            relevant=len(relevant),
            ok=result.success,
            aspect=call.aspect,
        )
    )


def _keep_tool_source(run: Run, call: ToolCall, call_id: str, result: ToolResult) -> None:
    run.state.spend(result.summary())
    run.state.tool_sources[call_id] = common_pb2.Chunk(
        chunk_id=call_id,
        doc_id=f"tool:{call.name}",
        title=call.name,
        text=result.summary(),
        metadata={"tool": call.name},
    )


async def retrieval_checker(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    for call, call_id, result in run.tool_results:
        if call.name == "document_search":
            await _grade(run, call, result)
        elif result.success:
            _keep_tool_source(run, call, call_id, result)
    for record in state.search_history:
        if record.iteration == state.iteration_count:
            yield events.reasoning(
                "grade",
                f"{record.relevant} of {record.found} passages for {record.query!r} "
                f"pass relevance threshold {record.threshold:.2f}",
            )
