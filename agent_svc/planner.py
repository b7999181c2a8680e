"""The planner (seed 001): task type → whether to retrieve, and which tool calls to make.

Also splits a multi-part question into its parts (aspects) so that each part is searched and
covered by the answer (seed Property 7).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from agent_svc.state import ToolCall
from agent_svc.tools.calculator import find_calculation
from agent_svc.tools.dates import find_date_question
from groundmesh.v1 import common_pb2
from mesh.answer_type import VETO_TYPES, expected_type

_TIME_WORDS = re.compile(
    r"\b(what\s+time\s+is\s+it|current\s+time|today'?s\s+date|what\s+day\s+is\s+(it|today))\b|"
    r"(現在|现在)(幾點|几点|時間|时间)|今天(幾號|几号|日期|星期幾|星期几)",
    re.IGNORECASE,
)
_PART_SPLIT = re.compile(
    r"[?？]\s*|;\s*|；|\s+and\s+(?=(what|how|when|where|why|who|which|is|are|do|does|can)\b)|"
    r"(?:，|,)?\s*(?:以及|另外|還有|还有|同時|同时)\s*|(?:，|,)\s*(?:和|與|与)(?=(如何|怎麼|怎么|什麼|什么|多少|幾|几|哪))",
    re.IGNORECASE,
)


# Words that address the assistant: 「你多大了」 asks it, not the documents.
_TO_THE_ASSISTANT = re.compile(r"[你您妳]|\b(you|your|yours|yourself)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Plan:
    """What the run does before the decision loop."""

    task: str
    should_retrieve: bool
    direct_reply: bool
    tool_calls: list[ToolCall] = field(default_factory=list)
    aspects: list[str] = field(default_factory=list)


def split_parts(question: str) -> list[str]:
    """The parts of a multi-part question; one part when it is not multi-part."""
    parts = [p.strip(" ，,。.") for p in _PART_SPLIT.split(question) if p and p.strip(" ，,。.")]
    parts = [p for p in parts if len(p) >= 4 and p.lower() not in {"what", "how", "and"}]
    return parts if len(parts) > 1 else [question.strip()]


def asks_for_a_value(question: str, intent: int, task_type: int) -> bool:
    """A message routed as a greeting or for a direct reply that asks for a number or a date,
    and not about the assistant, is a question for the documents: 「Thames Hall 以宴會形式擺設可以
    坐多少人？」 was routed as a greeting and answered 「您好！」. The router judges from the words;
    a greeting never asks how many or when."""
    direct = intent == common_pb2.INTENT_DIRECT_ANSWER or task_type == common_pb2.TASK_TYPE_GREETING
    if not direct or task_type == common_pb2.TASK_TYPE_OUT_OF_SCOPE:
        return False
    return expected_type(question) in VETO_TYPES and not _TO_THE_ASSISTANT.search(question)


def task_name(task_type: int) -> str:
    return common_pb2.TaskType.Name(task_type).removeprefix("TASK_TYPE_").lower()


def plan(
    *,
    question: str,
    search_question: str,
    intent: int,
    task_type: int,
    queries: list[str],
    available: set[str],
    top_k: int,
    sub_queries: list[str] | None = None,
) -> Plan:
    """The plan for a routed question."""
    task = task_name(task_type) if task_type else "simple_faq"
    if task_type == common_pb2.TASK_TYPE_OUT_OF_SCOPE:
        # Scope from evidence (issue 17): the router judges scope from the words alone, so the
        # documents are asked first. The question is answered when they hold the answer; the
        # scope reply comes only when the search finds nothing that passes the grader and judge.
        search = ToolCall("document_search", {"query": queries[0], "top_k": top_k})
        return Plan(task, should_retrieve=True, direct_reply=False, tool_calls=[search])
    if intent == common_pb2.INTENT_DIRECT_ANSWER or task_type == common_pb2.TASK_TYPE_GREETING:
        return Plan(task, should_retrieve=False, direct_reply=True)
    calls: list[ToolCall] = []
    calculation = find_calculation(question)
    if calculation and "calculator" in available:
        calls.append(ToolCall("calculator", {"expression": calculation}))
    date_question = find_date_question(question)
    if date_question and "date_calculator" in available:
        calls.append(ToolCall("date_calculator", date_question.arguments()))
    if _TIME_WORDS.search(question) and "current_time" in available:
        calls.append(ToolCall("current_time", {}))
    if task_type == common_pb2.TASK_TYPE_FORM_DOWNLOAD and "form_download_links" in available:
        calls.append(ToolCall("form_download_links", {"query": queries[0]}))
    if intent == common_pb2.INTENT_WEB_SEARCH and "web_search" in available:
        calls.append(ToolCall("web_search", {"query": search_question}))
    aspects = [q for q in (sub_queries or []) if q.strip()]
    if len(aspects) < 2:
        aspects = split_parts(search_question)
    if intent == common_pb2.INTENT_COMPLEX or len(aspects) > 1:
        searches = [
            ToolCall("document_search", {"query": a, "top_k": top_k}, aspect=a) for a in aspects
        ]
    else:
        aspects = []
        searches = [ToolCall("document_search", {"query": queries[0], "top_k": top_k})]
    # A pure calculation, date or time question still searches: the documents may say more.
    calls.extend(searches)
    return Plan(task, should_retrieve=True, direct_reply=False, tool_calls=calls, aspects=aspects)
