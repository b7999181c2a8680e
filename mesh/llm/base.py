"""The interface every language-model client implements, and the values it exchanges.

Services depend on this module only; ``mesh.llm.anthropic_client`` is one implementation.
Roles name *what* a call is for (``decision``, ``evaluation``, ``evaluation_format``,
``synthesis``, ``router``, ``grading``); the client maps a role to a model from configuration.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from mesh.errors import GroundmeshError

Role = Literal["user", "assistant"]


@dataclass(frozen=True)
class Message:
    role: Role
    content: str


@dataclass(frozen=True)
class ToolSpec:
    """A tool the model may (or must) call; ``input_schema`` is a JSON Schema object."""

    name: str
    description: str
    input_schema: dict[str, Any]


@dataclass(frozen=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0

    @property
    def total(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.input_tokens + other.input_tokens,
            self.output_tokens + other.output_tokens,
            self.cache_creation_input_tokens + other.cache_creation_input_tokens,
            self.cache_read_input_tokens + other.cache_read_input_tokens,
        )


@dataclass(frozen=True)
class Completion:
    """One model turn: its text, the tool call it made (if any), and what it cost."""

    text: str
    model: str
    stop_reason: str
    usage: Usage = field(default_factory=Usage)
    tool_name: str | None = None
    tool_input: dict[str, Any] | None = None


class LLMError(GroundmeshError):
    """The model could not be reached or gave no usable answer after the allowed retries.

    Callers fall back to their offline engine and say so.
    """


class LLMClient(Protocol):
    """What services need from a language model."""

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
        """One non-streaming turn; with ``force_tool`` the model must call ``tool``."""
        ...

    def stream(
        self,
        *,
        role: str,
        system: str,
        messages: Sequence[Message],
        max_tokens: int = 1024,
        temperature: float = 0.0,
    ) -> AsyncIterator[str]:
        """Text deltas as they arrive; the usage of the finished stream is in ``last_usage``."""
        ...

    @property
    def last_usage(self) -> Usage:
        """Usage of the most recent finished call (streaming or not)."""
        ...
