"""Unit tests for router_svc.routing: the lexicon router, greetings, rewriting, escalation."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from router_svc.routing import (
    ESCALATION_THRESHOLD,
    HistoryTurn,
    Intent,
    LexiconRouter,
    RouteDecision,
    TaskType,
    escalate,
    is_greeting,
    rewrite_for_search,
    standalone_question,
)

pytestmark = pytest.mark.unit

_SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ZH_HANT_GREETINGS = [
    "你好",
    "您好",
    "哈囉",
    "早安",
    "晚安",
    "謝謝",
    "謝謝你",
    "再見",
    "你好嗎",
    "大家好",
]
ZH_HANS_GREETINGS = ["你好吗", "谢谢", "谢谢你", "再见", "哈啰", "早上好", "晚上好", "多谢", "在吗"]
EN_GREETINGS = [
    "hello",
    "hi",
    "hey",
    "hi there",
    "hello everyone",
    "good morning",
    "good evening",
    "thanks",
    "thank you",
    "thank you very much",
    "bye",
    "goodbye",
    "how are you",
    "nice to meet you",
    "what's up",
    "greetings",
]
# Separators between two phrases: never empty (glued phrases have a test of their own).
SEPARATORS = [" ", "  ", "\u3000", ", ", "，", "、", "! ", "！", "。", "~", "～", "...", "? ", "？"]
EDGES = ["", " ", "!", "！", "?", "？", "~", "～", ".", "。", "!!!", "\u3000", " :)"]


def _make(intent: Intent, confidence: float, queries: list[str] | None = None) -> RouteDecision:
    return RouteDecision(
        intent=intent,
        task_type=TaskType.GREETING if intent is Intent.DIRECT_ANSWER else TaskType.SIMPLE_FAQ,
        confidence=confidence,
        reasoning="test rule",
        language="zh-Hant",
        answer_language="zh-Hant",
        normalized_question="請問年假有幾天?",
        standalone_question="請問年假有幾天?",
        is_followup=False,
        search_queries=queries or [],
    )


@st.composite
def _phrase(draw: st.DrawFn) -> str:
    phrase = draw(st.sampled_from(ZH_HANT_GREETINGS + ZH_HANS_GREETINGS + EN_GREETINGS))
    flips = draw(st.lists(st.booleans(), min_size=len(phrase), max_size=len(phrase)))
    return "".join(ch.upper() if up else ch for ch, up in zip(phrase, flips, strict=True))


@st.composite
def greetings(draw: st.DrawFn) -> str:
    phrases = draw(st.lists(_phrase(), min_size=1, max_size=3))
    out = draw(st.sampled_from(EDGES)) + phrases[0]
    for p in phrases[1:]:
        out += draw(st.sampled_from(SEPARATORS)) + p
    return out + draw(st.sampled_from(EDGES))


QUESTIONS = [
    "請問員工請假要怎麼申請",
    "请问员工请假要怎么申请",
    "How do I apply for annual leave?",
    "今天天氣如何",
    "tell me a joke",
    "請假表單下載",
    "比較特休和病假",
    "那病假呢？",
    "hi",
    "謝謝",
]


class TestIsGreeting:
    @pytest.mark.parametrize(
        "text",
        [
            "你好！",
            "您好",
            "哈囉～",
            "你好吗？",
            "谢谢！",
            "早上好",
            "Hello!",
            "hi there",
            "HELLO!!! 早安~",
            "Good morning, everyone.",
            "thanks a lot :)",
            "hey, how are you?",
        ],
    )
    def test_greetings_in_three_languages(self, text: str) -> None:
        assert is_greeting(text)

    @pytest.mark.parametrize(
        "text",
        [
            "",
            "   ",
            "!!!",
            "你好，請問年假有幾天？",
            "hello, how do I apply for leave?",
            "history",
            "high availability",
            "thanksgiving schedule",
            "谢谢你的帮忙，请问报销怎么做",
        ],
    )
    def test_questions_and_non_greetings_are_not_greetings(self, text: str) -> None:
        assert not is_greeting(text)

    def test_english_greeting_glued_to_a_chinese_greeting(self) -> None:
        assert is_greeting("Hello你好")
        assert is_greeting("你好hello")
        assert is_greeting("謝謝thanks")
        assert is_greeting("hi你好")


class TestRouterSmallTalkProperty:
    @_SETTINGS
    @given(greetings())
    @example("你好！")
    @example("Hi there, 早安～")
    def test_greetings_bypass_retrieval(self, text: str) -> None:
        """Checks seed Property 6 (Router small-talk bypass).

        A message made only of greeting phrases in zh-Hant, zh-Hans and English, with random
        punctuation, spacing and letter case, is answered directly: intent DIRECT_ANSWER and
        no search queries.
        """
        decision = LexiconRouter().route(text)
        assert decision.intent is Intent.DIRECT_ANSWER
        assert decision.task_type is TaskType.GREETING
        assert decision.search_queries == []

    @_SETTINGS
    @given(
        st.one_of(st.text(max_size=80), st.sampled_from(QUESTIONS), greetings()),
        st.lists(
            st.builds(
                HistoryTurn,
                st.sampled_from(["user", "assistant"]),
                st.one_of(st.text(max_size=40), st.sampled_from(QUESTIONS)),
            ),
            max_size=3,
        ),
    )
    def test_direct_answers_are_always_confident(
        self, question: str, history: list[HistoryTurn]
    ) -> None:
        # Rules only: the prototype path is covered with a fake embedder in test_router_offline.
        decision = LexiconRouter(use_model=False, use_prototypes=False).route(question, history)
        if decision.intent is Intent.DIRECT_ANSWER:
            assert decision.confidence >= ESCALATION_THRESHOLD
            assert decision.search_queries == []
        else:
            assert decision.search_queries


class TestLexiconRouter:
    def test_rejects_an_unknown_default_script(self) -> None:
        with pytest.raises(ValueError):
            LexiconRouter("fr")

    def test_greeting_is_a_direct_answer(self) -> None:
        d = LexiconRouter().route("你好！")
        assert (d.intent, d.task_type) == (Intent.DIRECT_ANSWER, TaskType.GREETING)
        assert d.confidence >= ESCALATION_THRESHOLD
        assert d.search_queries == []
        assert not d.escalated
        assert d.reasoning

    @pytest.mark.parametrize(
        ("question", "query"),
        [
            ("請問員工請假要怎麼申請", "員工請假要怎麼申請"),
            ("请问员工请假要怎么申请", "员工请假要怎么申请"),
            ("Can you tell me how to apply for annual leave?", "how to apply for annual leave"),
        ],
    )
    def test_document_question(self, question: str, query: str) -> None:
        d = LexiconRouter().route(question)
        assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.SIMPLE_FAQ)
        assert d.search_queries[0] == query
        assert not d.is_followup

    def test_rewritten_and_plain_queries_both_searched(self) -> None:
        d = LexiconRouter().route("請問員工請假要怎麼申請？")
        assert d.search_queries[0] == "員工請假要怎麼申請"
        assert d.search_queries[-1] == "請問員工請假要怎麼申請"
        assert "員工請假 申請" in d.search_queries  # the key terms alone
        assert d.needs_rewrite

    def test_language_of_the_decision(self) -> None:
        router = LexiconRouter()
        assert router.route("請問員工請假要怎麼申請").answer_language == "zh-Hant"
        assert router.route("请问员工请假要怎么申请").answer_language == "zh-Hans"
        assert router.route("How do I apply for leave?").answer_language == "en"

    def test_default_script_for_shared_characters(self) -> None:
        assert LexiconRouter("zh-Hans").route("公司的年假是多少天？").language == "zh-Hans"
        assert LexiconRouter("zh-Hant").route("公司的年假是多少天？").language == "zh-Hant"

    def test_normalizes_the_question(self) -> None:
        d = LexiconRouter().route("  ＡＰＩ　金鑰怎麼申請？ ")
        assert d.normalized_question == "API 金鑰怎麼申請?"

    @pytest.mark.parametrize(
        "question", ["恐龍是怎麼滅絕的？", "给我写一首关于春天的诗", "Tell me a joke about cats"]
    )
    def test_out_of_scope_is_a_direct_answer(self, question: str) -> None:
        d = LexiconRouter().route(question)
        assert (d.intent, d.task_type) == (Intent.DIRECT_ANSWER, TaskType.OUT_OF_SCOPE)
        assert d.search_queries == []

    @pytest.mark.parametrize(
        "question", ["今天天氣如何？", "今天天气怎么样", "What's the weather today?"]
    )
    def test_live_information_is_a_web_search(self, question: str) -> None:
        """The labelling guide (router_svc/README.md): weather is live information."""
        d = LexiconRouter().route(question)
        assert (d.intent, d.task_type) == (Intent.WEB_SEARCH, TaskType.SIMPLE_FAQ)

    def test_form_request_beats_an_out_of_scope_word(self) -> None:
        d = LexiconRouter().route("颱風天氣的請假表單在哪裡下載？")
        assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.FORM_DOWNLOAD)

    @pytest.mark.parametrize(
        "question",
        ["請假單要去哪裡下載？", "请假申请表在哪里", "Where can I download the leave form?"],
    )
    def test_form_download(self, question: str) -> None:
        d = LexiconRouter().route(question)
        assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.FORM_DOWNLOAD)
        assert d.search_queries

    @pytest.mark.parametrize(
        "question",
        [
            "比較特休和病假的差異",
            "特休和病假有什么区别",
            "What are the differences between sick leave and annual leave",
        ],
    )
    def test_complex(self, question: str) -> None:
        d = LexiconRouter().route(question)
        assert d.intent is Intent.COMPLEX
        assert d.search_queries

    def test_followup_uses_the_last_user_turn(self) -> None:
        history = [
            HistoryTurn("user", "請問特休有幾天？"),
            HistoryTurn("assistant", "特休依年資計算。"),
        ]
        d = LexiconRouter().route("那病假呢？", history)
        assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.CONVERSATION_FOLLOWUP)
        assert d.is_followup
        # Issue 28: the new entity takes the old one's place, as a person would ask it.
        assert d.standalone_question.rstrip("?？") == "病假有幾天"
        assert any("病假" in q for q in d.search_queries)
        assert not any("特休" in q for q in d.search_queries)

    def test_english_followup(self) -> None:
        history = [HistoryTurn("user", "How many days of annual leave do I get?")]
        d = LexiconRouter().route("What about sick leave?", history)
        assert d.task_type is TaskType.CONVERSATION_FOLLOWUP
        assert d.standalone_question == "How many days of sick leave do I get?"

    def test_followup_words_without_history_are_a_plain_question(self) -> None:
        d = LexiconRouter().route("那病假呢？")
        assert d.task_type is TaskType.SIMPLE_FAQ
        assert not d.is_followup

    def test_mixed_question_answers_in_the_conversation_language(self) -> None:
        question = "請問 Kubernetes 的 API gateway 怎麼設定 rate limit"
        assert LexiconRouter().route(question).answer_language == "en"
        history = [HistoryTurn("user", "請問特休有幾天？"), HistoryTurn("user", "病假怎麼請？")]
        d = LexiconRouter().route(question, history)
        assert d.language == "mixed"
        assert d.answer_language == "zh-Hant"


class TestRewriteForSearch:
    @pytest.mark.parametrize(
        ("question", "expected"),
        [
            ("請問員工請假要怎麼申請", "員工請假要怎麼申請"),
            ("请问员工请假要怎么申请", "员工请假要怎么申请"),
            ("請幫我查一下請假規定", "請假規定"),
            ("请帮我查一下请假规定", "请假规定"),
            ("請假規定", "請假規定"),
            ("请假流程是什么？谢谢", "请假流程是什么"),
            ("我想知道特休有幾天？", "特休有幾天"),
            ("請問一下，報銷流程是什麼？", "報銷流程是什麼"),
            ("can you tell me the history of the company?", "the history of the company"),
            ("Can you please tell me the leave policy", "the leave policy"),
            ("I want to know the leave policy.", "the leave policy"),
            ("Hey, hello, what is the leave policy?", "what is the leave policy"),
            ("您好，請問年假怎麼算？", "年假怎麼算"),
        ],
    )
    def test_removes_leading_filler(self, question: str, expected: str) -> None:
        assert rewrite_for_search(question) == expected

    @pytest.mark.parametrize(
        "question",
        [
            "history of the company",
            "hierarchy of approvals",
            "highlights of 2024",
            "Hiring process",
            "heyday of the firm",
            "pleased customers",
            "telemetry settings",
            "helpdesk hours",
        ],
    )
    def test_does_not_damage_words_that_start_like_filler(self, question: str) -> None:
        assert rewrite_for_search(question) == question

    def test_keeps_the_history_word_after_filler(self) -> None:
        assert rewrite_for_search("Hi, history of the company?") == "history of the company"

    def test_only_filler_falls_back_to_the_question(self) -> None:
        assert rewrite_for_search("請問") == "請問"
        assert rewrite_for_search("can you tell me") == "can you tell me"

    def test_normalizes_full_width_text(self) -> None:
        assert rewrite_for_search("請問ＡＰＩ金鑰？") == "API金鑰"


class TestStandaloneQuestion:
    def test_without_history_is_the_question(self) -> None:
        assert standalone_question("那病假呢", []) == "那病假呢"

    def test_assistant_turns_are_ignored(self) -> None:
        history = [HistoryTurn("assistant", "特休依年資計算")]
        assert standalone_question("那病假呢", history) == "那病假呢"

    def test_joins_the_last_user_topic(self) -> None:
        history = [
            HistoryTurn("user", "請問年假幾天？"),
            HistoryTurn("user", "請問特休有幾天？"),
            HistoryTurn("assistant", "七天"),
        ]
        standalone = standalone_question("那病假呢", history)
        assert standalone == "病假有幾天？"  # the last user question, its topic swapped
        assert "年假" not in standalone  # only the last user question counts

    def test_swaps_the_shared_topic(self) -> None:
        history = [HistoryTurn("user", "請問年假有幾天？"), HistoryTurn("assistant", "七天")]
        assert standalone_question("那病假呢？", history) == "病假有幾天？"


class TestEscalate:
    def test_low_confidence_direct_answer_becomes_document_qa(self) -> None:
        d = escalate(_make(Intent.DIRECT_ANSWER, 0.5))
        assert d.intent is Intent.DOCUMENT_QA
        assert d.task_type is TaskType.SIMPLE_FAQ
        assert d.escalated
        assert d.confidence == 0.5
        assert d.search_queries == ["年假有幾天"]
        assert "escalated" in d.reasoning

    def test_just_below_threshold_escalates(self) -> None:
        assert escalate(_make(Intent.DIRECT_ANSWER, 0.7999)).intent is Intent.DOCUMENT_QA

    def test_existing_queries_are_kept(self) -> None:
        d = escalate(_make(Intent.DIRECT_ANSWER, 0.1, ["年假"]))
        assert d.search_queries == ["年假"]

    @pytest.mark.parametrize("confidence", [0.8, 0.95, 1.0])
    def test_confident_direct_answer_is_unchanged(self, confidence: float) -> None:
        decision = _make(Intent.DIRECT_ANSWER, confidence)
        assert escalate(decision) is decision

    @pytest.mark.parametrize("intent", [Intent.DOCUMENT_QA, Intent.COMPLEX])
    def test_other_intents_are_unchanged(self, intent: Intent) -> None:
        decision = _make(intent, 0.1)
        assert escalate(decision) is decision

    @given(st.floats(min_value=0.0, max_value=1.0), st.sampled_from(list(Intent)))
    def test_escalated_decisions_never_leave_an_unsure_direct_answer(
        self, confidence: float, intent: Intent
    ) -> None:
        d = escalate(_make(intent, confidence))
        if d.intent is Intent.DIRECT_ANSWER:
            assert d.confidence >= ESCALATION_THRESHOLD
        if d.escalated:
            assert d.search_queries
