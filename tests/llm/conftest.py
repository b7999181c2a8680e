"""A real Messages API server on a loopback port, and clients pointed at it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import pytest
import pytest_asyncio

from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.settings import (
    LARGE_CONTEXT_MODEL,
    LARGE_CONTEXT_THRESHOLD_TOKENS,
    ROLES,
    LLMSettings,
)
from testkit.messages_api import MessagesAPIServer

API_KEY = "sk-test-groundmesh"


@pytest.fixture(scope="module")
def _shared_server() -> Iterator[MessagesAPIServer]:
    with MessagesAPIServer(api_key=API_KEY) as server:
        yield server


@pytest.fixture
def messages_api(_shared_server: MessagesAPIServer) -> Iterator[MessagesAPIServer]:
    """The module's server, with an empty queue, no responder and no recorded requests."""
    _shared_server.reset()
    _shared_server.responder = None
    yield _shared_server
    _shared_server.reset()
    _shared_server.responder = None


SettingsFactory = Callable[..., LLMSettings]


@pytest.fixture
def make_settings(messages_api: MessagesAPIServer) -> SettingsFactory:
    """LLMSettings aimed at the test server, with tiny backoff so retries are quick."""

    def make(**overrides: Any) -> LLMSettings:
        values: dict[str, Any] = {
            "provider": "anthropic",
            "api_key": API_KEY,
            "base_url": messages_api.url,
            "timeout_seconds": 5.0,
            "max_retries": 3,
            "backoff_base_seconds": 0.001,
            "backoff_max_seconds": 0.01,
            # explicit values, so GROUNDMESH_LLM_* variables of the environment cannot leak in
            "model": None,
            **{f"{role}_model": None for role in ROLES},
            "large_context_model": LARGE_CONTEXT_MODEL,
            "large_context_threshold_tokens": LARGE_CONTEXT_THRESHOLD_TOKENS,
            "prompt_caching": True,
        }
        values.update(overrides)
        return LLMSettings(**values)

    return make


@pytest_asyncio.fixture
async def client(make_settings: SettingsFactory) -> AsyncIterator[AnthropicClient]:
    llm = AnthropicClient(make_settings(), rng=random.Random(7))
    yield llm
    await llm.aclose()
