"""The four evaluation dimensions, measured offline (the LLM judge reports its own).

- completeness: share of the question's content terms the answer covers (1 without question);
- relevance: share of claims that share a term with the question (1 without question);
- citation quality: share of claims validly cited, scaled down by the share of invalid ids;
- consistency: share of claims not contradicting their sources.
"""

from __future__ import annotations

from judge_svc.claims import ClaimReport, FindingKind
from judge_svc.rules import RuleReport
from judge_svc.scoring import Dimensions
from judge_svc.terms import content_terms


def offline_dimensions(question: str, rules: RuleReport, claims: ClaimReport) -> Dimensions:
    """Completeness, relevance, citation quality and consistency, each 0-1, with notes."""
    q_terms = content_terms(question) if question.strip() else set()
    claim_terms = [content_terms(c.bare) for c in rules.claims]
    answer_terms: set[str] = set().union(*claim_terms) if claim_terms else set()
    if q_terms:
        covered = q_terms & answer_terms
        completeness = len(covered) / len(q_terms)
        missing = sorted(q_terms - answer_terms)[:5]
        completeness_notes = f"answer covers {len(covered)}/{len(q_terms)} question terms" + (
            f"; missing: {', '.join(missing)}" if missing else ""
        )
        on_topic = sum(1 for t in claim_terms if t & q_terms)
        relevance = on_topic / len(claim_terms) if claim_terms else 0.0
        relevance_notes = f"{on_topic}/{len(claim_terms)} claims share a term with the question"
    else:
        completeness, relevance = 1.0, 1.0
        completeness_notes = relevance_notes = "no question given"
    ids = len(rules.valid_citations) + len(rules.invalid_citations)
    valid_share = len(rules.valid_citations) / ids if ids else 1.0
    per_claim = rules.cited_claims / rules.total_claims if rules.total_claims else 1.0
    contradictions = len(claims.texts(FindingKind.CONTRADICTORY))
    consistency = 1.0 - contradictions / claims.claims if claims.claims else 1.0
    return Dimensions(
        completeness=round(completeness, 4),
        relevance=round(relevance, 4),
        citation_quality=round(per_claim * valid_share, 4),
        consistency=round(max(consistency, 0.0), 4),
        completeness_notes=completeness_notes,
        relevance_notes=relevance_notes,
        citation_notes=(
            f"{rules.cited_claims}/{rules.total_claims} claims validly cited; "
            f"{len(rules.invalid_citations)} invalid id(s)"
        ),
        consistency_notes=f"{contradictions} claim(s) contradict their sources",
    )
