"""``/v1/jobs``: the ingest jobs an upload made: state, progress as SSE, cancel."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Request
from sse_starlette import EventSourceResponse, ServerSentEvent

from gateway.convert import job_out
from gateway.deps import Caller, caller, gateway_of
from gateway.errors import DOC_ERRORS
from gateway.models import JobOut
from gateway.sse import heartbeat
from groundmesh.v1 import retrieval_pb2
from mesh.errors import GroundmeshError

router = APIRouter(tags=["jobs"])

JOB_ID = Path(pattern=r"^job-[0-9a-f]{32}$", description="the job's id, from the upload's reply")
_FINAL = {
    retrieval_pb2.JOB_STATE_DONE,
    retrieval_pb2.JOB_STATE_FAILED,
    retrieval_pb2.JOB_STATE_CANCELLED,
}
_EVENTS_DESCRIPTION = (
    "Server-sent events with the framing of `/v1/ask/stream`: each has an `event:` name, an "
    "`id:` and JSON `data:`. `progress` events carry the job (the first one at once); the last "
    "event is `done` (the job in a final state: done, failed or cancelled) or `error` "
    "(`{code, message}`)."
)


@router.get("/v1/jobs/{job_id}", response_model=JobOut, responses=DOC_ERRORS)
async def get_job(
    request: Request, who: Annotated[Caller, Depends(caller)], job_id: Annotated[str, JOB_ID]
) -> JobOut:
    """One ingest job: state, chunks done and total, and the error of a failed job. Another
    tenant's job is 404."""
    return job_out(await gateway_of(request).documents.job(who.tenant, job_id))


@router.delete("/v1/jobs/{job_id}", response_model=JobOut, responses=DOC_ERRORS)
async def cancel_job(
    request: Request, who: Annotated[Caller, Depends(caller)], job_id: Annotated[str, JOB_ID]
) -> JobOut:
    """Cancel a queued or running job: its document stays wholly absent (or its earlier version
    stays). Answers with the job once it stopped; a job that had already finished is returned
    as it is (a cancel that loses the race to completion finds it `done`)."""
    return job_out(await gateway_of(request).documents.cancel_job(who.tenant, job_id))


async def _frames(
    jobs: AsyncIterator[retrieval_pb2.IngestJob], retry_ms: int
) -> AsyncIterator[ServerSentEvent]:
    ident = 0
    try:
        async for job in jobs:
            ident += 1
            final = job.state in _FINAL
            yield ServerSentEvent(
                data=json.dumps(job_out(job).model_dump(mode="json"), ensure_ascii=False),
                event="done" if final else "progress",
                id=str(ident),
                retry=retry_ms if ident == 1 else None,
            )
            if final:
                return
        yield ServerSentEvent(
            data=json.dumps({"code": "UNAVAILABLE", "message": "the job stream ended early"}),
            event="error",
            id=str(ident + 1),
        )
    except GroundmeshError as exc:
        yield ServerSentEvent(
            data=json.dumps({"code": exc.code.name, "message": exc.message}),
            event="error",
            id=str(ident + 1),
        )


@router.get(
    "/v1/jobs/{job_id}/events",
    response_class=EventSourceResponse,
    responses={
        200: {"description": _EVENTS_DESCRIPTION, "content": {"text/event-stream": {}}},
        **DOC_ERRORS,
    },
)
async def job_events(
    request: Request, who: Annotated[Caller, Depends(caller)], job_id: Annotated[str, JOB_ID]
) -> EventSourceResponse:
    """The job's progress as server-sent events, until it is done, failed or cancelled."""
    gw = gateway_of(request)
    await gw.documents.job(who.tenant, job_id)  # an unknown job is a 404, not a stream
    return EventSourceResponse(
        _frames(gw.documents.watch_job(who.tenant, job_id), gw.settings.sse_retry_ms),
        ping=gw.settings.heartbeat_seconds,
        ping_message_factory=heartbeat,
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )
