"""The HTTP API's request and response bodies (DESIGN.md, "The HTTP API").

Every body the gateway sends is one of these, so the OpenAPI schema describes all of them,
errors and stream events included.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)

_DOC_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")
DOC_ID_PATTERN = _DOC_ID.pattern


def _check_visible(value: str) -> str:
    """A question must hold at least one visible character (not only controls or spaces)."""
    if not any(ch.isprintable() and not ch.isspace() for ch in value):
        raise ValueError("the question has no visible text")
    return value


def _check_doc_ids(value: list[str] | None) -> list[str] | None:
    for d in value or []:
        if not _DOC_ID.match(d):
            raise ValueError(f"invalid doc_id {d[:80]!r}")
    return value


class AskBody(BaseModel):
    """``POST /v1/ask`` and ``POST /v1/ask/stream``. A ``tenant`` field is ignored: the API key
    decides the tenant."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    question: str = Field(min_length=1, description="the question, in Chinese or English")
    session_id: str | None = Field(
        None,
        max_length=128,
        pattern=r"^[A-Za-z0-9._:-]*$",
        description="conversation id; follow-ups with the same id see the earlier turns",
    )
    doc_ids: list[str] | None = Field(None, max_length=100, description="restrict to these")
    trace: bool = Field(
        False, description="return intermediate steps, their latencies and a trace export"
    )
    template: str | None = Field(
        None,
        max_length=64,
        pattern=r"^[A-Za-z0-9._-]*$",
        description="an analysis template: the answer then comes back in its sections",
    )

    _doc_ids = field_validator("doc_ids")(_check_doc_ids)
    _question = field_validator("question")(_check_visible)


_PAGE_DESCRIPTION = (
    "the 1-based page the passage starts on (a slide's number, a sheet's position); null when "
    "the document has no pages (plain text, Markdown, HTML)"
)
_PAGE_LABEL_DESCRIPTION = (
    'how a reader finds that page: a sheet\'s name, or "scanned" for OCR text; null when the '
    "page number says it all"
)
_SCANNED_DESCRIPTION = (
    "true when the passage was read by OCR from a scan or an image: a citation of it says "
    '"scanned page 3"'
)
_OCR_CONFIDENCE_DESCRIPTION = (
    "the mean OCR confidence of the passage's text, in (0, 1]; null when it was not read by OCR"
)


class _PagedSource(BaseModel):
    """A source sends its ``page``, ``page_label`` and ``ocr_confidence`` always, as null when
    it has none.

    The answer bodies leave out their null fields (``exclude_none``); these two stay so a client
    can always read them. The serializer has no return annotation on purpose: one would replace
    the model's fields in the OpenAPI schema by a bare object.
    """

    @model_serializer(mode="wrap")
    def _keep_page_fields(  # type: ignore[no-untyped-def]
        self, handler: SerializerFunctionWrapHandler, info: SerializationInfo
    ):
        data = handler(self)
        if not (isinstance(data, dict) and info.exclude_none):
            return data
        for name in ("page", "page_label", "ocr_confidence"):
            if name in (info.exclude or ()) or (
                info.include is not None and name not in info.include
            ):
                continue  # left out on purpose, not for being null
            data.setdefault(name, getattr(self, name, None))
        return data


class SourceOut(_PagedSource):
    """A chunk the answer may cite, with the page a reader finds it on and whether it was read
    from a scan (OCR)."""

    chunk_id: str
    doc_id: str
    title: str
    text: str
    score: float
    vector_score: float | None = None
    bm25_score: float | None = None
    metadata: dict[str, str] = Field(default_factory=dict)
    page: int | None = Field(None, ge=1, description=_PAGE_DESCRIPTION)
    page_label: str | None = Field(None, description=_PAGE_LABEL_DESCRIPTION)
    scanned: bool = Field(False, description=_SCANNED_DESCRIPTION)
    ocr_confidence: float | None = Field(
        None, gt=0.0, le=1.0, description=_OCR_CONFIDENCE_DESCRIPTION
    )


class JudgementOut(BaseModel):
    """The hallucination verdict on the answer."""

    risk_score: float
    risk_level: str = Field(description="low, moderate, high (unspecified if not judged)")
    decision: str = Field(description="accept, refine, reject (unspecified if not judged)")
    reasoning: str = ""
    judge_model: str = ""
    invalid_citations: list[str] = Field(default_factory=list)
    unsupported_claims: list[str] = Field(default_factory=list)
    off_topic_lines: list[str] = Field(
        default_factory=list,
        description="sentences of the judged draft that do not address the question (the agent "
        "drops them before delivering; listed when the verdict still holds some)",
    )


class StepOut(BaseModel):
    """One intermediate step (with ``trace=true``)."""

    name: str
    detail: str
    latency_ms: float
    iteration: int


class TraceSpanOut(BaseModel):
    """One span of a trace export, in the shape LangSmith runs and Langfuse observations
    share: ids, parent, name, start and end, inputs and outputs."""

    span_id: str
    parent_id: str | None = Field(None, description="absent for the root span")
    name: str
    run_type: str = Field(description="chain (the whole run), tool, llm or step")
    start_time: datetime
    end_time: datetime
    latency_ms: float
    inputs: dict[str, Any]
    outputs: dict[str, Any]
    metadata: dict[str, Any] = Field(default_factory=dict)


class TraceExportOut(BaseModel):
    """A run as a trace (``trace=true``), importable into Langfuse or LangSmith."""

    trace_id: str
    name: str
    start_time: datetime
    end_time: datetime
    total_latency_ms: float
    inputs: dict[str, Any]
    outputs: dict[str, Any]
    spans: list[TraceSpanOut]


class SectionOut(BaseModel):
    """The answer for one dimension of an analysis template."""

    dimension: str
    answer: str
    chunk_ids: list[str] = Field(default_factory=list)


class AskOut(BaseModel):
    """The answer to ``POST /v1/ask``; also the ``done`` event's data."""

    answer: str
    sources: list[SourceOut]
    judgement: JudgementOut
    intermediate_steps: list[StepOut] | None = None
    trace: TraceExportOut | None = None
    trace_id: str
    model_used: str
    total_latency_ms: float
    intent: str
    task_type: str
    language: str
    session_id: str | None = None
    limit_reached: str = ""
    iterations: int = 0
    tokens_used: int = 0
    template: str = ""
    sections: list[SectionOut] = Field(default_factory=list)
    prompt_versions: list[str] = Field(default_factory=list)


class ErrorOut(BaseModel):
    """What went wrong: a stable code and a readable message."""

    code: str
    message: str


class ErrorBody(BaseModel):
    """Every error response: ``{"error": {"code", "message"}}``."""

    error: ErrorOut


class DocumentOut(BaseModel):
    """One of the caller's documents."""

    doc_id: str
    title: str
    chunk_count: int
    metadata: dict[str, str] = Field(default_factory=dict)
    ingested_at: datetime | None = None


class DocumentListOut(BaseModel):
    """``GET /v1/documents``."""

    documents: list[DocumentOut]


class UploadedOut(BaseModel):
    """One stored upload."""

    doc_id: str
    filename: str
    content_type: str
    bytes: int
    chunk_count: int
    replaced: bool


class UploadOut(BaseModel):
    """``POST /v1/documents``: every file was stored, in the order sent."""

    documents: list[UploadedOut]
    chunks: int


class JobOut(BaseModel):
    """One file's ingest job (``GET /v1/jobs/{job_id}``, and each ``/events`` frame)."""

    job_id: str
    doc_id: str
    state: Literal["queued", "running", "done", "failed", "cancelled"]
    chunks_done: int = Field(description="chunks embedded so far")
    chunks_total: int = Field(description="chunks of the document (0 until it is parsed)")
    chunks_reused: int = Field(description="chunks whose vector came from the embedding cache")
    error: str = Field(description="why a failed job failed, or why a queued one is retried")
    replaced: bool = Field(description="an earlier version of the document was replaced")
    unchanged: bool = Field(description="the same content was already stored: nothing redone")
    pages_done: int = Field(0, description="pages (slides) of a long document read so far")
    pages_total: int = Field(0, description="the document's pages, once reading has begun")
    searchable: bool = Field(
        description="the text can already be found (BM25) though vectors may still be coming"
    )
    title: str
    bytes: int
    created_at: datetime
    updated_at: datetime


class AcceptedFileOut(BaseModel):
    """One accepted upload and its job."""

    doc_id: str
    filename: str
    content_type: str
    bytes: int
    job: JobOut


class UploadAcceptedOut(BaseModel):
    """``POST /v1/documents`` (202): every file is stored durably as a job; each is parsed,
    chunked and embedded in the background (follow ``/v1/jobs/{job_id}/events``)."""

    documents: list[AcceptedFileOut]


class DeleteOut(BaseModel):
    """``DELETE /v1/documents/{doc_id}``."""

    doc_id: str
    chunks_deleted: int


class LegacyQueryBody(BaseModel):
    """The deprecated ``POST /api/qa/query`` request (kept field for field)."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    document_id: str = Field(description="the document to answer from")
    question: str = Field(min_length=1)
    model: str | None = Field(
        None, max_length=200, description="accepted for compatibility; the mesh chooses models"
    )

    _question = field_validator("question")(_check_visible)

    @field_validator("document_id")
    @classmethod
    def _document_id(cls, value: str) -> str:
        if not _DOC_ID.match(value):
            raise ValueError(f"invalid document_id {value[:80]!r}")
        return value


class LegacySourceOut(_PagedSource):
    """A source in the legacy shape (plus its page and whether it was scanned, added after the
    shape was frozen)."""

    chunk_id: str
    document_id: str
    text: str
    score: float
    metadata: dict[str, str] = Field(default_factory=dict)
    page: int | None = Field(None, ge=1, description=_PAGE_DESCRIPTION)
    page_label: str | None = Field(None, description=_PAGE_LABEL_DESCRIPTION)
    scanned: bool = Field(False, description=_SCANNED_DESCRIPTION)
    ocr_confidence: float | None = Field(
        None, gt=0.0, le=1.0, description=_OCR_CONFIDENCE_DESCRIPTION
    )


class LegacyQueryOut(BaseModel):
    """The deprecated ``POST /api/qa/query`` response: answer, sources, model_used."""

    answer: str
    sources: list[LegacySourceOut]
    model_used: str


class HealthOut(BaseModel):
    """``GET /healthz`` and ``GET /readyz``."""

    status: str


# --- server-sent events: the data of each event name --------------------------------------


class ReasoningData(BaseModel):
    """``event: reasoning`` — a step of the agent's graph and what it decided."""

    model_config = ConfigDict(extra="allow")

    step: str
    text: str


class ToolCallData(BaseModel):
    """``event: tool_call``."""

    model_config = ConfigDict(extra="allow")

    tool: str
    arguments_json: str
    call_id: str


class ToolResultData(BaseModel):
    """``event: tool_result``."""

    model_config = ConfigDict(extra="allow")

    tool: str
    call_id: str
    summary: str
    ok: bool
    result_count: int
    latency_ms: float


class TokenData(BaseModel):
    """``event: token`` — text to append to the answer."""

    model_config = ConfigDict(extra="allow")

    text: str


class JudgementData(JudgementOut):
    """``event: judgement`` — the verdict on a draft."""

    iteration: int


SSE_EVENTS: dict[str, type[BaseModel]] = {
    "reasoning": ReasoningData,
    "tool_call": ToolCallData,
    "tool_result": ToolResultData,
    "token": TokenData,
    "judgement": JudgementData,
    "done": AskOut,
    "error": ErrorOut,
}
