"""Unit tests for router_svc.followup: detection and standalone questions."""

from __future__ import annotations

from typing import cast

import pytest

from router_svc.classifier import FOLLOWUP, ROUTES, Prediction, RouterModel
from router_svc.decision import HistoryTurn, Intent, RouteDecision, TaskType
from router_svc.followup import (
    conversation_topic,
    detect_followup,
    last_user_question,
    rewrite_with_history,
    topic_of,
)
from router_svc.offline import LexiconRouter
from router_svc.service import decision_to_proto

pytestmark = pytest.mark.unit

ZH_T = [("user", "請問年假有幾天？"), ("assistant", "到職滿一年有七天。")]
ZH_S = [("user", "怎么申请门禁卡？"), ("assistant", "请在行政系统提交申请。")]
EN = [("user", "How many days of annual leave do I get?"), ("assistant", "Fifteen days.")]
TRAVEL = [("user", "出差的住宿費上限是多少？"), ("assistant", "每晚兩千元。")]


class TestDetectFollowup:
    def test_no_history_is_never_a_followup(self) -> None:
        f = detect_followup("那病假呢？", [], "zh-Hant")
        assert not f.is_followup and f.standalone == "那病假呢？"

    def test_only_assistant_turns_is_no_history(self) -> None:
        assert not detect_followup("那病假呢？", [("assistant", "嗨")], "zh-Hant").is_followup

    @pytest.mark.parametrize(
        ("question", "history", "standalone"),
        [
            ("那病假呢？", ZH_T, "病假有幾天？"),
            ("那國外出差呢？", TRAVEL, "國外出差的住宿費上限是多少？"),
            ("What about sick leave?", EN, "How many days of sick leave do I get?"),
            (
                "what about contractors",
                EN,
                "How many days of annual leave do I get for contractors?",
            ),
        ],
    )
    def test_what_about_swaps_the_topic(
        self, question: str, history: list[tuple[str, str]], standalone: str
    ) -> None:
        f = detect_followup(question, history, "en" if question.isascii() else "zh-Hant")
        assert f.is_followup
        assert f.standalone == standalone

    def test_what_about_without_a_shared_word_puts_the_topic_in_front(self) -> None:
        f = detect_followup("那访客呢？", ZH_S, "zh-Hans")
        assert f.is_followup
        assert f.standalone.startswith("关于访客") and "门禁卡" in f.standalone

    @pytest.mark.parametrize(
        ("question", "history", "expected"),
        [
            ("這個可以分次休嗎？", ZH_T, "年假可以分次休嗎？"),
            ("它會過期嗎", ZH_T, "年假會過期嗎"),
            ("Does it expire?", EN, "Does annual leave expire?"),
            ("Can I carry them over?", EN, "Can I carry annual leave over?"),
        ],
    )
    def test_pronouns_are_replaced_by_the_topic(
        self, question: str, history: list[tuple[str, str]], expected: str
    ) -> None:
        f = detect_followup(question, history, "zh-Hant")
        assert f.is_followup and f.standalone == expected

    @pytest.mark.parametrize(
        ("question", "history"),
        [
            ("要附什麼？", TRAVEL),
            ("需要多久？", ZH_S),
            ("Why?", EN),
            ("剛才說的七天是工作天嗎？", ZH_T),
        ],
    )
    def test_ellipsis_and_back_references_get_the_topic(
        self, question: str, history: list[tuple[str, str]]
    ) -> None:
        f = detect_followup(question, history, "zh-Hant")
        assert f.is_followup
        assert topic_of(last_user_question(history)) in f.standalone

    @pytest.mark.parametrize(
        ("question", "history"),
        [
            ("员工体检每年几次？", ZH_S),
            ("請問加班費怎麼算？", ZH_T),
            ("Who approves purchase orders over 5000 dollars?", EN),
            ("報帳需要在幾天內完成？", TRAVEL),
        ],
    )
    def test_a_question_with_its_own_topic_is_not_a_followup(
        self, question: str, history: list[tuple[str, str]]
    ) -> None:
        f = detect_followup(question, history, "zh-Hant")
        assert not f.is_followup and f.standalone == question


class TestTopicOf:
    def test_english_longest_content_run(self) -> None:
        assert topic_of("How many days of annual leave do I get?") == "annual leave"
        assert topic_of("What is the remote work policy?") == "remote work policy"

    def test_chinese_first_content_run(self) -> None:
        assert topic_of("請問年假有幾天？") == "年假"

    def test_last_user_question_skips_blank_and_assistant_turns(self) -> None:
        history = [("user", "first"), ("user", "  "), ("assistant", "answer")]
        assert last_user_question(history) == "first"


class TestContextualQuestion:
    """With history, a message not taken for a follow-up carries its contextual rewrite."""

    @staticmethod
    def _history(pairs: list[tuple[str, str]]) -> list[HistoryTurn]:
        return [HistoryTurn(role, content) for role, content in pairs]

    def test_a_document_question_with_history_carries_its_rewrite(self) -> None:
        d = LexiconRouter().route("出差住宿費上限是多少？", self._history(ZH_T))
        assert not d.is_followup
        assert d.contextual_question.startswith("關於年假，出差住宿費上限")

    def test_a_follow_up_has_its_standalone_question_instead(self) -> None:
        d = LexiconRouter().route("那需要附什麼文件？", self._history(ZH_T))
        assert d.is_followup and not d.contextual_question

    def test_a_follow_up_only_the_model_sees_carries_both(self) -> None:
        # No pronoun or leaning word: the agent's standalone check weighs the two searches.
        d = LexiconRouter().route("需要附什麼文件", self._history(ZH_T))
        assert d.is_followup and d.contextual_question == d.standalone_question

    def test_no_history_no_rewrite(self) -> None:
        assert not LexiconRouter().route("需要附什麼文件").contextual_question

    def test_a_greeting_is_never_rewritten(self) -> None:
        d = LexiconRouter().route("謝謝你！", self._history(ZH_T))
        assert d.intent is Intent.DIRECT_ANSWER and not d.contextual_question

    def test_the_wire_carries_it(self) -> None:
        d = LexiconRouter().route("出差住宿費上限是多少？", self._history(ZH_T))
        assert decision_to_proto(d).contextual_question == d.contextual_question != ""


def test_the_conversation_topic_skips_turns_that_refer_back() -> None:
    history = [
        ("user", "Groundmesh 的判斷服務會檢查什麼？"),
        ("assistant", "引用是否有效。"),
        ("user", "那它怎麼決定要不要拒絕答案？"),
        ("assistant", "風險高就拒絕。"),
    ]
    assert conversation_topic(history) == "Groundmesh"
    assert conversation_topic([("user", "那它呢？")]) == topic_of("那它呢？")
    assert conversation_topic([]) == ""


class _AlwaysFollowup:
    """A classifier that takes every message with history for a follow-up (0.70)."""

    def predict(self, text: str, history: bool) -> Prediction:
        probabilities = [0.05] * len(ROUTES)
        probabilities[FOLLOWUP] = 0.70
        return Prediction(ROUTES[FOLLOWUP], 0.70, tuple(probabilities))


class TestAFollowUpOnlyTheClassifierSees:
    """Found in Chromium: 「成績等第 X 代表什麼情況？」 after a question on meeting minutes was
    taken for a follow-up (0.70) and searched with the minutes' topic in front. When the
    wording shows no follow-up, the agent decides by retrieval (the contextual question)."""

    @staticmethod
    def _route(question: str, history: list[tuple[str, str]]) -> RouteDecision:
        router = LexiconRouter(model=cast(RouterModel, _AlwaysFollowup()))
        return router.route(question, [HistoryTurn(role, text) for role, text in history])

    @pytest.mark.parametrize(
        "question",
        ["成績等第 X 代表什麼情況？", "Who took the minutes of the June meeting?"],
    )
    def test_no_cue_in_the_wording_leaves_it_to_retrieval(self, question: str) -> None:
        d = self._route(question, EN)
        assert d.is_followup and d.task_type is TaskType.CONVERSATION_FOLLOWUP
        assert d.contextual_question == d.standalone_question != d.normalized_question

    @pytest.mark.parametrize(
        "question", ["那病假呢？", "What about sick leave?", "how much does it cost?"]
    )
    def test_a_cue_keeps_the_rewrite(self, question: str) -> None:
        d = self._route(question, EN)
        assert d.is_followup and not d.contextual_question


@pytest.mark.parametrize(
    ("message", "leans"),
    [
        ("他是哪天出生的？", True),
        ("她的職位是什麼？", True),
        ("When was he born?", True),
        ("其他費用怎麼算？", False),
        ("吉他社在哪裡？", False),
    ],
)
def test_a_person_named_before_is_a_cue(message: str, leans: bool) -> None:
    """「他是哪天出生的？」 after 「维尔纳·法伊曼是谁？」 showed no cue, so retrieval weighed it
    alone against its rewrite, and another person's birth date won (follow-ups set, tune)."""
    history = [HistoryTurn("user", "维尔纳·法伊曼是谁？"), HistoryTurn("assistant", "政治人物")]
    assert rewrite_with_history(message, history, "zh-Hans")[1] is leans
