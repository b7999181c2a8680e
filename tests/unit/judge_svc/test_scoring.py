"""Unit tests for judge_svc.scoring: risk score, tiers, decisions and the iteration limit."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge_svc.rules import RuleFindings, Source, check_draft
from judge_svc.scoring import (
    INVALID_CITATION_FLOOR,
    Decision,
    RiskLevel,
    decide,
    risk_level,
    rule_risk,
)

pytestmark = pytest.mark.unit


def _findings(
    claims: int, supported: int, cited: int | None = None, invalid: int = 0
) -> RuleFindings:
    return RuleFindings(
        valid_citations=["c#0"] if (cited or supported) else [],
        invalid_citations=[f"bad#{i}" for i in range(invalid)],
        claims=claims,
        cited_claims=supported if cited is None else cited,
        supported_claims=supported,
    )


@st.composite
def findings(draw: st.DrawFn) -> RuleFindings:
    claims = draw(st.integers(0, 30))
    cited = draw(st.integers(0, claims))
    supported = draw(st.integers(0, cited))
    invalid = draw(st.integers(0, 3))
    uncited = draw(st.integers(0, 3))
    return RuleFindings(
        valid_citations=["c#0"] if cited else [],
        invalid_citations=[f"bad#{i}" for i in range(invalid)],
        uncited_sentences=["long sentence"] * uncited,
        claims=claims,
        cited_claims=cited,
        supported_claims=supported,
    )


class TestRiskLevel:
    @pytest.mark.parametrize(
        ("score", "level"),
        [
            (0.0, RiskLevel.LOW),
            (0.3, RiskLevel.LOW),
            (0.3001, RiskLevel.MODERATE),
            (0.6, RiskLevel.MODERATE),
            (0.6001, RiskLevel.HIGH),
            (0.7, RiskLevel.HIGH),
            (1.0, RiskLevel.HIGH),
        ],
    )
    def test_tiers(self, score: float, level: RiskLevel) -> None:
        assert risk_level(score) is level


class TestRuleRisk:
    def test_no_claims_no_risk(self) -> None:
        assert rule_risk(RuleFindings()) == 0.0

    def test_no_claims_but_an_invalid_citation(self) -> None:
        assert rule_risk(_findings(0, 0, invalid=1)) == INVALID_CITATION_FLOOR == 0.7

    @pytest.mark.parametrize(
        ("claims", "supported", "risk"),
        [(10, 10, 0.0), (10, 7, 0.3), (10, 4, 0.6), (3, 2, 0.3333), (10, 0, 1.0)],
    )
    def test_share_of_unsupported_claims(self, claims: int, supported: int, risk: float) -> None:
        assert rule_risk(_findings(claims, supported)) == risk

    def test_uncited_and_unsupported_claims_weigh_the_same(self) -> None:
        uncited = _findings(4, 3, cited=3)
        unsupported = _findings(4, 3, cited=4)
        assert rule_risk(uncited) == rule_risk(unsupported) == 0.25

    def test_invalid_citation_raises_the_risk_to_the_floor(self) -> None:
        assert rule_risk(_findings(10, 10, invalid=1)) == 0.7
        assert rule_risk(_findings(10, 1, invalid=1)) == 0.9

    @given(findings())
    def test_bounded_and_invalid_citations_are_high_risk(self, f: RuleFindings) -> None:
        risk = rule_risk(f)
        assert 0.0 <= risk <= 1.0
        if f.invalid_citations:
            assert risk >= 0.7
            assert risk_level(risk) is RiskLevel.HIGH


class TestDecide:
    @pytest.mark.parametrize(
        ("supported", "level", "decision"),
        [
            (10, RiskLevel.LOW, Decision.ACCEPT),
            (7, RiskLevel.LOW, Decision.ACCEPT),
            (6, RiskLevel.MODERATE, Decision.REFINE),
            (4, RiskLevel.MODERATE, Decision.REFINE),
            (3, RiskLevel.HIGH, Decision.REJECT),
            (0, RiskLevel.HIGH, Decision.REJECT),
        ],
    )
    def test_tier_decides(self, supported: int, level: RiskLevel, decision: Decision) -> None:
        verdict = decide(_findings(10, supported), iteration=1, max_iterations=10)
        assert verdict.risk_level is level
        assert verdict.decision is decision
        assert not verdict.accepted_at_limit
        assert verdict.rule_score == pytest.approx(1.0 - verdict.risk_score)

    def test_invalid_citation_is_rejected(self) -> None:
        verdict = decide(_findings(5, 5, invalid=1))
        assert verdict.risk_score >= 0.7
        assert verdict.decision is Decision.REJECT
        assert verdict.citation_quality == 0.0
        assert "bad#0" in verdict.reasoning

    @pytest.mark.parametrize("iteration", [9, 10, 12])
    @pytest.mark.parametrize("supported", [0, 5])
    def test_risky_draft_is_accepted_and_marked_at_the_iteration_limit(
        self, iteration: int, supported: int
    ) -> None:
        verdict = decide(_findings(10, supported), iteration=iteration, max_iterations=10)
        assert verdict.decision is Decision.ACCEPT
        assert verdict.accepted_at_limit
        assert verdict.risk_level is not RiskLevel.LOW
        assert "iteration limit" in verdict.reasoning

    def test_low_risk_draft_at_the_limit_is_not_marked(self) -> None:
        verdict = decide(_findings(10, 10), iteration=10, max_iterations=10)
        assert verdict.decision is Decision.ACCEPT
        assert not verdict.accepted_at_limit

    @pytest.mark.parametrize("iteration", [1, 5, 8])
    def test_before_the_limit_a_risky_draft_is_not_accepted(self, iteration: int) -> None:
        verdict = decide(_findings(10, 0), iteration=iteration, max_iterations=10)
        assert verdict.decision is Decision.REJECT
        assert not verdict.accepted_at_limit

    def test_zero_max_iterations_means_no_limit(self) -> None:
        verdict = decide(_findings(10, 0), iteration=100, max_iterations=0)
        assert verdict.decision is Decision.REJECT

    def test_reasoning_and_citation_quality(self) -> None:
        f = _findings(4, 2, cited=3)
        f.uncited_sentences.append("a long uncited sentence")
        verdict = decide(f)
        assert verdict.citation_quality == 0.75
        assert "3/4 claims cited" in verdict.reasoning
        assert "2/3 cited claims supported" in verdict.reasoning
        assert "1 long sentences without a citation" in verdict.reasoning

    @given(findings(), st.integers(1, 12), st.integers(1, 12))
    def test_decision_follows_the_tier_unless_at_the_limit(
        self, f: RuleFindings, iteration: int, max_iterations: int
    ) -> None:
        verdict = decide(f, iteration, max_iterations)
        expected = {
            RiskLevel.LOW: Decision.ACCEPT,
            RiskLevel.MODERATE: Decision.REFINE,
            RiskLevel.HIGH: Decision.REJECT,
        }[risk_level(verdict.risk_score)]
        assert verdict.risk_level is risk_level(verdict.risk_score)
        if iteration >= max_iterations - 1:
            assert verdict.decision is Decision.ACCEPT
            assert verdict.accepted_at_limit == (verdict.risk_level is not RiskLevel.LOW)
        else:
            assert verdict.decision is expected
            assert not verdict.accepted_at_limit


ZH_SOURCES = (
    Source("zh#0", "zh", "員工請假需要在三天前透過人資系統提出申請，並由主管核准。"),
    Source("zh#1", "zh", "出差報銷必須在返回後十四天內附上發票提交。"),
)


class TestDecideOnDrafts:
    def test_grounded_chinese_draft_is_accepted(self) -> None:
        draft = (
            "根據您的文件：\n"
            "員工請假需要在三天前透過人資系統提出申請。[zh#0]\n"
            "出差報銷必須在返回後十四天內附上發票提交。[zh]"
        )
        verdict = decide(check_draft(draft, list(ZH_SOURCES)))
        assert (verdict.risk_level, verdict.decision) == (RiskLevel.LOW, Decision.ACCEPT)
        assert verdict.risk_score == 0.0

    def test_draft_with_an_invented_citation_is_rejected(self) -> None:
        draft = "員工請假需要在三天前透過人資系統提出申請。[zh#0]\n加班費是平日薪資的三倍。[zh#7]"
        verdict = decide(check_draft(draft, list(ZH_SOURCES)))
        assert verdict.risk_score >= 0.7
        assert verdict.decision is Decision.REJECT
