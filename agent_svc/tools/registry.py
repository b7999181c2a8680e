"""The tool registry (seeds 000 and 002): register, unregister, list, invoke.

Every tool has a JSON-schema parameter description, a timeout, a retry count and an enabled
flag; every invocation returns a :class:`ToolResult` of one shape, whatever happened. A tool
that raises or times out gives ``success=False`` with the error, never an exception.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_svc.deadline import timeout_for
from mesh.errors import AlreadyExists, InvalidInput, NotFound

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list, tuple),
    "object": (dict,),
}


@dataclass(frozen=True)
class ToolDefinition:
    """What the model and the registry know about a tool."""

    name: str
    description: str
    parameters: Mapping[str, Any] = field(
        default_factory=lambda: {"type": "object", "properties": {}}
    )
    timeout_seconds: float = 30.0
    retry_count: int = 0
    enabled: bool = True

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("_", "").replace("-", "").isalnum():
            raise InvalidInput(f"tool name {self.name!r} must be letters, digits, _ or -")
        if self.timeout_seconds <= 0:
            raise InvalidInput("tool timeout must be positive")
        if self.retry_count < 0:
            raise InvalidInput("tool retry count must not be negative")
        if self.parameters.get("type", "object") != "object":
            raise InvalidInput("tool parameters must be a JSON schema of type object")

    def as_dict(self) -> dict[str, Any]:
        """The definition as the JSON a model or a listing shows."""
        return {
            "name": self.name,
            "description": self.description,
            "parameters": dict(self.parameters),
            "timeout_seconds": self.timeout_seconds,
            "retry_count": self.retry_count,
            "enabled": self.enabled,
        }


@dataclass(frozen=True)
class ToolResult:
    """The unified result of one invocation (seed 000)."""

    tool_name: str
    success: bool
    data: Any = None
    error: str | None = None
    execution_time: float = 0.0
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for events and steps."""
        if not self.success:
            return f"{self.tool_name} failed: {self.error}"
        text = str(self.metadata.get("summary") or self.data)
        return text if len(text) <= 300 else text[:297] + "..."


class Tool(Protocol):
    """A tool's behaviour; raising is allowed, the registry turns it into a result."""

    @property
    def definition(self) -> ToolDefinition: ...

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The tool's data and metadata (e.g. ``summary``, ``result_count``)."""
        ...


def validate_arguments(schema: Mapping[str, Any], arguments: Mapping[str, Any]) -> None:
    """Check required properties and the JSON types of the given ones; InvalidInput if not."""
    props: Mapping[str, Any] = schema.get("properties", {})
    for name in schema.get("required", []):
        if name not in arguments:
            raise InvalidInput(f"missing required argument {name!r}")
    for name, value in arguments.items():
        spec = props.get(name)
        if spec is None:
            if schema.get("additionalProperties", True) is False:
                raise InvalidInput(f"unknown argument {name!r}")
            continue
        kind = spec.get("type")
        if isinstance(kind, str) and kind in _JSON_TYPES:
            ok = isinstance(value, _JSON_TYPES[kind]) and not (
                kind in {"integer", "number"} and isinstance(value, bool)
            )
            if not ok:
                raise InvalidInput(f"argument {name!r} must be {kind}")
        if "enum" in spec and value not in spec["enum"]:
            raise InvalidInput(f"argument {name!r} must be one of {spec['enum']}")


class ToolRegistry:
    """The tools the agent may use, by name."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def register(self, tool: Tool, *, replace: bool = False) -> None:
        name = tool.definition.name
        if name in self._tools and not replace:
            raise AlreadyExists(f"tool {name!r} is already registered")
        self._tools[name] = tool

    def unregister(self, name: str) -> None:
        if self._tools.pop(name, None) is None:
            raise NotFound(f"no tool named {name!r}")

    def get(self, name: str) -> ToolDefinition | None:
        tool = self._tools.get(name)
        return tool.definition if tool else None

    def has(self, name: str) -> bool:
        """Whether ``name`` is registered and enabled."""
        tool = self._tools.get(name)
        return tool is not None and tool.definition.enabled

    def list(self, *, enabled_only: bool = True) -> list[ToolDefinition]:
        return sorted(
            (
                t.definition
                for t in self._tools.values()
                if t.definition.enabled or not enabled_only
            ),
            key=lambda d: d.name,
        )

    async def invoke(self, name: str, arguments: Mapping[str, Any]) -> ToolResult:
        """Run a tool with its timeout and retries; every outcome is a ToolResult."""
        started = time.monotonic()
        tool = self._tools.get(name)
        if tool is None:
            return ToolResult(name, False, error=f"no tool named {name!r}")
        definition = tool.definition
        if not definition.enabled:
            return ToolResult(name, False, error=f"tool {name!r} is disabled")
        try:
            validate_arguments(definition.parameters, arguments)
        except InvalidInput as exc:
            return ToolResult(
                name, False, error=f"invalid arguments: {exc.message}", metadata={"attempts": 0}
            )
        error = ""
        attempts = 0
        for attempt in range(definition.retry_count + 1):
            attempts = attempt + 1
            # The tool's own timeout, cut to what is left of the caller's deadline.
            timeout = timeout_for(definition.timeout_seconds)
            try:
                data, meta = await asyncio.wait_for(tool.run(arguments), timeout=timeout)
            except TimeoutError:
                error = f"timed out after {timeout:g} s"
            except InvalidInput as exc:  # bad input will not get better by retrying
                error = exc.message
                break
            except Exception as exc:  # any failure is an observation, never a crash
                error = getattr(exc, "message", None) or f"{type(exc).__name__}: {exc}"
            else:
                return ToolResult(
                    name,
                    True,
                    data=data,
                    execution_time=time.monotonic() - started,
                    metadata={**meta, "attempts": attempts},
                )
            if attempt < definition.retry_count:
                await asyncio.sleep(min(0.05 * 2**attempt, 1.0))
        return ToolResult(
            name,
            False,
            error=error,
            execution_time=time.monotonic() - started,
            metadata={"attempts": attempts},
        )
