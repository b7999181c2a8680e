"""Proto answers and events to the HTTP API's JSON."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from google.protobuf import json_format

from gateway.models import AskOut, JobOut, JudgementOut, SectionOut, SourceOut, StepOut
from groundmesh.v1 import agent_pb2, common_pb2, retrieval_pb2


def _enum_tail(name: str, prefix: str) -> str:
    return name.removeprefix(prefix).lower()


def judgement_out(j: common_pb2.Judgement) -> JudgementOut:
    """The JSON form of a verdict."""
    return JudgementOut(
        risk_score=round(j.risk_score, 4),
        risk_level=_enum_tail(common_pb2.RiskLevel.Name(j.risk_level), "RISK_LEVEL_"),
        decision=_enum_tail(common_pb2.Decision.Name(j.decision), "DECISION_"),
        reasoning=j.reasoning,
        judge_model=j.judge_model,
        invalid_citations=list(j.hallucination.invalid_citations),
        unsupported_claims=list(j.hallucination.unsupported_claims),
        off_topic_lines=[v.text for v in j.line_verdicts if not v.addresses_question],
    )


def source_out(c: common_pb2.Chunk) -> SourceOut:
    """The JSON form of a source: its page is null when the format has no pages (``page`` 0),
    its label null when the number says it all. Text read by OCR (``ocr_confidence`` above 0)
    is ``scanned``, with its confidence (null otherwise) and the label "scanned" when the page
    has no other name."""
    scanned = c.ocr_confidence > 0.0
    label = c.page_label.strip() or ("scanned" if scanned else "")
    return SourceOut(
        chunk_id=c.chunk_id,
        doc_id=c.doc_id,
        title=c.title,
        text=c.text,
        score=c.fused_score,
        vector_score=c.vector_score if c.HasField("vector_score") else None,
        bm25_score=c.bm25_score if c.HasField("bm25_score") else None,
        metadata=dict(c.metadata),
        page=c.page if c.page > 0 else None,
        page_label=label or None,
        scanned=scanned,
        ocr_confidence=round(min(max(c.ocr_confidence, 1e-4), 1.0), 4) if scanned else None,
    )


def answer_out(a: agent_pb2.Answer, with_steps: bool, session_id: str | None = None) -> AskOut:
    """The JSON form of an answer."""
    return AskOut(
        answer=a.answer,
        sources=[source_out(c) for c in a.sources],
        judgement=judgement_out(a.judgement),
        intermediate_steps=[
            StepOut(name=s.name, detail=s.detail, latency_ms=s.latency_ms, iteration=s.iteration)
            for s in a.intermediate_steps
        ]
        if with_steps
        else None,
        trace_id=a.trace_id,
        model_used=a.model_used,
        total_latency_ms=round(a.total_latency_ms, 2),
        intent=common_pb2.Intent.Name(a.intent).removeprefix("INTENT_"),
        task_type=_enum_tail(common_pb2.TaskType.Name(a.task_type), "TASK_TYPE_"),
        language=a.language,
        session_id=session_id,
        limit_reached=a.limit_reached,
        iterations=a.iterations,
        tokens_used=a.tokens_used,
        template=a.template,
        sections=[
            SectionOut(dimension=s.dimension, answer=s.answer, chunk_ids=list(s.chunk_ids))
            for s in a.sections
        ],
        prompt_versions=list(a.prompt_versions),
    )


def event_out(event: agent_pb2.AskStreamResponse) -> tuple[str, dict[str, Any]]:
    """(SSE event name, JSON data) of one agent event other than ``done``."""
    kind = event.WhichOneof("event")
    if kind is None:
        return "error", {"code": "INTERNAL", "message": "the agent sent an empty event"}
    if kind == "judgement":
        data = judgement_out(event.judgement.judgement).model_dump()
        data["iteration"] = event.judgement.iteration
        return kind, data
    message = getattr(event, kind)
    return kind, json_format.MessageToDict(
        message, preserving_proto_field_name=True, always_print_fields_with_no_presence=True
    )


def job_out(job: retrieval_pb2.IngestJob) -> JobOut:
    """The HTTP form of an ingest job."""
    state = retrieval_pb2.JobState.Name(job.state).removeprefix("JOB_STATE_").lower()
    return JobOut(
        job_id=job.job_id,
        doc_id=job.doc_id,
        state=state if state != "unspecified" else "queued",
        chunks_done=job.chunks_done,
        chunks_total=job.chunks_total,
        chunks_reused=job.chunks_reused,
        error=job.error,
        replaced=job.replaced,
        unchanged=job.unchanged,
        searchable=job.searchable,
        pages_done=job.pages_done,
        pages_total=job.pages_total,
        title=job.title,
        bytes=job.bytes,
        created_at=datetime.fromtimestamp(job.created_at_unix, UTC),
        updated_at=datetime.fromtimestamp(job.updated_at_unix, UTC),
    )
