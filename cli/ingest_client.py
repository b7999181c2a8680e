"""Ingest files into a running retrieval_svc over gRPC (``groundmesh up`` and ``ingest``).

Two ways in: :func:`ingest_files` streams files to the synchronous ``Ingest`` RPC (``up``'s
sample corpus); :func:`submit_files` hands them over as ingest jobs in batches that each fit
well inside one gRPC message, and :func:`follow_jobs` watches the jobs to their end
(``groundmesh ingest``).
"""

from __future__ import annotations

import asyncio
import mimetypes
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import MiB
from mesh.document_ids import doc_id_for_name
from mesh.document_types import EXTENSIONS, TEXT
from mesh.errors import GroundmeshError, InternalError, InvalidInput, Unavailable, from_rpc_error
from mesh.grpc_client import open_channel
from mesh.text_decoding import first_heading

CONTENT_TYPES = {**EXTENSIONS, ".text": TEXT}
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


def request_for(
    path: Path, doc_id: str, root: Path | None = None, tenant: str = ""
) -> retrieval_pb2.IngestRequest:
    """One file as retrieval_svc takes it: its bytes, type, title and where it came from
    (``source`` relative to ``root`` when the file is under it)."""
    content = path.read_bytes()
    source = path.relative_to(root) if root and path.is_relative_to(root) else path
    return retrieval_pb2.IngestRequest(
        tenant=tenant,
        doc_id=doc_id,
        title=title_for(path, content),
        content_type=content_type_for(path),
        content=content,
        metadata={"source": str(source), "file_name": path.name},
    )


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
            request = request_for(path, doc_id, root, tenant)
            request.report_progress = True
            sent += len(request.content)
            yield request

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


# ------------------------------------------------------------------------ ingest jobs

# One SubmitIngest is one gRPC message, and open_channel (like retrieval_svc, by default) caps
# a message at 16 MiB. A batch holds at most 16 files and 8 MiB of content: half the cap, so
# titles, metadata and framing never bring it near. A file over 8 MiB goes alone, and one that
# no message can carry is refused before anything is sent.
MAX_MESSAGE_BYTES = 16 * MiB
MAX_BATCH_FILES = 16
MAX_BATCH_BYTES = 8 * MiB
_MESSAGE_HEADROOM = 64 * 1024  # room for the fields beside one file's content
SUBMIT_TIMEOUT_SECONDS = 120.0  # a batch is written to SQLite once; nothing is parsed yet
MAX_WATCHERS = 32  # WatchIngestJob streams open at once; the others wait their turn
WATCH_ATTEMPTS = 10  # consecutive broken watch streams before a job is given up on
FINAL_STATES = frozenset(
    {
        retrieval_pb2.JOB_STATE_DONE,
        retrieval_pb2.JOB_STATE_FAILED,
        retrieval_pb2.JOB_STATE_CANCELLED,
    }
)
GATEWAY_JOB_EVENTS = "/v1/jobs/{job_id}/events"


def plan_batches(
    sizes: Sequence[int], max_files: int = MAX_BATCH_FILES, max_bytes: int = MAX_BATCH_BYTES
) -> list[range]:
    """Consecutive batches of file indexes, each at most ``max_files`` files and ``max_bytes``
    bytes, except that a file larger than ``max_bytes`` makes a batch of its own."""
    if max_files < 1 or max_bytes < 1:
        raise ValueError("a batch holds at least one file and one byte")
    batches: list[range] = []
    start = total = 0
    for i, size in enumerate(sizes):
        if i > start and (i - start >= max_files or total + size > max_bytes):
            batches.append(range(start, i))
            start, total = i, 0
        total += size
    if start < len(sizes):
        batches.append(range(start, len(sizes)))
    return batches


def check_sendable(paths: Iterable[Path], max_message_bytes: int = MAX_MESSAGE_BYTES) -> None:
    """Refuse, before anything is sent, a file that no single gRPC message could carry."""
    limit = max_message_bytes - _MESSAGE_HEADROOM
    for path in paths:
        size = path.stat().st_size
        if size > limit:
            raise InvalidInput(
                f"{path} is {size / MiB:.1f} MiB; one message to retrieval_svc carries at most "
                f"{max_message_bytes / MiB:g} MiB (and retrieval_svc takes documents of up to "
                "8 MiB unless configured otherwise)"
            )


@dataclass(frozen=True)
class SubmittedFile:
    """A file retrieval_svc accepted, and its job as it was at acceptance."""

    path: Path
    doc_id: str
    job: Any  # retrieval_pb2.IngestJob


@dataclass(frozen=True)
class Submission:
    """Every file accepted, in order, in ``batches`` SubmitIngest calls."""

    files: list[SubmittedFile]
    batches: int
    bytes_sent: int


class SubmitRefused(GroundmeshError):
    """retrieval_svc did not accept batch ``batch`` of ``batches``: nothing of it was stored
    (a submit is all or none), while the files of the batches before it, ``accepted``, were."""

    def __init__(
        self,
        error: GroundmeshError,
        *,
        batch: int,
        batches: int,
        files: Sequence[Path],
        culprit: Path | None,
        accepted: Sequence[SubmittedFile],
        not_sent: int,
    ) -> None:
        super().__init__(error.message)
        self.code = error.code
        self.error = error
        self.batch = batch
        self.batches = batches
        self.files = list(files)
        self.culprit = culprit
        self.accepted = list(accepted)
        self.not_sent = not_sent


def _culprit(message: str, paths: Sequence[Path], ids: Sequence[str]) -> Path | None:
    """The file a refusal names: retrieval_svc quotes the document id, or its first 80
    characters (``document 'x.md' is empty``, ``doc_id 'x' must be …``); None when it names
    none of them."""
    named = [
        (doc_id, path)
        for doc_id, path in zip(ids, paths, strict=True)
        if repr(doc_id) in message or repr(doc_id[:80]) in message
    ]
    if not named:
        return None
    return max(named, key=lambda item: len(item[0]))[1]


def _read_batch(
    paths: Sequence[Path], ids: Sequence[str], root: Path | None
) -> list[retrieval_pb2.IngestRequest]:
    return [request_for(p, d, root) for p, d in zip(paths, ids, strict=True)]


async def submit_files(
    target: str,
    tenant: str,
    files: Sequence[Path],
    doc_ids: Sequence[str],
    root: Path | None = None,
    on_batch: Callable[[int, int], None] | None = None,
    max_files: int = MAX_BATCH_FILES,
    max_bytes: int = MAX_BATCH_BYTES,
) -> Submission:
    """Hand ``files`` to retrieval_svc as ingest jobs, one SubmitIngest per batch (see
    :func:`plan_batches`); returns once every file is stored durably as a job.

    Empty files and files no message could carry are refused before anything is sent. A batch
    retrieval_svc refuses raises :class:`SubmitRefused`: that batch and the ones after it are
    not stored, the batches before it are. ``on_batch(n, batches)`` is called before batch n.
    """
    paths = list(files)
    ids = list(doc_ids)
    if len(ids) != len(paths):
        raise ValueError(f"{len(ids)} doc_ids for {len(paths)} files")
    check_not_empty(paths, ids)
    check_sendable(paths)
    batches = plan_batches([p.stat().st_size for p in paths], max_files, max_bytes)
    accepted: list[SubmittedFile] = []
    sent = 0
    async with open_channel(target) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        for n, batch in enumerate(batches, start=1):
            if on_batch:
                on_batch(n, len(batches))
            batch_paths = [paths[i] for i in batch]
            batch_ids = [ids[i] for i in batch]
            documents = await asyncio.to_thread(_read_batch, batch_paths, batch_ids, root)
            try:
                reply = await stub.SubmitIngest(
                    retrieval_pb2.SubmitIngestRequest(tenant=tenant, documents=documents),
                    timeout=SUBMIT_TIMEOUT_SECONDS,
                )
            except grpc.aio.AioRpcError as exc:
                error = from_rpc_error(exc, "retrieval_svc")
                raise SubmitRefused(
                    error,
                    batch=n,
                    batches=len(batches),
                    files=batch_paths,
                    culprit=_culprit(exc.details() or "", batch_paths, batch_ids),
                    accepted=accepted,
                    not_sent=len(paths) - batch.stop,
                ) from exc
            if len(reply.jobs) != len(batch):
                raise InternalError(
                    f"retrieval_svc answered {len(reply.jobs)} jobs for {len(batch)} documents"
                )
            for path, doc_id, job in zip(batch_paths, batch_ids, reply.jobs, strict=True):
                accepted.append(SubmittedFile(path, doc_id, job))
            sent += sum(len(d.content) for d in documents)
    return Submission(accepted, len(batches), sent)


@dataclass(frozen=True)
class JobEnd:
    """How a followed job ended: ``job`` is the last state seen (final unless ``lost`` says
    why the job could not be followed to its end; it may still finish)."""

    job: Any  # retrieval_pb2.IngestJob
    lost: str = ""

    @property
    def done(self) -> bool:
        return not self.lost and self.job.state == retrieval_pb2.JOB_STATE_DONE


async def _follow(
    stub: retrieval_pb2_grpc.RetrievalServiceStub,
    tenant: str,
    job: Any,
    seen: Callable[[Any], None],
    attempts: int,
    retry_seconds: float,
) -> JobEnd:
    """Watch one job to a final state. A stream that breaks (retrieval_svc restarting: its
    jobs survive) is opened again, up to ``attempts`` times in a row, with a back-off."""
    last = job
    failures = 0
    while True:
        request = retrieval_pb2.WatchIngestJobRequest(tenant=tenant, job_id=job.job_id)
        try:
            async for reply in stub.WatchIngestJob(request):
                last = reply.job
                failures = 0
                seen(last)
                if last.state in FINAL_STATES:
                    return JobEnd(last)
            reason = "the job's stream ended before the job did"
        except grpc.aio.AioRpcError as exc:
            error = from_rpc_error(exc, "retrieval_svc")
            if not isinstance(error, Unavailable):
                return JobEnd(last, lost=error.message)
            reason = error.message
        failures += 1
        if failures >= attempts:
            return JobEnd(last, lost=reason)
        await asyncio.sleep(min(retry_seconds * 2 ** (failures - 1), 5.0))


async def follow_jobs(
    target: str,
    tenant: str,
    jobs: Sequence[Any],
    on_update: Callable[[int, Any], None],
    max_watchers: int = MAX_WATCHERS,
    attempts: int = WATCH_ATTEMPTS,
    retry_seconds: float = 0.5,
) -> list[JobEnd]:
    """Follow every job (``retrieval_pb2.IngestJob``s as submitted) with WatchIngestJob, at
    most ``max_watchers`` streams at once in submission order (retrieval_svc runs the oldest
    first); ``on_update(index, job)`` sees each job at every change. One :class:`JobEnd` per
    job, in order."""
    async with open_channel(target) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        gate = asyncio.Semaphore(max_watchers)

        async def one(index: int, job: Any) -> JobEnd:
            async with gate:
                return await _follow(
                    stub, tenant, job, lambda j: on_update(index, j), attempts, retry_seconds
                )

        return list(await asyncio.gather(*(one(i, j) for i, j in enumerate(jobs))))


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
