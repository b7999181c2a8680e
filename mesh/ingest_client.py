"""Ingest files into a running retrieval_svc over gRPC (``groundmesh up`` and ``ingest``)."""

from __future__ import annotations

import mimetypes
import re
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import grpc

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.errors import from_rpc_error
from mesh.grpc_client import open_channel

_UNSAFE = re.compile(r"[^A-Za-z0-9._:-]+")


def doc_id_for(path: Path, root: Path | None = None) -> str:
    """A stable document id from a path: ``docs/setup.md`` → ``docs-setup.md``."""
    rel = path.relative_to(root) if root and path.is_relative_to(root) else Path(path.name)
    slug = _UNSAFE.sub("-", "-".join(rel.parts)).strip("-.")
    return (slug or "document")[:128]


def content_type_for(path: Path) -> str:
    if path.suffix.lower() in {".md", ".markdown"}:
        return "text/markdown"
    return mimetypes.guess_type(path.name)[0] or "text/plain"


def title_for(path: Path, text: str) -> str:
    """The first Markdown heading, else the file name."""
    for line in text.splitlines()[:20]:
        if line.startswith("# "):
            return line[2:].strip()[:300]
    return path.name


@dataclass(frozen=True)
class IngestSummary:
    documents: int
    chunks: int


async def ingest_files(
    target: str,
    tenant: str,
    files: Iterable[Path],
    root: Path | None = None,
    on_progress: Callable[[retrieval_pb2.IngestResponse], None] | None = None,
) -> IngestSummary:
    """Stream ``files`` to retrieval_svc; each document is acknowledged once it is durable."""
    paths = list(files)

    async def requests() -> AsyncIterator[retrieval_pb2.IngestRequest]:
        for path in paths:
            content = path.read_bytes()
            yield retrieval_pb2.IngestRequest(
                tenant=tenant,
                doc_id=doc_id_for(path, root),
                title=title_for(path, content.decode("utf-8", errors="replace")),
                content_type=content_type_for(path),
                content=content,
                metadata={"source": str(path.relative_to(root) if root else path.name)},
            )

    documents = chunks = 0
    async with open_channel(target) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        try:
            async for ack in stub.Ingest(requests()):
                documents += 1
                chunks += ack.chunk_count
                if on_progress:
                    on_progress(ack)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
    return IngestSummary(documents, chunks)


async def document_count(target: str, tenant: str) -> int:
    """How many documents the tenant has."""
    async with open_channel(target) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        try:
            stats = await stub.GetStats(retrieval_pb2.GetStatsRequest(tenant=tenant), timeout=10)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
    return int(stats.documents)


def sample_corpus(repo_root: Path) -> list[Path]:
    """The project's own documentation: README and docs/**/*.md."""
    files = [repo_root / "README.md", *sorted((repo_root / "docs").rglob("*.md"))]
    return [f for f in files if f.is_file()]
