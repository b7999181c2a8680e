"""standalone check: does a message with history stand on its own? Retrieval decides.

The router reads the wording; a message it did not take for a follow-up may still lean on the
conversation ("那第二個呢" after a question about one form, "and when did it open?"). When the
router also sends the message rewritten with the conversation (``contextual_question``), both
are searched and graded: the message is searched as a follow-up when the two searches disagree
(their best passages come from different documents) and the rewrite's best passage passes the
first relevance threshold and is graded at least as well as the message's own, and, when the
message alone found evidence, the rewrite's passage answers the message as asked at least as
well too. A new question after an unrelated turn finds the same document with or without the
old topic in front, or its own document better, so it stands alone.

The same check weighs a message the classifier took for a follow-up when its wording shows no
sign of one (no pronoun, ellipsis or "what about X"): the router then sends the topic-in-front
rewrite as the contextual question too. 「成績等第 X 代表什麼情況？」 after a question on meeting
minutes was taken for a follow-up (0.70), searched as 「關於acted as secretary,成績等第 X…」 and
refused; both searches find the grading rules, so it stands alone and is answered.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass

from opentelemetry import trace

from agent_svc import events
from agent_svc.nodes.retrieval_checker import relevance_scores
from agent_svc.run import Run
from agent_svc.state import THRESHOLDS
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.document_heading import context_of
from mesh.errors import GroundmeshError
from mesh.title_words import names_title

log = logging.getLogger(__name__)
tracer = trace.get_tracer("groundmesh.agent")

# A passage graded at least this relevant is evidence (the retrieval checker's first threshold).
EVIDENCE = THRESHOLDS[0]
# The lowest grade the agent still uses a passage at (its last threshold).
LOWEST = THRESHOLDS[-1]
# Passages graded per search: the top of the list decides whether there is evidence.
CHECKED = 3


@dataclass(frozen=True)
class Evidence:
    """The best passage found for one query: its document and its relevance grade."""

    doc_id: str
    grade: float
    chunk: common_pb2.Chunk | None = None


async def best_evidence(run: Run, query: str) -> Evidence:
    """The best-graded passage among the top ones found for ``query`` (empty without any)."""
    state = run.state
    config = run.deps.config
    reply = await run.deps.upstreams.search(
        state.tenant, query, CHECKED, list(state.doc_ids), config.upstream_timeout
    )
    chunks = list(reply.chunks)[:CHECKED]
    if not chunks:
        return Evidence("", 0.0)
    grades = await relevance_scores(run, query, chunks, EVIDENCE)
    best = max(range(len(chunks)), key=lambda i: grades[i])
    return Evidence(chunks[best].doc_id, grades[best], chunks[best])


async def _answers_as_asked(run: Run, message: str, alone: Evidence, rewritten: Evidence) -> bool:
    """Whether the rewrite's passage answers the message as asked at least as well as the
    message's own passage does."""
    if rewritten.chunk is None:
        return True
    [own] = await relevance_scores(run, message, [rewritten.chunk], EVIDENCE)
    return own >= alone.grade


async def answers_the_message(run: Run, alone: Evidence, rewritten: Evidence) -> bool:
    """Whether the rewrite's passage answers the message as asked at least as well as the
    message's own passage, when the message alone already found evidence. A full new question
    after a turn about another subject ("How many days of marriage leave do staff get?" after
    one about a city's lodging cap) finds its document alone; the old topic in front of it
    only pulls the old topic's document up (graded 0.71 against 0.67 for the leave policy, it
    had the question searched as "… (about 到花蓮出差)" and refused). A message that found
    nothing alone ("那第二個呢") is not asked this."""
    if alone.grade < EVIDENCE:
        return True
    return await _answers_as_asked(run, run.state.search_question, alone, rewritten)


def leans_on_history(alone: Evidence, rewritten: Evidence) -> bool:
    """The two searches disagree and the rewrite's evidence is at least as good and passes."""
    return (
        rewritten.doc_id != alone.doc_id
        and rewritten.grade >= EVIDENCE
        and rewritten.grade >= alone.grade
    )


def finds_the_same_document(alone: Evidence, rewritten: Evidence) -> bool:
    """Whether the message alone finds something usable in the document the rewrite finds: the
    conversation changes nothing about where the answer is."""
    return bool(alone.doc_id) and alone.doc_id == rewritten.doc_id and alone.grade >= LOWEST


def _title_of(evidence: Evidence) -> str:
    chunk = evidence.chunk
    return context_of(chunk.title, chunk.metadata) if chunk is not None else ""


def names_its_own_document(message: str, alone: Evidence, rewritten: Evidence) -> bool:
    """Whether the message names, by a rare word of its title ("Northgate"), the document its
    own search found usable, and not the one the rewrite found: a new question about another
    organisation. 「Northgate理工學院的臨床試驗數據要保存多少年？」 after a question on a
    projector loan was taken for a follow-up (0.24) and answered from the loan form."""
    return (
        alone.grade >= LOWEST
        and alone.doc_id != rewritten.doc_id
        and names_title(message, _title_of(alone))
        and not names_title(message, _title_of(rewritten))
    )


async def searched_with_history(
    run: Run, message: str, alone: Evidence, rewritten: Evidence
) -> bool:
    """Whether the message is searched as its rewrite with the conversation.

    A message the classifier did not take for a follow-up is one when the searches disagree
    and only the rewrite's evidence answers it (:func:`leans_on_history`,
    :func:`answers_the_message`). One it took for a follow-up though its wording shows none
    stays one unless both searches find the same document, or the message alone finds a usable
    passage that the rewrite's passage answers worse, as asked, or it names the document it
    found alone by its title (:func:`names_its_own_document`, either kind of message): a
    message leaning on the conversation ("他妻子叫什么名字？") alone finds another subject's
    passage, often graded higher, but the rewrite's passage answers it as well; the minutes'
    passage the rewrite of 「成績等第 X 代表什麼情況？」 finds (0.58) does not answer the
    message at all, the grading rules' one (0.55) does."""
    if names_its_own_document(message, alone, rewritten):
        return False
    if run.is_followup:
        if finds_the_same_document(alone, rewritten):
            return False
        return alone.grade < LOWEST or await _answers_as_asked(run, message, alone, rewritten)
    return leans_on_history(alone, rewritten) and await answers_the_message(run, alone, rewritten)


async def standalone_check(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    route = run.route
    contextual = route.contextual_question if route is not None else ""
    taken_for_followup = run.is_followup
    if taken_for_followup:
        # The classifier took it for a follow-up its wording does not show: the rewrite stands
        # unless the check below finds the message stands alone.
        state.search_question = contextual
    message = route.normalized_question if route is not None else ""
    try:
        with tracer.start_as_current_span("agent.standalone_check"):
            # The two searches are independent: run them together, not one after the other.
            alone, rewritten = await asyncio.gather(
                best_evidence(run, message or run.question.question.strip()),
                best_evidence(run, contextual),
            )
    except GroundmeshError as exc:
        log.info("standalone check skipped, search failed: %s", exc.message)
        return
    found = (
        f"alone: {alone.doc_id or 'nothing'} ({alone.grade:.2f}); with the conversation: "
        f"{rewritten.doc_id or 'nothing'} ({rewritten.grade:.2f})"
    )
    if await searched_with_history(run, message or state.search_question, alone, rewritten):
        state.search_question = contextual
        state.task_type = common_pb2.TASK_TYPE_CONVERSATION_FOLLOWUP
        # The router wrote its queries for the rewrite when it took the message for one.
        run.followup_by_evidence = not taken_for_followup
        detail = f"searched as the follow-up {contextual!r}: the searches disagree ({found})"
        run.followup_detail = detail
    else:
        state.search_question = message or state.search_question
        if taken_for_followup:
            state.task_type = common_pb2.TASK_TYPE_SIMPLE_FAQ
            run.standalone_by_evidence = True
        detail = f"the message stands alone ({found})"
    run.step("standalone_check", detail)
    yield events.reasoning("standalone_check", detail)
