"""The local Messages API server's wire format, checked with raw HTTP and with the SDK."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import httpx
import pytest

from testkit.messages_api import (
    MessagesAPIServer,
    error_reply,
    running_messages_api,
    text_reply,
    tool_use_reply,
)
from tests.llm.conftest import API_KEY

HEADERS = {"x-api-key": API_KEY, "anthropic-version": "2023-06-01"}
BODY: dict[str, Any] = {
    "model": "claude-test",
    "max_tokens": 64,
    "messages": [{"role": "user", "content": "Hello"}],
}


def _events(raw: str) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for chunk in raw.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in chunk.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


async def _post(
    server: MessagesAPIServer, body: Any, headers: dict[str, str] | None = None
) -> httpx.Response:
    async with httpx.AsyncClient(base_url=server.url) as http:
        content = body if isinstance(body, str) else json.dumps(body)
        return await http.post(
            "/v1/messages",
            content=content,
            headers={
                **(HEADERS if headers is None else headers),
                "content-type": "application/json",
            },
        )


async def test_non_streaming_message_shape(messages_api: MessagesAPIServer) -> None:
    messages_api.queue(text_reply("Hi there"))
    response = await _post(messages_api, BODY)
    assert response.status_code == 200
    assert response.headers["request-id"].startswith("req_")
    message = response.json()
    assert set(message) == {
        "id",
        "type",
        "role",
        "model",
        "content",
        "stop_reason",
        "stop_sequence",
        "usage",
    }
    assert message["id"].startswith("msg_") and message["type"] == "message"
    assert message["role"] == "assistant" and message["model"] == "claude-test"
    assert message["content"] == [{"type": "text", "text": "Hi there"}]
    assert message["stop_reason"] == "end_turn" and message["stop_sequence"] is None
    assert set(message["usage"]) == {
        "input_tokens",
        "output_tokens",
        "cache_creation_input_tokens",
        "cache_read_input_tokens",
    }


async def test_tool_use_block_shape(messages_api: MessagesAPIServer) -> None:
    messages_api.queue(tool_use_reply("lookup", {"q": "leave"}, text="Let me check."))
    body = {
        **BODY,
        "tools": [{"name": "lookup", "input_schema": {"type": "object"}}],
        "tool_choice": {"type": "any"},
    }
    message = (await _post(messages_api, body)).json()
    text, tool = message["content"]
    assert text == {"type": "text", "text": "Let me check."}
    assert tool["type"] == "tool_use" and tool["id"].startswith("toolu_")
    assert tool["name"] == "lookup" and tool["input"] == {"q": "leave"}
    assert message["stop_reason"] == "tool_use"


async def test_streaming_event_sequence(messages_api: MessagesAPIServer) -> None:
    messages_api.queue(tool_use_reply("lookup", {"q": "年假"}, text="Checking"))
    body = {
        **BODY,
        "stream": True,
        "tools": [{"name": "lookup", "input_schema": {"type": "object"}}],
    }
    response = await _post(messages_api, body)
    assert response.headers["content-type"].startswith("text/event-stream")
    events = _events(response.text)
    names = [name for name, _ in events]
    assert names[:2] == ["message_start", "ping"]
    assert names[-2:] == ["message_delta", "message_stop"]
    assert all(name == data["type"] for name, data in events)
    start = events[0][1]["message"]
    assert start["content"] == [] and start["stop_reason"] is None
    assert start["usage"]["input_tokens"] > 0
    blocks = [d for n, d in events if n == "content_block_start"]
    assert [b["index"] for b in blocks] == [0, 1]
    assert blocks[1]["content_block"]["input"] == {}
    text = "".join(
        d["delta"]["text"] for n, d in events if n == "content_block_delta" and d["index"] == 0
    )
    partial = "".join(
        d["delta"]["partial_json"]
        for n, d in events
        if n == "content_block_delta" and d["delta"]["type"] == "input_json_delta"
    )
    assert text == "Checking" and json.loads(partial) == {"q": "年假"}
    assert [d["index"] for n, d in events if n == "content_block_stop"] == [0, 1]
    delta = events[-2][1]
    assert delta["delta"] == {"stop_reason": "tool_use", "stop_sequence": None}
    assert delta["usage"]["output_tokens"] > 0


async def test_sdk_stream_helper_accumulates_the_message(messages_api: MessagesAPIServer) -> None:
    messages_api.queue(tool_use_reply("lookup", {"q": "leave", "k": [1, 2]}, text="Looking"))
    sdk = anthropic.AsyncAnthropic(api_key=API_KEY, base_url=messages_api.url, max_retries=0)
    async with sdk.messages.stream(
        model="claude-test",
        max_tokens=64,
        messages=[{"role": "user", "content": "Hi"}],
        tools=[{"name": "lookup", "input_schema": {"type": "object"}}],
    ) as stream:
        message = await stream.get_final_message()
    await sdk.close()
    assert message.stop_reason == "tool_use"
    assert message.content[0].type == "text" and message.content[0].text == "Looking"
    tool = message.content[1]
    assert tool.type == "tool_use" and tool.input == {"q": "leave", "k": [1, 2]}
    assert message.usage.output_tokens > 0


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, "invalid_request_error"),
        (401, "authentication_error"),
        (403, "permission_error"),
        (429, "rate_limit_error"),
        (500, "api_error"),
        (529, "overloaded_error"),
    ],
)
async def test_scripted_error_bodies(
    messages_api: MessagesAPIServer, status: int, kind: str
) -> None:
    messages_api.queue(error_reply(status, "scripted", retry_after=3 if status == 429 else None))
    response = await _post(messages_api, BODY)
    assert response.status_code == status
    assert response.json() == {"type": "error", "error": {"type": kind, "message": "scripted"}}
    assert ("retry-after" in response.headers) == (status == 429)
    if status == 429:
        assert response.headers["retry-after"] == "3"


async def test_sdk_maps_error_statuses_to_its_classes(messages_api: MessagesAPIServer) -> None:
    sdk = anthropic.AsyncAnthropic(api_key=API_KEY, base_url=messages_api.url, max_retries=0)
    messages_api.queue(error_reply(529), error_reply(429, retry_after=1))
    with pytest.raises(anthropic.OverloadedError):
        await sdk.messages.create(
            model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}]
        )
    with pytest.raises(anthropic.RateLimitError) as caught:
        await sdk.messages.create(
            model="m", max_tokens=5, messages=[{"role": "user", "content": "x"}]
        )
    assert caught.value.type == "rate_limit_error"
    await sdk.close()


@pytest.mark.parametrize(
    ("headers", "status", "message"),
    [
        ({"anthropic-version": "2023-06-01"}, 401, "x-api-key header is required"),
        ({"x-api-key": "nope", "anthropic-version": "2023-06-01"}, 401, "invalid x-api-key"),
        ({"x-api-key": API_KEY}, 400, "anthropic-version: header is required"),
        ({"x-api-key": API_KEY, "anthropic-version": "latest"}, 400, "unknown version"),
        (
            {"authorization": f"Bearer {API_KEY}", "anthropic-version": "2023-06-01"},
            400,
            "no scripted reply",
        ),
    ],
)
async def test_headers_are_checked(
    messages_api: MessagesAPIServer, headers: dict[str, str], status: int, message: str
) -> None:
    response = await _post(messages_api, BODY, headers=headers)
    assert response.status_code == status
    assert message in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("{not json", "error parsing the body"),
        ({"max_tokens": 5, "messages": BODY["messages"]}, "model: Field required"),
        ({**BODY, "max_tokens": 0}, "max_tokens"),
        ({**BODY, "messages": []}, "at least one message"),
        ({**BODY, "messages": [{"role": "system", "content": "x"}]}, "messages.0.role"),
        ({**BODY, "system": [{"type": "image"}]}, "system"),
        (
            {**BODY, "system": [{"type": "text", "text": "s", "cache_control": {"type": "x"}}]},
            "cache_control",
        ),
        ({**BODY, "tools": [{"name": "t", "input_schema": {"type": "array"}}]}, "input_schema"),
        ({**BODY, "tools": [{"name": "bad name", "input_schema": {"type": "object"}}]}, "name"),
        (
            {
                **BODY,
                "tools": [{"name": "t", "input_schema": {"type": "object"}}],
                "tool_choice": {"type": "tool", "name": "other"},
            },
            "Tool 'other' not found",
        ),
        ({**BODY, "tool_choice": {"type": "any"}}, "while providing tools"),
    ],
)
async def test_invalid_bodies_are_400(
    messages_api: MessagesAPIServer, body: Any, message: str
) -> None:
    messages_api.queue(text_reply("unused"))
    response = await _post(messages_api, body)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["type"] == "invalid_request_error" and message in error["message"]
    assert messages_api.pending == 1  # a refused request uses no scripted reply
    assert messages_api.requests[-1].status == 400


async def test_unknown_path_is_404(messages_api: MessagesAPIServer) -> None:
    async with httpx.AsyncClient(base_url=messages_api.url) as http:
        response = await http.get("/v1/models", headers=HEADERS)
    assert response.status_code == 404
    assert response.json()["error"]["type"] == "not_found_error"


async def test_responder_sees_the_parsed_request(messages_api: MessagesAPIServer) -> None:
    messages_api.responder = lambda request: text_reply(f"{request.model}:{request.last_user_text}")
    system = [{"type": "text", "text": "Static.", "cache_control": {"type": "ephemeral"}}]
    message = (await _post(messages_api, {**BODY, "system": system})).json()
    assert message["content"][0]["text"] == "claude-test:Hello"
    request = messages_api.last_request
    assert request.system_blocks == system and request.system_text == "Static."
    assert request.headers["x-api-key"] == API_KEY


async def test_dropped_stream_cuts_the_connection(messages_api: MessagesAPIServer) -> None:
    messages_api.queue(text_reply("cut me off please", delta_chars=2, drop_after_events=4))
    async with httpx.AsyncClient(base_url=messages_api.url) as http:
        with pytest.raises(httpx.RemoteProtocolError):
            async with http.stream(
                "POST", "/v1/messages", json={**BODY, "stream": True}, headers=HEADERS
            ) as response:
                async for _ in response.aiter_bytes():
                    pass


async def test_error_event_mid_stream(messages_api: MessagesAPIServer) -> None:
    messages_api.queue(text_reply("abc", error_event=error_reply(529)))
    events = _events((await _post(messages_api, {**BODY, "stream": True})).text)
    assert events[-1] == (
        "error",
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
    )
    assert "message_stop" not in [name for name, _ in events]


def test_reply_helpers_refuse_nonsense() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        tool_use_reply("t")
    with pytest.raises(ValueError, match="stop_reason"):
        text_reply("x", stop_reason="done")


def test_context_manager_starts_and_stops() -> None:
    with running_messages_api(api_key="k") as server:
        url = server.url
        assert url.startswith("http://127.0.0.1:")
    with pytest.raises(RuntimeError, match="not started"):
        _ = MessagesAPIServer().url


def test_oversized_request_is_413() -> None:
    with MessagesAPIServer(api_key=API_KEY, max_request_bytes=200) as server:
        server.queue(text_reply("unused"))
        body = {**BODY, "messages": [{"role": "user", "content": "x" * 500}]}
        response = httpx.post(f"{server.url}/v1/messages", json=body, headers=HEADERS, timeout=10.0)
        assert response.status_code == 413
        assert response.json()["error"]["type"] == "request_too_large"
        assert server.pending == 1


async def test_count_tokens_endpoint_via_the_sdk(messages_api: MessagesAPIServer) -> None:
    sdk = anthropic.AsyncAnthropic(api_key=API_KEY, base_url=messages_api.url, max_retries=0)
    short = await sdk.messages.count_tokens(model="m", messages=[{"role": "user", "content": "hi"}])
    long = await sdk.messages.count_tokens(
        model="m", messages=[{"role": "user", "content": "年假規定" * 100}], system="Be brief."
    )
    await sdk.close()
    assert 0 < short.input_tokens < long.input_tokens
    assert messages_api.requests[-1].path == "/v1/messages/count_tokens"
    assert messages_api.pending == 0
