"""The router's vocabulary: intents, task types, history turns and the routing decision."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from router_svc.rewrite import MAX_QUERY_CHARS, remove_filler

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
    """Everything the router tells the agent about a question.

    ``search_queries`` is empty exactly when the intent is DIRECT_ANSWER: a direct answer never
    searches. ``reply`` is the suggested direct reply (greeting or out-of-scope, stating the
    configured service scope); empty for the other intents.
    """

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
    sub_queries: list[str] = field(default_factory=list)
    needs_rewrite: bool = False
    reply: str = ""
    engine: str = "offline"
    prompt_versions: str = ""
    # With history, for a message that searches the documents and that either was not taken
    # for a follow-up, or was by the model though its wording does not lean on the
    # conversation: the message as a follow-up would read. The agent searches both and
    # decides (issue 17).
    contextual_question: str = ""


def escalate(
    decision: RouteDecision,
    fallback_query: str | None = None,
    fallback_sub_queries: list[str] | None = None,
) -> RouteDecision:
    """DIRECT_ANSWER or WEB_SEARCH under confidence 0.8 becomes DOCUMENT_QA (the seeds' error
    table: never miss a question the documents may answer)."""
    unsure = decision.confidence < ESCALATION_THRESHOLD
    if decision.intent in (Intent.DIRECT_ANSWER, Intent.WEB_SEARCH) and unsure:
        query = (
            fallback_query
            or remove_filler(decision.standalone_question or decision.normalized_question)[
                :MAX_QUERY_CHARS
            ]
        )
        return replace(
            decision,
            intent=Intent.DOCUMENT_QA,
            task_type=TaskType.SIMPLE_FAQ,
            reasoning=f"{decision.reasoning}; confidence below {ESCALATION_THRESHOLD}, "
            "escalated to DOCUMENT_QA",
            search_queries=decision.search_queries
            or list(dict.fromkeys([query, *(fallback_sub_queries or [])])),
            sub_queries=decision.sub_queries or list(fallback_sub_queries or []),
            escalated=True,
            reply="",
        )
    return decision
