"""JudgeService servicer: proto ⇄ domain."""

from __future__ import annotations

from typing import Any

import grpc
from opentelemetry import trace

from groundmesh.v1 import common_pb2, judge_pb2, judge_pb2_grpc
from judge_svc.rules import Source, check_draft
from judge_svc.scoring import Decision, RiskLevel, decide
from mesh.config import JudgeSettings
from mesh.errors import InvalidInput

MAX_DRAFT_CHARS = 100_000
MAX_SOURCES = 200

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


class JudgeService(judge_pb2_grpc.JudgeServiceServicer):
    """Judges drafts with the rule-based checks (the offline engine)."""

    def __init__(self, settings: JudgeSettings) -> None:
        self._settings = settings

    async def Judge(
        self, request: judge_pb2.JudgeRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> judge_pb2.JudgeResponse:
        if not request.draft.strip():
            raise InvalidInput("draft must not be empty")
        if len(request.draft) > MAX_DRAFT_CHARS:
            raise InvalidInput(f"draft is longer than {MAX_DRAFT_CHARS} characters")
        if len(request.sources) > MAX_SOURCES:
            raise InvalidInput(f"more than {MAX_SOURCES} sources")
        if request.iteration < 0 or request.max_iterations < 0:
            raise InvalidInput("iteration and max_iterations must not be negative")
        sources = [Source(s.chunk_id, s.doc_id, s.text) for s in request.sources]
        findings = check_draft(
            request.draft,
            sources,
            long_sentence=self._settings.long_sentence_chars,
            claim_min=self._settings.claim_min_chars,
        )
        verdict = decide(findings, request.iteration or 1, request.max_iterations or 10)
        span = trace.get_current_span()
        span.set_attribute("groundmesh.risk_score", verdict.risk_score)
        span.set_attribute("groundmesh.decision", verdict.decision.value)
        notes = verdict.reasoning
        return judge_pb2.JudgeResponse(
            judgement=common_pb2.Judgement(
                risk_score=verdict.risk_score,
                risk_level=_LEVEL[verdict.risk_level],
                decision=_DECISION[verdict.decision],
                rule_score=verdict.rule_score,
                completeness_score=1.0 if findings.claims else 0.0,
                relevance_score=findings.support_ratio,
                citation_quality_score=verdict.citation_quality,
                consistency_score=1.0,
                hallucination=common_pb2.HallucinationDetails(
                    has_risk=verdict.risk_level is not RiskLevel.LOW,
                    risk_score=verdict.risk_score,
                    valid_citations=findings.valid_citations,
                    invalid_citations=findings.invalid_citations,
                    uncited_sentences=findings.uncited_sentences[:3],
                    unsupported_claims=findings.unsupported_claims,
                    citation_ratio=findings.citation_ratio,
                    notes=notes,
                ),
                reasoning=notes,
                judge_model="rules",
            )
        )
