"""The offline router: intent, task type, follow-ups and search queries from lexicons.

Deterministic and explainable: every decision carries the rule that made it. An LLM router
(issue 4) plugs in behind the same :class:`RouteDecision`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from router_svc.language import LanguageGuess, detect_language, dominant_language, normalize

ESCALATION_THRESHOLD = 0.8


class Intent(StrEnum):
    """The processing path of a question (DESIGN.md, seed 002)."""

    DIRECT_ANSWER = "DIRECT_ANSWER"
    DOCUMENT_QA = "DOCUMENT_QA"
    WEB_SEARCH = "WEB_SEARCH"
    COMPLEX = "COMPLEX"


class TaskType(StrEnum):
    """The customer-service planner's task types (seed 001)."""

    GREETING = "greeting"
    SIMPLE_FAQ = "simple_faq"
    FORM_DOWNLOAD = "form_download"
    CONVERSATION_FOLLOWUP = "conversation_followup"
    OUT_OF_SCOPE = "out_of_scope"


@dataclass(frozen=True)
class HistoryTurn:
    """One earlier turn: ``role`` is ``user`` or ``assistant``."""

    role: str
    content: str


@dataclass(frozen=True)
class RouteDecision:
    """Everything the router tells the agent about a question."""

    intent: Intent
    task_type: TaskType
    confidence: float
    reasoning: str
    language: str
    answer_language: str
    normalized_question: str
    standalone_question: str
    is_followup: bool
    search_queries: list[str] = field(default_factory=list)
    escalated: bool = False


# Whole-message greetings and small talk; a message made only of these is DIRECT_ANSWER.
_GREETING_PHRASES = sorted(
    {
        # zh-Hant / zh-Hans
        "你好嗎",
        "你好吗",
        "您好",
        "你好",
        "妳好",
        "大家好",
        "哈囉",
        "哈啰",
        "哈嘍",
        "嗨",
        "早安",
        "午安",
        "晚安",
        "早上好",
        "下午好",
        "晚上好",
        "謝謝你",
        "谢谢你",
        "謝謝",
        "谢谢",
        "感謝",
        "感谢",
        "多謝",
        "多谢",
        "再見",
        "再见",
        "拜拜",
        "掰掰",
        "你是誰",
        "你是谁",
        "辛苦了",
        "最近好嗎",
        "最近好吗",
        "在嗎",
        "在吗",
        "哈哈",
        # en
        "good morning",
        "good afternoon",
        "good evening",
        "good night",
        "how are you doing",
        "how are you",
        "how's it going",
        "what's up",
        "nice to meet you",
        "thank you very much",
        "thank you",
        "thanks a lot",
        "thanks",
        "goodbye",
        "bye",
        "hello",
        "hiya",
        "hey",
        "hi",
        "greetings",
        "who are you",
        "cheers",
    },
    key=lambda p: (-len(p), p),
)
_GREETING_FILLER = re.compile(
    r"(?i)\b(there|all|everyone|friend|bot|groundmesh|again|so much|guys|today)\b"
    r"|[啊呀哦喔啦嘛囉~～!！?？.,，。、\s:)(😀🙂👋]+"
)

_OUT_OF_SCOPE = re.compile(
    r"(?i)(天氣|天气|氣溫|气温|股價|股价|股票|樂透|乐透|彩票|星座|運勢|运势|笑話|笑话|"
    r"\bweather\b|\bstock price|\blottery\b|\bhoroscope\b|\btell me a joke\b|\bjoke\b|"
    r"\bsports? scores?\b|\bmovie recommendations?\b|\bwho won\b)"
)
_FORM = re.compile(
    r"(?i)(下載|下载|表單|表单|申請表|申请表|附件|範本|范本|\bforms?\b|\bdownload\b|\btemplate\b)"
)
_COMPLEX = re.compile(
    r"(?i)(比較|比较|差異|差异|區別|区别|優缺點|优缺点|分別|分别|\bcompare\b|\bcomparison\b|"
    r"\bdifferences?\b|\bpros and cons\b|\bstep by step\b)"
)
_FOLLOWUP = re.compile(
    r"(?i)(^那.{0,12}呢|呢[?？]?$|^還有|^还有|^那麼|^那么|這個|这个|那個|那个|它|他們|他们|上面|剛才|刚才|"
    r"^(and|what about|how about|and what about)\b|\b(it|that|those|these|they|them)\b)"
)
_FILLER = re.compile(
    r"(?i)^(?:(?:請問一下|请问一下|請問|请问|想請問|想请问|請幫我|请帮我|幫我|帮我|麻煩|麻烦|我想知道|"
    r"我想問|我想问|可以告訴我|可以告诉我|能不能告訴我|能不能告诉我|我想|我要|想要|你好|您好|哈囉|"
    r"哈啰|嗨)|(?:can you (?:please )?(?:tell me|explain)?|could you (?:please )?"
    r"(?:tell me|explain)?|please|i (?:want|would like|'d like) to know|tell me|do you know|"
    r"hi|hello|hey)\b)[\s,，:：!！]*"
)
_EDGE_PUNCT = re.compile(r"^[\s,，.。!！?？:：;；]+|[\s,，.。!！?？:：;；]+$")


def is_greeting(text: str) -> bool:
    """Whether ``text`` is nothing but greetings and small talk, in any of the three languages."""
    rest = normalize(text).casefold()
    if not rest:
        return False
    found = False
    for phrase in _GREETING_PHRASES:
        if phrase in rest:
            if phrase.isascii():
                # No \b: there is no word boundary between a Latin letter and a Han character.
                new = re.sub(rf"(?<![a-z]){re.escape(phrase)}(?![a-z])", " ", rest)
            else:
                new = rest.replace(phrase, " ")
            found = found or new != rest
            rest = new
    return found and not _GREETING_FILLER.sub("", rest).strip()


def rewrite_for_search(question: str) -> str:
    """Remove leading filler ("請問", "can you tell me") and edge punctuation; keep key terms."""
    text = normalize(question)
    previous = None
    while previous != text:
        previous = text
        text = _FILLER.sub("", text).strip()
    cleaned = _EDGE_PUNCT.sub("", text)
    return cleaned or normalize(question)


def standalone_question(question: str, history: list[HistoryTurn]) -> str:
    """A question that stands without the history: the last user turn's topic plus this one."""
    last_user = next((t.content for t in reversed(history) if t.role == "user"), "")
    if not last_user:
        return question
    return f"{rewrite_for_search(last_user)} {rewrite_for_search(question)}".strip()


def escalate(decision: RouteDecision) -> RouteDecision:
    """DIRECT_ANSWER under confidence 0.8 becomes DOCUMENT_QA (never miss a real question)."""
    if decision.intent is Intent.DIRECT_ANSWER and decision.confidence < ESCALATION_THRESHOLD:
        return RouteDecision(
            intent=Intent.DOCUMENT_QA,
            task_type=TaskType.SIMPLE_FAQ,
            confidence=decision.confidence,
            reasoning=f"{decision.reasoning}; confidence below {ESCALATION_THRESHOLD}, "
            "escalated to DOCUMENT_QA",
            language=decision.language,
            answer_language=decision.answer_language,
            normalized_question=decision.normalized_question,
            standalone_question=decision.standalone_question,
            is_followup=decision.is_followup,
            search_queries=decision.search_queries
            or [rewrite_for_search(decision.normalized_question)],
            escalated=True,
        )
    return decision


class LexiconRouter:
    """Routes with lexicons in Traditional Chinese, Simplified Chinese and English.

    >>> LexiconRouter().route("你好！").intent
    <Intent.DIRECT_ANSWER: 'DIRECT_ANSWER'>
    """

    def __init__(self, default_chinese: str = "zh-Hant") -> None:
        if default_chinese not in {"zh-Hant", "zh-Hans"}:
            raise ValueError("default_chinese must be zh-Hant or zh-Hans")
        self._default_chinese = default_chinese

    def route(self, question: str, history: list[HistoryTurn] | None = None) -> RouteDecision:
        """Decide intent, task type and search queries for ``question``."""
        history = history or []
        normalized = normalize(question)
        guess = detect_language(normalized, self._default_chinese)
        answer_language = self._answer_language(guess, history)

        def decide(
            intent: Intent,
            task: TaskType,
            confidence: float,
            reasoning: str,
            standalone: str = normalized,
            followup: bool = False,
        ) -> RouteDecision:
            queries: list[str] = []
            if intent is not Intent.DIRECT_ANSWER:
                rewritten = rewrite_for_search(standalone)
                plain = _EDGE_PUNCT.sub("", standalone)
                queries = [rewritten] if rewritten == plain else [rewritten, plain]
            return escalate(
                RouteDecision(
                    intent=intent,
                    task_type=task,
                    confidence=confidence,
                    reasoning=reasoning,
                    language=guess.language,
                    answer_language=answer_language,
                    normalized_question=normalized,
                    standalone_question=standalone,
                    is_followup=followup,
                    search_queries=queries,
                )
            )

        if is_greeting(normalized):
            return decide(
                Intent.DIRECT_ANSWER, TaskType.GREETING, 0.95, "the message is only a greeting"
            )
        if _OUT_OF_SCOPE.search(normalized) and not _FORM.search(normalized):
            return decide(
                Intent.DIRECT_ANSWER,
                TaskType.OUT_OF_SCOPE,
                0.85,
                "the message asks about a topic outside the service scope",
            )
        if history and _FOLLOWUP.search(normalized) and len(normalized) <= 60:
            return decide(
                Intent.DOCUMENT_QA,
                TaskType.CONVERSATION_FOLLOWUP,
                0.8,
                "the message refers back to the conversation",
                standalone=standalone_question(normalized, history),
                followup=True,
            )
        if _FORM.search(normalized):
            return decide(
                Intent.DOCUMENT_QA, TaskType.FORM_DOWNLOAD, 0.85, "the message asks for a form"
            )
        if _COMPLEX.search(normalized) or normalized.count("?") >= 2:
            return decide(
                Intent.COMPLEX,
                TaskType.SIMPLE_FAQ,
                0.75,
                "the message compares or asks several things",
            )
        return decide(
            Intent.DOCUMENT_QA,
            TaskType.SIMPLE_FAQ,
            0.75,
            "a question to answer from the documents",
        )

    def _answer_language(self, guess: LanguageGuess, history: list[HistoryTurn]) -> str:
        if guess.language != "mixed" or not history:
            return guess.answer_language
        user_turns = [t.content for t in history if t.role == "user"]
        return dominant_language(user_turns, self._default_chinese)
