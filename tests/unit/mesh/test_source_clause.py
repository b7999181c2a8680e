"""The clause naming where an answer is written is not what a question asks (Chromium check,
twenty-first session: "…, according to Ariane Belanger's minutes?" was answered with the line
naming who took the minutes)."""

from __future__ import annotations

import pytest

from judge_svc.focus import focus_terms
from judge_svc.grading import question_aspects
from mesh.source_clause import without_source_clause

pytestmark = pytest.mark.unit

ASKED = "Which room is the next meeting held in, according to Ariane Belanger's minutes?"


@pytest.mark.parametrize(
    ("question", "rest"),
    [
        (ASKED, "Which room is the next meeting held in?"),
        (
            "According to the Hualan handbook, which e-mail takes reports?",
            "which e-mail takes reports?",
        ),
        (
            "As stated in the policy, how many days of leave do I get?",
            "how many days of leave do I get?",
        ),
        ("根據員工手冊，婚假有幾天？", "婚假有幾天？"),
        ("根据采购办法，询价至少几家？", "询价至少几家？"),
    ],
)
def test_the_clause_goes(question: str, rest: str) -> None:
    assert without_source_clause(question) == rest


@pytest.mark.parametrize(
    "question",
    ["According to whom?", "根據什麼？", "Who wrote the minutes?", "What does the policy say?"],
)
def test_nothing_goes_when_nothing_would_be_left_or_there_is_no_clause(question: str) -> None:
    assert without_source_clause(question) == question


def test_the_grader_and_the_judge_weigh_what_is_asked() -> None:
    assert question_aspects(ASKED) == ["room", "next", "meeting", "held"]
    assert not {"ariane", "belanger", "minut", "minute"} & focus_terms(ASKED)
