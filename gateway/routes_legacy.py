"""The deprecated ``POST /api/qa/query``, kept field for field (seed Properties 17 and 18)."""

from typing import Annotated

from fastapi import APIRouter, Depends, Request

from gateway.convert import answer_out
from gateway.deps import Caller, caller, gateway_of
from gateway.errors import ASK_ERRORS
from gateway.models import LegacyQueryBody, LegacyQueryOut, LegacySourceOut
from groundmesh.v1 import agent_pb2
from mesh.errors import InvalidInput

router = APIRouter(tags=["legacy"])

DEPRECATION_WARNING = (
    "POST /api/qa/query is deprecated and will be removed; use POST /v1/ask "
    '({"question", "doc_ids": [document_id]})'
)
LEGACY_PREFIX = "/api/"


@router.post(
    "/api/qa/query",
    response_model=LegacyQueryOut,
    responses=ASK_ERRORS,
    deprecated=True,
)
async def legacy_query(
    body: LegacyQueryBody, request: Request, who: Annotated[Caller, Depends(caller)]
) -> LegacyQueryOut:
    """The old question endpoint: one document, one question. Every response carries
    ``X-Deprecation-Warning``; ``model`` is accepted and ignored (the mesh picks models)."""
    gw = gateway_of(request)
    if len(body.question) > gw.settings.max_question_chars:
        raise InvalidInput(f"question is longer than {gw.settings.max_question_chars} characters")
    await gw.check_documents(who.tenant, [body.document_id])
    answer = await gw.agent.ask(
        agent_pb2.Question(tenant=who.tenant, question=body.question, doc_ids=[body.document_id])
    )
    out = answer_out(answer, with_steps=False)
    return LegacyQueryOut(
        answer=out.answer,
        sources=[
            LegacySourceOut(
                chunk_id=s.chunk_id,
                document_id=s.doc_id,
                text=s.text,
                score=s.score,
                metadata=s.metadata,
                page=s.page,
                page_label=s.page_label,
                scanned=s.scanned,
                ocr_confidence=s.ocr_confidence,
            )
            for s in out.sources
        ],
        model_used=out.model_used,
    )
