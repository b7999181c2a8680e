"""The Messages API wire format: request validation, response blocks and SSE events."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from typing import Any

from mesh.llm.tokens import estimate_request_tokens
from testkit.messages_replies import Reply


class BadRequest(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,128}$")
_BLOCK_TYPES = {"text", "image", "document", "tool_use", "tool_result", "thinking", "search_result"}


def _validate_cache_control(where: str, block: dict[str, Any]) -> None:
    cache = block.get("cache_control")
    if cache is None:
        return
    if not isinstance(cache, dict) or cache.get("type") != "ephemeral":
        raise BadRequest(f"{where}.cache_control.type: Input should be 'ephemeral'")
    ttl = cache.get("ttl")
    if ttl is not None and ttl not in {"5m", "1h"}:
        raise BadRequest(f"{where}.cache_control.ttl: Input should be '5m' or '1h'")


def _validate_blocks(where: str, blocks: list[Any]) -> None:
    for i, block in enumerate(blocks):
        path = f"{where}.{i}"
        if not isinstance(block, dict) or not isinstance(block.get("type"), str):
            raise BadRequest(f"{path}: Input should be a content block object with a type")
        kind = block["type"]
        if kind not in _BLOCK_TYPES:
            raise BadRequest(f"{path}.type: Input tag '{kind}' found is not a valid block type")
        if kind == "text" and not isinstance(block.get("text"), str):
            raise BadRequest(f"{path}.text: Field required")
        if kind == "text" and not block["text"]:
            raise BadRequest(f"{path}.text: text content blocks must be non-empty")
        if kind == "tool_use" and not (
            isinstance(block.get("id"), str)
            and isinstance(block.get("name"), str)
            and isinstance(block.get("input"), dict)
        ):
            raise BadRequest(f"{path}: tool_use blocks need id, name and an object input")
        if kind == "tool_result" and not isinstance(block.get("tool_use_id"), str):
            raise BadRequest(f"{path}.tool_use_id: Field required")
        _validate_cache_control(path, block)


def validate_request(body: Any, *, count_only: bool = False) -> dict[str, Any]:
    """Check a Messages API request body; raise ``BadRequest`` naming the first bad field."""
    if not isinstance(body, dict):
        raise BadRequest("body: Input should be a JSON object")
    model = body.get("model")
    if model is None:
        raise BadRequest("model: Field required")
    if not isinstance(model, str) or not model:
        raise BadRequest("model: Input should be a non-empty string")
    max_tokens = body.get("max_tokens")
    if max_tokens is None:
        if not count_only:  # count_tokens takes no max_tokens
            raise BadRequest("max_tokens: Field required")
    elif not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
        raise BadRequest("max_tokens: Input should be an integer greater than or equal to 1")
    messages = body.get("messages")
    if messages is None:
        raise BadRequest("messages: Field required")
    if not isinstance(messages, list) or not messages:
        raise BadRequest("messages: at least one message is required")
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            raise BadRequest(f"messages.{i}: Input should be an object")
        if message.get("role") not in {"user", "assistant"}:
            raise BadRequest(f"messages.{i}.role: Input should be 'user' or 'assistant'")
        content = message.get("content")
        if isinstance(content, str):
            if not content and not (i == len(messages) - 1 and message["role"] == "assistant"):
                raise BadRequest(f"messages.{i}: all messages must have non-empty content")
        elif isinstance(content, list):
            _validate_blocks(f"messages.{i}.content", content)
        else:
            raise BadRequest(f"messages.{i}.content: Input should be a string or a list")
    system = body.get("system")
    if system is not None:
        if isinstance(system, list):
            _validate_blocks("system", system)
            if any(b.get("type") != "text" for b in system):
                raise BadRequest("system: only text blocks are allowed in the system prompt")
        elif not isinstance(system, str):
            raise BadRequest("system: Input should be a string or a list of text blocks")
    tools = body.get("tools")
    names: set[str] = set()
    if tools is not None:
        if not isinstance(tools, list):
            raise BadRequest("tools: Input should be a list")
        for i, tool in enumerate(tools):
            if not isinstance(tool, dict) or not isinstance(tool.get("name"), str):
                raise BadRequest(f"tools.{i}.name: Field required")
            if not _TOOL_NAME.match(tool["name"]):
                raise BadRequest(
                    f"tools.{i}.name: String should match pattern '{_TOOL_NAME.pattern}'"
                )
            if tool.get("type") in (None, "custom"):
                schema = tool.get("input_schema")
                if not isinstance(schema, dict) or schema.get("type") != "object":
                    raise BadRequest(f"tools.{i}.input_schema.type: Input should be 'object'")
            if tool["name"] in names:
                raise BadRequest(f"tools: Tool names must be unique ({tool['name']!r})")
            names.add(tool["name"])
            _validate_cache_control(f"tools.{i}", tool)
    choice = body.get("tool_choice")
    if choice is not None:
        if not isinstance(choice, dict) or choice.get("type") not in {
            "auto",
            "any",
            "tool",
            "none",
        }:
            raise BadRequest("tool_choice.type: Input should be 'auto', 'any', 'tool' or 'none'")
        if choice["type"] == "tool":
            if not isinstance(choice.get("name"), str):
                raise BadRequest("tool_choice.name: Field required")
            if choice["name"] not in names:
                raise BadRequest(
                    f"tool_choice: Tool '{choice['name']}' not found in provided tools"
                )
        if choice["type"] in {"any", "tool"} and not names:
            raise BadRequest("tool_choice: may only be specified while providing tools")
    temperature = body.get("temperature")
    if temperature is not None and (
        not isinstance(temperature, int | float) or not 0.0 <= float(temperature) <= 1.0
    ):
        raise BadRequest("temperature: Input should be between 0 and 1")
    stream = body.get("stream")
    if stream is not None and not isinstance(stream, bool):
        raise BadRequest("stream: Input should be a valid boolean")
    return body


def wire_block(block: dict[str, Any]) -> dict[str, Any]:
    """A scripted block as the non-streaming API returns it."""
    out = {k: v for k, v in block.items() if not k.startswith("_")}
    raw = block.get("_raw_input")
    if raw is not None:
        try:
            out["input"] = json.loads(raw)
        except ValueError:
            out["input"] = raw
    return out


def block_output_text(block: dict[str, Any]) -> str:
    if block.get("type") == "text":
        return str(block.get("text", ""))
    raw = block.get("_raw_input")
    return raw if raw is not None else json.dumps(block.get("input", {}), ensure_ascii=False)


def _pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)] or [""]


def sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def message_events(message: dict[str, Any], usage: dict[str, int], reply: Reply) -> Iterator[bytes]:
    start_usage = dict(usage, output_tokens=1)
    start = dict(message)
    start.update(content=[], stop_reason=None, stop_sequence=None, usage=start_usage)
    yield sse("message_start", {"type": "message_start", "message": start})
    yield sse("ping", {"type": "ping"})
    for index, block in enumerate(reply.content):
        yield from block_events(index, block, reply.delta_chars)
    yield sse(
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": reply.stop_reason, "stop_sequence": reply.stop_sequence},
            "usage": usage,
        },
    )
    yield sse("message_stop", {"type": "message_stop"})


def block_events(index: int, block: dict[str, Any], size: int) -> Iterable[bytes]:
    if block.get("type") == "text":
        yield sse(
            "content_block_start",
            {
                "type": "content_block_start",
                "index": index,
                "content_block": {"type": "text", "text": ""},
            },
        )
        for piece in _pieces(str(block.get("text", "")), size):
            yield sse(
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": index,
                    "delta": {"type": "text_delta", "text": piece},
                },
            )
    else:
        start = {k: v for k, v in block.items() if not k.startswith("_")}
        start["input"] = {}
        yield sse(
            "content_block_start",
            {"type": "content_block_start", "index": index, "content_block": start},
        )
        raw = block.get("_raw_input")
        text = raw if raw is not None else json.dumps(block.get("input", {}), ensure_ascii=False)
        yield sse(
            "content_block_delta",
            {
                "type": "content_block_delta",
                "index": index,
                "delta": {"type": "input_json_delta", "partial_json": ""},
            },
        )
        for piece in _pieces(text, size * 2):
            yield sse(
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": index,
                    "delta": {"type": "input_json_delta", "partial_json": piece},
                },
            )
    yield sse("content_block_stop", {"type": "content_block_stop", "index": index})


def cached_prefix(tools: list[Any], system: Any) -> tuple[str, int] | None:
    """The cacheable prefix (tools, then system up to the last cache breakpoint) and its size."""
    if not isinstance(system, list):
        return None
    marks = [i for i, b in enumerate(system) if isinstance(b, dict) and b.get("cache_control")]
    if not marks:
        return None
    prefix_system = system[: marks[-1] + 1]
    key = json.dumps({"tools": tools, "system": prefix_system}, sort_keys=True, ensure_ascii=False)
    return key, estimate_request_tokens(prefix_system, [], tools)
