"""From findings to one risk score, a tier and a decision (seeds 000 and 004)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from judge_svc.rules import RuleFindings

LOW_MAX = 0.3
MODERATE_MAX = 0.6
INVALID_CITATION_FLOOR = 0.7


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


@dataclass(frozen=True)
class Verdict:
    """The judge's verdict on a draft."""

    risk_score: float
    risk_level: RiskLevel
    decision: Decision
    rule_score: float
    citation_quality: float
    reasoning: str
    accepted_at_limit: bool = False


def risk_level(score: float) -> RiskLevel:
    """The tier of a risk score."""
    if score <= LOW_MAX:
        return RiskLevel.LOW
    if score <= MODERATE_MAX:
        return RiskLevel.MODERATE
    return RiskLevel.HIGH


def rule_risk(f: RuleFindings) -> float:
    """1 - (claims that carry a valid citation *and* are supported by it) / claims.

    An uncited claim and an unsupported cited claim weigh the same; any invalid citation makes
    the draft high risk. A draft with no claims (e.g. "nothing was found") carries no risk.
    """
    if f.claims == 0:
        return INVALID_CITATION_FLOOR if f.invalid_citations else 0.0
    risk = 1.0 - f.supported_claims / f.claims
    if f.invalid_citations:
        risk = max(risk, INVALID_CITATION_FLOOR)
    return round(min(max(risk, 0.0), 1.0), 4)


def decide(f: RuleFindings, iteration: int = 1, max_iterations: int = 10) -> Verdict:
    """The rule-only verdict (the offline engine; the LLM judge adds to it in issue 5).

    Near the iteration limit a high-risk answer is accepted but marked as such.
    """
    risk = rule_risk(f)
    level = risk_level(risk)
    decision = {
        RiskLevel.LOW: Decision.ACCEPT,
        RiskLevel.MODERATE: Decision.REFINE,
        RiskLevel.HIGH: Decision.REJECT,
    }[level]
    at_limit = max_iterations > 0 and iteration >= max_iterations - 1
    if at_limit and decision is not Decision.ACCEPT:
        decision = Decision.ACCEPT
    reasons = [
        f"{f.cited_claims}/{f.claims} claims cited",
        f"{f.supported_claims}/{f.cited_claims} cited claims supported",
    ]
    if f.invalid_citations:
        reasons.append(f"invalid citations: {', '.join(f.invalid_citations[:5])}")
    if f.uncited_sentences:
        reasons.append(f"{len(f.uncited_sentences)} long sentences without a citation")
    if at_limit and level is not RiskLevel.LOW:
        reasons.append("accepted at the iteration limit despite the risk")
    citation_quality = f.citation_ratio * (0.0 if f.invalid_citations else 1.0)
    return Verdict(
        risk_score=risk,
        risk_level=level,
        decision=decision,
        rule_score=round(1.0 - risk, 4),
        citation_quality=round(citation_quality, 4),
        reasoning="; ".join(reasons),
        accepted_at_limit=at_limit and level is not RiskLevel.LOW,
    )
