"""Document grading for the agent's retry loop (seed 003's relevance evaluator).

Are the collected chunks enough to answer the question? Offline, the question's aspects are its
content words (English words; Chinese words cut by jieba, so ``保修政策`` is two aspects, not
one four-character run that a passage about 保修 never contains); a chunk covers an aspect
when it contains it (a Chinese word through its characters' bigrams). Coverage is the share of
aspects some chunk covers, and a chunk's relevance the share of the question's aspects it
covers, each weighted by how rare the word is (:func:`aspect_weight`: jieba's IDF table for
Chinese, wordfreq's frequencies for English); the verdict is
SUFFICIENT when coverage reaches ``min_coverage`` and at least one chunk is relevant,
otherwise INSUFFICIENT with the missing aspects. With an LLM configured the grader asks it
(``prompts/judge/grading.jinja``, forced tool ``record_grade``) and falls back to the lexical
grade when it fails.
"""

from __future__ import annotations

import functools
import logging
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

import jieba
import snowballstemmer
import wordfreq
from pydantic import BaseModel, ConfigDict, Field

from judge_svc.terms import content_terms
from judge_svc.terms import normalize_as_written as normalize
from mesh import glossary
from mesh.calendar_days import is_day_word, names_a_day
from mesh.glossary import (
    capitalised_words,
    english_synonyms,
    found_in,
    gloss,
    spelled_in_pinyin,
)
from mesh.llm.base import LLMClient, LLMError, Message
from mesh.llm.structured import structured_output, tool_from_model
from mesh.prompts import PromptLibrary
from mesh.ranges import in_a_range, names_a_number
from mesh.scripts import fold_script, same_day_words
from mesh.source_clause import without_source_clause
from mesh.spelling import meant
from mesh.text import base_form, holds_marked_letter, load_verb_tables, marked_letters
from mesh.value_words import holds_value_for

_EN_WORD = re.compile(r"[a-z][a-z0-9'-]+|\d+(?:\.\d+)?")
_POSSESSIVE = re.compile(r"'s?$")
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
_QUESTION_WORDS = frozenset(
    """what which who whom whose when where why how does do did is are was were can could should
    would will the a an of to in on for and or with about tell me please explain describe list
    give show there this that these those any some much many it its they them i we my our
    your their he she his her has have had be been from by at as if then than so not summarize
    summarise you name type types kind kinds sort called after before during within into
    supposed meant""".split()
)
_HOW_MEASURE = re.compile(r"\bhow (?:long|often|soon|far|old)\b")
# 「什么时候」 asks "when" (left in, 「时候」 is an aspect no passage holds) and 「如果」 is "if":
# the question's words are matched against the Simplified-folded text, longest first.
_ZH_QUESTION_WORDS = (
    "什么时候 如果 為什麼 为什么 什麼 什么 如何 怎麼 怎么 怎樣 怎样 哪些 哪個 哪个 多少 多久 是否 "
    "請問 请问 可以 能否 有沒有 有没有 需要 需不需要 几天 几点 多长 总结 概述 介绍"
).split()
# "Which …" with its measure word (哪一年, 哪一種, 哪位, 哪國) and "who": blanked like the words
# above. Left in, 「哪一」 or 「為哪」 became an aspect no passage holds (a tenth of DRCD's gold
# paragraphs graded under 0.35 for it on the tune half of `groundmesh bench grade`).
_ZH_WHICH = re.compile(
    r"哪[一几]?[个种年天位国些里边儿方部类项次段条件本首座家所场届月日]?|几[个百千万倍次岁年天日]?|谁|何时"
)
# "One / two of a kind" (一个, 一种, 两条): a numeral and its measure word say nothing to look for.
_ZH_COUNTED = re.compile(r"[一两][个种条位部次件项类座本首]")
# Words of one or more of these characters carry no content (幾天 and 幾點 ask "how many").
# 又 ("also": 又名, 又叫) ends a run of single characters: 「沼蛉又稱」 is the name 「沼蛉」 and 稱.
_ZH_STOP_CHARS = re.compile(r"[的是有要我你嗎吗呢幾几了在和與与及或都就會会能該该天点點于為为又]+")
GRADE_CHUNK_CHARS = 3000
# When some passage holds a name the question asks about, a passage holding none of its names
# keeps this share of its grade: another company's policy shares every other word of "Which
# taxpayer ID must appear on hotel invoices under Hualan Logistics' travel policy?".
OTHER_NAME_SHARE = 0.5
# An aspect found only through an English synonym ("bicycles" for "bike") counts this share of
# its weight: the dictionary's synonyms are senses shared through a Chinese word, some loose.
SYNONYM_SHARE = 0.25

jieba.setLogLevel(logging.WARNING)


class Sufficiency(StrEnum):
    """The grader's verdict."""

    SUFFICIENT = "SUFFICIENT"
    INSUFFICIENT = "INSUFFICIENT"


@dataclass(frozen=True)
class GradeChunk:
    """A chunk to grade."""

    chunk_id: str
    text: str


@dataclass(frozen=True)
class ChunkGrade:
    """How much one chunk helps."""

    chunk_id: str
    relevance: float
    relevant: bool
    covered_aspects: list[str]


@dataclass(frozen=True)
class Grade:
    """The grader's verdict, the missing aspects and per-chunk grades."""

    verdict: Sufficiency
    missing_aspects: list[str]
    chunk_grades: list[ChunkGrade]
    coverage: float
    reasoning: str
    grader_model: str


def _zh_pieces(run: str) -> list[str]:
    """The content words of one run of Han characters, in the run's own script.

    jieba cuts the script-folded (Simplified) run, since its dictionary is mostly Simplified;
    question words are blanked first. Words made only of function characters are dropped, and
    neighbouring single characters that are not function characters are joined (jieba cuts
    ``年假`` into ``年`` ``假``): one character alone is too common to look for.
    """
    folded = fold_script(run)
    source = run if len(folded) == len(run) else folded
    mask = _ZH_WHICH.sub(lambda m: " " * len(m.group()), folded)
    for word in _ZH_QUESTION_WORDS:
        mask = mask.replace(word, " " * len(word))
    pieces: list[str] = []
    single = ""
    position = 0
    for token in jieba.cut(mask, HMM=False):
        start, position = position, position + len(token)
        word = source[start:position]
        content = not (
            token.isspace() or _ZH_STOP_CHARS.fullmatch(token) or _ZH_COUNTED.fullmatch(token)
        )
        if content and len(token) == 1:
            single += word
            continue
        if len(single) > 1:
            pieces.append(single)
        single = ""
        if content:
            pieces.append(word)
    if len(single) > 1:
        pieces.append(single)
    return pieces


def question_aspects(question: str) -> list[str]:
    """The content words of a question, in order, without question words.

    English: words minus question and stop words. Chinese: jieba's words of each run of Han
    characters minus question words and function characters (:func:`_zh_pieces`).

    >>> question_aspects("How often do passwords rotate?")
    ['passwords', 'rotate']
    >>> question_aspects("員工請假要提前幾天申請？")
    ['員工', '請假', '提前', '申請']
    >>> question_aspects("保修政策是什么？")
    ['保修', '政策']
    """
    # "How long", "how often": the measure asked goes with "how" (a passage says "within 90
    # days", never "long").
    low = _HOW_MEASURE.sub("how", normalize(without_source_clause(question)))
    # A possessive is its noun: "Chengguang's", "Logistics'".
    words = (_POSSESSIVE.sub("", w) for w in _EN_WORD.findall(low))
    aspects = [w for w in words if w and w not in _QUESTION_WORDS]
    aspects += marked_letters(low)  # "B+": the grade asked, not any B
    for run in _HAN_RUN.findall(low):
        aspects.extend(_zh_pieces(run))
    # Two spellings of one word (zh-Hant and zh-Hans in one question) are one aspect.
    unique: dict[str, str] = {}
    for aspect in aspects:
        unique.setdefault(fold_script(aspect), aspect)
    return list(unique.values())


def aspect_weight(aspect: str) -> float:
    """How much finding ``aspect`` says about a passage: a Chinese word's inverse document
    frequency in jieba's bundled table (公司 3.5, 政策 4.5, 保修 10.8, 健身房 10.6), so a
    passage that only shares a common word with the question (``公司有健身房嗎？`` and a
    passage about some company) is not half relevant. English words weigh their inverse
    frequency in wordfreq's English table on the same scale (:func:`english_weight`); Chinese
    words the table lacks, numbers and grade letters weigh the table's median (11.95): as much
    as a rare word."""
    table, median = _idf_table()
    if marked_letters(aspect) == [aspect]:
        return median  # a grade letter asked ("B+")
    if not _HAN_RUN.fullmatch(aspect):
        return english_weight(aspect, median)
    folded = fold_script(aspect)
    if folded not in table and is_joined(aspect):
        # A run joined from single characters is rarely a word (「證丟」 of 「證丟了」, 「號發」 of
        # 「幾號發」); weighed as an unknown word (the median) it outweighs the question's real
        # words, and no passage holds it. It weighs what its characters weigh on average.
        return sum(table.get(c, median) for c in folded) / len(folded)
    return table.get(folded, median)


# An English word's weight is an inverse frequency on the IDF table's scale: (ZIPF_TOP − its
# Zipf frequency) × ln 10 (wordfreq's Zipf is log10 of uses per billion words, so this is the
# word's −ln frequency, offset so that "the" weighs about one). Words wordfreq has never seen
# (names: "Harbourline") weigh at most ENGLISH_MAX_SHARE × the table's median.
ZIPF_TOP = 8.2
ENGLISH_MAX_SHARE = 1.2


@functools.lru_cache(maxsize=16384)
def english_weight(word: str, median: float) -> float:
    """How much finding an English word says: "items" (Zipf 4.8) 7.9, "day" (6.0) 5.2,
    "audiovisual" (2.9) 12.1, an unknown name 14.3. A word holding a digit (a number, a code)
    weighs the median, as every English word did before: a passage about "library overdue
    fines" is not half relevant for sharing "items", "per" and "day" with the question."""
    if any(c.isdigit() for c in word) or not word.isascii():
        return median
    zipf = wordfreq.zipf_frequency(word, "en")
    return min(max(ZIPF_TOP - zipf, 0.5) * math.log(10), ENGLISH_MAX_SHARE * median)


@functools.lru_cache(maxsize=4096)
def is_joined(aspect: str) -> bool:
    """Whether a Chinese aspect is a run of characters jieba cut one by one (and
    :func:`_zh_pieces` joined): 「特休」 and 「筆電」, words its dictionary lacks, but also
    「證丟」 of 「停車證丟了」, two words' ends."""
    folded = fold_script(aspect)
    return len(folded) > 1 and all(len(t) == 1 for t in jieba.cut(folded, HMM=False))


def _covers_joined(aspect: str, low_text: str) -> bool:
    """A joined run (:func:`is_joined`) is covered when its characters are in the passage, all
    but one of a run of three or more: 「內賠」 by 「三十日內賠償」, which holds no bigram of
    a pseudo-word spanning two words."""
    found = sum(c in low_text for c in aspect)
    return found >= (len(aspect) if len(aspect) == 2 else len(aspect) - 1)


def question_weights(question: str, aspects: Sequence[str]) -> dict[str, float]:
    """Each aspect's :func:`aspect_weight`; a name the question capitalises ("the Willow
    Room") weighs at least the median, however common its words: it is what is asked about."""
    median = _idf_table()[1]
    capitalised = capitalised_words(question)
    return {a: max(aspect_weight(a), median if a in capitalised else 0.0) for a in aspects}


@functools.cache
def _idf_table() -> tuple[dict[str, float], float]:
    from jieba.analyse import default_tfidf

    return default_tfidf.idf_freq, default_tfidf.median_idf


_SNOWBALL = snowballstemmer.stemmer("english")


@functools.lru_cache(maxsize=65536)
def english_stem(word: str) -> str:
    """The Snowball (Porter 2) stem: "appearances" and "appeared" are both "appear", which the
    claim checker's crude stem (:func:`judge_svc.terms.stem`) keeps apart; an irregular verb
    form is its base's (:func:`mesh.text.base_form`: "led" is "lead")."""
    return str(_SNOWBALL.stemWord(base_form(word)))


def passage_stems(low_text: str) -> set[str]:
    """The Snowball stems of a passage's English words, each also without a final "-ment"
    (:func:`verb_stem`)."""
    stems = {english_stem(w) for w in _EN_WORD.findall(low_text) if not w[0].isdigit()}
    return stems | {verb_stem(s) for s in stems}


def verb_stem(stem: str) -> str:
    """A stem without the noun ending "-ment", which Porter 2 keeps in short words: "argued"
    is "argu" but "argument" stays "argument", "treated" "treat" but "treatment" stays; the
    scotus transcript's "came on for oral argument" answers when the case was argued."""
    if not stem.endswith("ment") or len(stem) < 8 or stem in _NOT_FROM_A_VERB:
        return stem
    return stem[:-4]


# Nouns in "-ment" that do not name their root's action ("department" is not "departing").
_NOT_FROM_A_VERB = frozenset({"department", "apartment", "document", "compartment"})


def _covers(
    aspect: str,
    terms: set[str],
    low_text: str,
    stems: Callable[[], set[str]] | None = None,
) -> bool:
    """English: the word (stemmed) occurs; Chinese: at least half its bigrams occur. A word
    that names the kind of value asked for ("number", "time", 「金額」) is covered by a value of
    that kind (:mod:`judge_svc.value_words`).

    ``low_text`` is normalized and script-folded; a Chinese aspect is folded before comparing.
    ``stems``: gives :func:`passage_stems` of the passage (asked for only when an English
    aspect is not found as written: most are, and a Chinese question never needs them).
    """
    if holds_value_for(aspect, low_text) or holds_value_for(fold_script(aspect), low_text):
        return True
    if marked_letters(aspect) == [aspect]:
        return holds_marked_letter(aspect, low_text)
    if _HAN_RUN.fullmatch(aspect):
        aspect = fold_script(aspect)
        bigrams = [aspect[i : i + 2] for i in range(len(aspect) - 1)]
        if sum(b in low_text for b in bigrams) * 2 >= len(bigrams):
            return True
        return is_joined(aspect) and _covers_joined(aspect, low_text)
    if content_terms(aspect) & terms or aspect in low_text:
        return True
    if "-" in low_text and aspect in low_text.replace("-", ""):
        return True  # "wifi" is written "Wi-Fi"
    return stems is not None and verb_stem(english_stem(aspect)) in stems()


def _synonym_hits(
    aspects: Sequence[str],
    chunks: Sequence[GradeChunk],
    lows: Sequence[str],
    hits_of: Sequence[list[str]],
) -> list[set[str]]:
    """Per passage (``lows``: its normalized, script-folded text), the aspects it says by a
    synonym that no passage of its document says itself: a document that says the word
    ("tournament") uses it, and a loose synonym would only blur the grades (the answers
    benchmark's tune half lost a gold answer to it)."""
    said: dict[str, set[str]] = {}
    for c, hits in zip(chunks, hits_of, strict=True):
        said.setdefault(_document_of(c.chunk_id), set()).update(hits)
    out: list[set[str]] = []
    for c, low in zip(chunks, lows, strict=True):
        unsaid = [a for a in aspects if a not in said[_document_of(c.chunk_id)]]
        out.append({a for a in unsaid if _covered_by_synonym(a, low)})
    return out


def _misspelt_hits(
    aspects: Sequence[str], lows: Sequence[str], covered: set[str]
) -> list[set[str]]:
    """Per passage, the English aspects no passage says that misspell a word it holds ("reponse"
    for "response", :mod:`mesh.spelling`)."""
    unsaid = [a for a in aspects if a not in covered and a.isascii() and a.isalpha()]
    if not unsaid:
        return [set() for _ in lows]
    words = [set(_EN_WORD.findall(low)) for low in lows]
    vocabulary = set().union(*words) if words else set()
    meant_as = {a: right for a in unsaid if (right := meant(a, vocabulary)) is not None}
    return [{a for a, right in meant_as.items() if right in held} for held in words]


def _document_of(chunk_id: str) -> str:
    """The document part of a chunk id (``doc#7``)."""
    return chunk_id.rpartition("#")[0] or chunk_id


def _covered_by_synonym(aspect: str, low_text: str) -> bool:
    """Whether an English aspect's synonym (:func:`mesh.glossary.english_synonyms`: "bicycles"
    for "bike") is in the passage."""
    if not aspect.isascii() or not aspect.isalpha():
        return False
    synonyms = english_synonyms(aspect)
    return bool(synonyms) and found_in(synonyms, low_text)


def aspect_translations(question: str, aspects: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Each aspect's translations into the other language (:mod:`mesh.glossary`), so that a
    passage in that language covers it: 「笔记本电脑」 covers "laptop". A phrase's translations
    go to each of its words ("class hours" → 学时); a Chinese aspect takes those of the words
    it holds or is part of."""
    out: dict[str, tuple[str, ...]] = {}
    for g in gloss(question):
        for aspect in aspects:
            folded = fold_script(aspect.lower())
            if _HAN_RUN.fullmatch(aspect):
                matches = g.word in folded or folded in g.word
            else:
                matches = folded in g.word.split()
            if matches:
                out[aspect] = (*out.get(aspect, ()), *g.translations)
    return out


def name_aspects(question: str, aspects: Sequence[str]) -> set[str]:
    """The aspects that are Chinese names spelled in pinyin ("Hualan" for 华澜): the company
    asked about. (A dictionary's names, places and weekdays, are left out: a gold paragraph
    often names its place another way, and `groundmesh bench grade` lost gold passages.)"""
    names = [g for g in gloss(question) if spelled_in_pinyin(g)]
    out: set[str] = set()
    for aspect in aspects:
        folded = fold_script(aspect.lower())
        if any(folded == g.word or folded in g.word.split() for g in names):
            out.add(aspect)
    return out


class LexicalGrader:
    """The offline grader."""

    def __init__(self, min_coverage: float = 0.6, min_relevance: float = 0.3) -> None:
        self.min_coverage = min_coverage
        self.min_relevance = min_relevance
        jieba.initialize()  # load the dictionary and the IDF table now, not in a request
        _idf_table()
        wordfreq.zipf_frequency("policy", "en")  # and the English frequencies
        load_verb_tables()
        glossary.load()

    def grade(self, question: str, chunks: Sequence[GradeChunk]) -> Grade:
        """Grade ``chunks`` for ``question``."""
        aspects = question_aspects(same_day_words(question))
        weights = question_weights(question, aspects)
        capitalised = capitalised_words(question)
        total = sum(weights.values())
        covered: set[str] = set()
        translations = aspect_translations(question, aspects)
        hits_of: list[list[str]] = []
        lows: list[str] = []
        for c in chunks:
            low = same_day_words(fold_script(normalize(c.text)))
            lows.append(low)
            terms = content_terms(c.text)
            stems = functools.cache(functools.partial(passage_stems, low))
            banded = in_a_range(question, c.text)
            dated = names_a_day(question, c.text)
            hits_of.append(
                [
                    a
                    for a in aspects
                    if _covers(a, terms, low, stems)
                    or found_in(translations.get(a, ()), c.text)
                    or (banded and names_a_number(a))
                    or (dated and is_day_word(a))
                ]
            )
            covered.update(hits_of[-1])
        asked = [a for a in aspects if a not in capitalised]
        by_synonym = _synonym_hits(asked, chunks, lows, hits_of)
        for hits, misspelt in zip(hits_of, _misspelt_hits(asked, lows, covered), strict=True):
            hits.extend(sorted(misspelt))
            covered.update(misspelt)
        for hits, synonyms in zip(hits_of, by_synonym, strict=True):
            hits.extend(sorted(synonyms))
            covered.update(synonyms)
        names = name_aspects(question, aspects) & covered
        grades: list[ChunkGrade] = []
        for c, hits, synonyms in zip(chunks, hits_of, by_synonym, strict=True):
            found = sum(weights[a] * (SYNONYM_SHARE if a in synonyms else 1.0) for a in hits)
            relevance = found / total if total else 0.0
            if names and not names & set(hits):
                relevance *= OTHER_NAME_SHARE
            grades.append(
                ChunkGrade(c.chunk_id, round(relevance, 4), relevance >= self.min_relevance, hits)
            )
        missing = [a for a in aspects if a not in covered]
        coverage = (len(aspects) - len(missing)) / len(aspects) if aspects else 0.0
        sufficient = (
            bool(aspects) and coverage >= self.min_coverage and any(g.relevant for g in grades)
        )
        if not chunks:
            reasoning = "no passages were collected"
        elif not aspects:
            reasoning = "the question has no content words to look for"
        else:
            reasoning = (
                f"passages cover {len(aspects) - len(missing)}/{len(aspects)} aspects of the "
                f"question; {sum(g.relevant for g in grades)}/{len(grades)} passages relevant"
            )
        return Grade(
            Sufficiency.SUFFICIENT if sufficient else Sufficiency.INSUFFICIENT,
            missing,
            grades,
            round(coverage, 4),
            reasoning,
            "lexical",
        )


class _ChunkRelevance(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str
    relevance: float = Field(ge=0.0, le=1.0)


class GradeResult(BaseModel):
    """Record whether the passages are sufficient to answer the question."""

    model_config = ConfigDict(extra="ignore")

    verdict: Literal["SUFFICIENT", "INSUFFICIENT"]
    missing_aspects: list[str] = Field(default_factory=list)
    chunks: list[_ChunkRelevance] = Field(default_factory=list)
    reasoning: str = ""


GRADE_TOOL = tool_from_model(GradeResult, name="record_grade")


class LLMGrader:
    """Grades with a language model (role ``grading``); falls back to the lexical grader."""

    def __init__(self, client: LLMClient, prompts: PromptLibrary, fallback: LexicalGrader) -> None:
        self._client = client
        self._prompts = prompts
        self._fallback = fallback

    async def grade(self, question: str, chunks: Sequence[GradeChunk]) -> Grade:
        """The LLM's grade, or the lexical grade (saying why) when the LLM fails."""
        lexical = self._fallback.grade(question, chunks)
        if not chunks:
            return lexical
        prompt = self._prompts.render(
            "judge/grading.jinja",
            question=question,
            chunks=[{"id": c.chunk_id, "text": c.text[:GRADE_CHUNK_CHARS]} for c in chunks],
        )
        try:
            result = await structured_output(
                self._client,
                role="grading",
                system="You grade retrieved passages for a question-answering system.",
                messages=[Message("user", prompt.text)],
                tool=GRADE_TOOL,
                model=GradeResult,
                max_tokens=800,
            )
        except LLMError as exc:
            return Grade(
                lexical.verdict,
                lexical.missing_aspects,
                lexical.chunk_grades,
                lexical.coverage,
                f"{lexical.reasoning} (LLM grader failed: {exc.message})",
                "lexical",
            )
        by_id = {c.id: c.relevance for c in result.chunks}
        grades = [
            ChunkGrade(
                g.chunk_id,
                by_id.get(g.chunk_id, g.relevance),
                by_id.get(g.chunk_id, g.relevance) >= self._fallback.min_relevance,
                g.covered_aspects,
            )
            for g in lexical.chunk_grades
        ]
        return Grade(
            Sufficiency(result.verdict),
            result.missing_aspects if result.verdict == "INSUFFICIENT" else [],
            grades,
            lexical.coverage,
            result.reasoning,
            "llm",
        )
