"""Asking through an analysis template: one run per dimension, the answer in sections."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable

from agent_svc import events
from agent_svc.templates import AnalysisTemplate, render_sections
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.telemetry import current_trace_id

Event = agent_pb2.AskStreamResponse
RunOne = Callable[[agent_pb2.Question], AsyncIterator[Event]]


async def run_template(
    template: AnalysisTemplate, question: agent_pb2.Question, run_one: RunOne
) -> AsyncIterator[Event]:
    """Ask once per dimension of the template; the answer comes back in its sections."""
    started = time.monotonic()
    sections: list[agent_pb2.AnswerSection] = []
    sources: dict[str, common_pb2.Chunk] = {}
    steps: list[agent_pb2.Step] = []
    worst: common_pb2.Judgement | None = None
    last: agent_pb2.Answer | None = None
    iterations = tokens = 0
    for dimension in template.dimensions:
        sub_q = agent_pb2.Question()
        sub_q.CopyFrom(question)
        sub_q.template = ""
        sub_q.session_id = ""
        sub_q.question = template.question_for(dimension, question.question)
        yield events.reasoning("template", f"{template.name}: {dimension}")
        async for e in run_one(sub_q):
            if e.WhichOneof("event") != "done":
                if e.WhichOneof("event") != "token":
                    yield e
                continue
            answer = e.done.answer
            last = answer
            sections.append(
                agent_pb2.AnswerSection(
                    dimension=dimension,
                    answer=answer.answer,
                    chunk_ids=[s.chunk_id for s in answer.sources],
                )
            )
            for s in answer.sources:
                sources.setdefault(s.chunk_id, s)
            steps.extend(answer.intermediate_steps)
            iterations += answer.iterations
            tokens += answer.tokens_used
            if worst is None or answer.judgement.risk_score > worst.risk_score:
                worst = answer.judgement
    assert last is not None and worst is not None
    text = render_sections([(s.dimension, s.answer) for s in sections])
    for line in text.splitlines(keepends=True):
        yield events.token(line)
    yield events.done(
        agent_pb2.Answer(
            answer=text,
            sources=list(sources.values()),
            judgement=worst,
            intermediate_steps=steps if question.trace else [],
            trace_id=current_trace_id(),
            model_used=last.model_used,
            total_latency_ms=(time.monotonic() - started) * 1000.0,
            intent=last.intent,
            task_type=last.task_type,
            language=last.language,
            iterations=iterations,
            tokens_used=tokens,
            sections=sections,
            template=template.name,
            prompt_versions=list(last.prompt_versions),
        )
    )
