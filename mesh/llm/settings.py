"""Which language model to use, and how to talk to it (``GROUNDMESH_LLM_*`` and ``ANTHROPIC_*``).

Model choice for a call, first match wins (the seeds' order):

1. the context is larger than ``large_context_threshold_tokens`` → ``large_context_model``;
2. the role's own variable (``GROUNDMESH_LLM_<ROLE>_MODEL``);
3. the general override ``GROUNDMESH_LLM_MODEL``;
4. the built-in default of the role (``DEFAULT_ROLE_MODELS``).

The API key is a ``SecretStr``: it is never logged, printed or put on a span.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, SecretStr, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROLES: tuple[str, ...] = (
    "decision",
    "evaluation",
    "evaluation_format",
    "synthesis",
    "router",
    "grading",
)

STRONG_MODEL = "claude-sonnet-5-5"
SMALL_MODEL = "claude-haiku-5-5"
LARGE_CONTEXT_MODEL = "claude-opus-5-5"

DEFAULT_ROLE_MODELS: dict[str, str] = {
    "decision": STRONG_MODEL,
    "evaluation": STRONG_MODEL,
    "evaluation_format": SMALL_MODEL,
    "synthesis": STRONG_MODEL,
    "router": SMALL_MODEL,
    "grading": SMALL_MODEL,
}

LARGE_CONTEXT_THRESHOLD_TOKENS = 105_000


class LLMSettings(BaseSettings):
    """Provider, credentials, models per role, timeouts and retry policy."""

    model_config = SettingsConfigDict(frozen=True, extra="ignore", populate_by_name=True)

    provider: Literal["offline", "anthropic"] = Field(
        "offline",
        validation_alias="GROUNDMESH_LLM_PROVIDER",
        description="offline (no model; extractive engines) or anthropic (Claude)",
    )
    api_key: SecretStr | None = Field(
        None,
        validation_alias="ANTHROPIC_API_KEY",
        description="Anthropic API key (never logged)",
    )
    base_url: str | None = Field(
        None,
        validation_alias="ANTHROPIC_BASE_URL",
        description="Messages API base URL; unset means the SDK's default (api.anthropic.com)",
    )
    model: str | None = Field(
        None,
        validation_alias="GROUNDMESH_LLM_MODEL",
        description="general override: the model of every role that has no model of its own",
    )
    decision_model: str | None = Field(None, validation_alias="GROUNDMESH_LLM_DECISION_MODEL")
    evaluation_model: str | None = Field(None, validation_alias="GROUNDMESH_LLM_EVALUATION_MODEL")
    evaluation_format_model: str | None = Field(
        None,
        validation_alias="GROUNDMESH_LLM_EVALUATION_FORMAT_MODEL",
    )
    synthesis_model: str | None = Field(None, validation_alias="GROUNDMESH_LLM_SYNTHESIS_MODEL")
    router_model: str | None = Field(None, validation_alias="GROUNDMESH_LLM_ROUTER_MODEL")
    grading_model: str | None = Field(None, validation_alias="GROUNDMESH_LLM_GRADING_MODEL")
    large_context_model: str = Field(
        LARGE_CONTEXT_MODEL,
        validation_alias="GROUNDMESH_LLM_LARGE_CONTEXT_MODEL",
        description="used whatever the role when the context passes the threshold",
    )
    large_context_threshold_tokens: int = Field(
        LARGE_CONTEXT_THRESHOLD_TOKENS,
        gt=0,
        validation_alias="GROUNDMESH_LLM_LARGE_CONTEXT_THRESHOLD_TOKENS",
    )
    timeout_seconds: float = Field(
        60.0,
        gt=0,
        validation_alias="GROUNDMESH_LLM_TIMEOUT_SECONDS",
        description="deadline of one HTTP attempt (a stream: between two reads)",
    )
    max_retries: int = Field(
        3,
        ge=0,
        le=20,
        validation_alias="GROUNDMESH_LLM_MAX_RETRIES",
        description="retries after the first attempt on 429/5xx/529/connection errors/timeouts",
    )
    backoff_base_seconds: float = Field(
        0.5,
        ge=0,
        validation_alias="GROUNDMESH_LLM_BACKOFF_BASE_SECONDS",
    )
    backoff_max_seconds: float = Field(
        20.0,
        ge=0,
        validation_alias="GROUNDMESH_LLM_BACKOFF_MAX_SECONDS",
        description="cap of one wait, including a server's retry-after",
    )
    prompt_caching: bool = Field(
        True,
        validation_alias="GROUNDMESH_LLM_PROMPT_CACHING",
        description="mark the static system prompt with cache_control ephemeral",
    )

    @model_validator(mode="after")
    def _check_backoff(self) -> LLMSettings:
        if self.backoff_max_seconds < self.backoff_base_seconds:
            raise ValueError(
                "GROUNDMESH_LLM_BACKOFF_MAX_SECONDS must be at least "
                "GROUNDMESH_LLM_BACKOFF_BASE_SECONDS"
            )
        return self

    def role_model(self, role: str) -> str:
        """The model of ``role`` for an ordinary-sized context."""
        if role not in DEFAULT_ROLE_MODELS:
            raise ValueError(f"unknown LLM role {role!r}; expected one of {', '.join(ROLES)}")
        own: str | None = getattr(self, f"{role}_model")
        return own or self.model or DEFAULT_ROLE_MODELS[role]

    def model_for(self, role: str, context_tokens: int) -> str:
        """The model of ``role`` for a context of ``context_tokens`` (estimated) tokens."""
        model = self.role_model(role)  # validates the role even for a large context
        if context_tokens > self.large_context_threshold_tokens:
            return self.large_context_model
        return model
