"""Prometheus metrics of the judge (seed 004's monitoring list).

- ``groundmesh_judge_risk_score``: histogram of combined risk scores (its ``_sum / _count`` is
  the average) and ``groundmesh_judge_risk_score_average``, the running mean;
- ``groundmesh_judge_high_risk_ratio``: share of judgements in the high tier so far;
- ``groundmesh_judge_judgements_total{decision,risk_level,evaluator}``: decisions by kind;
- ``groundmesh_judge_invalid_citations_total`` and ``..._drafts_with_invalid_citations_total``;
- ``groundmesh_judge_uncited_sentences_total`` and ``..._drafts_with_uncited_sentences_total``
  (frequency = these over the judgement count);
- ``groundmesh_judge_llm_failures_total{stage}`` and ``groundmesh_judge_grades_total{verdict}``.
"""

from __future__ import annotations

import threading

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram

from judge_svc.engine import Verdict
from judge_svc.scoring import RiskLevel


class JudgeMetrics:
    """The judge's metrics, registered once per registry."""

    def __init__(self, registry: CollectorRegistry | None = None) -> None:
        reg = registry if registry is not None else REGISTRY
        self.risk = Histogram(
            "groundmesh_judge_risk_score",
            "Combined hallucination risk score of judged drafts",
            buckets=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0),
            registry=reg,
        )
        self.risk_average = Gauge(
            "groundmesh_judge_risk_score_average", "Mean risk score since start", registry=reg
        )
        self.high_ratio = Gauge(
            "groundmesh_judge_high_risk_ratio",
            "Share of high-risk judgements since start",
            registry=reg,
        )
        self.judgements = Counter(
            "groundmesh_judge_judgements",
            "Judgements by decision, risk level and evaluator",
            ["decision", "risk_level", "evaluator"],
            registry=reg,
        )
        self.invalid_citations = Counter(
            "groundmesh_judge_invalid_citations", "Invalid citation ids found", registry=reg
        )
        self.drafts_invalid = Counter(
            "groundmesh_judge_drafts_with_invalid_citations",
            "Drafts with at least one invalid citation",
            registry=reg,
        )
        self.uncited = Counter(
            "groundmesh_judge_uncited_sentences", "Long sentences without a citation", registry=reg
        )
        self.drafts_uncited = Counter(
            "groundmesh_judge_drafts_with_uncited_sentences",
            "Drafts with at least one uncited long sentence",
            registry=reg,
        )
        self.llm_failures = Counter(
            "groundmesh_judge_llm_failures",
            "LLM judge failures that degraded to the offline verdict, by stage",
            ["stage"],
            registry=reg,
        )
        self.grades = Counter(
            "groundmesh_judge_grades", "Document grades by verdict", ["verdict"], registry=reg
        )
        self._lock = threading.Lock()
        self._count = 0
        self._sum = 0.0
        self._high = 0

    def observe(self, v: Verdict) -> None:
        """Record one verdict."""
        o = v.outcome
        self.risk.observe(o.risk_score)
        self.judgements.labels(o.decision.value, o.risk_level.value, v.evaluation.source).inc()
        if v.rules.invalid_citations:
            self.invalid_citations.inc(len(v.rules.invalid_citations))
            self.drafts_invalid.inc()
        if v.rules.uncited_count:
            self.uncited.inc(v.rules.uncited_count)
            self.drafts_uncited.inc()
        if v.degraded_reason:
            self.llm_failures.labels(v.degraded_reason.split(":", 1)[0]).inc()
        with self._lock:
            self._count += 1
            self._sum += o.risk_score
            self._high += o.risk_level is RiskLevel.HIGH
            self.risk_average.set(self._sum / self._count)
            self.high_ratio.set(self._high / self._count)

    def observe_grade(self, verdict: str) -> None:
        """Record one document grade."""
        self.grades.labels(verdict).inc()
