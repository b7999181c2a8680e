"""Answer-level features for the offline hallucination model (:mod:`judge_svc.support_model`).

Every feature compares the draft's claims with their evidence (the chunks a claim validly
cites, or every source for an uncited claim). All are lexical and fast (a few milliseconds for a
500-word answer against a 2,000-word context); none needs a model. Words are lower-cased and
stemmed (:func:`judge_svc.terms.stem`); a Han character is one word.

- **novelty**: the share of the answer's content words, neighbouring content-word pairs, and
  word trigrams (stop words kept) that occur in no evidence;
- **unrelated pairs**: pairs of content words at most :data:`PAIR_WINDOW` apart in a claim,
  both of which the evidence contains, but never within :data:`TOGETHER_WINDOW` words of each
  other in one evidence sentence: the claim relates words the source does not relate (the
  typical summarization error, "wrong relations between words the source contains");
- **alignment**: the longest common subsequence of a claim's content words with the best of
  the :data:`MAX_ALIGN_SENTENCES` evidence sentences sharing most of its words, over the
  claim's content words (the first :data:`MAX_ALIGN_WORDS` of each);
- **length**: the answer's and the evidence's length (log words) and their ratio;
- **claim findings**: the lexical claim checks' findings (:mod:`judge_svc.claims`) per kind, as
  shares of the claims.

Tried on the tune half and dropped for adding nothing (5-fold cross-validation): subject–object
order flips within a window, words about the text itself (passage, article, summary), causal or
temporal connectives the evidence does not use, and the count of numbers and names.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from judge_svc.findings import ClaimReport, FindingKind
from judge_svc.rules import Sentence, Source
from judge_svc.sentences import split_sentences
from judge_svc.terms import is_stop_word, normalize, stem

FEATURE_NAMES: tuple[str, ...] = (
    "novel_words",
    "novel_pairs",
    "novel_trigrams",
    "max_claim_novel_trigrams",
    "unrelated_pairs",
    "max_claim_unrelated_pairs",
    "min_claim_alignment",
    "mean_claim_alignment",
    "log_answer_words",
    "log_source_words",
    "log_length_ratio",
    "unsupported_share",
    "contradictory_share",
    "over_extrapolation_share",
)

PAIR_WINDOW = 6
TOGETHER_WINDOW = 12
MAX_ALIGN_SENTENCES = 4
# The alignment of a longer claim or sentence is measured on its first words: the LCS is
# quadratic, and a 100,000-character draft without a full stop is one "claim".
MAX_ALIGN_WORDS = 150
_TOKEN = re.compile(r"[a-z0-9]+(?:'[a-z]+)?|[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")

Pair = tuple[str, str]
Trigram = tuple[str, str, str]


def tokens(text: str) -> list[str]:
    """Stemmed lower-case words and single Han characters, stop words kept."""
    return [stem(t) if t[0].isascii() else t for t in _TOKEN.findall(normalize(text))]


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence of two token lists."""
    if not a or not b:
        return 0
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, start=1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def near_pairs(words: Sequence[str], window: int) -> set[Pair]:
    """Unordered pairs (sorted) of different words at most ``window`` positions apart."""
    out: set[Pair] = set()
    add = out.add
    for i, a in enumerate(words):
        for b in words[i + 1 : i + 1 + window]:
            if a < b:
                add((a, b))
            elif b < a:
                add((b, a))
    return out


def trigrams(words: Sequence[str]) -> set[Trigram]:
    """Every run of three neighbouring words."""
    return {(words[i], words[i + 1], words[i + 2]) for i in range(len(words) - 2)}


@dataclass(frozen=True)
class _Evidence:
    words: frozenset[str]
    pairs: frozenset[Pair]
    trigrams: frozenset[Trigram]
    sentences: tuple[tuple[str, ...], ...]
    together: frozenset[Pair]
    size: int


@functools.lru_cache(maxsize=1024)
def _source_evidence(text: str) -> _Evidence:
    sentences = tuple(
        tuple(t for t in tokens(s) if not is_stop_word(t)) for s in split_sentences(text) or [text]
    )
    every = tokens(text)
    return _Evidence(
        words=frozenset(t for t in every if not is_stop_word(t)),
        pairs=frozenset(p for s in sentences for p in itertools.pairwise(s)),
        trigrams=frozenset(trigrams(every)),
        sentences=sentences,
        together=frozenset(p for s in sentences for p in near_pairs(s, TOGETHER_WINDOW)),
        size=len(every),
    )


def _pool(parts: Sequence[_Evidence]) -> _Evidence:
    if len(parts) == 1:
        return parts[0]
    return _Evidence(
        words=frozenset().union(*(p.words for p in parts)),
        pairs=frozenset().union(*(p.pairs for p in parts)),
        trigrams=frozenset().union(*(p.trigrams for p in parts)),
        sentences=tuple(s for p in parts for s in p.sentences),
        together=frozenset().union(*(p.together for p in parts)),
        size=sum(p.size for p in parts),
    )


def _alignment(claim: Sequence[str], evidence: _Evidence) -> float:
    if not claim:
        return 1.0
    words = set(claim)
    ranked = sorted(evidence.sentences, key=lambda s: -len(words.intersection(s)))
    head = claim[:MAX_ALIGN_WORDS]
    best = max(
        (lcs_length(head, s[:MAX_ALIGN_WORDS]) for s in ranked[:MAX_ALIGN_SENTENCES]), default=0
    )
    return best / len(head)


@dataclass(frozen=True)
class ClaimFeatures:
    """What the features say about one claim (the model names the worst claim)."""

    claim: str
    novel_trigrams: float
    unrelated_pairs: float
    alignment: float

    @property
    def doubt(self) -> float:
        """How unlike its evidence the claim reads (higher is worse), to rank claims."""
        return self.unrelated_pairs + self.novel_trigrams - self.alignment


@dataclass(frozen=True)
class AnswerFeatures:
    """The feature vector of one answer, in :data:`FEATURE_NAMES` order, and its claims."""

    values: tuple[float, ...]
    claims: tuple[ClaimFeatures, ...]

    def as_dict(self) -> dict[str, float]:
        """Name → value."""
        return dict(zip(FEATURE_NAMES, self.values, strict=True))

    def worst_claim(self) -> ClaimFeatures | None:
        """The claim reading least like its evidence, None without claims."""
        return max(self.claims, key=lambda c: c.doubt, default=None)


def _share(part: Collection[object], whole: Collection[object]) -> float:
    return len(part) / len(whole) if whole else 0.0


def answer_features(
    claims: Sequence[Sentence], sources: Sequence[Source], report: ClaimReport
) -> AnswerFeatures:
    """The features of an answer whose claims are ``claims`` (see the module docstring).

    ``report`` is the lexical checks' report on the same claims.
    """
    parts = [_source_evidence(s.text) for s in sources]
    everything = _pool(parts) if parts else _pool([_source_evidence("")])
    per_claim: list[ClaimFeatures] = []
    words: set[str] = set()
    novel_words: set[str] = set()
    pairs: set[Pair] = set()
    novel_pairs: set[Pair] = set()
    grams: set[Trigram] = set()
    novel_grams: set[Trigram] = set()
    related: set[Pair] = set()
    unrelated: set[Pair] = set()
    answer_words = 0
    for claim in claims:
        cited = [parts[i] for i in claim.source_indices if i < len(parts)]
        ev = _pool(cited) if cited else everything
        every = tokens(claim.bare)
        answer_words += len(every)
        content = [t for t in every if not is_stop_word(t)]
        words.update(content)
        novel_words.update(t for t in content if t not in ev.words)
        claim_pairs = set(itertools.pairwise(content))
        pairs |= claim_pairs
        novel_pairs |= claim_pairs - ev.pairs
        claim_grams = trigrams(every)
        grams |= claim_grams
        claim_novel = claim_grams - ev.trigrams
        novel_grams |= claim_novel
        near = {
            p for p in near_pairs(content, PAIR_WINDOW) if p[0] in ev.words and p[1] in ev.words
        }
        apart = near - ev.together
        related |= near
        unrelated |= apart
        per_claim.append(
            ClaimFeatures(
                claim=claim.bare,
                novel_trigrams=_share(claim_novel, claim_grams),
                unrelated_pairs=_share(apart, near),
                alignment=_alignment(content, ev),
            )
        )
    n = max(len(claims), 1)
    kinds = {k: len(report.texts(k)) / n for k in FindingKind}
    alignments = [c.alignment for c in per_claim] or [1.0]
    values = (
        _share(novel_words, words),
        _share(novel_pairs, pairs),
        _share(novel_grams, grams),
        max((c.novel_trigrams for c in per_claim), default=0.0),
        _share(unrelated, related),
        max((c.unrelated_pairs for c in per_claim), default=0.0),
        min(alignments),
        sum(alignments) / len(alignments),
        math.log1p(answer_words),
        math.log1p(everything.size),
        math.log((answer_words + 1) / (everything.size + 1)),
        kinds[FindingKind.UNSUPPORTED],
        kinds[FindingKind.CONTRADICTORY],
        kinds[FindingKind.OVER_EXTRAPOLATION],
    )
    return AnswerFeatures(values, tuple(per_claim))
