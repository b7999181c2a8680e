"""Scripted answers of the test Messages API server, and the requests it records."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ERROR_TYPES: dict[int, str] = {
    400: "invalid_request_error",
    401: "authentication_error",
    402: "billing_error",
    403: "permission_error",
    404: "not_found_error",
    408: "timeout_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    502: "api_error",
    503: "api_error",
    504: "timeout_error",
    529: "overloaded_error",
}

_DEFAULT_MESSAGES: dict[str, str] = {
    "invalid_request_error": "Invalid request",
    "authentication_error": "invalid x-api-key",
    "billing_error": "Your credit balance is too low",
    "permission_error": "Your API key does not have permission to use the specified resource.",
    "not_found_error": "The requested resource could not be found.",
    "timeout_error": "Request timed out",
    "request_too_large": "Request exceeds the maximum allowed number of bytes.",
    "rate_limit_error": "Number of request tokens has exceeded your per-minute rate limit",
    "api_error": "Internal server error",
    "overloaded_error": "Overloaded",
}

_STOP_REASONS = {"end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn", "refusal"}


# --------------------------------------------------------------------------- scripted replies


@dataclass(frozen=True)
class ErrorReply:
    """An HTTP error answer: status, ``error.type``, ``error.message`` and optional retry-after."""

    status: int
    error_type: str
    message: str
    retry_after: float | None = None
    delay_seconds: float = 0.0

    def body(self) -> dict[str, Any]:
        return {"type": "error", "error": {"type": self.error_type, "message": self.message}}


@dataclass(frozen=True)
class Reply:
    """A successful model turn in wire format, plus the faults to inject while sending it.

    ``content`` holds wire-format blocks (``{"type": "text", "text": ...}`` or
    ``{"type": "tool_use", "id", "name", "input"}``); a tool_use block may carry
    ``"_raw_input"``: the exact JSON text to send as its input (may be malformed).
    """

    content: tuple[dict[str, Any], ...]
    stop_reason: str = "end_turn"
    stop_sequence: str | None = None
    model: str | None = None
    usage: dict[str, int] | None = None
    delay_seconds: float = 0.0
    drop_after_events: int | None = None
    clean_close: bool = False
    error_event: ErrorReply | None = None
    error_after_events: int = 3
    delta_chars: int = 8

    def __post_init__(self) -> None:
        if self.stop_reason not in _STOP_REASONS:
            raise ValueError(f"stop_reason {self.stop_reason!r} is not one of {_STOP_REASONS}")
        if self.delta_chars < 1:
            raise ValueError("delta_chars must be at least 1")


ScriptedReply = Reply | ErrorReply
Responder = Callable[["ReceivedRequest"], ScriptedReply]


def text_reply(
    text: str,
    *,
    stop_reason: str = "end_turn",
    model: str | None = None,
    usage: dict[str, int] | None = None,
    delay_seconds: float = 0.0,
    drop_after_events: int | None = None,
    clean_close: bool = False,
    error_event: ErrorReply | None = None,
    delta_chars: int = 8,
) -> Reply:
    """A reply with one text block."""
    return Reply(
        content=({"type": "text", "text": text},),
        stop_reason=stop_reason,
        model=model,
        usage=usage,
        delay_seconds=delay_seconds,
        drop_after_events=drop_after_events,
        clean_close=clean_close,
        error_event=error_event,
        delta_chars=delta_chars,
    )


def tool_use_reply(
    name: str,
    tool_input: dict[str, Any] | None = None,
    *,
    raw_input: str | None = None,
    text: str | None = None,
    tool_id: str | None = None,
    model: str | None = None,
    usage: dict[str, int] | None = None,
    delay_seconds: float = 0.0,
    drop_after_events: int | None = None,
) -> Reply:
    """A reply whose turn ends in a ``tool_use`` block (optionally after a text block).

    ``tool_input`` is any JSON object (it may deliberately break the tool's schema);
    ``raw_input`` instead sends this exact JSON text as the input (e.g. ``'{"a": '``), in the
    stream as ``input_json_delta`` pieces and, non-streaming, as the parsed value if it parses
    or else as a bare string — what a misbehaving upstream would produce.
    """
    if (tool_input is None) == (raw_input is None):
        raise ValueError("give exactly one of tool_input and raw_input")
    block: dict[str, Any] = {
        "type": "tool_use",
        "id": tool_id or f"toolu_{secrets.token_hex(12)}",
        "name": name,
        "input": tool_input if tool_input is not None else {},
    }
    if raw_input is not None:
        block["_raw_input"] = raw_input
    content: tuple[dict[str, Any], ...] = (block,)
    if text:
        content = ({"type": "text", "text": text}, block)
    return Reply(
        content=content,
        stop_reason="tool_use",
        model=model,
        usage=usage,
        delay_seconds=delay_seconds,
        drop_after_events=drop_after_events,
    )


def error_reply(
    status: int,
    message: str | None = None,
    *,
    error_type: str | None = None,
    retry_after: float | None = None,
    delay_seconds: float = 0.0,
) -> ErrorReply:
    """An error answer with the error type the real API uses for ``status``."""
    kind = error_type or ERROR_TYPES.get(status, "api_error")
    return ErrorReply(
        status=status,
        error_type=kind,
        message=message or _DEFAULT_MESSAGES.get(kind, "Error"),
        retry_after=retry_after,
        delay_seconds=delay_seconds,
    )


# --------------------------------------------------------------------------- received requests


@dataclass(frozen=True)
class ReceivedRequest:
    """One request as the server saw it: method, path, lower-cased headers and JSON body."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] | None
    status: int = 0  # filled in once answered (see MessagesAPIServer.requests)

    @property
    def model(self) -> str | None:
        value = (self.body or {}).get("model")
        return value if isinstance(value, str) else None

    @property
    def stream(self) -> bool:
        return bool((self.body or {}).get("stream", False))

    @property
    def max_tokens(self) -> int | None:
        value = (self.body or {}).get("max_tokens")
        return value if isinstance(value, int) else None

    @property
    def temperature(self) -> float | None:
        value = (self.body or {}).get("temperature")
        return float(value) if isinstance(value, int | float) else None

    @property
    def system(self) -> str | list[dict[str, Any]] | None:
        value = (self.body or {}).get("system")
        return value if isinstance(value, str | list) else None

    @property
    def system_blocks(self) -> list[dict[str, Any]]:
        """The system prompt as a list of blocks (a plain string becomes one text block)."""
        system = self.system
        if system is None:
            return []
        if isinstance(system, str):
            return [{"type": "text", "text": system}]
        return [b for b in system if isinstance(b, dict)]

    @property
    def system_text(self) -> str:
        return "\n".join(str(b.get("text", "")) for b in self.system_blocks)

    @property
    def messages(self) -> list[dict[str, Any]]:
        value = (self.body or {}).get("messages")
        return value if isinstance(value, list) else []

    @property
    def last_user_text(self) -> str:
        for message in reversed(self.messages):
            if message.get("role") == "user":
                return _content_text(message.get("content"))
        return ""

    @property
    def tools(self) -> list[dict[str, Any]]:
        value = (self.body or {}).get("tools")
        return value if isinstance(value, list) else []

    @property
    def tool_choice(self) -> dict[str, Any] | None:
        value = (self.body or {}).get("tool_choice")
        return value if isinstance(value, dict) else None


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(b.get("text", ""))
            for b in content
            if isinstance(b, dict) and b.get("type") == "text"
        )
    return ""
