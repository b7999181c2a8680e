"""The judge: rules, claim support, the LLM judge when configured, one verdict.

``judge_offline`` is synchronous and deterministic (rules + claim support); ``judge`` adds the
LLM judge when one is configured and degrades to the offline verdict, saying why, when the LLM
fails at either stage.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from judge_svc.claims import ClaimChecker, ClaimReport, FindingKind
from judge_svc.dimensions import offline_dimensions
from judge_svc.llm_judge import EvaluationResult, LLMJudge, LLMJudgeError
from judge_svc.relevance import RelevanceChecker, RelevanceInput, RelevanceReport
from judge_svc.rules import RatioMode, RuleReport, Source, detect_hallucination
from judge_svc.scoring import Decision, Dimensions, Evaluation, Outcome, decide
from judge_svc.sentences import CJK_WEIGHT
from mesh.embedding import Vector

OFFLINE_MODEL = "rules+claim-support"
OFF_TOPIC_LINES = "lines that do not address the question"
LLM_OFF_TOPIC = "the LLM judge found it does not address the question"


@dataclass(frozen=True)
class RuleConfig:
    """The rule thresholds, in Latin-character units."""

    long_units: float = 50
    claim_units: float = 20
    cjk_weight: float = CJK_WEIGHT
    ratio_mode: RatioMode = "per_claim"


@dataclass(frozen=True)
class JudgeInput:
    """One draft to judge."""

    draft: str
    sources: Sequence[Source]
    question: str = ""
    iteration: int = 1
    max_iterations: int = 10
    question_vector: Vector | None = None
    standalone_question: str = ""


@dataclass(frozen=True)
class Verdict:
    """Everything the judge concluded about one draft."""

    outcome: Outcome
    rules: RuleReport
    claims: ClaimReport
    dimensions: Dimensions
    evaluation: Evaluation
    rule_score: float
    llm_score: float | None
    confidence: float
    unsupported_claims: list[str]
    contradictory_info: list[str]
    over_extrapolation: list[str]
    reasoning: str
    notes: str
    judge_model: str
    degraded_reason: str = ""
    prompt_versions: dict[str, str] = field(default_factory=dict)
    relevance: RelevanceReport | None = None

    @property
    def addresses_question(self) -> bool:
        """Whether the draft was found to address its question (true when not assessed)."""
        return self.relevance is None or self.relevance.addresses_question

    @property
    def has_claim_findings(self) -> bool:
        """Whether any claim was found unsupported, contradictory or over-extrapolated."""
        return bool(self.unsupported_claims or self.contradictory_info or self.over_extrapolation)


class Judge:
    """Judges drafts; safe to share between concurrent calls."""

    def __init__(
        self,
        *,
        rules: RuleConfig | None = None,
        checker: ClaimChecker | None = None,
        llm: LLMJudge | None = None,
        relevance: RelevanceChecker | None = None,
        refine_off_topic_lines: bool = True,
    ) -> None:
        self.rule_config = rules or RuleConfig()
        self.checker = checker or ClaimChecker()
        self.llm = llm
        self.relevance = relevance or RelevanceChecker()
        self.refine_off_topic_lines = refine_off_topic_lines

    def check_relevance(self, inp: JudgeInput, rules: RuleReport) -> RelevanceReport:
        """Whether the draft addresses the question (:mod:`judge_svc.relevance`), as asked or,
        for a follow-up, as rewritten to stand alone."""
        report = self.relevance.check(
            RelevanceInput(inp.question, rules.sentences, inp.sources, inp.question_vector)
        )
        standalone = inp.standalone_question.strip()
        if report.addresses_question or not standalone or standalone == inp.question.strip():
            return report
        rewritten = self.relevance.check(RelevanceInput(standalone, rules.sentences, inp.sources))
        return rewritten if rewritten.addresses_question else report

    def detect(self, inp: JudgeInput) -> RuleReport:
        """The rule-based checks alone."""
        c = self.rule_config
        return detect_hallucination(
            inp.draft,
            inp.sources,
            long_units=c.long_units,
            claim_units=c.claim_units,
            cjk_weight=c.cjk_weight,
            ratio_mode=c.ratio_mode,
        )

    def judge_offline(self, inp: JudgeInput, degraded_reason: str = "") -> Verdict:
        """Rules + claim support; the claim-support score takes the LLM's place."""
        rules = self.detect(inp)
        claims = self.checker.check(rules.claims, inp.sources)
        evaluation = Evaluation(
            source="claim_support",
            score=claims.score,
            hallucination_risk=claims.risk,
            names_unsupported_claims=bool(claims.texts(FindingKind.CONTRADICTORY)),
            says_some_claims_lack_support=bool(claims.findings),
        )
        relevance = self.check_relevance(inp, rules)
        dims = with_relevance(offline_dimensions(inp.question, rules, claims), relevance)
        outcome = decide(
            rules,
            evaluation,
            dims,
            iteration=inp.iteration,
            max_iterations=inp.max_iterations,
            addresses_question=relevance.addresses_question,
        )
        outcome = self._lines_refined(outcome, relevance)
        note = (
            "offline: the claim-support score takes the LLM judge's place"
            if not degraded_reason
            else f"LLM judge failed ({degraded_reason}); the claim-support score takes its place"
        )
        return self._verdict(
            outcome,
            rules,
            claims,
            dims,
            evaluation,
            llm_score=None,
            confidence=_offline_confidence(rules, claims),
            unsupported=claims.texts(FindingKind.UNSUPPORTED),
            contradictory=claims.texts(FindingKind.CONTRADICTORY),
            over=claims.texts(FindingKind.OVER_EXTRAPOLATION),
            extra_reasons=claims.reasons(),
            engine_note=note,
            judge_model=OFFLINE_MODEL,
            degraded_reason=degraded_reason,
            relevance=relevance,
        )

    async def judge(self, inp: JudgeInput) -> Verdict:
        """The LLM judge when configured (falling back offline on failure), else offline."""
        # The offline checks run in a worker thread: with embeddings they take a while.
        if self.llm is None or not inp.draft.strip():
            return await asyncio.to_thread(self.judge_offline, inp)
        rules = self.detect(inp)
        try:
            result = await self.llm.evaluate(inp.question, inp.draft, inp.sources, rules)
        except LLMJudgeError as exc:
            return await asyncio.to_thread(self.judge_offline, inp, str(exc))
        claims = await asyncio.to_thread(self.checker.check, rules.claims, inp.sources)
        relevance = await asyncio.to_thread(self.check_relevance, inp, rules)
        return self._from_llm(inp, rules, claims, result, relevance)

    def _from_llm(
        self,
        inp: JudgeInput,
        rules: RuleReport,
        claims: ClaimReport,
        result: EvaluationResult,
        relevance: RelevanceReport,
    ) -> Verdict:
        assert self.llm is not None
        h = result.hallucination
        evaluation = Evaluation(
            source="llm",
            score=result.score,
            hallucination_risk=h.risk_score,
            names_unsupported_claims=bool(h.unsupported_claims or h.contradictory_info),
            says_some_claims_lack_support=bool(h.over_extrapolation) or h.has_risk,
        )
        dims = Dimensions(
            completeness=result.completeness_score,
            relevance=result.relevance_score,
            citation_quality=result.citation_quality_score,
            consistency=result.consistency_score,
            completeness_notes=result.completeness_notes,
            relevance_notes=result.relevance_notes,
            citation_notes=result.citation_notes,
            consistency_notes=result.consistency_notes,
        )
        outcome = decide(
            rules,
            evaluation,
            dims,
            iteration=inp.iteration,
            max_iterations=inp.max_iterations,
            addresses_question=llm_addresses_question(dims),
        )
        relevance = with_llm_lines(_gated_by_llm(relevance, dims), result.off_topic_sentences)
        outcome = self._lines_refined(outcome, relevance)
        mode = "two-stage" if self.llm.two_stage else "single-stage"
        return self._verdict(
            outcome,
            rules,
            claims,
            dims,
            evaluation,
            llm_score=result.score,
            confidence=result.confidence,
            unsupported=_merge(h.unsupported_claims, claims.texts(FindingKind.UNSUPPORTED)),
            contradictory=_merge(h.contradictory_info, claims.texts(FindingKind.CONTRADICTORY)),
            over=_merge(h.over_extrapolation, claims.texts(FindingKind.OVER_EXTRAPOLATION)),
            extra_reasons=[f"LLM: {result.reasoning}"] + ([h.notes] if h.notes else []),
            engine_note=f"LLM judge ({mode}) decided {result.decision}",
            judge_model=f"llm-{mode}",
            degraded_reason="",
            prompt_versions=self.llm.prompt_versions(),
            relevance=relevance,
        )

    def _lines_refined(self, outcome: Outcome, relevance: RelevanceReport) -> Outcome:
        """An accepted draft holding lines that do not address the question is refined instead,
        those lines named in the verdict, so the agent drops them (issue 28)."""
        off = relevance.off_topic_lines
        if (
            not self.refine_off_topic_lines
            or outcome.decision is not Decision.ACCEPT
            or outcome.accepted_at_limit
            or not off
            or len(off) == len(relevance.lines)
        ):
            return outcome
        criteria = [*outcome.criteria, OFF_TOPIC_LINES]
        return replace(
            outcome, decision=Decision.REFINE, criteria=criteria, accepted_at_limit=False
        )

    def _verdict(
        self,
        outcome: Outcome,
        rules: RuleReport,
        claims: ClaimReport,
        dims: Dimensions,
        evaluation: Evaluation,
        *,
        llm_score: float | None,
        confidence: float,
        unsupported: list[str],
        contradictory: list[str],
        over: list[str],
        extra_reasons: list[str],
        engine_note: str,
        judge_model: str,
        degraded_reason: str,
        prompt_versions: dict[str, str] | None = None,
        relevance: RelevanceReport | None = None,
    ) -> Verdict:
        reasons = [
            f"{rules.cited_claims}/{rules.total_claims} claims validly cited",
            f"rule risk {rules.risk_score:.2f}",
            f"{evaluation.source.replace('_', ' ')} score {evaluation.score:.2f}",
        ]
        if rules.invalid_citations:
            reasons.append("invalid citations: " + ", ".join(rules.invalid_citations[:5]))
        if rules.uncited_count:
            reasons.append(f"{rules.uncited_count} long sentence(s) without a citation")
        reasons.extend(extra_reasons)
        if relevance is not None and relevance.assessed:
            said = "addresses" if relevance.addresses_question else "does not address"
            reasons.append(f"{said} the question ({relevance.relevance_notes})")
        if outcome.criteria:
            reasons.append("criteria: " + ", ".join(outcome.criteria))
        if outcome.accepted_at_limit:
            reasons.append(
                f"accepted near the iteration limit despite {outcome.risk_level.value} risk"
            )
        notes = "; ".join(n for n in (rules.note, engine_note) if n)
        return Verdict(
            outcome=outcome,
            rules=rules,
            claims=claims,
            dimensions=dims,
            evaluation=evaluation,
            rule_score=round(1.0 - rules.risk_score, 4),
            llm_score=llm_score,
            confidence=round(confidence, 4),
            unsupported_claims=unsupported,
            contradictory_info=contradictory,
            over_extrapolation=over,
            reasoning="; ".join(reasons),
            notes=notes,
            judge_model=judge_model,
            degraded_reason=degraded_reason,
            prompt_versions=prompt_versions or {},
            relevance=relevance,
        )


# The LLM judge's own scores gate its verdict: below either, the draft does not address the
# question (a partial answer that says what it leaves open keeps completeness at 0.4 or more).
LLM_MIN_RELEVANCE = 0.5
LLM_MIN_COMPLETENESS = 0.4


def llm_addresses_question(dims: Dimensions) -> bool:
    """The LLM judge's relevance and completeness scores are both high enough."""
    return dims.relevance >= LLM_MIN_RELEVANCE and dims.completeness >= LLM_MIN_COMPLETENESS


def _gated_by_llm(offline: RelevanceReport, dims: Dimensions) -> RelevanceReport:
    """The offline report with the LLM's decision on whether the draft addresses the question."""
    return replace(offline, addresses_question=llm_addresses_question(dims))


def with_llm_lines(relevance: RelevanceReport, named: Sequence[str]) -> RelevanceReport:
    """The offline line verdicts with the sentences the LLM judge named off the question."""
    quoted = [_squash(t) for t in named if _squash(t)]
    if not quoted:
        return relevance
    lines = [
        replace(line, addresses=False, reason=LLM_OFF_TOPIC)
        if line.addresses
        and any(q in _squash(line.text) or _squash(line.text) in q for q in quoted)
        else line
        for line in relevance.lines
    ]
    return replace(relevance, lines=lines)


def _squash(text: str) -> str:
    return "".join(text.split()).casefold()


def with_relevance(dims: Dimensions, relevance: RelevanceReport) -> Dimensions:
    """The offline dimensions with relevance and completeness from the relevance check."""
    if not relevance.assessed:
        return dims
    return replace(
        dims,
        relevance=relevance.score,
        completeness=relevance.completeness,
        relevance_notes=relevance.relevance_notes,
        completeness_notes=relevance.completeness_notes,
    )


def _merge(first: list[str], second: list[str]) -> list[str]:
    return list(dict.fromkeys([*first, *second]))


def _offline_confidence(rules: RuleReport, claims: ClaimReport) -> float:
    """Lexical checks are surer with more claims to look at and clear-cut support."""
    if rules.total_claims == 0:
        return 0.5
    decided = sum(1 for s in claims.support if s >= 0.8 or s < 0.3)
    return 0.5 + 0.4 * decided / max(len(claims.support), 1)
