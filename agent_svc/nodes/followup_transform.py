"""followup transform: a question that leans on the conversation is searched as it stands alone."""

from __future__ import annotations

from collections.abc import AsyncIterator

from agent_svc import events
from agent_svc.run import Run
from groundmesh.v1 import agent_pb2


async def followup_transform(run: Run) -> AsyncIterator[agent_pb2.AskStreamResponse]:
    state = run.state
    standalone = run.route.standalone_question if run.route is not None else ""
    state.search_question = standalone or state.search_question
    detail = (
        f"follow-up over {len(state.history)} earlier turns; standalone question: "
        f"{state.search_question!r}"
    )
    run.followup_detail = detail
    yield events.reasoning("followup", detail)
