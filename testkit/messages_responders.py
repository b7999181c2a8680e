"""Ready-made responders for the test Messages API server.

``auto_responder`` answers any request plausibly, so a whole service (the agent, the judge) can
run against the server without scripting every turn: a forced tool call gets an input built from
the tool's JSON schema (or one you supply per tool name), anything else gets text.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from testkit.messages_replies import (
    ReceivedRequest,
    Responder,
    ScriptedReply,
    text_reply,
    tool_use_reply,
)

ToolInput = dict[str, Any] | Callable[[ReceivedRequest], dict[str, Any]]
TextSource = str | Callable[[ReceivedRequest], str]


def schema_example(schema: Mapping[str, Any], defs: Mapping[str, Any] | None = None) -> Any:
    """A small value that satisfies ``schema`` (default, const, first enum, minimal sizes).

    Handles ``$ref`` into ``$defs``, ``anyOf``/``oneOf`` (first non-null branch), ``allOf``
    (first branch), objects (every property), arrays (``minItems`` items), strings
    (``minLength``), numbers (``minimum``/``exclusiveMinimum``), booleans and null.
    """
    defs = defs if defs is not None else schema.get("$defs", {})
    if "$ref" in schema:
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        if name not in defs:
            raise ValueError(f"unresolvable $ref {schema['$ref']!r}")
        return schema_example(defs[name], defs)
    if "default" in schema:
        return schema["default"]
    if "const" in schema:
        return schema["const"]
    if schema.get("enum"):
        return schema["enum"][0]
    for key in ("anyOf", "oneOf"):
        if key in schema:
            branches = [b for b in schema[key] if b.get("type") != "null"] or schema[key]
            return schema_example(branches[0], defs)
    if schema.get("allOf"):
        return schema_example(schema["allOf"][0], defs)
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if kind == "object":
        properties: Mapping[str, Any] = schema.get("properties", {})
        return {name: schema_example(sub, defs) for name, sub in properties.items()}
    if kind == "array":
        items = schema.get("items", {})
        return [schema_example(items, defs) for _ in range(int(schema.get("minItems", 0)))]
    if kind == "string":
        return "x" * int(schema.get("minLength", 0))
    if kind in {"integer", "number"}:
        return _number_example(schema, integer=kind == "integer")
    if kind == "boolean":
        return False
    return None


def auto_responder(
    text: TextSource = "OK",
    *,
    tool_inputs: Mapping[str, ToolInput] | None = None,
) -> Responder:
    """A responder: forced tools (``tool_choice`` tool/any) get a tool call, the rest text."""
    inputs = dict(tool_inputs or {})

    def respond(request: ReceivedRequest) -> ScriptedReply:
        choice = request.tool_choice or {}
        tools = {t["name"]: t for t in request.tools if isinstance(t.get("name"), str)}
        name: str | None = None
        if choice.get("type") == "tool":
            name = str(choice.get("name"))
        elif choice.get("type") == "any" and tools:
            name = next(iter(tools))
        if name is not None and name in tools:
            given = inputs.get(name)
            if callable(given):
                tool_input = given(request)
            elif given is not None:
                tool_input = given
            else:
                tool_input = schema_example(tools[name].get("input_schema", {}))
            return tool_use_reply(name, tool_input)
        return text_reply(text(request) if callable(text) else text)

    return respond


def _number_example(schema: Mapping[str, Any], *, integer: bool) -> int | float:
    """A number inside the schema's bounds: the middle of two bounds, else next to the one."""
    low_inclusive, low_exclusive = schema.get("minimum"), schema.get("exclusiveMinimum")
    high_inclusive, high_exclusive = schema.get("maximum"), schema.get("exclusiveMaximum")
    low = low_inclusive if low_inclusive is not None else low_exclusive
    high = high_inclusive if high_inclusive is not None else high_exclusive
    value: float
    if low is not None and high is not None:
        value = (float(low) + float(high)) / 2.0
    elif low is not None:
        value = float(low) + (1.0 if low_inclusive is None else 0.0)
    elif high is not None:
        value = min(0.0, float(high) - (1.0 if high_inclusive is None else 0.0))
    else:
        value = 0.0
    if integer:
        return math.ceil(value) if low is not None else math.floor(value)
    return value
