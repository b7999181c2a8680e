"""Unit tests for router_svc.engines: the engine follows configuration."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from mesh.config import RouterSettings
from mesh.llm.factory import LLMConfigurationError
from mesh.llm.settings import LLMSettings
from router_svc.engines import build_engine, engine_name
from router_svc.llm_router import LLMRouter
from router_svc.offline import LexiconRouter
from router_svc.routing import (
    HistoryTurn,
    Intent,
    RouteDecision,
    TaskType,
    classify_or_default,
)

pytestmark = pytest.mark.unit


def test_offline_is_the_default() -> None:
    engine = build_engine(RouterSettings(prototypes=False), LLMSettings(provider="offline"))
    assert isinstance(engine, LexiconRouter)


def test_router_setting_wins_over_the_provider() -> None:
    settings = RouterSettings(engine="offline", prototypes=False)
    assert engine_name(settings, LLMSettings(provider="anthropic")) == "offline"
    assert engine_name(RouterSettings(), LLMSettings(provider="anthropic")) == "anthropic"


def test_anthropic_engine_wraps_the_offline_fallback() -> None:
    engine = build_engine(
        RouterSettings(engine="anthropic", prototypes=False),
        LLMSettings(provider="offline", api_key="k", base_url="http://127.0.0.1:9"),
    )
    assert isinstance(engine, LLMRouter)


def test_anthropic_without_a_key_fails_at_start_up() -> None:
    with pytest.raises(LLMConfigurationError, match="ANTHROPIC_API_KEY"):
        build_engine(RouterSettings(engine="anthropic"), LLMSettings(provider="anthropic"))


def test_service_scope_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROUNDMESH_AGENT_SERVICE_SCOPE", "the agent's scope")
    assert RouterSettings().service_scope == "the agent's scope"
    monkeypatch.setenv("GROUNDMESH_ROUTER_SERVICE_SCOPE", "the router's scope")
    assert RouterSettings().service_scope == "the router's scope"
    engine = build_engine(RouterSettings(prototypes=False), LLMSettings(provider="offline"))
    assert isinstance(engine, LexiconRouter)
    assert "the router's scope" in engine.route("Tell me a joke about cats").reply


class _Broken:
    name = "broken"

    async def classify(self, question: str, history: Sequence[HistoryTurn]) -> RouteDecision:
        raise ZeroDivisionError("a bug")


async def test_an_engine_failure_defaults_to_document_qa() -> None:
    d = await classify_or_default(_Broken(), "請問年假有幾天？", [])
    assert (d.intent, d.task_type) == (Intent.DOCUMENT_QA, TaskType.SIMPLE_FAQ)
    assert d.search_queries == ["年假有幾天"]
    assert "broken failed (ZeroDivisionError)" in d.reasoning
    assert d.language == "zh-Hant" and d.engine == "broken (failed)"
