"""Ingest files into a running retrieval_svc over gRPC (``groundmesh up`` and ``ingest``)."""

from __future__ import annotations

import mimetypes
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import grpc

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.document_ids import doc_id_for_name
from mesh.errors import InvalidInput, from_rpc_error
from mesh.grpc_client import open_channel
from mesh.text_decoding import first_heading

DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
CONTENT_TYPES = {
    ".md": "text/markdown",
    ".markdown": "text/markdown",
    ".txt": "text/plain",
    ".text": "text/plain",
    ".html": "text/html",
    ".htm": "text/html",
    ".pdf": "application/pdf",
    ".docx": DOCX_TYPE,
}
SUPPORTED_SUFFIXES = frozenset(CONTENT_TYPES)


def doc_id_for(path: Path, root: Path | None = None) -> str:
    """A stable document id from a path, as an HTTP upload of the same name gets:
    ``docs/setup.md`` → ``docs-setup.md`` (see :mod:`mesh.document_ids`)."""
    rel = path.relative_to(root) if root and path.is_relative_to(root) else Path(path.name)
    return doc_id_for_name("-".join(rel.parts))


def content_type_for(path: Path) -> str:
    """The MIME type retrieval_svc expects for a file, by its suffix."""
    known = CONTENT_TYPES.get(path.suffix.lower())
    return known or mimetypes.guess_type(path.name)[0] or "text/plain"


def title_for(path: Path, content: bytes) -> str:
    """A Markdown file's first heading, else empty (the server then uses the document's own
    title or the file name)."""
    if content_type_for(path) != "text/markdown":
        return ""
    return first_heading(content)


def check_not_empty(paths: Iterable[Path], doc_ids: Sequence[str]) -> None:
    """Refuse empty files before anything is sent, with retrieval_svc's own message.

    The server rejects an empty document too, but when it ends a multi-document stream while
    the client is still writing a later file, gRPC reports the failed write ("Internal error
    from Core") instead of the server's status; checking here keeps the message clear and
    guarantees nothing of the batch is stored.
    """
    for path, doc_id in zip(paths, doc_ids, strict=True):
        if path.stat().st_size == 0:
            raise InvalidInput(f"document {doc_id!r} is empty ({path})")


@dataclass(frozen=True)
class IngestSummary:
    documents: int
    chunks: int
    bytes_sent: int = 0


async def ingest_files(
    target: str,
    tenant: str,
    files: Iterable[Path],
    root: Path | None = None,
    on_progress: Callable[[retrieval_pb2.IngestResponse], None] | None = None,
    doc_ids: Sequence[str] | None = None,
) -> IngestSummary:
    """Stream ``files`` to retrieval_svc; each document is acknowledged once it is durable.

    ``doc_ids`` (one per file) overrides the ids derived from the paths. Empty files are
    refused before anything is sent. ``on_progress`` sees every response: progress reports
    (``in_progress``) while a large document is embedded, then its acknowledgement.
    """
    paths = list(files)
    ids = list(doc_ids) if doc_ids is not None else [doc_id_for(p, root) for p in paths]
    if len(ids) != len(paths):
        raise ValueError(f"{len(ids)} doc_ids for {len(paths)} files")
    check_not_empty(paths, ids)
    sent = 0

    async def requests() -> AsyncIterator[retrieval_pb2.IngestRequest]:
        nonlocal sent
        for path, doc_id in zip(paths, ids, strict=True):
            content = path.read_bytes()
            sent += len(content)
            source = path.relative_to(root) if root and path.is_relative_to(root) else path
            yield retrieval_pb2.IngestRequest(
                tenant=tenant,
                doc_id=doc_id,
                title=title_for(path, content),
                content_type=content_type_for(path),
                content=content,
                metadata={"source": str(source), "file_name": path.name},
                report_progress=True,
            )

    documents = chunks = 0
    async with open_channel(target) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        try:
            async for ack in stub.Ingest(requests()):
                if not ack.in_progress:
                    documents += 1
                    chunks += ack.chunk_count
                if on_progress:
                    on_progress(ack)
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
    return IngestSummary(documents, chunks, sent)


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
