"""What the ingest job queues (:mod:`retrieval_svc.ingest_jobs`) need from where jobs live.

Two implementations: :class:`~retrieval_svc.job_store.JobStore` (SQLite in the data directory,
the embedded default, one per replica) and
:class:`~retrieval_svc.redis_job_store.RedisJobStore` (Redis, shared by every replica). Both are
:class:`JobStorage`; only the SQLite one is a :class:`BatchJobStorage`, whose worker takes queued
jobs in batches. The Redis queue hands jobs out one at a time, each under a lease
(:meth:`~retrieval_svc.redis_job_store.RedisJobStore.claim_job`). The methods are synchronous;
the job queues call them through ``asyncio.to_thread``.
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

    def mark_searchable(self, job_id: str, total: int) -> None: ...

    def pages(self, job_id: str, done: int, total: int) -> None: ...

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


class BatchJobStorage(JobStorage, Protocol):
    """A store one polling worker takes queued jobs from, a batch at a time."""

    def claim(self, limit: int) -> list[Job]:
        """Up to ``limit`` queued jobs of one tenant, oldest first, now marked running."""
        ...
