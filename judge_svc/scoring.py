"""From findings to one risk score, a tier and a decision (seeds 000 and 004).

**Combined score** (seed 000): ``quality = 0.3 rule score + 0.4 evaluator score + 0.3 average of
the four dimensions`` and ``risk = 1 - quality``. The evaluator is the LLM judge; offline (or
when the LLM failed) the claim-support score takes its place and the verdict says so.

**Tiers** (seed 004, "判定標準"): every condition of the high / moderate / low criteria is a
named check below. The tier is the higher of the combined score's tier and the criteria's tier:
any high condition → high; all low conditions → low; otherwise moderate. When the criteria lift
the tier above the score's, the score is lifted to the middle of that tier (0.45 or 0.8), so
``risk_score`` and ``risk_level`` always agree.

**Decisions**: low → accept, moderate → refine search, high → reject. Near the iteration limit
(3 or fewer iterations left; the seed's ``iteration >= max_iterations - 3``) a high-risk answer is
accepted but flagged (``accepted_at_limit``); so is a moderate one, which the seed leaves open —
refining with no iterations left would only end without an answer.

**Added to the seed's criteria** (issue 16): a draft that does not address its question (see
:mod:`judge_svc.relevance`) is at least moderate, whatever its faithfulness; it is refined while
iterations remain and then rejected, never accepted at the limit. A high-risk one stays high
(reject).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from judge_svc.rules import RuleReport

LOW_MAX = 0.3
MODERATE_MAX = 0.6
RULE_WEIGHT, EVALUATOR_WEIGHT, DIMENSION_WEIGHT = 0.3, 0.4, 0.3
TIER_MIDDLE = {"moderate": 0.45, "high": 0.8}
NEAR_LIMIT_REMAINING = 3
# The criterion added to the seed's (see judge_svc/README.md): the draft does not address the
# question (the relevance check, or the LLM judge's relevance / completeness scores).
NOT_ADDRESSING = "moderate_answer_does_not_address_question"


class RiskLevel(StrEnum):
    """Risk tiers: low ≤ 0.3 < moderate ≤ 0.6 < high."""

    LOW = "low"
    MODERATE = "moderate"
    HIGH = "high"


class Decision(StrEnum):
    """What happens to the draft."""

    ACCEPT = "accept"
    REFINE = "refine"
    REJECT = "reject"


_ORDER = {RiskLevel.LOW: 0, RiskLevel.MODERATE: 1, RiskLevel.HIGH: 2}
_DECISION = {
    RiskLevel.LOW: Decision.ACCEPT,
    RiskLevel.MODERATE: Decision.REFINE,
    RiskLevel.HIGH: Decision.REJECT,
}


@dataclass(frozen=True)
class Evaluation:
    """What the evaluator (the LLM judge, or offline the claim checker) concluded."""

    source: Literal["llm", "claim_support"]
    score: float
    hallucination_risk: float
    names_unsupported_claims: bool
    says_some_claims_lack_support: bool


@dataclass(frozen=True)
class Dimensions:
    """The four evaluation dimensions (0-1) with a short note each."""

    completeness: float
    relevance: float
    citation_quality: float
    consistency: float
    completeness_notes: str = ""
    relevance_notes: str = ""
    citation_notes: str = ""
    consistency_notes: str = ""

    @property
    def average(self) -> float:
        """Mean of the four scores."""
        return (self.completeness + self.relevance + self.citation_quality + self.consistency) / 4


# -- the guidelines' criteria, one function per condition -------------------------------------

Check = Callable[[RuleReport, Evaluation], bool]


def high_rule_risk_above_0_6(r: RuleReport, e: Evaluation) -> bool:
    """High: rule-based ``hallucination_risk_score > 0.6``."""
    return r.risk_score > MODERATE_MAX


def high_any_invalid_citation(r: RuleReport, e: Evaluation) -> bool:
    """High: ``invalid_citations`` is not empty."""
    return bool(r.invalid_citations)


def high_three_or_more_uncited_sentences(r: RuleReport, e: Evaluation) -> bool:
    """High: ``uncited_sentences >= 3``."""
    return r.uncited_count >= 3


def high_evaluator_risk_above_0_6(r: RuleReport, e: Evaluation) -> bool:
    """High: the evaluator's ``hallucination_risk > 0.6``."""
    return e.hallucination_risk > MODERATE_MAX


def high_evaluator_names_unsupported_claims(r: RuleReport, e: Evaluation) -> bool:
    """High: the evaluator's notes explicitly name unsupported claims."""
    return e.names_unsupported_claims


def high_low_citation_ratio_with_three_claims(r: RuleReport, e: Evaluation) -> bool:
    """High: ``citation_ratio < 0.3`` and ``total_claims >= 3``."""
    return r.citation_ratio < LOW_MAX and r.total_claims >= 3


def moderate_rule_risk_between_0_3_and_0_6(r: RuleReport, e: Evaluation) -> bool:
    """Moderate: ``0.3 < hallucination_risk_score <= 0.6``."""
    return LOW_MAX < r.risk_score <= MODERATE_MAX


def moderate_one_or_two_uncited_sentences(r: RuleReport, e: Evaluation) -> bool:
    """Moderate: ``uncited_sentences`` is 1 or 2."""
    return 1 <= r.uncited_count <= 2


def moderate_evaluator_risk_between_0_3_and_0_6(r: RuleReport, e: Evaluation) -> bool:
    """Moderate: the evaluator's ``0.3 < hallucination_risk <= 0.6``."""
    return LOW_MAX < e.hallucination_risk <= MODERATE_MAX


def moderate_evaluator_says_some_claims_lack_support(r: RuleReport, e: Evaluation) -> bool:
    """Moderate: the evaluation says part of the claims lack support."""
    return e.says_some_claims_lack_support


def low_rule_risk_at_most_0_3(r: RuleReport, e: Evaluation) -> bool:
    """Low: ``hallucination_risk_score <= 0.3``."""
    return r.risk_score <= LOW_MAX


def low_no_invalid_citations(r: RuleReport, e: Evaluation) -> bool:
    """Low: no invalid citation."""
    return not r.invalid_citations


def low_no_uncited_sentences(r: RuleReport, e: Evaluation) -> bool:
    """Low: no uncited long sentence."""
    return r.uncited_count == 0


def low_evaluator_risk_at_most_0_3(r: RuleReport, e: Evaluation) -> bool:
    """Low: the evaluator's ``hallucination_risk <= 0.3``."""
    return e.hallucination_risk <= LOW_MAX


def low_all_claims_validly_cited(r: RuleReport, e: Evaluation) -> bool:
    """Low: every claim carries a valid citation."""
    return r.cited_claims == r.total_claims


def low_citation_ratio_at_least_0_7(r: RuleReport, e: Evaluation) -> bool:
    """Low: ``citation_ratio >= 0.7`` (vacuous for an answer without claims)."""
    return r.total_claims == 0 or r.citation_ratio >= 0.7


HIGH_CRITERIA: tuple[Check, ...] = (
    high_rule_risk_above_0_6,
    high_any_invalid_citation,
    high_three_or_more_uncited_sentences,
    high_evaluator_risk_above_0_6,
    high_evaluator_names_unsupported_claims,
    high_low_citation_ratio_with_three_claims,
)
MODERATE_CRITERIA: tuple[Check, ...] = (
    moderate_rule_risk_between_0_3_and_0_6,
    moderate_one_or_two_uncited_sentences,
    moderate_evaluator_risk_between_0_3_and_0_6,
    moderate_evaluator_says_some_claims_lack_support,
)
LOW_CRITERIA: tuple[Check, ...] = (
    low_rule_risk_at_most_0_3,
    low_no_invalid_citations,
    low_no_uncited_sentences,
    low_evaluator_risk_at_most_0_3,
    low_all_claims_validly_cited,
    low_citation_ratio_at_least_0_7,
)


@dataclass(frozen=True)
class TierAssessment:
    """The criteria's tier and the names of the conditions behind it."""

    level: RiskLevel
    reasons: list[str] = field(default_factory=list)


def assess_criteria(r: RuleReport, e: Evaluation) -> TierAssessment:
    """High if any high condition holds; low if every low condition holds; else moderate."""
    high = [c.__name__ for c in HIGH_CRITERIA if c(r, e)]
    if high:
        return TierAssessment(RiskLevel.HIGH, high)
    failed_low = [c.__name__ for c in LOW_CRITERIA if not c(r, e)]
    if not failed_low:
        return TierAssessment(RiskLevel.LOW, [])
    moderate = [c.__name__ for c in MODERATE_CRITERIA if c(r, e)]
    return TierAssessment(RiskLevel.MODERATE, moderate or [f"not {n}" for n in failed_low])


def risk_level(score: float) -> RiskLevel:
    """The tier of a risk score."""
    if score <= LOW_MAX:
        return RiskLevel.LOW
    if score <= MODERATE_MAX:
        return RiskLevel.MODERATE
    return RiskLevel.HIGH


def combined_quality(rule_score: float, evaluator_score: float, dims: Dimensions) -> float:
    """0.3 rule score + 0.4 evaluator (LLM) score + 0.3 dimension average."""
    return (
        RULE_WEIGHT * rule_score
        + EVALUATOR_WEIGHT * evaluator_score
        + DIMENSION_WEIGHT * dims.average
    )


def near_iteration_limit(iteration: int, max_iterations: int) -> bool:
    """The seed's ``iteration >= max_iterations - 3`` (3 or fewer iterations left)."""
    return max_iterations > 0 and iteration >= max_iterations - NEAR_LIMIT_REMAINING


@dataclass(frozen=True)
class Outcome:
    """The combined risk, its tier, the decision and why."""

    risk_score: float
    risk_level: RiskLevel
    decision: Decision
    criteria: list[str]
    accepted_at_limit: bool


def decide(
    r: RuleReport,
    e: Evaluation,
    dims: Dimensions,
    *,
    iteration: int,
    max_iterations: int,
    addresses_question: bool = True,
) -> Outcome:
    """Combine, tier, decide; a draft that does not address its question is never accepted."""
    rule_score = 1.0 - r.risk_score
    risk = 1.0 - combined_quality(rule_score, e.score, dims)
    if r.total_claims == 0:
        risk = 0.0  # the seed: an empty or claim-less answer carries no risk of its own
    # Rounded before tiering, so the reported score always falls in the reported tier.
    risk = round(min(max(risk, 0.0), 1.0), 4)
    assessment = assess_criteria(r, e)
    level = risk_level(risk)
    if _ORDER[assessment.level] > _ORDER[level]:
        level = assessment.level
        risk = max(risk, TIER_MIDDLE[level.value])
    if not addresses_question:
        return _not_addressing(risk, level, assessment.reasons, iteration, max_iterations)
    decision = _DECISION[level]
    at_limit = level is not RiskLevel.LOW and near_iteration_limit(iteration, max_iterations)
    if at_limit:
        decision = Decision.ACCEPT
    return Outcome(risk, level, decision, assessment.reasons, at_limit)


def _not_addressing(
    risk: float, level: RiskLevel, reasons: list[str], iteration: int, max_iterations: int
) -> Outcome:
    """At least moderate; refine while iterations remain, then reject; never accepted at the
    limit (an answer to another question is worse than the honest "not found")."""
    if _ORDER[level] < _ORDER[RiskLevel.MODERATE]:
        level, risk = RiskLevel.MODERATE, max(risk, TIER_MIDDLE["moderate"])
    remaining = max_iterations <= 0 or iteration < max_iterations
    decision = Decision.REFINE if remaining and level is RiskLevel.MODERATE else Decision.REJECT
    return Outcome(risk, level, decision, [*reasons, NOT_ADDRESSING], False)
