"""AnthropicClient against the local Messages API server, over real HTTP."""

from __future__ import annotations

import asyncio
import random

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.base import LLMClient, LLMError, Message, ToolSpec, Usage
from mesh.llm.settings import DEFAULT_ROLE_MODELS
from testkit.messages_api import (
    MessagesAPIServer,
    error_reply,
    text_reply,
    tool_use_reply,
)
from tests.llm.conftest import API_KEY, SettingsFactory

QUESTION = [Message("user", "How many days of annual leave do I get?")]
DECIDE = ToolSpec(
    name="decide",
    description="Choose the next step.",
    input_schema={
        "type": "object",
        "properties": {"action": {"type": "string"}, "reasoning": {"type": "string"}},
        "required": ["action", "reasoning"],
    },
)


async def test_complete_returns_text_model_and_usage(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(text_reply("You get 14 days."))
    completion = await client.complete(role="synthesis", system="Be exact.", messages=QUESTION)
    assert completion.text == "You get 14 days."
    assert completion.stop_reason == "end_turn"
    assert completion.model == DEFAULT_ROLE_MODELS["synthesis"]
    assert completion.tool_name is None
    assert completion.usage.input_tokens > 0 and completion.usage.output_tokens > 0
    assert client.last_usage == completion.usage
    request = messages_api.last_request
    assert request.messages == [{"role": "user", "content": QUESTION[0].content}]
    assert request.max_tokens == 1024
    assert "temperature" not in (request.body or {})  # not a parameter of this API version
    assert not request.stream


async def test_request_headers_authenticate_and_name_the_api_version(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(text_reply("ok"))
    await client.complete(role="router", system="", messages=QUESTION)
    headers = messages_api.last_request.headers
    sent_key = headers.get("x-api-key") or headers["authorization"].removeprefix("Bearer ")
    assert sent_key == API_KEY
    assert headers["anthropic-version"]
    assert headers["content-type"].startswith("application/json")
    assert "system" not in (messages_api.last_request.body or {})


async def test_wrong_key_is_an_llm_error_without_retries(
    make_settings: SettingsFactory, messages_api: MessagesAPIServer
) -> None:
    llm = AnthropicClient(make_settings(api_key="sk-wrong"))
    messages_api.queue(text_reply("never sent"))
    with pytest.raises(LLMError, match="401 authentication_error"):
        await llm.complete(role="router", system="s", messages=QUESTION)
    assert len(messages_api.requests) == 1
    assert messages_api.pending == 1
    await llm.aclose()


async def test_forced_tool_use_returns_tool_name_and_input(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(tool_use_reply("decide", {"action": "use_tool", "reasoning": "need docs"}))
    completion = await client.complete(
        role="decision", system="Decide.", messages=QUESTION, tool=DECIDE, force_tool=True
    )
    assert completion.tool_name == "decide"
    assert completion.tool_input == {"action": "use_tool", "reasoning": "need docs"}
    assert completion.stop_reason == "tool_use"
    request = messages_api.last_request
    assert request.tool_choice == {"type": "tool", "name": "decide"}
    assert request.tools == [
        {"name": "decide", "description": DECIDE.description, "input_schema": DECIDE.input_schema}
    ]


async def test_optional_tool_is_offered_with_auto_choice(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(text_reply("No tool needed."))
    completion = await client.complete(role="decision", system="s", messages=QUESTION, tool=DECIDE)
    assert completion.tool_name is None and completion.text == "No tool needed."
    assert messages_api.last_request.tool_choice == {"type": "auto"}


async def test_system_prompt_is_cached_and_cache_usage_is_counted(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    system = "You answer from the sources only. " * 40
    messages_api.queue(text_reply("first"), text_reply("second"))
    first = await client.complete(role="synthesis", system=system, messages=QUESTION)
    second = await client.complete(role="synthesis", system=system, messages=QUESTION)
    block = messages_api.requests[0].system_blocks[0]
    assert block == {"type": "text", "text": system, "cache_control": {"type": "ephemeral"}}
    assert first.usage.cache_creation_input_tokens > 0 and first.usage.cache_read_input_tokens == 0
    assert second.usage.cache_read_input_tokens == first.usage.cache_creation_input_tokens
    assert client.total_usage == first.usage + second.usage


async def test_prompt_caching_can_be_turned_off(
    make_settings: SettingsFactory, messages_api: MessagesAPIServer
) -> None:
    llm = AnthropicClient(make_settings(prompt_caching=False))
    messages_api.queue(text_reply("ok"))
    await llm.complete(role="synthesis", system="static", messages=QUESTION)
    assert messages_api.last_request.system_blocks == [{"type": "text", "text": "static"}]
    await llm.aclose()


async def test_stream_yields_deltas_and_records_usage(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    answer = "Annual leave is 14 days [leave-policy#0]. 特休十四天。"
    messages_api.queue(text_reply(answer, delta_chars=5))
    deltas = [d async for d in client.stream(role="synthesis", system="s", messages=QUESTION)]
    assert len(deltas) > 1
    assert "".join(deltas) == answer
    assert messages_api.last_request.stream
    usage = client.last_usage
    assert usage.input_tokens > 0 and usage.output_tokens > 1
    assert client.total_usage == usage


async def test_429_with_retry_after_then_success(
    make_settings: SettingsFactory, messages_api: MessagesAPIServer
) -> None:
    waits: list[float] = []

    async def record_sleep(seconds: float) -> None:
        waits.append(seconds)

    llm = AnthropicClient(
        make_settings(backoff_max_seconds=30.0), sleep=record_sleep, rng=random.Random(1)
    )
    messages_api.queue(error_reply(429, retry_after=7), text_reply("after the limit"))
    completion = await llm.complete(role="decision", system="s", messages=QUESTION)
    assert completion.text == "after the limit"
    assert [r.status for r in messages_api.requests] == [429, 200]
    assert waits == [7.0]  # the server's retry-after is honoured (backoff alone is ~0.001 s)
    await llm.aclose()


async def test_529_overloaded_then_success(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(error_reply(529), error_reply(529), text_reply("finally"))
    completion = await client.complete(role="evaluation", system="s", messages=QUESTION)
    assert completion.text == "finally"
    assert [r.status for r in messages_api.requests] == [529, 529, 200]


async def test_500_until_the_retry_limit_is_an_llm_error(
    make_settings: SettingsFactory, messages_api: MessagesAPIServer
) -> None:
    llm = AnthropicClient(make_settings(max_retries=2))
    messages_api.queue(*[error_reply(500) for _ in range(5)])
    with pytest.raises(LLMError, match="after 3 attempts: HTTP 500 api_error"):
        await llm.complete(role="decision", system="s", messages=QUESTION)
    assert len(messages_api.requests) == 3
    assert messages_api.pending == 2
    await llm.aclose()


async def test_400_is_not_retried(client: AnthropicClient, messages_api: MessagesAPIServer) -> None:
    messages_api.queue(error_reply(400, "messages: bad"), text_reply("unused"))
    with pytest.raises(LLMError, match="after 1 attempt: HTTP 400 invalid_request_error"):
        await client.complete(role="decision", system="s", messages=QUESTION)
    assert len(messages_api.requests) == 1


async def test_timeout_is_an_llm_error(
    make_settings: SettingsFactory, messages_api: MessagesAPIServer
) -> None:
    llm = AnthropicClient(make_settings(timeout_seconds=0.2, max_retries=1))
    messages_api.queue(text_reply("late", delay_seconds=30), text_reply("late", delay_seconds=30))
    with pytest.raises(LLMError, match="timed out"):
        await llm.complete(role="decision", system="s", messages=QUESTION)
    assert len(messages_api.requests) == 2
    await llm.aclose()


async def test_dropped_stream_is_an_llm_error(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(
        text_reply("a long answer that is cut off", delta_chars=3, drop_after_events=5)
    )
    received: list[str] = []
    with pytest.raises(LLMError, match="failed after 1 attempt"):
        async for delta in client.stream(role="synthesis", system="s", messages=QUESTION):
            received.append(delta)
    assert received  # text had reached the caller, so the stream was not retried
    assert len(messages_api.requests) == 1


async def test_stream_dropped_before_any_text_is_retried(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(text_reply("lost", drop_after_events=1), text_reply("second try"))
    text = "".join(
        [d async for d in client.stream(role="synthesis", system="s", messages=QUESTION)]
    )
    assert text == "second try"
    assert len(messages_api.requests) == 2


async def test_overloaded_error_event_mid_stream_is_retried_before_text(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    overloaded = error_reply(529)
    messages_api.queue(text_reply("x", error_event=overloaded), text_reply("recovered"))
    text = "".join(
        [d async for d in client.stream(role="synthesis", system="s", messages=QUESTION)]
    )
    assert text == "recovered"


async def test_stream_errors_up_front_are_retried(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(error_reply(429, retry_after=0), text_reply("streamed"))
    text = "".join(
        [d async for d in client.stream(role="synthesis", system="s", messages=QUESTION)]
    )
    assert text == "streamed"
    assert [r.status for r in messages_api.requests] == [429, 200]


async def test_models_follow_roles_overrides_and_large_context(
    make_settings: SettingsFactory, messages_api: MessagesAPIServer
) -> None:
    llm = AnthropicClient(
        make_settings(
            model="general-model",
            grading_model="grading-model",
            large_context_model="huge-context-model",
            large_context_threshold_tokens=2_000,
        )
    )
    messages_api.responder = lambda request: text_reply(f"model={request.model}")
    grading = await llm.complete(role="grading", system="s", messages=QUESTION)
    decision = await llm.complete(role="decision", system="s", messages=QUESTION)
    big = [Message("user", "文件內容。" * 600)]  # ~3,000 estimated tokens of Chinese
    large = await llm.complete(role="grading", system="s", messages=big)
    assert [r.model for r in messages_api.requests] == [
        "grading-model",
        "general-model",
        "huge-context-model",
    ]
    assert grading.text == "model=grading-model" and decision.model == "general-model"
    assert large.model == "huge-context-model"
    await llm.aclose()


async def test_default_threshold_switches_past_105k_tokens(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    below = [Message("user", "word " * 20_000)]  # ~25k tokens
    above = [Message("user", "詞" * 106_000)]
    assert client.model_for("synthesis", "s", below) == DEFAULT_ROLE_MODELS["synthesis"]
    assert client.model_for("synthesis", "s", above) == client.settings.large_context_model


async def test_unknown_role_is_refused(client: AnthropicClient) -> None:
    with pytest.raises(ValueError, match="unknown LLM role"):
        await client.complete(role="poet", system="s", messages=QUESTION)


async def test_span_per_call_carries_model_role_and_tokens(
    client: AnthropicClient, messages_api: MessagesAPIServer, spans: InMemorySpanExporter
) -> None:
    messages_api.queue(error_reply(529), text_reply("ok"))
    await client.complete(role="evaluation", system="s", messages=QUESTION)
    ours = [s for s in spans.get_finished_spans() if s.name == "llm.evaluation"]
    assert len(ours) == 1
    attributes = dict(ours[0].attributes or {})
    assert attributes["gen_ai.request.model"] == DEFAULT_ROLE_MODELS["evaluation"]
    assert attributes["llm.role"] == "evaluation"
    assert attributes["llm.attempts"] == 2
    assert attributes["gen_ai.usage.input_tokens"] == client.last_usage.input_tokens
    assert attributes["gen_ai.usage.output_tokens"] == client.last_usage.output_tokens
    assert API_KEY not in str(attributes)


def test_client_satisfies_the_protocol(client: AnthropicClient) -> None:
    llm: LLMClient = client
    assert llm.last_usage == Usage()


async def test_stream_ending_without_message_stop_is_an_llm_error(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    cut = text_reply("partial text", delta_chars=4, drop_after_events=4, clean_close=True)
    messages_api.queue(cut)
    with pytest.raises(LLMError, match="stream was cut off"):
        async for _ in client.stream(role="synthesis", system="s", messages=QUESTION):
            pass


async def test_stream_ending_early_before_text_is_retried(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(
        text_reply("gone", drop_after_events=2, clean_close=True), text_reply("whole answer")
    )
    text = "".join(
        [d async for d in client.stream(role="synthesis", system="s", messages=QUESTION)]
    )
    assert text == "whole answer"


async def test_abandoned_stream_does_not_break_the_client(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(text_reply("one two three four five six", delta_chars=3), text_reply("next"))
    deltas = client.stream(role="synthesis", system="s", messages=QUESTION)
    async for _ in deltas:
        break
    await deltas.aclose()  # type: ignore[attr-defined]
    completion = await client.complete(role="synthesis", system="s", messages=QUESTION)
    assert completion.text == "next"
    assert client.calls == 2


async def test_failed_call_counts_no_tokens(
    make_settings: SettingsFactory, messages_api: MessagesAPIServer
) -> None:
    llm = AnthropicClient(make_settings(max_retries=0))
    messages_api.queue(text_reply("ok"), error_reply(503))
    await llm.complete(role="router", system="s", messages=QUESTION)
    spent = llm.total_usage
    with pytest.raises(LLMError):
        await llm.complete(role="router", system="s", messages=QUESTION)
    assert llm.last_usage == Usage()
    assert llm.total_usage == spent
    await llm.aclose()


async def test_invalid_calls_are_refused_before_sending(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    with pytest.raises(LLMError, match="at least one message"):
        await client.complete(role="decision", system="s", messages=[])
    with pytest.raises(LLMError, match="force_tool needs a tool"):
        await client.complete(role="decision", system="s", messages=QUESTION, force_tool=True)
    assert messages_api.requests == []


async def test_parallel_calls_are_served_and_accounted(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.responder = lambda request: text_reply(f"re: {request.last_user_text}")
    questions = [f"question {i}" for i in range(6)]
    completions = await asyncio.gather(
        *(
            client.complete(role="grading", system="s", messages=[Message("user", q)])
            for q in questions
        )
    )
    assert [c.text for c in completions] == [f"re: {q}" for q in questions]
    assert client.calls == 6
    total = Usage()
    for completion in completions:
        total = total + completion.usage
    assert client.total_usage == total


async def test_prompt_text_reaches_spans_only_with_content_tracing(
    client: AnthropicClient,
    messages_api: MessagesAPIServer,
    spans: InMemorySpanExporter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    messages_api.queue(text_reply("private answer"), text_reply("private answer"))
    monkeypatch.delenv("GROUNDMESH_CONTENT_TRACING", raising=False)
    await client.complete(role="synthesis", system="s", messages=QUESTION)
    monkeypatch.setenv("GROUNDMESH_CONTENT_TRACING", "true")
    await client.complete(role="synthesis", system="s", messages=QUESTION)
    plain, traced = [
        dict(s.attributes or {}) for s in spans.get_finished_spans() if s.name == "llm.synthesis"
    ]
    assert "llm.prompt" not in plain and "llm.completion" not in plain
    assert traced["llm.prompt"] == QUESTION[0].content
    assert traced["llm.completion"] == "private answer"
