"""judge: judge_svc scores the draft; accept delivers it, refine and reject go back to decide."""

from __future__ import annotations

from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc import events
from agent_svc.run import Run, unjudged
from agent_svc.trim import drop_lines, off_topic_to_drop, with_context
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.errors import GroundmeshError
from mesh.scripts import same_language

tracer = trace.get_tracer("groundmesh.agent")


def _deliver_draft(run: Run, judgement: common_pb2.Judgement) -> None:
    run.state.final_answer = run.draft
    run.span.set_attribute("groundmesh.risk_score", judgement.risk_score)
    undecided = judgement.decision == common_pb2.DECISION_UNSPECIFIED
    run.span.set_attribute("groundmesh.decision", "unjudged" if undecided else "accept")
    run.deliver(run.draft, judgement, run.model)


async def _judge_draft(run: Run) -> common_pb2.Judgement:
    state = run.state
    with tracer.start_as_current_span("agent.judge"):
        return await run.deps.upstreams.judge(
            state.tenant,
            state.question,
            run.draft,
            state.sources(),
            state.iteration_count,
            state.budget.max_iterations,
            state.language,
            standalone_question=state.search_question,
        )


def _trimmed(run: Run, judgement: common_pb2.Judgement) -> str:
    """The draft without the lines the judge found off the question ("" when none go)."""
    if not run.deps.config.focused_answers:
        return ""
    off = off_topic_to_drop(judgement)
    if not off:
        return ""
    keep = [v.text for v in judgement.line_verdicts if v.addresses_question]
    trimmed = drop_lines(run.draft, off, keep)
    return trimmed if trimmed != run.draft else ""


def _sound(judgement: common_pb2.Judgement) -> bool:
    """A low-risk verdict on a draft that addresses its question (refined only for its lines)."""
    return judgement.addresses_question and judgement.risk_level == common_pb2.RISK_LEVEL_LOW


def _accepted_as_judged(
    judgement: common_pb2.Judgement,
    why: str = "kept whole: without the lines named, the draft was not accepted",
) -> common_pb2.Judgement:
    """The first verdict, accepted: its only objection was the lines named off the question
    (the draft delivered is the whole, or the lines it judged to answer)."""
    out = common_pb2.Judgement()
    out.CopyFrom(judgement)
    out.decision = common_pb2.DECISION_ACCEPT
    out.reasoning += f"; {why}"
    return out


# What the judge names among a draft's missing aspects when a check, not the relevance model's
# probability, refused it: the asked type of value, a name or a code the answer does not state.
_VETOES = ("expected answer type", "name:", "code:")
# Under this probability the shorter draft is refused, not doubted: on the documents set's tune
# half, the kept lines then were a table's header fragment or a row of another document (P 0.03,
# 0.00), and the whole draft held the answer.
MIN_DOUBTED_RELEVANCE = 0.1


def _only_doubted(shorter: common_pb2.Judgement) -> bool:
    """Whether the shorter draft's only fault is the relevance model's doubt: every claim cited
    and supported, and no check refusing it (the asked type of value, a name or a code the
    answer does not state). Its padding lines gave the whole draft the question's words; the
    first verdict already judged them off the question, and judged the lines kept to answer it."""
    h = shorter.hallucination
    if h.invalid_citations or h.unsupported_claims or h.contradictory_info:
        return False
    return not any(m.startswith(_VETOES) for m in shorter.missing_aspects)


def _read_across(run: Run, shorter: common_pb2.Judgement) -> bool:
    """Whether the shorter draft quotes only lines in another language than the question
    (「利物浦…哪年通車？」 answered by "The Liverpool and Manchester Railway opened in 1830"): the
    relevance model reads them with nothing lexical to go on."""
    kept = [v.text for v in shorter.line_verdicts]
    return bool(kept) and not any(same_language(run.state.question, t) for t in kept)


async def _with_context(
    run: Run, whole: str, judgement: common_pb2.Judgement
) -> common_pb2.Judgement:
    """The trimmed draft was not accepted: try it once with the dropped line next to its answer
    back (the sentence that says what the answer is about); the verdict on what ``run.draft``
    then holds."""
    draft = with_context(whole, run.draft)
    if not draft:
        return judgement
    trimmed, run.draft = run.draft, draft
    again = await _judge_draft(run)
    if again.decision == common_pb2.DECISION_ACCEPT:
        run.step("trim", "kept one dropped line as context: the answer alone was not accepted")
        return again
    run.draft = trimmed
    return judgement


def _kept_or_whole(
    run: Run, whole: str, first: common_pb2.Judgement, shorter: common_pb2.Judgement
) -> common_pb2.Judgement:
    """The shorter draft was not accepted, the whole was sound but for the lines named: the
    shorter draft goes out when only the relevance model's probability doubted it (as the first
    verdict judged its lines); otherwise it lost what made the whole acceptable (a value of the
    asked type, a name) and the whole draft goes out."""
    if _only_doubted(shorter) and _read_across(run, shorter):
        run.step("trim", "kept the lines judged to answer (quoted in another language)")
        return _accepted_as_judged(first, "the shorter draft quotes another language")
    if _only_doubted(shorter) and shorter.answer_relevance >= MIN_DOUBTED_RELEVANCE:
        run.step(
            "trim",
            "kept the lines judged to answer; the shorter draft was doubted only for the"
            f" question's words it no longer holds ({shorter.reasoning})",
        )
        return _accepted_as_judged(first, "the lines judged to answer")
    run.step(
        "trim",
        f"the shorter draft was not accepted; the whole draft is kept ({shorter.reasoning})",
    )
    run.draft = whole
    return _accepted_as_judged(first)


async def judge(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    try:
        judgement = await _judge_draft(run)
        trimmed = _trimmed(run, judgement)
        if trimmed:
            # Issue 28: the judge named lines that do not address the question; they go, and
            # the shorter draft is judged again (once).
            dropped = len(run.draft.split("\n")) - len(trimmed.split("\n"))
            run.step("trim", f"dropped {dropped} line(s) that do not address the question")
            yield events.reasoning("trim", f"dropped {dropped} line(s) off the question")
            whole, first = run.draft, judgement
            run.draft = trimmed
            judgement = await _judge_draft(run)
            if judgement.decision != common_pb2.DECISION_ACCEPT and _sound(first):
                judgement = await _with_context(run, whole, judgement)
            if judgement.decision != common_pb2.DECISION_ACCEPT and _sound(first):
                judgement = _kept_or_whole(run, whole, first, judgement)
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
    why = f": {judgement.reasoning}" if judgement.decision != common_pb2.DECISION_ACCEPT else ""
    run.step("judge", f"risk {judgement.risk_score:.2f} → {name}{why}")
    yield events.judgement(judgement, state.iteration_count)
    if judgement.decision == common_pb2.DECISION_ACCEPT:
        _deliver_draft(run, judgement)
    else:
        state.think(f"judge: {name} at risk {judgement.risk_score:.2f}")
