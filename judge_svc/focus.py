"""Where a question's focus lies in the evidence: lexical scores for answer sentences.

The question's content terms (:func:`focus_terms`: English stems, Han bigrams and Han
characters; a character alone still matches when a bigram crosses a word boundary, as in
「年假有幾天」 against 「十天年假」) are weighted by how rare they are among the sentences of
the sources the judge was given (an inverse document frequency over those sentences): the
entity a paragraph is about appears in most of its sentences and weighs little; the relation
asked for ("named after", 「名稱來源」) appears in few and weighs much. A term that is neither
in a source's title nor in half the sentences is a *relation* term. Two stricter sets serve the
vetoes of :mod:`judge_svc.relevance`: the *anchor* (the relation less any term that fills half
the sentences of the paragraphs holding it: counted over every source, a paragraph's subject grows
rare as unrelated passages are added, and the agent gives up to a dozen), and the relation
*asked* (the anchor's terms that, in Chinese, lie inside one of the question's jieba words).

The scores are what the relevance model reads (:mod:`judge_svc.relevance`):
- ``coverage``: the weighted share of the question's terms in the answer;
- ``best``: the same for the best sentence of the sources, and whether the answer holds it;
- ``relation_coverage``: the weighted share of the relation terms in the answer;
- ``sentence_anchor``: per answer sentence, the share of the anchor (a date or quantity must
  stand beside it); ``names_asked``: per sentence, whether it names the relation asked;
- ``entity``: the question's terms that are not the anchor (what it is about).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from judge_svc.grading import question_aspects
from judge_svc.sentences import split_sentences
from judge_svc.terms import content_terms, is_stop_word, normalize, stem
from mesh.glossary import capitalised_words, english_synonyms, found_in, gloss
from mesh.scripts import fold_script, same_language
from mesh.source_clause import without_source_clause
from mesh.spelling import meant
from mesh.text import HAN as _HAN
from mesh.value_words import asked_value_words, holds_value_for

# The interrogative itself is not the focus (the answer type check reads it): "how often",
# 「請問…是什麼」 would otherwise weigh as terms no source sentence holds.
_INTERROGATIVES = re.compile(
    # The unit of "which year" / 「哪一年」 / 「幾個」 goes with the interrogative: left behind,
    # 「年」 would count as the relation asked for and any year in a sentence would cover it.
    r"哪一年|哪一天|哪一個|哪一个|幾年|几年|幾天|几天|幾個|几个|幾點|几点|多少年|多少個|多少个|"
    r"\b(?:what|which) (?:years?|dates?|days?|century|centuries|decades?|months?|time)\b|"
    r"請問|请问|想問|想问|請教|请教|什麼|什么|甚麼|為什麼|为什么|為何|为何|如何|怎麼|怎么|怎樣|"
    r"怎样|哪裡|哪里|哪些|哪個|哪个|哪一|哪位|哪年|哪天|多少|幾|几|多久|是否|是不是|有沒有|"
    r"有没有|可以|能否|嗎|吗|呢|誰|谁|何時|何时|\b(?:supposed|meant) to\b|"
    # Modal words, "or" and the asker's pronouns: 「电脑或者账号出了问题应该找谁？」 is not
    # about "should"; no source sentence writes them, so they weighed the most.
    r"應該|应该|或者|我們|我们|我|你們|你们|你|"
    # Asking what a code or term means: 「成績等第 X 代表什麼情況？」 is answered by the row
    # 「X｜…｜說明：未參加期末考試」, which no source says "stands for" or "situation" in.
    r"代表什麼情況|代表什么情况|代表什麼|代表什么|是什麼意思|是什么意思|什麼意思|什么意思|"
    r"什麼情況|什么情况|甚麼情況|\bstands? for\b|\bmeans?(?=\s*[?？]?\s*$)|"
    # "How soon…" asks for a time as "how long" does; "do I need to" is a modal as "should"
    # is: no source sentence writes either, so they weighed the most.
    r"\bhow soon\b|\b(?:need|needs|have|has) to\b|"
    r"\b(?:how|what|which|who|whom|whose|when|"
    r"where|why|often|many|much|long|kind|type|tell|please|know|does|did|do)\b",
    re.I,
)
_EN_WORD = re.compile(r"[a-z][a-z-]+[a-z]")
# A term in at least this share of the source sentences is about the subject, not the relation
# (said only with enough sentences to count: below, only the titles name the subject).
SUBJECT_SHARE = 0.5
MIN_SENTENCES_FOR_SUBJECT = 4


@dataclass(frozen=True)
class FocusScores:
    """The question's focus against one answer and the sentences it could have quoted."""

    coverage: float
    best_coverage: float
    holds_best: bool
    relation_coverage: float
    sentence_coverage: tuple[float, ...]
    sentence_anchor: tuple[float, ...]
    names_asked: tuple[bool, ...]
    alternatives: tuple[str, ...]
    missing_terms: tuple[str, ...]
    has_focus: bool = True
    entity: frozenset[str] = frozenset()


@dataclass(frozen=True)
class FocusWeights:
    """Each question term's weight over a set of source sentences."""

    weights: dict[str, float]
    relation: frozenset[str]
    anchor: frozenset[str]
    asked: frozenset[str]

    @property
    def total(self) -> float:
        return sum(self.weights.values())

    @property
    def entity(self) -> frozenset[str]:
        """The question's terms that are not the anchor (in a title, or in half the sentences of
        the paragraphs holding them: what the question is about), words and Han bigrams only:
        one character names nothing."""
        return frozenset(
            t for t in self.weights if t not in self.anchor and (len(t) > 1 or not _HAN.match(t))
        )

    def share(self, terms: set[str], among: frozenset[str] | None = None) -> float:
        """The weighted share of the (relation) question terms found in ``terms``."""
        keys = self.weights.keys() if among is None else among
        total = sum(self.weights[t] for t in keys)
        if total <= 0:
            return 1.0 if among is not None else 0.0
        return sum(self.weights[t] for t in keys if t in terms) / total


def source_sentences(texts: Sequence[str]) -> list[list[str]]:
    """The sentences of each source, in order."""
    return [[s for s in split_sentences(text) if s.strip()] for text in texts]


def focus_terms(question: str) -> set[str]:
    """The question's content terms without its interrogative words.

    >>> sorted(focus_terms("How often are passwords rotated?"))
    ['password', 'rotat']
    """
    return terms_of(_INTERROGATIVES.sub(" ", without_source_clause(question)))


def terms_of(text: str) -> set[str]:
    """Content terms plus the Han characters that are not function words.

    >>> sorted(terms_of("年假有 天"))
    ['假', '假有', '天', '年', '年假']
    """
    chars = {c for c in _HAN.findall(normalize(text)) if not is_stop_word(c) and c not in "有"}
    return content_terms(text) | chars


def terms_in(question: str, sentence: str) -> set[str]:
    """:func:`terms_of` the sentence; for a sentence in the other language than the question,
    also the terms of each question word whose translation it holds (:mod:`mesh.glossary`):
    「分机：8123」 holds the question's "extension"."""
    terms = terms_of(sentence)
    # A word naming the kind of value asked is said by a value of that kind (「週日
    # 13:00至21:00」 says until when it is open, 「分機 8123」 which extension).
    for word in asked_value_words(question):
        if holds_value_for(word, sentence):
            terms |= terms_of(word)
    if same_language(question, sentence):
        return terms
    for g in gloss(question):
        if found_in(g.translations, sentence):
            terms |= terms_of(g.word)
    return terms


def _add_synonyms(question: str, sentences: list[set[str]]) -> None:
    """A question word that no sentence says, said by a synonym ("bike" by "bicycles"), counts as
    said where the synonym is. Only then: a document that says the word itself uses the word,
    and loose synonyms ("trip" for "travel") would move the focus."""
    said = set().union(*sentences) if sentences else set()
    for term, same in _synonym_terms(question):
        if term in said:
            continue
        for terms in sentences:
            if same & terms:
                terms.add(term)


def _add_misspelt(question: str, texts: Sequence[str], sentences: list[set[str]]) -> None:
    """A question word no sentence says that misspells a word of the sentences ("minbus" for
    "minibus", :mod:`mesh.spelling`) counts as said where that word is."""
    said = set().union(*sentences) if sentences else set()
    asked = [
        w
        for w in _EN_WORD.findall(normalize(_INTERROGATIVES.sub(" ", question)))
        if not is_stop_word(w) and stem(w) not in said
    ]
    if not asked:
        return
    vocabulary = {w for t in texts for w in _EN_WORD.findall(normalize(t))}
    for word in asked:
        right = meant(word, vocabulary)
        if right is None:
            continue
        for terms in sentences:
            if stem(right) in terms:
                terms.add(stem(word))


@functools.lru_cache(maxsize=256)
def _synonym_terms(question: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """Each English term of the question and the terms of its one-word synonyms
    (:func:`mesh.glossary.english_synonyms`)."""
    out: list[tuple[str, frozenset[str]]] = []
    names = capitalised_words(question)
    for word in set(_EN_WORD.findall(normalize(_INTERROGATIVES.sub(" ", question)))):
        if is_stop_word(word) or word in names:
            continue
        same = frozenset(stem(s) for s in english_synonyms(word)) - {stem(word)}
        if same:
            out.append((stem(word), same))
    return tuple(out)


def focus_weights(
    question: str, paragraphs: Sequence[Sequence[set[str]]], titles: set[str]
) -> FocusWeights:
    """Inverse sentence frequency of each question term over every source sentence; which terms
    are the relation for the model (neither in a title nor in half of all source sentences) and
    which the anchor and the relation asked (see the module's notes)."""
    terms = focus_terms(question)
    sentences = [s for p in paragraphs for s in p]
    n = len(sentences)
    freq = {t: sum(1 for s in sentences if t in s) for t in terms}
    weights = {t: math.log((n + 1) / (freq[t] + 0.5)) for t in terms}
    common = n * SUBJECT_SHARE if n >= MIN_SENTENCES_FOR_SUBJECT else math.inf
    # A word naming the kind of value asked ("number", 「開到」) is what is asked, however many
    # sentences hold such a value (:func:`terms_in`), never the subject.
    valued = {t for w in asked_value_words(question) for t in terms_of(w)} & terms
    relation = frozenset(t for t in terms if t not in titles and freq[t] < common) | valued
    words = [fold_script(w) for w in question_aspects(question) if _HAN.search(w)]
    anchor = frozenset(t for t in relation if t in valued or not is_subject(t, paragraphs))
    asked = frozenset(t for t in anchor if _in_a_word(t, words))
    return FocusWeights(weights, relation, anchor, asked)


def _in_a_word(term: str, words: Sequence[str]) -> bool:
    """Whether a Han term lies inside one of the question's words (jieba's, as the grader cuts
    them): 「總部」 and 「導演」 can name the relation asked for; a bigram across two words
    (「部設」 of 「總部設在」) or one character alone matches almost any sentence. Terms of other
    scripts always can."""
    return not _HAN.search(term) or (len(term) > 1 and any(term in w for w in words))


def is_subject(term: str, paragraphs: Sequence[Sequence[set[str]]]) -> bool:
    """Whether ``term`` is in at least half the sentences of the paragraphs that hold it (said
    only when those have enough sentences to count)."""
    holding = [p for p in paragraphs if any(term in s for s in p)]
    n = sum(len(p) for p in holding)
    if n < MIN_SENTENCES_FOR_SUBJECT:
        return False
    return sum(1 for p in holding for s in p if term in s) >= n * SUBJECT_SHARE


def score_focus(
    question: str, answer_sentences: Sequence[str], source_texts: Sequence[str], titles: set[str]
) -> FocusScores:
    """How well the answer's sentences, and the best source sentences, cover the question."""
    paragraphs = source_sentences(source_texts)
    sentences = [s for p in paragraphs for s in p]
    paragraph_terms = [[terms_in(question, s) for s in p] for p in paragraphs]
    answer_terms = [terms_in(question, s) for s in answer_sentences]
    _add_synonyms(question, [*(t for p in paragraph_terms for t in p), *answer_terms])
    _add_misspelt(
        question,
        [*sentences, *answer_sentences],
        [*(t for p in paragraph_terms for t in p), *answer_terms],
    )
    sentence_terms = [t for p in paragraph_terms for t in p]
    weights = focus_weights(question, paragraph_terms, titles)
    union: set[str] = set().union(*answer_terms) if answer_terms else set()
    coverage = weights.share(union)
    ranked = sorted(
        ((weights.share(t), s) for t, s in zip(sentence_terms, sentences, strict=True)),
        key=lambda p: -p[0],
    )
    best = ranked[0][0] if ranked else 0.0
    quoted = [_squash(s) for s in answer_sentences]
    alternatives = tuple(s for _, s in ranked[:3] if not _quotes(quoted, s))[:2]
    missing = sorted(weights.asked - union, key=lambda t: -weights.weights[t])
    return FocusScores(
        coverage=coverage,
        best_coverage=best,
        holds_best=coverage >= best - 1e-9,
        relation_coverage=weights.share(union, weights.relation),
        sentence_coverage=tuple(weights.share(t) if weights.weights else 1.0 for t in answer_terms),
        sentence_anchor=tuple(weights.share(t, weights.anchor) for t in answer_terms),
        names_asked=tuple(_names(weights.asked, t) for t in answer_terms),
        alternatives=alternatives,
        missing_terms=tuple(missing[:5]),
        has_focus=bool(weights.weights),
        entity=weights.entity,
    )


def _names(asked: frozenset[str], terms: set[str]) -> bool:
    """Whether a sentence names the relation asked for, loosely: one of its terms, or the last
    character of a Han word of it (Chinese compounds end in their head: 「之子」 names 「兒子」,
    「原址」 names 「地址」, 「創刊」 does not name 「創辦」). True when nothing is asked."""
    if not asked:
        return True
    return any(t in terms or (_head(t) and t[-1] in terms) for t in asked)


# Heads too common to name a relation alone: 「人」 of 「創辦人」 is in 「人數」, 「長」 of 「局長」
# in 「行政長官」 (both answered "who" with a line naming no one, on the refusal set's tune half).
_GENERIC_HEADS = frozenset("人者員员家長长性度量數数率期時时日年間间地所處处方法式物品")


def _head(term: str) -> bool:
    return bool(_HAN.fullmatch(term[-1])) and term[-1] not in _GENERIC_HEADS


def _squash(text: str) -> str:
    return "".join(text.split())


def _quotes(quoted: Sequence[str], sentence: str) -> bool:
    s = _squash(sentence)
    return any(s in q or q in s for q in quoted if q)
