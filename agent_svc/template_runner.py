"""Asking through an analysis template: one run per dimension, the answer in sections."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from agent_svc import events
from agent_svc.templates import AnalysisTemplate, render_sections
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.telemetry import current_trace_id

Event = agent_pb2.AskStreamResponse
RunOne = Callable[[agent_pb2.Question], AsyncIterator[Event]]


@dataclass
class _Sections:
    """What the dimensions' answers add up to."""

    sections: list[agent_pb2.AnswerSection] = field(default_factory=list)
    sources: dict[str, common_pb2.Chunk] = field(default_factory=dict)
    steps: list[agent_pb2.Step] = field(default_factory=list)
    worst: common_pb2.Judgement | None = None
    last: agent_pb2.Answer | None = None
    iterations: int = 0
    tokens: int = 0

    def add(self, dimension: str, answer: agent_pb2.Answer) -> None:
        self.last = answer
        self.sections.append(
            agent_pb2.AnswerSection(
                dimension=dimension,
                answer=answer.answer,
                chunk_ids=[s.chunk_id for s in answer.sources],
            )
        )
        for s in answer.sources:
            self.sources.setdefault(s.chunk_id, s)
        self.steps.extend(answer.intermediate_steps)
        self.iterations += answer.iterations
        self.tokens += answer.tokens_used
        if self.worst is None or answer.judgement.risk_score > self.worst.risk_score:
            self.worst = answer.judgement

    def answer(
        self, text: str, template: AnalysisTemplate, question: agent_pb2.Question, started: float
    ) -> agent_pb2.Answer:
        last, worst = self.last, self.worst
        assert last is not None and worst is not None
        return agent_pb2.Answer(
            answer=text,
            sources=list(self.sources.values()),
            judgement=worst,
            intermediate_steps=self.steps if question.trace else [],
            trace_id=current_trace_id(),
            model_used=last.model_used,
            total_latency_ms=(time.monotonic() - started) * 1000.0,
            intent=last.intent,
            task_type=last.task_type,
            language=last.language,
            iterations=self.iterations,
            tokens_used=self.tokens,
            sections=self.sections,
            template=template.name,
            prompt_versions=list(last.prompt_versions),
        )


async def run_template(
    template: AnalysisTemplate, question: agent_pb2.Question, run_one: RunOne
) -> AsyncIterator[Event]:
    """Ask once per dimension of the template; the answer comes back in its sections."""
    started = time.monotonic()
    collected = _Sections()
    for dimension in template.dimensions:
        sub_q = agent_pb2.Question()
        sub_q.CopyFrom(question)
        sub_q.template = ""
        sub_q.session_id = ""
        sub_q.question = template.question_for(dimension, question.question)
        yield events.reasoning("template", f"{template.name}: {dimension}")
        async for e in run_one(sub_q):
            kind = e.WhichOneof("event")
            if kind == "done":
                collected.add(dimension, e.done.answer)
            elif kind != "token":
                yield e
    text = render_sections([(s.dimension, s.answer) for s in collected.sections])
    for line in text.splitlines(keepends=True):
        yield events.token(line)
    yield events.done(collected.answer(text, template, question, started))
