"""The agent's graph: classify → [search → grade → synthesize → judge]* → done.

Tool failures become observations; limits stop the loop; a draft reaches the user only after
the judge accepted it (or it was accepted, marked, at the iteration limit).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from opentelemetry import trace

from agent_svc.limits import RunBudget
from agent_svc.synthesis import Passage, choose_quotes, compose
from groundmesh.v1 import agent_pb2, common_pb2, retrieval_pb2, router_pb2
from mesh.errors import GroundmeshError
from mesh.prompts import PromptLibrary
from mesh.telemetry import content_tracing_enabled, current_trace_id

log = logging.getLogger(__name__)
tracer = trace.get_tracer("groundmesh.agent")

# Progressive relevance thresholds of the retrieval checker (seed 001).
THRESHOLDS = (0.65, 0.50, 0.35)
# multilingual-e5 cosine similarities sit in about [0.7, 0.95]; relevance rescales them to [0, 1].
E5_FLOOR, E5_SPAN = 0.72, 0.2
MODEL_NAME = "offline-extractive"


class Upstreams(Protocol):
    """The services the agent calls; each raises a GroundmeshError on failure."""

    async def route(
        self, tenant: str, question: str, history: Sequence[common_pb2.Turn]
    ) -> router_pb2.RouteResponse: ...

    async def search(
        self, tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
    ) -> retrieval_pb2.SearchResponse: ...

    async def judge(
        self,
        tenant: str,
        question: str,
        draft: str,
        sources: Sequence[common_pb2.Chunk],
        iteration: int,
        max_iterations: int,
        language: str,
    ) -> common_pb2.Judgement: ...


@dataclass(frozen=True)
class AgentConfig:
    """Limits and knobs of the loop."""

    max_iterations: int = 10
    max_tokens: int = 50_000
    max_seconds: float = 300.0
    search_top_k: int = 6
    answer_sentences: int = 3
    service_scope: str = "questions about the documents uploaded to this workspace"
    upstream_timeout: float = 30.0


def relevance(chunk: common_pb2.Chunk) -> float:
    """A chunk's relevance in [0, 1] from its vector score."""
    if not chunk.HasField("vector_score"):
        return 0.0
    return min(1.0, max(0.0, (chunk.vector_score - E5_FLOOR) / E5_SPAN))


@dataclass
class _Run:
    question: agent_pb2.Question
    budget: RunBudget
    steps: list[agent_pb2.Step] = field(default_factory=list)
    collected: dict[str, common_pb2.Chunk] = field(default_factory=dict)
    intent: common_pb2.Intent = common_pb2.INTENT_DOCUMENT_QA
    task_type: common_pb2.TaskType = common_pb2.TASK_TYPE_SIMPLE_FAQ
    language: str = "en"
    limit_reached: str = ""

    def step(self, name: str, detail: str, started: float) -> None:
        self.steps.append(
            agent_pb2.Step(
                name=name,
                detail=detail,
                latency_ms=(time.monotonic() - started) * 1000.0,
                iteration=self.budget.iterations,
            )
        )


def _event(**kwargs: object) -> agent_pb2.AskStreamResponse:
    return agent_pb2.AskStreamResponse(**kwargs)  # type: ignore[arg-type]


def _reasoning(step: str, text: str) -> agent_pb2.AskStreamResponse:
    return _event(reasoning=agent_pb2.ReasoningEvent(step=step, text=text))


class AgentLoop:
    """Runs one question through the graph and yields its events; the last is ``done``."""

    def __init__(self, upstreams: Upstreams, prompts: PromptLibrary, config: AgentConfig) -> None:
        self._up = upstreams
        self._prompts = prompts
        self._config = config

    def _budget(self, limits: common_pb2.Limits) -> RunBudget:
        c = self._config
        return RunBudget(
            max_iterations=min(limits.max_iterations or c.max_iterations, c.max_iterations),
            max_tokens=min(limits.max_tokens or c.max_tokens, c.max_tokens),
            max_seconds=min(limits.max_duration_seconds or c.max_seconds, c.max_seconds),
        )

    async def run(self, question: agent_pb2.Question) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        """Answer ``question``; yields reasoning, tool, token and judgement events, then done."""
        run = _Run(question, self._budget(question.limits))
        run.budget.spend(question.question)
        span = trace.get_current_span()
        if content_tracing_enabled():
            span.set_attribute("groundmesh.question", question.question)

        route = await self._classify(run)
        yield _reasoning(
            "classify",
            f"intent {common_pb2.Intent.Name(run.intent)}, task "
            f"{common_pb2.TaskType.Name(run.task_type)}, language {run.language}: "
            f"{route.reasoning if route else 'router unavailable, defaulting to DOCUMENT_QA'}",
        )
        span.set_attribute("groundmesh.intent", common_pb2.Intent.Name(run.intent))
        span.set_attribute("groundmesh.task_type", common_pb2.TaskType.Name(run.task_type))
        span.set_attribute("groundmesh.language", run.language)

        if route is not None and route.intent == common_pb2.INTENT_DIRECT_ANSWER:
            task = common_pb2.TaskType.Name(run.task_type).removeprefix("TASK_TYPE_").lower()
            reply = self._prompts.render(
                "agent/direct_reply.j2",
                task_type=task,
                language=route.answer_language or run.language,
                service_scope=self._config.service_scope,
            )
            span.set_attribute("groundmesh.prompt_versions", f"{reply.name}@{reply.version}")
            judgement = common_pb2.Judgement(
                risk_score=0.0,
                risk_level=common_pb2.RISK_LEVEL_LOW,
                decision=common_pb2.DECISION_ACCEPT,
                rule_score=1.0,
                reasoning="direct answer: no claims about the documents",
                judge_model="none",
            )
            async for e in self._deliver(run, reply.text, judgement, "template"):
                yield e
            return

        queries = list(route.search_queries) if route and route.search_queries else []
        queries = queries or [question.question.strip()]
        search_question = route.standalone_question if route else question.question
        top_k = self._config.search_top_k
        threshold_index = 0
        last_draft: tuple[str, common_pb2.Judgement] | None = None

        while not (limit := run.budget.exceeded()):
            run.budget.iterations += 1
            iteration = run.budget.iterations
            query = queries[(iteration - 1) % len(queries)]
            threshold = THRESHOLDS[min(threshold_index, len(THRESHOLDS) - 1)]
            run.budget.record(f"search|{query}|{top_k}|{threshold}")

            call_id = f"search-{iteration}"
            args = {"query": query, "top_k": top_k, "doc_ids": list(question.doc_ids)}
            yield _event(
                tool_call=agent_pb2.ToolCallEvent(
                    tool="search_documents",
                    arguments_json=json.dumps(args, ensure_ascii=False),
                    call_id=call_id,
                )
            )
            started = time.monotonic()
            chunks: list[common_pb2.Chunk] = []
            ok, summary = True, ""
            with tracer.start_as_current_span("agent.search") as s:
                try:
                    reply_ = await self._up.search(
                        question.tenant,
                        query,
                        top_k,
                        list(question.doc_ids),
                        min(
                            self._config.upstream_timeout, max(run.budget.remaining_seconds(), 0.1)
                        ),
                    )
                    chunks = list(reply_.chunks)
                    summary = f"{len(chunks)} chunks" + (" (degraded)" if reply_.degraded else "")
                except GroundmeshError as exc:
                    ok, summary = False, f"search failed: {exc.message}"
                    s.set_attribute("groundmesh.tool_error", exc.message)
            latency = (time.monotonic() - started) * 1000.0
            run.step("search", f"{query!r}: {summary}", started)
            yield _event(
                tool_result=agent_pb2.ToolResultEvent(
                    tool="search_documents",
                    call_id=call_id,
                    summary=summary,
                    ok=ok,
                    result_count=len(chunks),
                    latency_ms=latency,
                )
            )
            for c in chunks:
                run.budget.spend(c.text)

            relevant = [c for c in chunks if relevance(c) >= threshold]
            yield _reasoning(
                "grade",
                f"{len(relevant)} of {len(chunks)} chunks pass relevance threshold {threshold}",
            )
            if not relevant:
                if not ok:
                    continue  # a failed tool is an observation; the limits end the retries
                if threshold_index < len(THRESHOLDS) - 1:
                    threshold_index += 1
                    continue
                break  # nothing relevant even at the lowest threshold
            for c in relevant:
                run.collected.setdefault(c.chunk_id, c)

            started = time.monotonic()
            draft = self._synthesize(search_question, relevant, run.language)
            run.budget.spend(draft)
            run.step("synthesize", f"{draft.count(chr(10))} cited sentences", started)
            if not draft:
                threshold_index += 1
                continue

            started = time.monotonic()
            try:
                judgement = await self._up.judge(
                    question.tenant,
                    question.question,
                    draft,
                    list(run.collected.values()),
                    iteration,
                    run.budget.max_iterations,
                    run.language,
                )
            except GroundmeshError as exc:
                run.step("judge", f"judge failed: {exc.message}", started)
                yield _reasoning("judge", f"judge unavailable ({exc.message}); not delivering")
                continue
            run.step(
                "judge",
                f"risk {judgement.risk_score:.2f} → {common_pb2.Decision.Name(judgement.decision)}",
                started,
            )
            yield _event(
                judgement=agent_pb2.JudgementEvent(judgement=judgement, iteration=iteration)
            )
            last_draft = (draft, judgement)
            if judgement.decision == common_pb2.DECISION_ACCEPT:
                span.set_attribute("groundmesh.risk_score", judgement.risk_score)
                span.set_attribute("groundmesh.decision", "accept")
                async for e in self._deliver(run, draft, judgement, MODEL_NAME):
                    yield e
                return
            # refine: look wider and lower the bar; reject: the same, the draft is dropped.
            top_k = min(top_k + self._config.search_top_k, 50)
            threshold_index += 1
            run.budget.record(f"judge|{common_pb2.Decision.Name(judgement.decision)}")
        else:
            run.limit_reached = limit

        reason = run.limit_reached or "no relevant passage"
        rendered = self._prompts.render("agent/no_answer.j2", language=run.language, reason="")
        judgement = common_pb2.Judgement(
            risk_score=0.0,
            risk_level=common_pb2.RISK_LEVEL_LOW,
            decision=common_pb2.DECISION_ACCEPT,
            rule_score=1.0,
            reasoning=f"no grounded answer ({reason})"
            + (
                f"; last draft had risk {last_draft[1].risk_score:.2f} and was not delivered"
                if last_draft
                else ""
            ),
            judge_model="rules",
        )
        yield _reasoning("finish", judgement.reasoning)
        span.set_attribute("groundmesh.decision", "no_answer")
        async for e in self._deliver(run, rendered.text, judgement, "template"):
            yield e

    async def _classify(self, run: _Run) -> router_pb2.RouteResponse | None:
        started = time.monotonic()
        q = run.question
        try:
            route = await self._up.route(q.tenant, q.question, list(q.history))
        except GroundmeshError as exc:
            log.warning("router failed, defaulting to DOCUMENT_QA: %s", exc.message)
            run.step("classify", f"router failed: {exc.message}", started)
            return None
        run.intent, run.task_type = route.intent, route.task_type
        run.language = route.answer_language or route.language or "en"
        run.step("classify", route.reasoning, started)
        return route

    def _synthesize(self, question: str, chunks: list[common_pb2.Chunk], language: str) -> str:
        passages = [Passage(c.chunk_id, c.text, rank) for rank, c in enumerate(chunks)]
        quotes = choose_quotes(question, passages, self._config.answer_sentences)
        if not quotes:
            return ""
        lead = self._prompts.render("agent/extractive_lead.j2", language=language).text
        return compose(lead, quotes)

    async def _deliver(
        self, run: _Run, text: str, judgement: common_pb2.Judgement, model: str
    ) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        for line in text.splitlines(keepends=True):
            yield _event(token=agent_pb2.TokenEvent(text=line))
        cited = {c.chunk_id: c for c in run.collected.values() if f"[{c.chunk_id}]" in text}
        q = run.question
        answer = agent_pb2.Answer(
            answer=text,
            sources=list(cited.values()),
            judgement=judgement,
            intermediate_steps=run.steps if q.trace else [],
            trace_id=current_trace_id(),
            model_used=model,
            total_latency_ms=run.budget.elapsed_ms(),
            intent=run.intent,
            task_type=run.task_type,
            language=run.language,
            iterations=run.budget.iterations,
            tokens_used=run.budget.tokens,
            limit_reached=run.limit_reached,
        )
        yield _event(done=agent_pb2.DoneEvent(answer=answer))
