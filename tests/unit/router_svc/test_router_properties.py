"""Seed Properties 6 and 7 for the router, as Hypothesis properties."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mesh.config import REPO_ROOT
from mesh.prompts import PromptLibrary
from router_svc.decision import Intent, TaskType
from router_svc.offline import LexiconRouter
from router_svc.replies import ReplyWriter
from router_svc.rewrite import key_terms

pytestmark = pytest.mark.unit

_SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SCOPE = "questions about the Acme employee handbook"
ROUTER = LexiconRouter(
    use_prototypes=False, replies=ReplyWriter(PromptLibrary(REPO_ROOT / "prompts"), SCOPE)
)

SMALL_TALK = {
    "zh-Hant": [
        "你好",
        "您好",
        "哈囉",
        "早安",
        "午安",
        "晚安",
        "謝謝",
        "謝謝你",
        "多謝",
        "感謝",
        "再見",
        "掰掰",
        "辛苦了",
        "你好嗎",
        "大家好",
        "你是誰",
        "你可以幫我做什麼",
        "了解了",
    ],
    "zh-Hans": [
        "你好",
        "您好",
        "哈喽",
        "早上好",
        "晚上好",
        "谢谢",
        "谢谢你",
        "多谢",
        "感谢",
        "再见",
        "拜拜",
        "辛苦啦",
        "你好吗",
        "在吗",
        "你是谁",
        "你能帮我做什么",
        "明白了",
    ],
    "en": [
        "hello",
        "hi",
        "hey",
        "hi there",
        "good morning",
        "good evening",
        "thanks",
        "thank you",
        "thank you so much",
        "bye",
        "goodbye",
        "see you",
        "how are you",
        "nice to meet you",
        "what's up",
        "who are you",
        "what can you do",
        "got it",
    ],
}
SEPARATORS = [" ", ", ", "，", "、", "! ", "！", "。", "~", "～", "... ", "? ", "？", "\u3000"]
EDGES = ["", "!", "！", "?", "？", "~", "～", ".", "。", "!!!", " :)", " 😀", "\u3000"]


@st.composite
def greetings(draw: st.DrawFn) -> str:
    language = draw(st.sampled_from(sorted(SMALL_TALK)))
    pool = SMALL_TALK[language]
    if draw(st.booleans()):  # sometimes a conversation mixing languages
        pool = pool + SMALL_TALK[draw(st.sampled_from(sorted(SMALL_TALK)))]
    phrases = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
    out = draw(st.sampled_from(EDGES[:4]))
    for i, phrase in enumerate(phrases):
        if draw(st.booleans()):
            phrase = phrase.upper() if draw(st.booleans()) else phrase.capitalize()
        out += phrase + (draw(st.sampled_from(SEPARATORS)) if i < len(phrases) - 1 else "")
    return out + draw(st.sampled_from(EDGES))


class TestProperty6SmallTalkBypass:
    @_SETTINGS
    @given(greetings())
    @example("你好！")
    @example("Thanks a lot, 再見～")
    @example("ＨＥＬＬＯ！")
    def test_greetings_are_direct_answers_with_nothing_to_search(self, text: str) -> None:
        """**Feature: generic-agentic-rag, Property 6: Router Small-Talk Bypass**

        For any small-talk or greeting query in zh-Hant, zh-Hans or English (with any
        punctuation, spacing and letter case), the router classifies it as DIRECT_ANSWER with a
        confidence above the escalation threshold, gives no search query and no sub-query (so
        the agent has nothing to search for), and suggests a reply.
        """
        d = ROUTER.route(text)
        assert d.intent is Intent.DIRECT_ANSWER
        assert d.task_type is TaskType.GREETING
        assert d.confidence >= 0.8 and not d.escalated
        assert d.search_queries == [] and d.sub_queries == []
        assert not d.needs_rewrite
        assert d.reply and SCOPE in d.reply

    @_SETTINGS
    @given(
        greetings(),
        st.sampled_from(["年假有幾天？", "报销流程是什么？", "How do I reset my password?"]),
    )
    def test_a_greeting_followed_by_a_question_is_the_question(
        self, greeting: str, question: str
    ) -> None:
        d = ROUTER.route(f"{greeting} {question}")
        assert d.intent is not Intent.DIRECT_ANSWER
        assert d.search_queries


TOPICS_ZH = ["年假", "病假", "加班費", "報帳流程", "出差補助", "門禁卡", "育嬰假", "績效考核"]
TOPICS_HANS = ["年假", "病假", "加班费", "报销流程", "出差补助", "门禁卡", "产假", "绩效考核"]
TOPICS_EN = [
    "annual leave",
    "sick leave",
    "overtime pay",
    "expense claims",
    "travel allowance",
    "badge access",
    "parental leave",
    "performance reviews",
]
ASK_ZH = ["{t}怎麼申請？", "{t}有幾天？", "{t}需要誰核准？", "{t}的規定是什麼？"]
ASK_HANS = ["{t}怎么申请？", "{t}有几天？", "{t}需要谁审批？", "{t}的规定是什么？"]
ASK_EN = ["How do I apply for {t}?", "Who approves {t}?", "What is the rule for {t}?"]


@st.composite
def multipart_questions(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A comparison or a message of several questions, with the topic of each part."""
    kind = draw(st.sampled_from(["zh", "hans", "en"]))
    topics, asks = {
        "zh": (TOPICS_ZH, ASK_ZH),
        "hans": (TOPICS_HANS, ASK_HANS),
        "en": (TOPICS_EN, ASK_EN),
    }[kind]
    chosen = draw(st.lists(st.sampled_from(topics), min_size=2, max_size=3, unique=True))
    if draw(st.booleans()):
        if kind == "en":
            items = ", ".join(chosen[:-1]) + " and " + chosen[-1]
            text = draw(
                st.sampled_from([f"Compare {items}", f"What are the differences between {items}?"])
            )
        else:
            joined = "、".join(chosen[:-1]) + "和" + chosen[-1]
            compare = "比較" if kind == "zh" else "比较"
            text = draw(st.sampled_from([f"{compare}{joined}的規定", f"{joined}有什麼不同？"]))
    else:
        parts = [draw(st.sampled_from(asks)).format(t=t) for t in chosen]
        text = " ".join(parts) if kind == "en" else "".join(parts)
    return text, chosen


class TestProperty7ComplexDecomposition:
    @_SETTINGS
    @given(multipart_questions())
    @example(("比較一下特休和病假的規定有什麼不同", ["特休", "病假"]))
    @example(("What is the leave process? Who approves it?", ["leave process", "approves"]))
    def test_multipart_questions_get_a_sub_query_per_part(
        self, case: tuple[str, list[str]]
    ) -> None:
        """**Feature: generic-agentic-rag, Property 7: Complex Query Decomposition**

        For any complex multi-part question (a comparison of two or three topics, or two or
        three questions in one message, in any of the three languages), the router gives at
        least two sub-queries (so the agent takes at least two steps), each topic appearing in a
        sub-query, and every sub-query among the search queries. A comparison is COMPLEX; short
        parallel questions are one FAQ by the labelling guide (router_svc/README.md), so they
        may be DOCUMENT_QA, still searched part by part.
        """
        text, topics = case
        d = ROUTER.route(text)
        comparison = any(w in text for w in ("Compare", "differences", "比較", "比较", "不同"))
        assert (
            d.intent is Intent.COMPLEX
            if comparison
            else d.intent
            in {
                Intent.COMPLEX,
                Intent.DOCUMENT_QA,
            }
        )
        assert len(d.sub_queries) >= 2
        joined = " | ".join(d.sub_queries).casefold()
        for topic in topics:
            assert key_terms(topic).split()[0].casefold() in joined
        assert set(d.sub_queries) <= set(d.search_queries)
