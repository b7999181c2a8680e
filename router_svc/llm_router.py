"""The anthropic router engine: Claude decides through one forced tool call, validated by pydantic.

Language detection and normalization stay local and deterministic; the model decides intent,
task type, confidence, the standalone question and the search queries. Any failure (transport,
timeout, invalid output after the repair turn) falls back to the offline engine, and the
reasoning says so.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from pydantic import BaseModel, Field, field_validator

from mesh.llm.base import LLMClient, Message
from mesh.llm.structured import structured_output, tool_from_model
from mesh.prompts import PromptLibrary
from router_svc.decision import HistoryTurn, Intent, RouteDecision, TaskType, escalate
from router_svc.language import conversation_language, normalize
from router_svc.offline import LexiconRouter
from router_svc.replies import ReplyWriter, default_scope, reply_kind
from router_svc.rewrite import decompose, remove_filler

log = logging.getLogger(__name__)

ENGINE = "anthropic"
ROLE = "router"
SYSTEM_TEMPLATE = "router/classify_system.jinja"
USER_TEMPLATE = "router/classify_user.jinja"
# Turns of history shown to the model (the service has bounded them already).
PROMPT_HISTORY_TURNS = 8
PROMPT_TURN_CHARS = 1000


class RouteOutput(BaseModel):
    """Record the routing decision for the user's latest message."""

    intent: Literal["DIRECT_ANSWER", "DOCUMENT_QA", "WEB_SEARCH", "COMPLEX"]
    task_type: Literal[
        "greeting", "simple_faq", "form_download", "conversation_followup", "out_of_scope"
    ]
    confidence: float = Field(ge=0.0, le=1.0)
    reasoning: str = Field(min_length=1, max_length=400)
    is_followup: bool = False
    standalone_question: str = Field("", max_length=2000)
    search_queries: list[str] = Field(default_factory=list, max_length=5)
    sub_queries: list[str] = Field(default_factory=list, max_length=6)

    @field_validator("search_queries", "sub_queries")
    @classmethod
    def _no_blank_queries(cls, value: list[str]) -> list[str]:
        cleaned = [q.strip() for q in value]
        if any(not q for q in cleaned):
            raise ValueError("queries must not be blank")
        if any(len(q) > 500 for q in cleaned):
            raise ValueError("a query is longer than 500 characters")
        return cleaned


TOOL = tool_from_model(RouteOutput, name="route_question")


class LLMRouter:
    """Routes with Claude; the offline engine is the fallback and supplies what the model omits."""

    name = ENGINE

    def __init__(
        self,
        client: LLMClient,
        prompts: PromptLibrary,
        offline: LexiconRouter,
        *,
        service_scope: str,
        replies: ReplyWriter | None = None,
        default_chinese: str = "zh-Hant",
        timeout_seconds: float = 20.0,
    ) -> None:
        if timeout_seconds <= 0:
            raise ValueError("timeout_seconds must be positive")
        self._client = client
        self._prompts = prompts
        self._offline = offline
        self._scope = service_scope
        self._replies = replies
        self._default_chinese = default_chinese
        self._timeout = timeout_seconds

    @property
    def prompt_versions(self) -> str:
        return ",".join(
            f"{name}@{self._prompts.version(name)}" for name in (SYSTEM_TEMPLATE, USER_TEMPLATE)
        )

    async def classify(self, question: str, history: Sequence[HistoryTurn]) -> RouteDecision:
        """Ask the model; on any failure, the offline decision with the failure in its reasoning."""
        try:
            return await asyncio.wait_for(self._ask(question, history), self._timeout)
        except Exception as exc:  # any failure of the model path falls back
            reason = _describe(exc)
            log.warning("anthropic router failed, falling back to offline: %s", reason)
            fallback = self._offline.route(question, list(history))
            return replace(
                fallback,
                reasoning=f"anthropic router failed ({reason}); fell back to {fallback.reasoning}",
                engine=f"{self._offline.name} (fallback)",
            )

    async def _ask(self, question: str, history: Sequence[HistoryTurn]) -> RouteDecision:
        normalized = normalize(question)
        user_turns = [t.content for t in history if t.role == "user"]
        guess = conversation_language(normalized, user_turns, self._default_chinese)
        shown = [
            {"role": t.role, "content": normalize(t.content)[:PROMPT_TURN_CHARS]}
            for t in list(history)[-PROMPT_HISTORY_TURNS:]
        ]
        scope = self._scope.strip() or default_scope("en")  # the system prompt is English
        system = self._prompts.render(SYSTEM_TEMPLATE, service_scope=scope).text
        user = self._prompts.render(
            USER_TEMPLATE, history=shown, question=normalized, language=guess.language
        ).text
        out = await structured_output(
            self._client,
            role=ROLE,
            system=system,
            messages=[Message("user", user)],
            tool=TOOL,
            model=RouteOutput,
            max_tokens=600,
        )
        intent = Intent(out.intent)
        task = TaskType(out.task_type)
        direct = intent is Intent.DIRECT_ANSWER
        followup = bool(history) and (out.is_followup or task is TaskType.CONVERSATION_FOLLOWUP)
        standalone = normalize(out.standalone_question) or normalized
        queries = [] if direct else (out.search_queries or [remove_filler(standalone)])
        subs = list(out.sub_queries)
        if intent is Intent.COMPLEX and len(subs) < 2:
            subs = decompose(standalone) or subs
        reply = ""
        if direct and self._replies is not None:
            reply_task = task if task is TaskType.OUT_OF_SCOPE else TaskType.GREETING
            reply = self._replies.reply(reply_kind(reply_task, normalized), guess.answer_language)
        versions = self.prompt_versions
        if reply and self._replies is not None:
            versions += f",{self._replies.prompt_version}"
        decision = RouteDecision(
            intent=intent,
            task_type=task,
            confidence=round(out.confidence, 3),
            reasoning=f"{ENGINE}: {out.reasoning.strip()}",
            language=guess.language,
            answer_language=guess.answer_language,
            normalized_question=normalized,
            standalone_question=standalone if followup else normalized,
            is_followup=followup,
            search_queries=queries,
            sub_queries=[] if direct else subs,
            needs_rewrite=not direct and queries != [normalized],
            reply=reply,
            engine=ENGINE,
            prompt_versions=versions,
        )
        return escalate(decision, fallback_query=remove_filler(standalone))


def _describe(exc: BaseException) -> str:
    if isinstance(exc, TimeoutError | asyncio.TimeoutError):
        return "timed out"
    message = getattr(exc, "message", None) or str(exc) or type(exc).__name__
    return f"{type(exc).__name__}: {message}"[:300]
