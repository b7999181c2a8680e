"""Follow-up detection and standalone questions, from the conversation history.

A message is a follow-up when there is history and it leans on it: a "那…呢" / "what about …"
ellipsis, a pronoun ("這個", "it", "that"), or a short question with no topic of its own
("要附什麼？", "Why?"). The standalone question puts the topic of the last user question back in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from router_svc.decision import Intent, RouteDecision, TaskType
from router_svc.language import EN, ZH_HANS
from router_svc.lexicon import BACK_REFERENCE, FOLLOWUP_EN, FOLLOWUP_ZH
from router_svc.rewrite import content_units, key_terms, remove_filler
from router_svc.substitution import joined, substitute

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_WORD = re.compile(r"[A-Za-z0-9]+(?:[-'][A-Za-z0-9]+)*")
_WHAT_ABOUT_ZH = re.compile(
    r"^(?:那麼|那么|那|還有|还有)\s*(?P<x>.+?)\s*(?:的話|的话)?\s*呢[?!.]?$"
)
_WHAT_ABOUT_EN = re.compile(
    r"(?i)^(?:and\s+)?(?:what|how)\s+about\s+(?:the\s+)?(?P<x>.+?)[?!.]*$|"
    # "and for part-timers?"; not "and what is their extension?" (a question of its own).
    r"^and\s+(?!(?:what|how|why|when|where|who|which|is|are|do|does|did|can|could|should|"
    r"will|would)\b)(?:for|on|in|with|during)?\s*(?:the\s+)?(?P<y>.+?)[?!.]*$"
)
_PRONOUN_ZH = re.compile(r"這個|这个|那個|那个|這些|这些|那些|它們|它们|它")
_PRONOUN_EN = re.compile(r"(?i)\b(it|that|this|those|these|them|they)\b")
# What a removed referring word leaves behind as a "term" (那它 → 那).
_REFERRING_LEFTOVERS = frozenset("那這这")
# A message with this many content units of its own is a new question even with history.
OWN_TOPIC_HAN = 4
OWN_TOPIC_WORDS = 4
_ZH_QUESTION_WORDS = re.compile(
    r"請問|请问|怎麼辦|怎么办|怎麼|怎么|如何|什麼|什么|哪裡|哪里|多少|多久|幾|几|嗎|吗|呢|是|的|了|"
    r"要|會|会|可以|能|需要|還是|还是|有|沒|没|也|一樣|一样|其他|別的|别的|方式|辦法|办法|話|话"
)
_EN_QUESTION_WORDS = frozenset(
    "what how why when where who which is are was were do does did can could will would should "
    "i we you it that this those these them they there the a an of for on in to and or if "
    "same about get lose need have has be any other else way ways rest day".split()
)


class HistoryLike(Protocol):
    """A turn of the conversation: who spoke and what was said."""

    @property
    def role(self) -> str: ...

    @property
    def content(self) -> str: ...


@dataclass(frozen=True)
class Followup:
    """Whether a message is a follow-up, why, and the question it stands for."""

    is_followup: bool
    reason: str
    standalone: str


def _own_topic(text: str) -> bool:
    han = _ZH_QUESTION_WORDS.sub("", "".join(_HAN.findall(text)))
    words = [w for w in _WORD.findall(text) if w.lower() not in _EN_QUESTION_WORDS]
    return (
        len(han) >= OWN_TOPIC_HAN
        or len(words) >= OWN_TOPIC_WORDS
        or (len(han) >= 2 and len(words) >= 2)
    )


def last_user_question(history: Sequence[tuple[str, str]]) -> str:
    """The most recent user turn with some content."""
    for role, content in reversed(history):
        if role == "user" and content.strip():
            return content
    return ""


def conversation_topic(history: Sequence[tuple[str, str]]) -> str:
    """The subject of the conversation: the topic of the latest user turn that names one itself
    (a turn that refers back — 「那它怎麼決定…」, "and what does it cost?" — is skipped)."""
    users = [c for role, c in history if role == "user" and c.strip()]
    for content in reversed(users):
        if not (_PRONOUN_ZH.search(content) or _PRONOUN_EN.search(content)):
            return topic_of(content)
    return topic_of(users[-1]) if users else ""


def topic_of(question: str) -> str:
    """The main subject of a question: for Chinese the first content run, for English the
    longest run of content words (the last one on a tie).

    >>> topic_of("How many days of annual leave do I get?")
    'annual leave'
    >>> topic_of("那它怎麼決定要不要拒絕答案？")
    '決定'
    """
    cleaned = remove_filler(question)
    if _HAN.search(cleaned):
        # A referring word is not a subject: 「那它怎麼決定…」 is about 「決定」, not 「那它」.
        terms = key_terms(_PRONOUN_ZH.sub(" ", cleaned)).split()
        terms = [t for t in terms if t not in _REFERRING_LEFTOVERS]
        return terms[0] if terms else cleaned
    runs: list[list[str]] = [[]]
    for word in _WORD.findall(cleaned):
        if word.lower() in _EN_QUESTION_WORDS or word.lower() in {"many", "much", "days"}:
            runs.append([])
        else:
            runs[-1].append(word)
    best: list[str] = []
    for run in runs:
        if len(run) >= len(best) and run:
            best = run
    return " ".join(best) or key_terms(cleaned)


def _with_context(question: str, topic: str, language: str) -> str:
    if language == EN:
        return f"{question.rstrip('?')} (about {topic})?" if topic else question
    about = "关于" if language == ZH_HANS else "關於"
    return f"{about}{topic}，{question}" if topic else question


def _as_question(text: str, like: str) -> str:
    """``text`` ending with a question mark when ``like`` (the message) ended with one."""
    text = text.rstrip(" ,，.。")
    if re.search(r"[?？]\s*$", like) and not re.search(r"[?？]$", text):
        return text + ("？" if _HAN.search(text) else "?")
    return text


def detect_followup(question: str, history: Sequence[tuple[str, str]], language: str) -> Followup:
    """Decide whether ``question`` leans on ``history`` and write the standalone question.

    ``history`` is (role, content) pairs, oldest first; ``language`` is the answer language.
    """
    previous = last_user_question(history)
    if not previous:
        return Followup(False, "", question)
    text = remove_filler(question).strip() or question.strip()
    swapped_parts = substitute(previous, text)
    if swapped_parts is not None:
        return Followup(
            True, "asks the last question about something else", joined(swapped_parts.questions)
        )
    what_about = _WHAT_ABOUT_ZH.match(text) or _WHAT_ABOUT_EN.match(text)
    if what_about:
        groups = what_about.groupdict()
        new_topic = (groups.get("x") or groups.get("y") or "").strip()
        if (
            new_topic
            and not _own_topic(text.replace(new_topic, "", 1))
            and (content_units(new_topic) <= 8)
        ):
            # :func:`substitute` found no slot for it in the previous question: the new topic
            # goes in front of the whole question.
            prev = remove_filler(previous).rstrip("?？")
            if _HAN.search(previous):
                about = "关于" if language == ZH_HANS else "關於"
                swapped = f"{about}{new_topic}，{prev}"
            else:
                swapped = f"{prev} for {new_topic}"
            end = "?" if not _HAN.search(swapped) else "？"
            return Followup(True, "asks the last question about something else", swapped + end)
    leans = bool(FOLLOWUP_ZH.search(text) or FOLLOWUP_EN.search(text))
    if BACK_REFERENCE.search(text):
        topic = conversation_topic(history)
        standalone = _as_question(_with_context(text, topic, language), question)
        return Followup(True, "refers to an earlier answer", standalone)
    if _own_topic(text) and not (leans and content_units(text) <= 8):
        return Followup(False, "", question)
    topic = conversation_topic(history)
    if _PRONOUN_ZH.search(text) and topic:
        standalone = _PRONOUN_ZH.sub(topic, text, count=1)
        return Followup(True, "refers back with a pronoun", _as_question(standalone, question))
    if _PRONOUN_EN.search(text) and topic:
        standalone = _PRONOUN_EN.sub(topic, text, count=1)
        return Followup(True, "refers back with a pronoun", _as_question(standalone, question))
    if leans or content_units(text) <= 6:
        standalone = _with_context(text, topic, language)
        return Followup(True, "elliptical question", _as_question(standalone, question))
    return Followup(False, "", question)


def standalone_for(question: str, history: Sequence[HistoryLike], language: str) -> str:
    """The standalone question of a message the classifier found to be a follow-up: the
    rewrite of :func:`detect_followup`, else the message with the last question's topic."""
    return rewrite_with_history(question, history, language)[0]


def rewrite_with_history(
    question: str, history: Sequence[HistoryLike], language: str
) -> tuple[str, bool]:
    """The message rewritten with the conversation, and whether its wording leans on it (a
    pronoun, a leaning word, "what about X"): without such a cue the rewrite only puts the last
    question's topic in front of the message."""
    pairs = [(t.role, t.content) for t in history]
    found = detect_followup(question, pairs, language)
    if found.is_followup:
        return found.standalone, True
    topic = conversation_topic(pairs)
    return _as_question(_with_context(question, topic, language), question), False


def with_contextual_question(
    decision: RouteDecision, history: Sequence[HistoryLike]
) -> RouteDecision:
    """``decision`` with the message rewritten as a follow-up would be, when it has history, is
    not a follow-up, will be searched in the documents (a document question, or out of scope)
    and the rewrite says more than the message.

    Whether a message stands alone is not for the wording alone to decide: the agent searches
    the message and this rewrite and treats it as a follow-up when the two searches disagree and
    the rewrite's evidence is at least as good (``agent_svc/nodes/standalone_check.py``).
    """
    # An out-of-scope message is searched too (scope from evidence); a greeting never is.
    searches = decision.intent in (Intent.DOCUMENT_QA, Intent.COMPLEX) or (
        decision.task_type is TaskType.OUT_OF_SCOPE
    )
    if not history or decision.is_followup or not searches:
        return decision
    question = decision.normalized_question
    contextual = standalone_for(question, history, decision.answer_language)
    if not contextual or contextual.strip() == question.strip():
        return decision
    return replace(decision, contextual_question=contextual)
