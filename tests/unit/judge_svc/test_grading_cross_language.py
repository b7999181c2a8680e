"""The offline grader and the judge's focus read a passage in the other language through the
question's glosses: 「标准配置：ThinkPad T14」 covers "laptop … standard configuration"."""

from __future__ import annotations

from judge_svc.focus import terms_in, terms_of
from judge_svc.grading import GradeChunk, LexicalGrader, aspect_translations
from judge_svc.relevance import RelevanceChecker, RelevanceInput, RelevanceReport
from judge_svc.rules import Source, detect_hallucination

QUESTION = "Which laptop model is issued as the standard configuration?"
ROW = "编号：S03｜服务项目：笔记本电脑领用｜说明：标准配置：ThinkPad T14（16GB内存）"
OTHER = "餐补每月600元，随工资发放。"


def test_a_passage_in_the_other_language_covers_the_words_it_translates() -> None:
    grade = LexicalGrader().grade(QUESTION, [GradeChunk("row", ROW), GradeChunk("other", OTHER)])
    by_id = {g.chunk_id: g for g in grade.chunk_grades}
    assert by_id["row"].relevance >= 0.5
    assert {"laptop", "standard", "configuration"} <= set(by_id["row"].covered_aspects)
    assert by_id["other"].relevance == 0.0


def test_a_phrase_gives_its_translations_to_each_of_its_words() -> None:
    out = aspect_translations("How many class hours is the course?", ["class", "hours", "course"])
    assert "学时" in out["class"] and "学时" in out["hours"]


def test_a_chinese_question_reads_an_english_passage() -> None:
    grade = LexicalGrader().grade(
        "去哥本哈根出差，酒店費用上限是多少？",
        [GradeChunk("en", "Hotel costs in Copenhagen are capped at DKK 1,450 per night.")],
    )
    assert grade.chunk_grades[0].relevance >= 0.5


def test_focus_terms_of_a_translated_sentence_hold_the_question_words() -> None:
    assert terms_of("laptop") <= terms_in(QUESTION, ROW)
    assert terms_in(QUESTION, "laptops are standard") == terms_of("laptops are standard")


def _relevance(question: str, draft: str, sources: list[Source]) -> RelevanceReport:
    rules = detect_hallucination(draft, sources)
    return RelevanceChecker().check(RelevanceInput(question, rules.sentences, sources))


RATES = [
    Source(
        "rates#10",
        "rates",
        "地區：金門縣｜住宿費上限（元/日）：2300｜膳雜費（元/日）：600",
        "國內出差",
    ),
    Source(
        "rates#7",
        "rates",
        "地區：花蓮縣｜住宿費上限（元/日）：1900｜膳雜費（元/日）：500",
        "國內出差",
    ),
]


def test_an_answer_in_the_other_language_must_name_the_place_asked_about() -> None:
    question = "How much is the lodging cap per night in Hualien?"
    wrong = _relevance(question, "“地區：金門縣｜住宿費上限（元/日）：2300” [rates#10]", RATES)
    assert not wrong.addresses_question
    assert "name: hualien" in wrong.missing_aspects
    right = _relevance(question, "“地區：花蓮縣｜住宿費上限（元/日）：1900” [rates#7]", RATES)
    assert "name: hualien" not in right.missing_aspects
