"""The agent's graph (seeds 000, 001, 003):

guard → classify (router_svc) → plan → [follow-up transform] → query builder →
decision loop { use_tool (planned calls in parallel) → grade (judge_svc GradeDocuments; retry
with thresholds 0.65 → 0.50 → 0.35 or a new rewrite) | evaluate | synthesize → judge
(accept / refine / reject) | finish } → fallback when nothing grounded → deliver → telemetry.

Every node reads and writes one :class:`AgentState`. Tool failures become observations; the
limits (iterations, tokens, wall time, circular reasoning, and never more than ten decision
steps) stop the loop; the run always ends with one ``done`` event carrying a non-empty answer.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from opentelemetry import trace

from agent_svc import events
from agent_svc.guard import check_input, guess_language
from agent_svc.limits import RunBudget
from agent_svc.memory import ConversationMemory, InProcessMemory, MemoryTurn
from agent_svc.planner import plan
from agent_svc.policy import DecisionPolicy, OfflinePolicy
from agent_svc.relevance import language_aware_relevance
from agent_svc.state import MAX_STEPS, AgentState, Decision, Observation, SearchRecord, ToolCall
from agent_svc.template_runner import run_template
from agent_svc.templates import TemplateRegistry
from agent_svc.tools.context import RunContext, current_run
from agent_svc.tools.mcp_tools import McpToolset
from agent_svc.tools.registry import ToolRegistry, ToolResult
from agent_svc.writer import AnswerWriter
from groundmesh.v1 import agent_pb2, common_pb2, retrieval_pb2, router_pb2
from mesh.errors import DeadlineExceeded, GroundmeshError, Unavailable
from mesh.prompts import PromptLibrary
from mesh.telemetry import content_tracing_enabled, current_trace_id

log = logging.getLogger(__name__)
tracer = trace.get_tracer("groundmesh.agent")

# multilingual-e5 cosine similarities sit in about [0.7, 0.95]; relevance rescales them to [0, 1].
E5_FLOOR, E5_SPAN = 0.72, 0.2
Event = agent_pb2.AskStreamResponse


class Upstreams(Protocol):
    """The services the agent calls; each raises a GroundmeshError on failure."""

    async def route(
        self, tenant: str, question: str, history: Sequence[common_pb2.Turn]
    ) -> router_pb2.RouteResponse: ...

    async def search(
        self, tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
    ) -> retrieval_pb2.SearchResponse: ...

    async def grade(
        self,
        tenant: str,
        question: str,
        chunks: Sequence[common_pb2.Chunk],
        threshold: float,
        language: str = "",
    ) -> list[float] | None:
        """Relevance of each chunk in [0, 1] from judge_svc, or None when it cannot grade."""
        ...

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
    service_scope: str = ""  # empty: each reply states the built-in scope in its own language
    upstream_timeout: float = 30.0


def vector_relevance(chunk: common_pb2.Chunk) -> float:
    """A chunk's relevance in [0, 1] from its vector score (used when the judge cannot grade)."""
    if not chunk.HasField("vector_score"):
        return 0.0
    return min(1.0, max(0.0, (chunk.vector_score - E5_FLOOR) / E5_SPAN))


def _accept(reason: str, model: str) -> common_pb2.Judgement:
    return common_pb2.Judgement(
        risk_score=0.0,
        risk_level=common_pb2.RISK_LEVEL_LOW,
        decision=common_pb2.DECISION_ACCEPT,
        rule_score=1.0,
        reasoning=reason,
        judge_model=model,
    )


def _unjudged(error: GroundmeshError) -> common_pb2.Judgement:
    """The judgement of a draft delivered while judge_svc could not judge it: no decision."""
    down = isinstance(error, Unavailable | DeadlineExceeded)
    return common_pb2.Judgement(
        decision=common_pb2.DECISION_UNSPECIFIED,
        risk_level=common_pb2.RISK_LEVEL_UNSPECIFIED,
        reasoning=f"unjudged: judge_svc {'unavailable' if down else 'failed'} ({error.message})",
        judge_model="none",
    )


class AgentGraph:
    """Runs one question through the graph and yields its events; the last is ``done``."""

    def __init__(
        self,
        upstreams: Upstreams,
        prompts: PromptLibrary,
        config: AgentConfig,
        tools: ToolRegistry,
        writer: AnswerWriter,
        policy: DecisionPolicy | None = None,
        memory: ConversationMemory | None = None,
        fallback_writer: AnswerWriter | None = None,
        mcp: McpToolset | None = None,
        templates: TemplateRegistry | None = None,
    ) -> None:
        self._mcp = mcp
        self._templates = templates or TemplateRegistry()
        self._up = upstreams
        self._prompts = prompts
        self._config = config
        self._tools = tools
        self._writer = writer
        self._fallback_writer = fallback_writer
        self._offline_policy = OfflinePolicy(config.search_top_k)
        self._policy = policy or self._offline_policy
        self._memory = memory or InProcessMemory()

    async def start(self) -> None:
        """Start what needs the event loop: the MCP servers, whose tools join the registry."""
        if self._mcp is not None:
            names = await self._mcp.start(self._tools)
            log.info("MCP tools registered: %s", ", ".join(names) or "none")

    async def close(self) -> None:
        if self._mcp is not None:
            await self._mcp.close()
        await self._memory.close()

    @property
    def tools(self) -> ToolRegistry:
        return self._tools

    @property
    def templates(self) -> TemplateRegistry:
        return self._templates

    @property
    def memory(self) -> ConversationMemory:
        return self._memory

    def _budget(self, limits: common_pb2.Limits) -> RunBudget:
        c = self._config
        return RunBudget(
            max_iterations=min(limits.max_iterations or c.max_iterations, c.max_iterations),
            max_tokens=min(limits.max_tokens or c.max_tokens, c.max_tokens),
            max_seconds=min(limits.max_duration_seconds or c.max_seconds, c.max_seconds),
        )

    # ---- the run ---------------------------------------------------------------------------

    async def run(self, question: agent_pb2.Question) -> AsyncIterator[Event]:
        """Answer ``question``; yields reasoning, tool, token and judgement events, then done."""
        if question.template:
            template = self._templates.get(question.template)
            async for e in run_template(template, question, self._run_one):
                yield e
            return
        async for e in self._run_one(question):
            yield e

    async def _run_one(self, question: agent_pb2.Question) -> AsyncIterator[Event]:
        state = AgentState(
            question=question.question,
            tenant=question.tenant,
            budget=self._budget(question.limits),
            session_id=question.session_id,
            doc_ids=list(question.doc_ids),
            history=list(question.history),
            search_question=question.question.strip(),
            top_k=self._config.search_top_k,
        )
        state.spend(question.question)
        span = trace.get_current_span()
        if content_tracing_enabled():
            span.set_attribute("groundmesh.question", question.question)
        steps: list[agent_pb2.Step] = []

        def step(name: str, detail: str, started: float) -> None:
            steps.append(
                agent_pb2.Step(
                    name=name,
                    detail=detail,
                    latency_ms=max((time.monotonic() - started) * 1000.0, 0.001),
                    iteration=state.iteration_count,
                )
            )

        # guard
        started = time.monotonic()
        verdict = check_input(question.question)
        if not verdict.allowed:
            step("guard", f"blocked: {verdict.reason}", started)
            state.language = guess_language(question.question)
            yield events.reasoning("guard", f"blocked: {verdict.reason}")
            text = self._render(state, "agent/guard_blocked.j2", language=state.language)
            async for e in self._deliver(
                state, question, steps, text, _accept("blocked input", "none"), "template"
            ):
                yield e
            return

        # memory + classify (language normalizer and planner's intent, via router_svc)
        started = time.monotonic()
        if not state.history and state.session_id:
            try:
                remembered = await self._memory.history(state.tenant, state.session_id)
            except GroundmeshError as exc:
                log.warning("conversation memory unavailable: %s", exc.message)
                remembered = []
            state.history = [
                common_pb2.Turn(
                    role=common_pb2.ROLE_ASSISTANT
                    if t.role == "assistant"
                    else common_pb2.ROLE_USER,
                    content=t.content,
                )
                for t in remembered
            ]
        route = await self._classify(state)
        classify_started = started
        yield events.reasoning(
            "classify",
            f"intent {common_pb2.Intent.Name(state.intent)}, task "
            f"{common_pb2.TaskType.Name(state.task_type)}, language {state.language}: "
            f"{route.reasoning if route else 'router unavailable, defaulting to DOCUMENT_QA'}",
        )
        span.set_attribute("groundmesh.intent", common_pb2.Intent.Name(state.intent))
        span.set_attribute("groundmesh.task_type", common_pb2.TaskType.Name(state.task_type))
        span.set_attribute("groundmesh.language", state.language)

        # follow-up transform
        followup_detail = ""
        if route is not None and (
            route.is_followup or state.task_type == common_pb2.TASK_TYPE_CONVERSATION_FOLLOWUP
        ):
            started = time.monotonic()
            state.search_question = route.standalone_question or state.search_question
            detail = (
                f"follow-up over {len(state.history)} earlier turns; standalone question: "
                f"{state.search_question!r}"
            )
            followup_detail = detail
            yield events.reasoning("followup", detail)
        elif route is not None and route.normalized_question:
            state.search_question = route.normalized_question

        # planner + query builder
        started = time.monotonic()
        state.queries = [q for q in (route.search_queries if route else []) if q.strip()] or [
            state.search_question
        ]
        p = plan(
            question=question.question,
            search_question=state.search_question,
            intent=state.intent,
            task_type=state.task_type,
            queries=state.queries,
            available={t.name for t in self._tools.list()},
            top_k=state.top_k,
            sub_queries=list(route.sub_queries) if route else None,
        )
        state.aspects = p.aspects
        state.pending_calls = list(p.tool_calls)
        plan_text = (
            f"task {p.task}: "
            + ("answer directly, no retrieval" if p.direct_reply else "retrieve")
            + (f"; parts: {p.aspects}" if p.aspects else "")
            + (
                f"; queries: {state.queries}; planned calls: "
                + ", ".join(c.name for c in p.tool_calls)
                if p.tool_calls
                else ""
            )
        )
        # The trace's first step is "classify": the router's reasoning and the plan made from it.
        step(
            "classify",
            f"{route.reasoning if route else 'router failed: DOCUMENT_QA'}; plan: {plan_text}",
            classify_started,
        )
        if followup_detail:
            step("followup", followup_detail, classify_started)
        yield events.reasoning("plan", plan_text)

        if p.direct_reply:
            text = self._render(
                state,
                "agent/direct_reply.j2",
                question=question.question,
                task_type=p.task,
                language=state.language,
                service_scope=self._config.service_scope,
            )
            async for e in self._deliver(
                state,
                question,
                steps,
                text,
                _accept("direct answer: no claims about the documents", "none"),
                "template",
            ):
                yield e
            return

        # the decision loop
        judgement_: common_pb2.Judgement | None = None
        model = self._writer.name
        while True:
            limit = state.limit()
            if limit:
                state.limit_reached = limit
                yield events.reasoning("limit", f"stopping: {limit}")
                break
            started = time.monotonic()
            noted = len(state.reasoning_trace)
            decision = await self._decide(state)
            for note in state.reasoning_trace[noted:]:  # a model failure, said in the stream
                yield events.reasoning("fallback", note)
            state.budget.iterations += 1
            state.budget.record(decision.key())
            state.think(f"{decision.action}: {decision.reasoning}")
            decided = f"{decision.action}: {decision.reasoning}"
            yield events.reasoning("decide", decided)

            if decision.action == "use_tool":
                if not decision.tool_calls:
                    state.think("use_tool without a tool call; nothing to run")
                    continue
                planned = {c.key() for c in state.pending_calls}
                if planned & {c.key() for c in decision.tool_calls}:
                    state.pending_calls = []
                async for e in self._execute(state, decision.tool_calls):
                    yield e
                done_calls = state.observations[-len(decision.tool_calls) :]
                for i, o in enumerate(done_calls):
                    name = "search" if o.tool == "document_search" else o.tool
                    query = o.arguments.get("query") or o.arguments.get("expression") or ""
                    detail = f"{query!r}: {o.summary}" if query else o.summary
                    step(name, f"{decided} → {detail}" if i == 0 else detail, started)
                for record in state.search_history:
                    if record.iteration == state.iteration_count:
                        yield events.reasoning(
                            "grade",
                            f"{record.relevant} of {record.found} passages for {record.query!r} "
                            f"pass relevance threshold {record.threshold:.2f}",
                        )
            elif decision.action == "evaluate":
                started = time.monotonic()
                text = self._evaluate(state)
                step("evaluate", f"{decided} → {text}", started)
                yield events.reasoning("evaluate", text)
            elif decision.action == "synthesize":
                started = time.monotonic()
                writer = self._writer
                noted = len(state.reasoning_trace)
                draft, model = await self._synthesize(state, writer)
                for note in state.reasoning_trace[noted:]:
                    yield events.reasoning("fallback", note)
                step("synthesize", f"{decided} → {len(draft)} characters by {model}", started)
                if not draft.strip():
                    yield events.reasoning("synthesize", "no draft could be written")
                    continue
                started = time.monotonic()
                try:
                    with tracer.start_as_current_span("agent.judge"):
                        judgement_ = await self._up.judge(
                            state.tenant,
                            state.question,
                            draft,
                            state.sources(),
                            state.iteration_count,
                            state.budget.max_iterations,
                            state.language,
                        )
                except GroundmeshError as exc:
                    # The seeds' error tables: judge down → the draft is delivered, unjudged.
                    judgement_ = _unjudged(exc)
                    step("judge", judgement_.reasoning, started)
                    yield events.reasoning("judge", judgement_.reasoning)
                    state.evaluation_result = None
                    state.final_answer = draft
                    break
                state.evaluation_result = judgement_
                verdict_name = common_pb2.Decision.Name(judgement_.decision)
                step("judge", f"risk {judgement_.risk_score:.2f} → {verdict_name}", started)
                yield events.judgement(judgement_, state.iteration_count)
                if judgement_.decision == common_pb2.DECISION_ACCEPT:
                    state.final_answer = draft
                    break
                state.think(f"judge: {verdict_name} at risk {judgement_.risk_score:.2f}")
            else:
                step("finish", decided, started)
                break

        if state.final_answer and judgement_ is not None:
            span.set_attribute("groundmesh.risk_score", judgement_.risk_score)
            unjudged = judgement_.decision == common_pb2.DECISION_UNSPECIFIED
            span.set_attribute("groundmesh.decision", "unjudged" if unjudged else "accept")
            async for e in self._deliver(
                state, question, steps, state.final_answer, judgement_, model
            ):
                yield e
            return

        reason = state.limit_reached or "no grounded answer"
        text = self._render(state, "agent/fallback.j2", language=state.language, reason="")
        last = state.evaluation_result
        fallback = _accept(
            f"no grounded answer ({reason})"
            + (
                f"; last draft had risk {last.risk_score:.2f} and was not delivered"
                if last is not None
                else ""
            ),
            "rules",
        )
        yield events.reasoning("finish", fallback.reasoning)
        span.set_attribute("groundmesh.decision", "no_answer")
        async for e in self._deliver(state, question, steps, text, fallback, "template"):
            yield e

    # ---- nodes -----------------------------------------------------------------------------

    def _render(self, state: AgentState, name: str, **variables: object) -> str:
        rendered = self._prompts.render(name, **variables)
        state.prompt_versions[rendered.name] = rendered.version
        return rendered.text

    async def _classify(self, state: AgentState) -> router_pb2.RouteResponse | None:
        try:
            with tracer.start_as_current_span("agent.classify"):
                route = await self._up.route(state.tenant, state.question, state.history)
        except GroundmeshError as exc:
            log.warning("router failed, defaulting to DOCUMENT_QA: %s", exc.message)
            return None
        state.intent = route.intent or common_pb2.INTENT_DOCUMENT_QA
        state.task_type = route.task_type or common_pb2.TASK_TYPE_SIMPLE_FAQ
        state.language = route.answer_language or route.language or "en"
        return route

    async def _decide(self, state: AgentState) -> Decision:
        tools = self._tools.list()
        try:
            with tracer.start_as_current_span("agent.decide") as s:
                s.set_attribute("groundmesh.policy", self._policy.name)
                return await self._policy.decide(state, tools)
        except GroundmeshError as exc:
            if self._policy is self._offline_policy:
                raise
            state.think(f"{self._policy.name} policy failed ({exc.message}); deciding offline")
            return await self._offline_policy.decide(state, tools)

    async def _execute(self, state: AgentState, calls: Sequence[ToolCall]) -> AsyncIterator[Event]:
        """The tool executor: all calls of one decision run in parallel."""
        iteration = state.iteration_count
        ids = [f"{c.name}-{iteration}-{i + 1}" for i, c in enumerate(calls)]
        for call, call_id in zip(calls, ids, strict=True):
            yield events.tool_call(call.name, call.arguments, call_id)
        ctx = contextvars.copy_context()
        ctx.run(current_run.set, RunContext(state.tenant, tuple(state.doc_ids)))
        remaining = max(state.budget.remaining_seconds(), 0.1)

        async def one(call: ToolCall) -> ToolResult:
            with tracer.start_as_current_span(f"agent.tool.{call.name}"):
                try:
                    return await asyncio.wait_for(
                        self._tools.invoke(call.name, call.arguments), timeout=remaining
                    )
                except TimeoutError:
                    return ToolResult(call.name, False, error="the run's time limit was reached")

        tasks = [asyncio.create_task(one(c), context=ctx) for c in calls]
        results = await asyncio.gather(*tasks)
        for call, call_id, result in zip(calls, ids, results, strict=True):
            count = int(result.metadata.get("result_count", 0)) if result.success else 0
            yield events.tool_result(
                call.name,
                call_id,
                result.summary(),
                result.success,
                count,
                max(result.execution_time * 1000.0, 0.001),
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
            if call.name == "document_search":
                await self._grade(state, call, result)
            elif result.success:
                state.spend(result.summary())
                state.tool_sources[call_id] = common_pb2.Chunk(
                    chunk_id=call_id,
                    doc_id=f"tool:{call.name}",
                    title=call.name,
                    text=result.summary(),
                    metadata={"tool": call.name},
                )

    async def _grade(self, state: AgentState, call: ToolCall, result: ToolResult) -> None:
        """The retrieval grader: keep the passages that pass the call's relevance threshold."""
        chunks: list[common_pb2.Chunk] = list(result.data or []) if result.success else []
        threshold = (
            call.threshold if call.threshold is not None else state.next_threshold(call.aspect)
        )
        query = str(call.arguments.get("query", ""))
        graded_question = call.aspect or state.search_question
        vector_scores = [vector_relevance(c) for c in chunks]
        scores: list[float] | None = None
        if chunks:
            try:
                with tracer.start_as_current_span("agent.grade"):
                    scores = await self._up.grade(
                        state.tenant, graded_question, chunks, threshold, state.language
                    )
            except GroundmeshError as exc:
                log.info("GradeDocuments failed, grading by vector score: %s", exc.message)
        if scores is None or len(scores) != len(chunks):
            scores = vector_scores
        else:
            # Lexical grades say nothing across languages: such passages take their vector score.
            scores = language_aware_relevance(
                graded_question, [c.text for c in chunks], scores, vector_scores
            )
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
                query=query,
                threshold=threshold,
                found=len(chunks),
                relevant=len(relevant),
                ok=result.success,
                aspect=call.aspect,
            )
        )

    def _evaluate(self, state: AgentState) -> str:
        """Coverage of each part of the question by what was collected so far."""
        state.evaluated_at = state.iteration_count
        parts = state.aspects or [""]
        lines = []
        for aspect in parts:
            covered = bool(state.coverage.get(aspect))
            found = sum(r.relevant for r in state.search_history if r.aspect == aspect)
            lines.append(
                f"{aspect or 'question'!r}: {'covered' if covered else 'not covered'} "
                f"({found} relevant passages)"
            )
        return "; ".join(lines)

    async def _synthesize(self, state: AgentState, writer: AnswerWriter) -> tuple[str, str]:
        pieces: list[str] = []
        name = writer.name
        model_tokens_before = state.llm_tokens
        try:
            with tracer.start_as_current_span("agent.synthesize"):
                async for piece in writer.write(state):
                    pieces.append(piece)
        except GroundmeshError as exc:
            if self._fallback_writer is None or writer is self._fallback_writer:
                raise
            state.think(f"{writer.name} failed ({exc.message}); writing extractively")
            pieces = [p async for p in self._fallback_writer.write(state)]
            name = self._fallback_writer.name
        draft = "".join(pieces).strip()
        if state.llm_tokens == model_tokens_before:  # a model's usage was counted already
            state.spend(draft)
        state.draft_pieces = [p for p in pieces if p] if "".join(pieces) == draft else []
        state.partial_answer = draft
        state.drafted_at = state.iteration_count
        return draft, name

    async def _deliver(
        self,
        state: AgentState,
        q: agent_pb2.Question,
        steps: list[agent_pb2.Step],
        text: str,
        judgement: common_pb2.Judgement,
        model: str,
    ) -> AsyncIterator[Event]:
        started = time.monotonic()
        text = text.strip() or self._render(
            state, "agent/fallback.j2", language=state.language, reason=""
        )
        state.final_answer = text
        # The accepted draft goes out in the pieces it was written in (a model's stream deltas).
        pieces = state.draft_pieces if "".join(state.draft_pieces) == text else []
        for piece in pieces or text.splitlines(keepends=True):
            yield events.token(piece)
        cited = {c.chunk_id: c for c in state.sources() if f"[{c.chunk_id}]" in text}
        if q.session_id:
            try:
                await self._memory.append(
                    state.tenant,
                    q.session_id,
                    [MemoryTurn("user", q.question), MemoryTurn("assistant", text)],
                )
            except GroundmeshError as exc:
                log.warning("conversation memory unavailable: %s", exc.message)
        # telemetry (seed 001): what the run did, on the span and as the last step.
        span = trace.get_current_span()
        used = sorted({o.tool for o in state.observations})
        versions = ",".join(f"{k}@{v}" for k, v in sorted(state.prompt_versions.items()))
        span.set_attribute("groundmesh.tools_used", used)
        span.set_attribute("groundmesh.prompt_versions", versions)
        span.set_attribute("groundmesh.tokens", state.token_count)
        span.set_attribute("groundmesh.iterations", state.iteration_count)
        span.set_attribute("groundmesh.model", model)
        if state.limit_reached:
            span.set_attribute("groundmesh.limit_reached", state.limit_reached)
        steps.append(
            agent_pb2.Step(
                name="telemetry",
                detail=f"tools {used}; prompts {versions}; tokens {state.token_count}",
                latency_ms=max((time.monotonic() - started) * 1000.0, 0.001),
                iteration=state.iteration_count,
            )
        )
        answer = agent_pb2.Answer(
            answer=text,
            sources=list(cited.values()),
            judgement=judgement,
            intermediate_steps=steps if q.trace else [],
            trace_id=current_trace_id(),
            model_used=model,
            total_latency_ms=state.budget.elapsed_ms(),
            intent=state.intent,
            task_type=state.task_type,
            language=state.language,
            iterations=min(state.iteration_count, MAX_STEPS),
            tokens_used=state.token_count,
            limit_reached=state.limit_reached,
            prompt_versions=[f"{k}@{v}" for k, v in sorted(state.prompt_versions.items())],
        )
        yield events.done(answer)


__all__ = ["AgentConfig", "AgentGraph", "Upstreams", "vector_relevance"]
