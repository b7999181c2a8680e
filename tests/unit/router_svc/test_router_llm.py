"""Unit tests for router_svc.llm_router: Claude through forced tool use, and the fallback.

First against a fake ``LLMClient``, then over real HTTP against the local Messages API server
with the real ``AnthropicClient``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator, Sequence
from typing import Any

import pytest

from mesh.config import REPO_ROOT
from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.base import Completion, LLMError, Message, ToolSpec, Usage
from mesh.llm.settings import LLMSettings
from mesh.prompts import PromptLibrary
from router_svc.decision import HistoryTurn, Intent, TaskType
from router_svc.llm_router import TOOL, LLMRouter
from router_svc.offline import LexiconRouter
from router_svc.replies import ReplyWriter
from testkit.messages_api import MessagesAPIServer, running_messages_api
from testkit.messages_replies import error_reply, tool_use_reply

pytestmark = pytest.mark.unit

SCOPE = "questions about the Acme employee handbook"
PROMPTS = PromptLibrary(REPO_ROOT / "prompts")


class FakeLLM:
    """Answers each ``complete`` with the next scripted completion or exception."""

    def __init__(self, *script: Completion | Exception, delay: float = 0.0) -> None:
        self.script = list(script)
        self.calls: list[dict[str, Any]] = []
        self.delay = delay

    async def complete(
        self,
        *,
        role: str,
        system: str,
        messages: Sequence[Message],
        max_tokens: int = 1024,
        tool: ToolSpec | None = None,
        force_tool: bool = False,
        temperature: float = 0.0,
    ) -> Completion:
        self.calls.append(
            {
                "role": role,
                "system": system,
                "messages": list(messages),
                "tool": tool,
                "force_tool": force_tool,
            }
        )
        if self.delay:
            await asyncio.sleep(self.delay)
        item = self.script.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    def stream(self, **_: Any) -> AsyncIterator[str]:  # pragma: no cover - unused
        raise NotImplementedError

    @property
    def last_usage(self) -> Usage:
        return Usage()


def tool_call(**fields: Any) -> Completion:
    base: dict[str, Any] = {
        "intent": "DOCUMENT_QA",
        "task_type": "simple_faq",
        "confidence": 0.9,
        "reasoning": "a policy question",
        "is_followup": False,
        "standalone_question": "",
        "search_queries": ["年假 天數"],
        "sub_queries": [],
    }
    base.update(fields)
    return Completion("", "claude-test", "tool_use", tool_name="route_question", tool_input=base)


def make_router(client: Any, timeout: float = 5.0) -> LLMRouter:
    replies = ReplyWriter(PROMPTS, SCOPE)
    return LLMRouter(
        client,
        PROMPTS,
        LexiconRouter(use_model=False, use_prototypes=False, replies=replies),
        service_scope=SCOPE,
        replies=replies,
        timeout_seconds=timeout,
    )


class TestWithAFakeClient:
    async def test_the_models_decision_is_used_and_language_is_detected_locally(self) -> None:
        fake = FakeLLM(tool_call())
        d = await make_router(fake).classify("請問年假有幾天？", [])
        assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.SIMPLE_FAQ)
        assert d.engine == "anthropic" and d.reasoning == "anthropic: a policy question"
        assert d.search_queries == ["年假 天數"]
        assert d.language == "zh-Hant"
        call = fake.calls[0]
        assert call["role"] == "router" and call["force_tool"] and call["tool"] is TOOL
        assert SCOPE in call["system"]
        assert "請問年假有幾天?" in call["messages"][0].content

    async def test_history_is_shown_to_the_model_and_the_standalone_question_kept(self) -> None:
        fake = FakeLLM(
            tool_call(
                task_type="conversation_followup",
                is_followup=True,
                standalone_question="病假有幾天？",
                search_queries=["病假 天數"],
            )
        )
        history = [HistoryTurn("user", "年假有幾天？"), HistoryTurn("assistant", "七天")]
        d = await make_router(fake).classify("那病假呢？", history)
        assert d.is_followup and d.standalone_question == "病假有幾天?"
        prompt = fake.calls[0]["messages"][0].content
        assert "user: 年假有幾天?" in prompt and "assistant: 七天" in prompt

    async def test_unsure_direct_answer_escalates(self) -> None:
        fake = FakeLLM(tool_call(intent="DIRECT_ANSWER", task_type="greeting", confidence=0.6))
        d = await make_router(fake).classify("嗨，那個東西", [])
        assert d.intent is Intent.DOCUMENT_QA and d.escalated and d.search_queries

    async def test_confident_out_of_scope_gets_the_scope_reply_and_no_search(self) -> None:
        fake = FakeLLM(tool_call(intent="DIRECT_ANSWER", task_type="out_of_scope", confidence=0.95))
        d = await make_router(fake).classify("What's the weather?", [])
        assert d.intent is Intent.DIRECT_ANSWER
        assert d.search_queries == [] and SCOPE in d.reply

    async def test_complex_without_sub_queries_is_decomposed_locally(self) -> None:
        fake = FakeLLM(tool_call(intent="COMPLEX", sub_queries=[]))
        d = await make_router(fake).classify("比較一下特休和病假的規定", [])
        assert d.sub_queries == ["特休 規定", "病假 規定"]

    async def test_invalid_output_is_repaired_once(self) -> None:
        fake = FakeLLM(tool_call(confidence=3.0), tool_call())
        d = await make_router(fake).classify("年假有幾天", [])
        assert d.engine == "anthropic" and len(fake.calls) == 2

    @pytest.mark.parametrize(
        "failure",
        [
            LLMError("overloaded"),
            RuntimeError("boom"),
            "invalid twice",
            "no tool call",
        ],
    )
    async def test_any_failure_falls_back_to_offline_and_says_so(self, failure: object) -> None:
        if failure == "invalid twice":
            fake = FakeLLM(tool_call(intent="MAYBE"), tool_call(intent="MAYBE"))
        elif failure == "no tool call":
            text = Completion("I think it is a question", "claude-test", "end_turn")
            fake = FakeLLM(text, text)
        else:
            assert isinstance(failure, Exception)
            fake = FakeLLM(failure)
        d = await make_router(fake).classify("今天台北天氣如何？", [])
        assert d.reasoning.startswith("anthropic router failed (")
        assert "fell back to offline:" in d.reasoning
        assert d.engine == "offline (fallback)"
        assert d.task_type is TaskType.OUT_OF_SCOPE  # the offline engine's decision

    async def test_a_slow_model_times_out_into_the_fallback(self) -> None:
        fake = FakeLLM(tool_call(), delay=5.0)
        d = await make_router(fake, timeout=0.05).classify("年假有幾天", [])
        assert "timed out" in d.reasoning and d.intent is Intent.DOCUMENT_QA

    def test_prompt_versions_are_reported(self) -> None:
        assert make_router(FakeLLM()).prompt_versions == (
            "router/classify_system.jinja@1,router/classify_user.jinja@1"
        )


@pytest.fixture(scope="module")
def messages_api() -> Iterator[MessagesAPIServer]:
    with running_messages_api(api_key="test-key") as server:
        yield server


def real_client(server: MessagesAPIServer) -> AnthropicClient:
    settings = LLMSettings(
        provider="anthropic", api_key="test-key", base_url=server.url, max_retries=0
    )
    return AnthropicClient(settings)


class TestAgainstTheLocalMessagesAPI:
    async def test_forced_tool_use_over_http(self, messages_api: MessagesAPIServer) -> None:
        messages_api.reset()
        messages_api.queue(
            tool_use_reply(
                "route_question",
                tool_call(intent="WEB_SEARCH", search_queries=["Kubernetes latest"]).tool_input,
            )
        )
        d = await make_router(real_client(messages_api)).classify(
            "What's the latest version of Kubernetes?", []
        )
        assert d.intent is Intent.WEB_SEARCH and d.engine == "anthropic"
        request = messages_api.requests[-1]
        assert request.tool_choice == {"type": "tool", "name": "route_question"}
        assert request.tools[0]["name"] == "route_question"
        assert SCOPE in request.system_text

    async def test_server_errors_fall_back_to_offline(
        self, messages_api: MessagesAPIServer
    ) -> None:
        messages_api.reset()
        messages_api.queue(error_reply(529), error_reply(529))
        d = await make_router(real_client(messages_api)).classify("你好！", [])
        assert d.engine == "offline (fallback)"
        assert d.intent is Intent.DIRECT_ANSWER and "anthropic router failed" in d.reasoning

    async def test_malformed_tool_input_falls_back(self, messages_api: MessagesAPIServer) -> None:
        messages_api.reset()
        messages_api.queue(
            tool_use_reply("route_question", raw_input='{"intent": '),
            tool_use_reply("route_question", raw_input='{"intent": '),
        )
        d = await make_router(real_client(messages_api)).classify("年假有幾天？", [])
        assert d.engine == "offline (fallback)" and d.intent is Intent.DOCUMENT_QA


async def test_decisions_name_their_prompt_versions() -> None:
    fake = FakeLLM(tool_call(intent="DIRECT_ANSWER", task_type="greeting", confidence=0.99))
    d = await make_router(fake).classify("hi", [])
    assert d.prompt_versions == (
        "router/classify_system.jinja@1,router/classify_user.jinja@1,router/direct_reply.jinja@2"
    )
