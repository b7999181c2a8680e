"""Build the configured language-model client, or none for the offline provider."""

from __future__ import annotations

from mesh.errors import FailedPrecondition
from mesh.llm.base import LLMClient
from mesh.llm.settings import LLMSettings


class LLMConfigurationError(FailedPrecondition):
    """The LLM settings cannot work (raised at start-up, before serving)."""


def build_llm_client(settings: LLMSettings | None = None) -> LLMClient | None:
    """The client for ``settings`` (read from the environment when omitted).

    ``None`` for ``GROUNDMESH_LLM_PROVIDER=offline``; ``LLMConfigurationError`` when
    ``anthropic`` is chosen without ``ANTHROPIC_API_KEY``.
    """
    settings = settings if settings is not None else LLMSettings()
    if settings.provider == "offline":
        return None
    key = settings.api_key.get_secret_value().strip() if settings.api_key is not None else ""
    if not key:
        raise LLMConfigurationError(
            "GROUNDMESH_LLM_PROVIDER=anthropic needs ANTHROPIC_API_KEY; set it, or use "
            "GROUNDMESH_LLM_PROVIDER=offline"
        )
    from mesh.llm.anthropic_client import AnthropicClient

    return AnthropicClient(settings)
