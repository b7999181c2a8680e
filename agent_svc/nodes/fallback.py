"""fallback: no grounded answer (the policy finished, or a limit stopped the loop) → say so."""

from __future__ import annotations

from collections.abc import AsyncIterator

from agent_svc import events
from agent_svc.run import Run, accepted
from groundmesh.v1 import agent_pb2, common_pb2

RELATED_READING = 3


def related_reading(chunks: list[common_pb2.Chunk]) -> list[str]:
    """Titles of the closest documents found (at most three, best first): offered as reading
    after "not found", never as an answer, never cited."""
    titles: list[str] = []
    for c in chunks:
        title = " ".join((c.title or c.doc_id).split())[:120]
        if title and title not in titles:
            titles.append(title)
        if len(titles) == RELATED_READING:
            break
    return titles


async def fallback(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    reason = state.limit_reached or "no grounded answer"
    if run.plan is not None and run.plan.task == "out_of_scope" and not state.collected_results:
        # The documents were asked and hold nothing for it: now it is out of scope. When they
        # hold passages on it ("max fill level for waste containers", called out of scope by
        # the router, found the lab's waste rules), the topic is in scope and only the answer
        # was not found: saying "outside what I can help with" would be untrue.
        text = run.render(
            "agent/direct_reply.j2",
            question=run.question.question,
            task_type="out_of_scope",
            language=state.language,
            service_scope=run.deps.config.service_scope,
        )
    else:
        live = state.intent == common_pb2.INTENT_WEB_SEARCH and "web_search" not in {
            t.name for t in run.deps.tools.list()
        }
        text = run.render(
            "agent/fallback.j2",
            language=state.language,
            reason="",
            live=live,
            related=related_reading(state.ranked_results()),
        )
    last = state.evaluation_result
    verdict = accepted(
        f"no grounded answer ({reason})"
        + (
            f"; last draft had risk {last.risk_score:.2f} and was not delivered"
            if last is not None
            else ""
        ),
        "rules",
    )
    yield events.reasoning("finish", verdict.reasoning)
    run.span.set_attribute("groundmesh.decision", "no_answer")
    run.deliver(text, verdict, "template")
