"""The HTTP API's request and response bodies (DESIGN.md, "The HTTP API")."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator

_DOC_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")


class AskBody(BaseModel):
    """``POST /v1/ask`` and ``POST /v1/ask/stream``. A ``tenant`` field is ignored: the API key
    decides the tenant."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    question: str = Field(min_length=1, description="the question, in Chinese or English")
    session_id: str | None = Field(None, max_length=128, description="conversation id")
    doc_ids: list[str] | None = Field(None, max_length=100, description="restrict to these")
    trace: bool = Field(False, description="return intermediate steps and their latencies")

    @field_validator("doc_ids")
    @classmethod
    def _doc_ids(cls, value: list[str] | None) -> list[str] | None:
        for d in value or []:
            if not _DOC_ID.match(d):
                raise ValueError(f"invalid doc_id {d[:80]!r}")
        return value


class SourceOut(BaseModel):
    """A chunk the answer may cite."""

    chunk_id: str
    doc_id: str
    title: str
    text: str
    score: float
    vector_score: float | None = None
    bm25_score: float | None = None
    metadata: dict[str, str] = Field(default_factory=dict)


class JudgementOut(BaseModel):
    """The hallucination verdict on the answer."""

    risk_score: float
    risk_level: str
    decision: str
    reasoning: str = ""
    judge_model: str = ""
    invalid_citations: list[str] = Field(default_factory=list)
    unsupported_claims: list[str] = Field(default_factory=list)


class StepOut(BaseModel):
    """One intermediate step (with ``trace=true``)."""

    name: str
    detail: str
    latency_ms: float
    iteration: int


class AskOut(BaseModel):
    """The answer to ``POST /v1/ask``; also the ``done`` event's data."""

    answer: str
    sources: list[SourceOut]
    judgement: JudgementOut
    intermediate_steps: list[StepOut] | None = None
    trace_id: str
    model_used: str
    total_latency_ms: float
    intent: str
    task_type: str
    language: str
    limit_reached: str = ""


class ErrorOut(BaseModel):
    """Every error response: ``{"error": {"code", "message"}}``."""

    code: str
    message: str
