"""Settings from environment variables, one frozen class per service.

Every service reads ``GROUNDMESH_<SERVICE>_*``; the agent also honours the seeds'
``AGENTIC_MAX_ITERATIONS``, ``AGENTIC_MAX_TOKENS`` and ``AGENTIC_MAX_DURATION``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

MiB = 1024 * 1024
REPO_ROOT = Path(__file__).resolve().parents[1]


class GrpcServerSettings(BaseSettings):
    """What every gRPC service needs to listen and drain."""

    model_config = SettingsConfigDict(frozen=True, extra="ignore")

    host: str = Field("127.0.0.1", description="interface to bind")
    port: int = Field(0, ge=0, le=65535, description="port to bind; 0 picks a free one")
    max_message_bytes: int = Field(16 * MiB, gt=0, description="largest message in or out")
    drain_seconds: float = Field(5.0, ge=0, description="grace period for in-flight calls")
    ready_file: Path | None = Field(
        None, description="file the bound port is written to once SERVING (used by launchers)"
    )
    upstream_timeout_seconds: float = Field(30.0, gt=0, description="deadline of upstream calls")


class RouterSettings(GrpcServerSettings):
    """Settings of router_svc (``GROUNDMESH_ROUTER_*``)."""

    model_config = SettingsConfigDict(env_prefix="GROUNDMESH_ROUTER_", frozen=True, extra="ignore")

    port: int = Field(50051, ge=0, le=65535)
    default_chinese: str = Field(
        "zh-Hant", pattern="^zh-Han[st]$", description="script assumed for ambiguous Chinese"
    )


class RetrievalSettings(GrpcServerSettings):
    """Settings of retrieval_svc (``GROUNDMESH_RETRIEVAL_*``)."""

    model_config = SettingsConfigDict(
        env_prefix="GROUNDMESH_RETRIEVAL_", frozen=True, extra="ignore"
    )

    port: int = Field(50052, ge=0, le=65535)
    data_dir: Path = Field(
        Path(".groundmesh"),
        validation_alias=AliasChoices("GROUNDMESH_RETRIEVAL_DATA_DIR", "GROUNDMESH_DATA_DIR"),
        description="where the embedded store persists",
    )
    top_k: int = Field(8, gt=0, le=100, description="results per search by default")
    vector_weight: float = Field(0.7, ge=0, description="weight of the vector ranking in fusion")
    bm25_weight: float = Field(0.3, ge=0, description="weight of the BM25 ranking in fusion")
    rrf_k: int = Field(60, gt=0, description="RRF constant k")
    chunk_chars: int = Field(600, ge=100, description="target chunk size in characters")
    max_document_bytes: int = Field(8 * MiB, gt=0, description="largest document accepted")


class JudgeSettings(GrpcServerSettings):
    """Settings of judge_svc (``GROUNDMESH_JUDGE_*``)."""

    model_config = SettingsConfigDict(env_prefix="GROUNDMESH_JUDGE_", frozen=True, extra="ignore")

    port: int = Field(50053, ge=0, le=65535)
    long_sentence_chars: int = Field(50, gt=0, description="a longer sentence needs a citation")
    claim_min_chars: int = Field(20, gt=0, description="a shorter sentence is not a claim")


class AgentSettings(GrpcServerSettings):
    """Settings of agent_svc (``GROUNDMESH_AGENT_*`` and the seeds' ``AGENTIC_*``)."""

    model_config = SettingsConfigDict(env_prefix="GROUNDMESH_AGENT_", frozen=True, extra="ignore")

    port: int = Field(50054, ge=0, le=65535)
    router_addr: str = Field("127.0.0.1:50051", description="router_svc host:port")
    retrieval_addr: str = Field("127.0.0.1:50052", description="retrieval_svc host:port")
    judge_addr: str = Field("127.0.0.1:50053", description="judge_svc host:port")
    max_iterations: int = Field(
        10,
        gt=0,
        le=100,
        validation_alias=AliasChoices("AGENTIC_MAX_ITERATIONS", "GROUNDMESH_AGENT_MAX_ITERATIONS"),
    )
    max_tokens: int = Field(
        50_000,
        gt=0,
        validation_alias=AliasChoices("AGENTIC_MAX_TOKENS", "GROUNDMESH_AGENT_MAX_TOKENS"),
    )
    max_duration_seconds: float = Field(
        300.0,
        gt=0,
        validation_alias=AliasChoices("AGENTIC_MAX_DURATION", "GROUNDMESH_AGENT_MAX_DURATION"),
    )
    search_top_k: int = Field(6, gt=0, le=50, description="chunks fetched per search")
    answer_sentences: int = Field(3, gt=0, le=10, description="sentences in an extractive answer")
    service_scope: str = Field(
        "questions about the documents uploaded to this workspace",
        description="what this deployment answers; quoted in out-of-scope replies",
    )
    prompts_dir: Path = Field(REPO_ROOT / "prompts", description="Jinja2 prompt templates")


class GatewaySettings(BaseSettings):
    """Settings of the HTTP gateway (``GROUNDMESH_GATEWAY_*``)."""

    model_config = SettingsConfigDict(env_prefix="GROUNDMESH_GATEWAY_", frozen=True, extra="ignore")

    host: str = Field("127.0.0.1", description="interface to bind")
    port: int = Field(8080, ge=0, le=65535, description="port to bind; 0 picks a free one")
    agent_addr: str = Field("127.0.0.1:50054", description="agent_svc host:port")
    api_keys: str = Field(
        "",
        description="comma-separated key:tenant pairs; the key decides the tenant",
    )
    no_auth: bool = Field(False, description="accept calls without a key (loopback only)")
    no_auth_tenant: str = Field("local", description="tenant of unauthenticated calls")
    max_question_chars: int = Field(4000, gt=0, description="longest question accepted")
    heartbeat_seconds: float = Field(10.0, gt=0, description="SSE comment heartbeat period")
    request_timeout_seconds: float = Field(330.0, gt=0, description="deadline of an agent run")
    ready_file: Path | None = Field(None, description="file the bound port is written to")
