"""standalone check: does a message with history stand on its own? Retrieval decides.

The router reads the wording; a message it did not take for a follow-up may still lean on the
conversation ("那第二個呢" after a question about one form, "and when did it open?"). When the
router also sends the message rewritten with the conversation (``contextual_question``), both
are searched and graded: the message is searched as a follow-up only when the rewrite finds a
passage that passes the first relevance threshold and the message alone finds none. A message
whose own search finds evidence stands alone, whatever the history (a new question after an
unrelated turn is not dragged back to the old topic).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from opentelemetry import trace

from agent_svc import events
from agent_svc.nodes.retrieval_checker import relevance_scores
from agent_svc.run import Run
from agent_svc.state import THRESHOLDS
from groundmesh.v1 import agent_pb2, common_pb2
from mesh.errors import GroundmeshError

log = logging.getLogger(__name__)
tracer = trace.get_tracer("groundmesh.agent")

# A passage graded at least this relevant is evidence (the retrieval checker's first threshold).
EVIDENCE = THRESHOLDS[0]
# Passages graded per search: the top of the list decides whether there is evidence.
CHECKED = 3


async def best_evidence(run: Run, query: str) -> float:
    """The best relevance grade among the top passages found for ``query`` (0 without any)."""
    state = run.state
    config = run.deps.config
    reply = await run.deps.upstreams.search(
        state.tenant, query, CHECKED, list(state.doc_ids), config.upstream_timeout
    )
    chunks = list(reply.chunks)[:CHECKED]
    if not chunks:
        return 0.0
    return max(await relevance_scores(run, query, chunks, EVIDENCE))


async def standalone_check(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    contextual = run.route.contextual_question if run.route is not None else ""
    try:
        with tracer.start_as_current_span("agent.standalone_check"):
            alone = await best_evidence(run, state.search_question)
            rewritten = await best_evidence(run, contextual) if alone < EVIDENCE else 0.0
    except GroundmeshError as exc:
        log.info("standalone check skipped, search failed: %s", exc.message)
        return
    if alone < EVIDENCE <= rewritten:
        state.search_question = contextual
        state.task_type = common_pb2.TASK_TYPE_CONVERSATION_FOLLOWUP
        run.followup_by_evidence = True
        detail = (
            f"the message alone finds no evidence (best {alone:.2f}), rewritten with the "
            f"conversation it does ({rewritten:.2f}): searched as the follow-up {contextual!r}"
        )
        run.followup_detail = detail
    else:
        detail = f"the message stands alone (its own search: best {alone:.2f})"
    yield events.reasoning("standalone_check", detail)
