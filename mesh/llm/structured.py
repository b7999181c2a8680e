"""Structured output through forced tool use, validated by a pydantic model.

The model must call ``tool`` (``tool_choice: {"type": "tool"}``); its input is validated with
``model``. Invalid input gets one repair turn that shows the model what it sent and what was
wrong; if that fails too, ``LLMError``. ``tool_from_model`` builds the ``ToolSpec`` from the
model's JSON schema, so the schema the model sees and the validation agree.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from mesh.llm.base import Completion, LLMClient, LLMError, Message, ToolSpec

M = TypeVar("M", bound=BaseModel)

TOOL_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
MAX_REPORTED_ERRORS = 10


def tool_from_model(
    model: type[BaseModel], *, name: str | None = None, description: str | None = None
) -> ToolSpec:
    """A ``ToolSpec`` whose input schema is ``model``'s JSON schema.

    ``name`` defaults to the model's class name in snake_case; ``description`` to its docstring.
    """
    tool_name = name or _snake_case(model.__name__)
    if not TOOL_NAME.match(tool_name):
        raise ValueError(f"tool name {tool_name!r} must match {TOOL_NAME.pattern}")
    schema = model.model_json_schema()
    schema.pop("title", None)
    schema.setdefault("type", "object")
    if schema["type"] != "object":
        raise ValueError(f"{model.__name__} must produce an object schema")
    text = description or (model.__doc__ or "").strip() or f"Record the {tool_name}."
    return ToolSpec(name=tool_name, description=" ".join(text.split()), input_schema=schema)


async def structured_output(
    client: LLMClient,
    *,
    role: str,
    system: str,
    messages: Sequence[Message],
    tool: ToolSpec,
    model: type[M],
    max_tokens: int = 1024,
    repair: bool = True,
) -> M:
    """Ask for one forced ``tool`` call and return its input as a validated ``model``."""
    conversation = list(messages)
    completion = await client.complete(
        role=role,
        system=system,
        messages=conversation,
        max_tokens=max_tokens,
        tool=tool,
        force_tool=True,
    )
    result, problem = _validate(completion, tool, model)
    if result is not None:
        return result
    if not repair:
        raise LLMError(f"the model's {tool.name} output was invalid: {problem}")
    conversation += [
        Message("assistant", _what_was_sent(completion)),
        Message("user", _repair_request(tool, problem)),
    ]
    completion = await client.complete(
        role=role,
        system=system,
        messages=conversation,
        max_tokens=max_tokens,
        tool=tool,
        force_tool=True,
    )
    result, second_problem = _validate(completion, tool, model)
    if result is not None:
        return result
    raise LLMError(
        f"the model's {tool.name} output was invalid after one repair turn: {second_problem}"
    )


def _validate(completion: Completion, tool: ToolSpec, model: type[M]) -> tuple[M | None, str]:
    if completion.tool_name is None:
        return None, f"no call of the tool {tool.name} was made"
    if completion.tool_name != tool.name:
        return None, f"the tool {completion.tool_name} was called instead of {tool.name}"
    if completion.tool_input is None:
        return None, "the tool input was not a JSON object"
    try:
        return model.model_validate(completion.tool_input), ""
    except ValidationError as exc:
        return None, format_validation_errors(exc)


def format_validation_errors(exc: ValidationError) -> str:
    """Pydantic's errors as short ``field: message`` lines (at most ten)."""
    lines = []
    for error in exc.errors()[:MAX_REPORTED_ERRORS]:
        where = ".".join(str(part) for part in error["loc"]) or "(input)"
        lines.append(f"{where}: {error['msg']}")
    extra = exc.error_count() - MAX_REPORTED_ERRORS
    if extra > 0:
        lines.append(f"... and {extra} more")
    return "; ".join(lines)


def _what_was_sent(completion: Completion) -> str:
    if completion.tool_name is not None and completion.tool_input is not None:
        sent = json.dumps(completion.tool_input, ensure_ascii=False)
        return f"{completion.text}\n[called {completion.tool_name} with {sent}]".strip()
    if completion.tool_name is not None:
        return f"{completion.text}\n[called {completion.tool_name} with invalid input]".strip()
    return completion.text.strip() or "[no tool call]"


def _repair_request(tool: ToolSpec, problem: str) -> str:
    schema: dict[str, Any] = tool.input_schema
    return (
        f"Your call of the tool {tool.name} was not valid: {problem}.\n"
        f"Call {tool.name} again with input that satisfies this JSON schema exactly:\n"
        f"{json.dumps(schema, ensure_ascii=False)}"
    )


def _snake_case(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
