"""judge_svc scoring: the guidelines' criteria by name, the combined score and the decision."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge_svc import scoring as s
from judge_svc.rules import RuleReport

pytestmark = pytest.mark.unit


def rules(**kw: object) -> RuleReport:
    base = RuleReport(
        has_risk=False,
        risk_score=0.0,
        valid_citations=["a#0"],
        invalid_citations=[],
        uncited_sentences=[],
        uncited_count=0,
        citation_ratio=1.0,
        total_claims=3,
        cited_claims=3,
    )
    return replace(base, **kw)  # type: ignore[arg-type]


CLEAN = s.Evaluation("claim_support", 1.0, 0.0, False, False)
DIMS = s.Dimensions(1.0, 1.0, 1.0, 1.0)


class TestHighCriteria:
    def test_rule_risk_above_0_6(self) -> None:
        assert s.high_rule_risk_above_0_6(rules(risk_score=0.61), CLEAN)
        assert not s.high_rule_risk_above_0_6(rules(risk_score=0.6), CLEAN)

    def test_any_invalid_citation(self) -> None:
        assert s.high_any_invalid_citation(rules(invalid_citations=["x"]), CLEAN)
        assert not s.high_any_invalid_citation(rules(), CLEAN)

    def test_three_or_more_uncited_sentences(self) -> None:
        assert s.high_three_or_more_uncited_sentences(rules(uncited_count=3), CLEAN)
        assert not s.high_three_or_more_uncited_sentences(rules(uncited_count=2), CLEAN)

    def test_evaluator_risk_above_0_6(self) -> None:
        assert s.high_evaluator_risk_above_0_6(rules(), replace(CLEAN, hallucination_risk=0.7))
        assert not s.high_evaluator_risk_above_0_6(rules(), replace(CLEAN, hallucination_risk=0.6))

    def test_evaluator_names_unsupported_claims(self) -> None:
        e = replace(CLEAN, names_unsupported_claims=True)
        assert s.high_evaluator_names_unsupported_claims(rules(), e)
        assert not s.high_evaluator_names_unsupported_claims(rules(), CLEAN)

    def test_low_citation_ratio_with_three_claims(self) -> None:
        assert s.high_low_citation_ratio_with_three_claims(
            rules(citation_ratio=0.29, total_claims=3), CLEAN
        )
        assert not s.high_low_citation_ratio_with_three_claims(
            rules(citation_ratio=0.29, total_claims=2), CLEAN
        )
        assert not s.high_low_citation_ratio_with_three_claims(
            rules(citation_ratio=0.3, total_claims=5), CLEAN
        )


class TestModerateCriteria:
    def test_rule_risk_between_0_3_and_0_6(self) -> None:
        assert s.moderate_rule_risk_between_0_3_and_0_6(rules(risk_score=0.31), CLEAN)
        assert s.moderate_rule_risk_between_0_3_and_0_6(rules(risk_score=0.6), CLEAN)
        assert not s.moderate_rule_risk_between_0_3_and_0_6(rules(risk_score=0.3), CLEAN)

    def test_one_or_two_uncited_sentences(self) -> None:
        assert s.moderate_one_or_two_uncited_sentences(rules(uncited_count=1), CLEAN)
        assert s.moderate_one_or_two_uncited_sentences(rules(uncited_count=2), CLEAN)
        assert not s.moderate_one_or_two_uncited_sentences(rules(uncited_count=3), CLEAN)

    def test_evaluator_risk_between_0_3_and_0_6(self) -> None:
        e = replace(CLEAN, hallucination_risk=0.5)
        assert s.moderate_evaluator_risk_between_0_3_and_0_6(rules(), e)
        assert not s.moderate_evaluator_risk_between_0_3_and_0_6(rules(), CLEAN)

    def test_evaluator_says_some_claims_lack_support(self) -> None:
        e = replace(CLEAN, says_some_claims_lack_support=True)
        assert s.moderate_evaluator_says_some_claims_lack_support(rules(), e)


class TestLowCriteria:
    def test_every_condition_holds_for_a_clean_draft(self) -> None:
        assert all(c(rules(), CLEAN) for c in s.LOW_CRITERIA)

    @pytest.mark.parametrize(
        ("check", "bad"),
        [
            (s.low_rule_risk_at_most_0_3, {"risk_score": 0.31}),
            (s.low_no_invalid_citations, {"invalid_citations": ["x"]}),
            (s.low_no_uncited_sentences, {"uncited_count": 1}),
            (s.low_all_claims_validly_cited, {"cited_claims": 2}),
            (s.low_citation_ratio_at_least_0_7, {"citation_ratio": 0.69}),
        ],
    )
    def test_each_rule_condition_can_fail(self, check: s.Check, bad: dict[str, object]) -> None:
        assert check(rules(), CLEAN)
        assert not check(rules(**bad), CLEAN)

    def test_evaluator_risk_at_most_0_3(self) -> None:
        assert not s.low_evaluator_risk_at_most_0_3(rules(), replace(CLEAN, hallucination_risk=0.4))

    def test_citation_ratio_is_vacuous_without_claims(self) -> None:
        assert s.low_citation_ratio_at_least_0_7(rules(total_claims=0, citation_ratio=0.0), CLEAN)


class TestAssessment:
    def test_any_high_condition_makes_high(self) -> None:
        a = s.assess_criteria(rules(invalid_citations=["x"]), CLEAN)
        assert a.level is s.RiskLevel.HIGH and a.reasons == ["high_any_invalid_citation"]

    def test_all_low_conditions_make_low(self) -> None:
        assert s.assess_criteria(rules(), CLEAN).level is s.RiskLevel.LOW

    def test_otherwise_moderate_with_the_reason(self) -> None:
        a = s.assess_criteria(rules(uncited_count=1), CLEAN)
        assert a.level is s.RiskLevel.MODERATE
        assert a.reasons == ["moderate_one_or_two_uncited_sentences"]
        b = s.assess_criteria(rules(cited_claims=2, citation_ratio=0.8), CLEAN)
        assert b.level is s.RiskLevel.MODERATE
        assert b.reasons == ["not low_all_claims_validly_cited"]


class TestCombined:
    def test_weights_are_30_40_30(self) -> None:
        dims = s.Dimensions(0.5, 0.5, 0.5, 0.5)
        assert s.combined_quality(1.0, 0.0, dims) == pytest.approx(0.3 + 0.15)
        assert s.combined_quality(0.0, 1.0, s.Dimensions(0, 0, 0, 0)) == pytest.approx(0.4)

    def test_decisions_by_tier(self) -> None:
        assert s.risk_level(0.3) is s.RiskLevel.LOW
        assert s.risk_level(0.31) is s.RiskLevel.MODERATE
        assert s.risk_level(0.6) is s.RiskLevel.MODERATE
        assert s.risk_level(0.61) is s.RiskLevel.HIGH

    def test_clean_draft_is_accepted(self) -> None:
        o = s.decide(rules(), CLEAN, DIMS, iteration=1, max_iterations=10)
        assert (o.risk_score, o.risk_level, o.decision) == (0.0, s.RiskLevel.LOW, s.Decision.ACCEPT)

    def test_moderate_combined_score_refines(self) -> None:
        e = replace(CLEAN, score=0.2, hallucination_risk=0.2)
        o = s.decide(rules(), e, s.Dimensions(0.5, 0.5, 0.5, 0.5), iteration=1, max_iterations=10)
        assert o.risk_score == pytest.approx(1 - (0.3 + 0.08 + 0.15))
        assert o.decision is s.Decision.REFINE

    def test_a_high_criterion_lifts_the_score_into_the_tier_and_rejects(self) -> None:
        o = s.decide(rules(invalid_citations=["x"]), CLEAN, DIMS, iteration=1, max_iterations=10)
        assert o.risk_level is s.RiskLevel.HIGH and o.risk_score == 0.8
        assert o.decision is s.Decision.REJECT and not o.accepted_at_limit

    def test_high_risk_near_the_limit_is_accepted_but_flagged(self) -> None:
        bad = rules(invalid_citations=["x"])
        assert s.decide(bad, CLEAN, DIMS, iteration=6, max_iterations=10).decision is (
            s.Decision.REJECT
        )
        o = s.decide(bad, CLEAN, DIMS, iteration=7, max_iterations=10)
        assert o.decision is s.Decision.ACCEPT and o.accepted_at_limit
        assert o.risk_level is s.RiskLevel.HIGH

    def test_low_risk_near_the_limit_is_not_flagged(self) -> None:
        o = s.decide(rules(), CLEAN, DIMS, iteration=10, max_iterations=10)
        assert o.decision is s.Decision.ACCEPT and not o.accepted_at_limit

    def test_no_claims_means_no_risk_of_its_own(self) -> None:
        empty = rules(total_claims=0, cited_claims=0, citation_ratio=0.0, valid_citations=[])
        o = s.decide(empty, CLEAN, s.Dimensions(0, 0, 0, 0), iteration=1, max_iterations=10)
        assert o.risk_score == 0.0 and o.decision is s.Decision.ACCEPT
