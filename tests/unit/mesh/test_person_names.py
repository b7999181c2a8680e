"""A Chinese question that asks for a name is answered only by a sentence giving one."""

from __future__ import annotations

from typing import Any

import pytest

from judge_svc.engine import Judge, JudgeInput
from judge_svc.rules import Source
from mesh.person_names import asks_for_name, names_person

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    "question",
    [
        "大韩航空8702号班机事故中的机长叫什么名字？",
        "天津犹太会堂是由哪一位建筑师设计的？",
        "申請人姓名是？",
    ],
)
def test_questions_asking_for_a_name(question: str) -> None:
    assert asks_for_name(question)


@pytest.mark.parametrize(
    "question",
    [
        "誰負責核准請假？",
        "負責搬運的是哪一家公司？",
        "Who designed the synagogue?",
        "这座桥叫什么名字？",
        "這個國家的名字是什麼？",
    ],
)
def test_questions_a_role_or_an_office_answers(question: str) -> None:
    assert not asks_for_name(question)


def test_a_sentence_names_a_person_the_question_does_not() -> None:
    asked = "萤火虫工作室的创办人叫什么名字？"
    assert names_person("1999年8月，西蒙·布雷德伯里和大卫·莱斯特成立萤火虫工作室。", asked)
    assert names_person("講師：Emily Zhou", "這門課的講師叫什麼名字？")
    assert names_person("本片導演為張藝謀。", "本片導演叫什麼名字？")  # Traditional script
    assert not names_person("萤火虫工作室是一家电子游戏开发商。", asked)
    assert not names_person("张艺谋执导了这部电影。", "张艺谋的助理叫什么名字？")  # already named


def test_the_judge_refuses_a_sentence_naming_nobody_for_a_name() -> None:
    text = "天津犹太会堂由北欧建筑师设计，是一座具有犹太教风格的犹太会堂。"
    source = Source("tj#0", "tj", text, "天津犹太会堂")
    judge = Judge().judge_offline
    v: Any = judge(
        JudgeInput(f"{text} [tj#0]", [source], "天津犹太会堂是由哪一位建筑师设计的？", 1, 10)
    )
    assert not v.relevance.addresses_question
    assert "name" in v.relevance.relevance_notes
