"""The lexical grader folds zh-Hant and zh-Hans before comparing (QA: Traditional questions over
Simplified documents were graded 0/6 relevant)."""

from __future__ import annotations

import threading

from judge_svc.grading import GradeChunk, LexicalGrader, Sufficiency, question_aspects
from mesh.scripts import fold_script

HANS_PASSAGE = "差旅费报销须在出差结束后15天内提交，逾期不予受理。"
HANT_PASSAGE = "差旅費報銷須在出差結束後15天內提交，逾期不予受理。"
UNRELATED_HANS = "公司年会将于十二月在上海举行，请各部门提前准备节目。"


def test_fold_script_folds_traditional_and_keeps_other_text() -> None:
    assert fold_script("差旅費報銷") == "差旅费报销"
    assert fold_script("差旅费报销") == "差旅费报销"
    assert fold_script("VPN 設定 step 3") == "VPN 设定 step 3"
    assert fold_script("no han here") == "no han here"


def test_traditional_question_over_simplified_passage_is_relevant() -> None:
    grade = LexicalGrader().grade(
        "差旅費報銷要在幾天內提交？",
        [GradeChunk("hans", HANS_PASSAGE), GradeChunk("other", UNRELATED_HANS)],
    )
    by_id = {g.chunk_id: g for g in grade.chunk_grades}
    assert by_id["hans"].relevant and by_id["hans"].relevance == 1.0
    assert not by_id["other"].relevant
    assert grade.verdict is Sufficiency.SUFFICIENT
    # Aspects are reported in the question's own script.
    assert by_id["hans"].covered_aspects == ["差旅費", "報銷", "提交"]


def test_simplified_question_over_traditional_passage_is_relevant() -> None:
    grade = LexicalGrader().grade("差旅费报销要在几天内提交？", [GradeChunk("hant", HANT_PASSAGE)])
    assert grade.chunk_grades[0].relevant
    assert grade.chunk_grades[0].covered_aspects == ["差旅费", "报销", "提交"]


def test_unrelated_passage_stays_irrelevant_in_either_script() -> None:
    for question in ("差旅費報銷要在幾天內提交？", "差旅费报销要在几天内提交？"):
        grade = LexicalGrader().grade(question, [GradeChunk("x", UNRELATED_HANS)])
        assert not grade.chunk_grades[0].relevant
        assert grade.verdict is Sufficiency.INSUFFICIENT
        assert grade.missing_aspects == question_aspects(question)


def test_missing_aspects_keep_the_question_script() -> None:
    grade = LexicalGrader().grade("差旅費報銷要在幾天內提交？", [GradeChunk("x", UNRELATED_HANS)])
    assert grade.missing_aspects == ["差旅費", "報銷", "提交"]


def test_question_words_are_dropped_in_either_script() -> None:
    assert question_aspects("請問報銷流程是什麼？") == ["報銷", "流程"]
    assert question_aspects("请问报销流程是什么？") == ["报销", "流程"]


def test_one_word_in_both_scripts_is_one_aspect() -> None:
    assert question_aspects("報銷 报销") == ["報銷"]


def test_fold_script_from_many_threads() -> None:
    results: list[str] = []
    lock = threading.Lock()

    def work() -> None:
        for _ in range(50):
            out = fold_script(HANT_PASSAGE)
            with lock:
                results.append(out)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [HANS_PASSAGE] * 200
