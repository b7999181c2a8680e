"""Follow-ups that put a new entity in the old one's place (issue 28)."""

from __future__ import annotations

import pytest

from router_svc.decision import HistoryTurn
from router_svc.offline import LexiconRouter
from router_svc.substitution import joined, substitute


@pytest.mark.parametrize(
    ("previous", "message", "questions"),
    [
        ("婚假可以請幾天？", "那病假呢？薪水怎麼算？", ["病假可以請幾天？", "病假的薪水怎麼算？"]),
        ("請問年假有幾天？", "那病假呢？", ["病假有幾天？"]),
        ("請娩假要附什麼證明？", "換成陪產假的話？", ["請陪產假要附什麼證明？"]),
        ("第一展覽室的面積有多大？", "第二展覽室呢", ["第二展覽室的面積有多大？"]),
        # The router's normalization (NFKC) makes the comma ASCII.
        ("年資滿二年未滿三年，特休有幾天？", "如果是滿五年未滿十年呢？",
         ["年資滿五年未滿十年,特休有幾天？"]),
        ("How many days of annual leave do I get?", "What about sick leave?",
         ["How many days of sick leave do I get?"]),
        ("How much is the hotel cap in New York?", "how about Houston — and the meal allowance?",
         ["How much is the hotel cap in Houston?", "and the meal allowance for Houston?"]),
        ("Who has to approve an expense claim above £2,500?", "And above £10,000?",
         ["Who has to approve an expense claim above £10,000?"]),
        ("How many days of annual leave do I get?", "and for contractors?",
         ["How many days of annual leave do I get for contractors?"]),
    ],
)  # fmt: skip
def test_the_new_entity_takes_the_old_ones_place(
    previous: str, message: str, questions: list[str]
) -> None:
    found = substitute(previous, message)
    assert found is not None
    assert found.questions == questions


@pytest.mark.parametrize(
    ("previous", "message"),
    [
        ("婚假可以請幾天？", "薪水怎麼算？"),  # asks more about the same leave: nothing swapped
        ("How many days of annual leave do I get?", "How do I apply?"),
        (
            "怎么申请门禁卡？",
            "那访客呢？",
        ),  # no counterpart in the question: left to the topic rule
        ("", "那病假呢？"),
        ("婚假可以請幾天？", ""),
    ],
)
def test_no_substitution_without_a_new_entity_in_an_old_slot(previous: str, message: str) -> None:
    assert substitute(previous, message) is None


def test_the_router_searches_each_part_as_the_question_it_stands_for() -> None:
    history = [HistoryTurn("user", "婚假可以請幾天？"), HistoryTurn("assistant", "八日。")]
    d = LexiconRouter().route("那病假呢？薪水怎麼算？", history)
    assert d.is_followup
    assert d.sub_queries == ["病假可以請幾天", "病假的薪水怎麼算"]
    assert d.search_queries[:2] == d.sub_queries
    assert not any("婚假" in q or "關於" in q for q in d.search_queries)


def test_joined_keeps_english_questions_apart() -> None:
    assert joined(["How much?", "When?"]) == "How much? When?"
    assert joined(["多少？", "何時？"]) == "多少？何時？"
