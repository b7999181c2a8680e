"""The router's public surface: decision types, the engine interface and the offline engine.

Two engines implement :class:`RouterEngine`: :class:`~router_svc.offline.LexiconRouter`
(offline) and :class:`~router_svc.llm_router.LLMRouter` (Claude, falling back to offline).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Protocol

from router_svc.decision import (
    ESCALATION_THRESHOLD,
    HistoryTurn,
    Intent,
    RouteDecision,
    TaskType,
    escalate,
)
from router_svc.followup import detect_followup
from router_svc.language import detect_language, normalize
from router_svc.offline import LexiconRouter, is_greeting
from router_svc.rewrite import MAX_QUERY_CHARS, remove_filler

log = logging.getLogger(__name__)

__all__ = [
    "ESCALATION_THRESHOLD",
    "HistoryTurn",
    "Intent",
    "LexiconRouter",
    "RouteDecision",
    "RouterEngine",
    "TaskType",
    "classify_or_default",
    "escalate",
    "is_greeting",
    "rewrite_for_search",
    "standalone_question",
]


class RouterEngine(Protocol):
    """What the gRPC servicer needs from a router engine."""

    name: str

    async def classify(self, question: str, history: Sequence[HistoryTurn]) -> RouteDecision:
        """Route one question with its (already validated and bounded) history."""
        ...


async def classify_or_default(
    engine: RouterEngine, question: str, history: Sequence[HistoryTurn]
) -> RouteDecision:
    """The engine's decision, or DOCUMENT_QA when the engine fails (seed 002's error table:
    a router failure defaults to DOCUMENT_QA, so a real question is never left unanswered)."""
    try:
        return await engine.classify(question, history)
    except Exception as exc:
        log.exception("router engine %s failed; defaulting to DOCUMENT_QA", engine.name)
        normalized = normalize(question)
        guess = detect_language(normalized)
        return RouteDecision(
            intent=Intent.DOCUMENT_QA,
            task_type=TaskType.SIMPLE_FAQ,
            confidence=0.0,
            reasoning=f"router engine {engine.name} failed ({type(exc).__name__}); "
            "defaulting to DOCUMENT_QA",
            language=guess.language,
            answer_language=guess.answer_language,
            normalized_question=normalized,
            standalone_question=normalized,
            is_followup=False,
            search_queries=[remove_filler(normalized)[:MAX_QUERY_CHARS]],
            engine=f"{engine.name} (failed)",
        )


def rewrite_for_search(question: str) -> str:
    """Remove filler ("請問", "can you tell me", a trailing "謝謝") and edge punctuation."""
    return remove_filler(question)


def standalone_question(question: str, history: list[HistoryTurn], language: str = "") -> str:
    """The question rewritten to stand without the history (unchanged when it already does)."""
    pairs = [(t.role, t.content) for t in history]
    return detect_followup(question, pairs, language or "zh-Hant").standalone
