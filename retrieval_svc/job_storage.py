"""What :class:`~retrieval_svc.ingest_jobs.IngestJobs` needs from where its jobs live.

Two implementations: :class:`~retrieval_svc.job_store.JobStore` (SQLite in the data directory,
the embedded default, one per replica) and
:class:`~retrieval_svc.redis_job_store.RedisJobStore` (Redis, shared by every replica). The
methods are synchronous; the job queue calls them through ``asyncio.to_thread``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from retrieval_svc.engine import NewDocument
from retrieval_svc.job_store import Job, JobState


class JobStorage(Protocol):
    """Durable jobs and their uploaded bytes."""

    def submit(self, tenant: str, documents: Sequence[NewDocument]) -> list[Job]:
        """One queued job per document, all or none; durable once this returns."""
        ...

    def get(self, tenant: str, job_id: str) -> Job | None: ...

    def by_id(self, job_id: str) -> Job | None: ...

    def document(self, job: Job) -> NewDocument | None: ...

    def claim(self, limit: int) -> list[Job]: ...

    def mark_searchable(self, job_id: str, total: int) -> None: ...

    def progress(self, job_id: str, done: int, total: int) -> None: ...

    def finish(
        self,
        job_id: str,
        state: JobState,
        *,
        error: str = "",
        chunks: int = 0,
        reused: int = 0,
        replaced: bool = False,
        unchanged: bool = False,
    ) -> None: ...

    def requeue(self, job_ids: Sequence[str]) -> None: ...

    def note_error(self, job_id: str, error: str) -> None: ...

    def request_cancel(self, tenant: str, job_id: str) -> Job | None: ...

    def cancel_requested(self, job_ids: Sequence[str]) -> set[str]: ...

    def recover(self) -> int: ...

    def pending(self) -> int: ...
