"""judge_svc metrics and span attributes."""

from __future__ import annotations

from typing import Any

import pytest
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from prometheus_client import CollectorRegistry

from groundmesh.v1 import common_pb2, judge_pb2
from judge_svc.engine import Judge, JudgeInput
from judge_svc.grading import LexicalGrader
from judge_svc.metrics import JudgeMetrics
from judge_svc.rules import Source
from judge_svc.service import JudgeService

pytestmark = pytest.mark.unit

SRC = Source("sec#0", "sec", "Passwords are rotated every ninety days.")
GOOD = "Passwords are rotated every ninety days [sec#0]."
BAD = (
    "Passwords are rotated every ninety days [nope#1]. This sentence is long and has no "
    "citation at all, which is risky."
)


def value(reg: CollectorRegistry, name: str, labels: dict[str, str] | None = None) -> float:
    got = reg.get_sample_value(name, labels or {})
    return 0.0 if got is None else got


def test_metrics_follow_the_verdicts() -> None:
    reg = CollectorRegistry()
    m = JudgeMetrics(reg)
    judge = Judge()
    m.observe(judge.judge_offline(JudgeInput(GOOD, [SRC])))
    m.observe(judge.judge_offline(JudgeInput(BAD, [SRC])))
    assert value(reg, "groundmesh_judge_risk_score_count") == 2
    assert value(reg, "groundmesh_judge_high_risk_ratio") == 0.5
    assert value(reg, "groundmesh_judge_risk_score_average") == pytest.approx(
        value(reg, "groundmesh_judge_risk_score_sum") / 2
    )
    assert value(reg, "groundmesh_judge_invalid_citations_total") == 1
    assert value(reg, "groundmesh_judge_drafts_with_invalid_citations_total") == 1
    assert value(reg, "groundmesh_judge_uncited_sentences_total") == 1
    accept = {"decision": "accept", "risk_level": "low", "evaluator": "claim_support"}
    reject = {"decision": "reject", "risk_level": "high", "evaluator": "claim_support"}
    assert value(reg, "groundmesh_judge_judgements_total", accept) == 1
    assert value(reg, "groundmesh_judge_judgements_total", reject) == 1


class _Context:
    pass


async def test_judgement_details_go_on_the_current_span() -> None:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    service = JudgeService(Judge(), LexicalGrader(), JudgeMetrics(CollectorRegistry()))
    request = judge_pb2.JudgeRequest(
        draft=BAD, sources=[common_pb2.Chunk(chunk_id="sec#0", doc_id="sec", text=SRC.text)]
    )
    with provider.get_tracer("t").start_as_current_span("Judge"):
        ctx: Any = _Context()
        response = await service.Judge(request, ctx)
    attrs = dict(exporter.get_finished_spans()[0].attributes or {})
    assert attrs["groundmesh.decision"] == "reject"
    assert attrs["groundmesh.risk_score"] == response.judgement.risk_score
    assert attrs["groundmesh.judge.invalid_citations"] == 1
    assert attrs["groundmesh.judge.uncited_sentences"] == 1
    assert attrs["groundmesh.judge.evaluator"] == "claim_support"
    assert "high_any_invalid_citation" in attrs["groundmesh.judge.criteria"]  # type: ignore[operator]
    assert "groundmesh.judge.draft" not in attrs  # content tracing is off by default
