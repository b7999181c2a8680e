"""LLMSettings from the environment, and build_llm_client's choices."""

from __future__ import annotations

import pytest

from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.factory import LLMConfigurationError, build_llm_client
from mesh.llm.settings import DEFAULT_ROLE_MODELS, ROLES, LLMSettings

_VARS = [
    "GROUNDMESH_LLM_PROVIDER",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
    "GROUNDMESH_LLM_MODEL",
    *[f"GROUNDMESH_LLM_{role.upper()}_MODEL" for role in ROLES],
    "GROUNDMESH_LLM_LARGE_CONTEXT_MODEL",
]


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in _VARS:
        monkeypatch.delenv(name, raising=False)


def test_defaults_are_offline_with_a_model_for_every_role() -> None:
    settings = LLMSettings()
    assert settings.provider == "offline"
    assert settings.api_key is None
    assert {role: settings.role_model(role) for role in ROLES} == DEFAULT_ROLE_MODELS
    assert settings.large_context_threshold_tokens == 105_000


def test_role_variable_beats_general_override_beats_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GROUNDMESH_LLM_MODEL", "general")
    monkeypatch.setenv("GROUNDMESH_LLM_SYNTHESIS_MODEL", "writer")
    monkeypatch.setenv("GROUNDMESH_LLM_LARGE_CONTEXT_MODEL", "big")
    settings = LLMSettings()
    assert settings.role_model("synthesis") == "writer"
    assert settings.role_model("decision") == "general"
    assert settings.model_for("synthesis", 105_000) == "writer"
    assert settings.model_for("synthesis", 105_001) == "big"


def test_api_key_is_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-very-secret")
    settings = LLMSettings()
    assert settings.api_key is not None
    assert settings.api_key.get_secret_value() == "sk-very-secret"
    assert "sk-very-secret" not in repr(settings) and "sk-very-secret" not in str(settings)


def test_bad_values_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROUNDMESH_LLM_PROVIDER", "openai")
    with pytest.raises(ValueError, match="offline"):
        LLMSettings()
    monkeypatch.setenv("GROUNDMESH_LLM_PROVIDER", "offline")
    with pytest.raises(ValueError, match="BACKOFF_MAX"):
        LLMSettings(backoff_base_seconds=2.0, backoff_max_seconds=1.0)


def test_offline_builds_no_client() -> None:
    assert build_llm_client(LLMSettings()) is None


def test_anthropic_without_a_key_is_a_clear_startup_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GROUNDMESH_LLM_PROVIDER", "anthropic")
    with pytest.raises(LLMConfigurationError, match="needs ANTHROPIC_API_KEY"):
        build_llm_client()
    with pytest.raises(LLMConfigurationError):
        build_llm_client(LLMSettings(provider="anthropic", api_key="   "))


async def test_anthropic_with_a_key_builds_the_client(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GROUNDMESH_LLM_PROVIDER", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-x")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
    client = build_llm_client()
    assert isinstance(client, AnthropicClient)
    assert client.settings.base_url == "http://127.0.0.1:9"
    await client.aclose()
