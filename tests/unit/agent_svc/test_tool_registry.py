"""Unit tests for the tool registry: unified results, timeouts, retries (seed Properties 3, 5)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_svc.tools.registry import ToolDefinition, ToolRegistry, validate_arguments
from mesh.errors import AlreadyExists, InvalidInput, NotFound

pytestmark = pytest.mark.unit


class ScriptedTool:
    """Fails ``failures`` times (raising ``error``), then returns ``value``."""

    def __init__(
        self,
        definition: ToolDefinition,
        *,
        failures: int = 0,
        error: Exception | None = None,
        value: Any = "ok",
        sleep: float = 0.0,
    ) -> None:
        self.definition = definition
        self.failures = failures
        self.error = error or RuntimeError("boom")
        self.value = value
        self.sleep = sleep
        self.calls = 0

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        self.calls += 1
        if self.sleep:
            await asyncio.sleep(self.sleep)
        if self.calls <= self.failures:
            raise self.error
        return self.value, {"summary": f"got {self.value}", "result_count": 1}


SCHEMA = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "limit": {"type": "integer"}},
    "required": ["query"],
}

names = st.from_regex(r"[a-z][a-z0-9_]{0,20}", fullmatch=True)
json_types = st.sampled_from(["string", "integer", "number", "boolean", "array", "object"])
schemas = st.dictionaries(names, json_types.map(lambda t: {"type": t}), max_size=5).map(
    lambda props: {"type": "object", "properties": props, "required": sorted(props)[:1]}
)
definitions = st.builds(
    ToolDefinition,
    name=names,
    description=st.text(max_size=80),
    parameters=schemas,
    timeout_seconds=st.floats(min_value=0.01, max_value=600),
    retry_count=st.integers(min_value=0, max_value=5),
    enabled=st.booleans(),
)


class TestRegistryLifecycle:
    @settings(deadline=None)
    @given(definitions)
    def test_register_then_get_returns_an_equal_definition(self, d: ToolDefinition) -> None:
        """**Feature: generic-agentic-rag, Property 3: Tool Registry Round-Trip**"""
        registry = ToolRegistry()
        registry.register(ScriptedTool(d))
        assert registry.get(d.name) == d
        assert registry.get(d.name).as_dict() == d.as_dict()  # type: ignore[union-attr]

    def test_list_unregister_and_duplicates(self) -> None:
        registry = ToolRegistry()
        a = ToolDefinition("alpha", "a", SCHEMA)
        b = ToolDefinition("beta", "b", enabled=False)
        registry.register(ScriptedTool(a))
        registry.register(ScriptedTool(b))
        assert [d.name for d in registry.list()] == ["alpha"]
        assert [d.name for d in registry.list(enabled_only=False)] == ["alpha", "beta"]
        with pytest.raises(AlreadyExists):
            registry.register(ScriptedTool(a))
        registry.unregister("alpha")
        assert registry.get("alpha") is None
        with pytest.raises(NotFound):
            registry.unregister("alpha")

    @pytest.mark.parametrize(
        "kwargs",
        [
            {"name": "has space"},
            {"name": ""},
            {"timeout_seconds": 0},
            {"retry_count": -1},
            {"parameters": {"type": "array"}},
        ],
    )
    def test_bad_definitions_are_refused(self, kwargs: dict[str, Any]) -> None:
        base: dict[str, Any] = {"name": "ok", "description": "d"}
        with pytest.raises(InvalidInput):
            ToolDefinition(**{**base, **kwargs})


class TestInvoke:
    async def test_success_has_the_unified_shape(self) -> None:
        registry = ToolRegistry()
        registry.register(ScriptedTool(ToolDefinition("t", "d", SCHEMA), value=[1, 2]))
        result = await registry.invoke("t", {"query": "x"})
        assert (result.tool_name, result.success, result.data, result.error) == (
            "t",
            True,
            [1, 2],
            None,
        )
        assert result.execution_time >= 0
        assert result.metadata["attempts"] == 1 and result.metadata["result_count"] == 1

    async def test_a_raising_tool_becomes_a_failed_result(self) -> None:
        """**Feature: generic-agentic-rag, Property 5: Tool Failure Resilience** (registry)"""
        registry = ToolRegistry()
        tool = ScriptedTool(ToolDefinition("t", "d", retry_count=2), failures=10)
        registry.register(tool)
        result = await registry.invoke("t", {})
        assert not result.success and result.error == "RuntimeError: boom"
        assert tool.calls == 3 and result.metadata["attempts"] == 3

    async def test_retry_recovers(self) -> None:
        registry = ToolRegistry()
        tool = ScriptedTool(ToolDefinition("t", "d", retry_count=1), failures=1)
        registry.register(tool)
        result = await registry.invoke("t", {})
        assert result.success and result.metadata["attempts"] == 2

    async def test_timeout_becomes_a_failed_result(self) -> None:
        registry = ToolRegistry()
        registry.register(ScriptedTool(ToolDefinition("slow", "d", timeout_seconds=0.01), sleep=5))
        result = await registry.invoke("slow", {})
        assert not result.success and "timed out" in (result.error or "")

    async def test_invalid_arguments_are_not_run(self) -> None:
        registry = ToolRegistry()
        tool = ScriptedTool(ToolDefinition("t", "d", SCHEMA))
        registry.register(tool)
        missing = await registry.invoke("t", {})
        wrong = await registry.invoke("t", {"query": "x", "limit": "ten"})
        assert "missing required argument 'query'" in (missing.error or "")
        assert "'limit' must be integer" in (wrong.error or "")
        assert tool.calls == 0

    async def test_unknown_and_disabled_tools(self) -> None:
        registry = ToolRegistry()
        registry.register(ScriptedTool(ToolDefinition("off", "d", enabled=False)))
        assert "no tool named" in ((await registry.invoke("nope", {})).error or "")
        assert "disabled" in ((await registry.invoke("off", {})).error or "")

    def test_booleans_are_not_integers(self) -> None:
        with pytest.raises(InvalidInput):
            validate_arguments(SCHEMA, {"query": "x", "limit": True})
