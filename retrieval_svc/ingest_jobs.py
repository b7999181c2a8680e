"""Uploads as background jobs (issue 19): accept at once, ingest behind, report progress.

:class:`JobQueue` is what the API sees (submit, get, watch, cancel) and how a batch of jobs runs;
where the jobs wait and who takes them is its subclasses' part: :class:`IngestJobs` (one polling
worker per process over the SQLite job store, the embedded default) and
:class:`~retrieval_svc.redis_jobs.RedisIngestJobs` (every replica's worker over one Redis).

:meth:`JobQueue.submit` checks each document quickly (id, metadata, size, type, and that it
opens: :meth:`RetrievalEngine.screen`), stores the
jobs and their bytes durably (:class:`~retrieval_svc.job_store.JobStore`) and returns: the
upload is acknowledged before any parsing or embedding. One worker task claims queued jobs of
one tenant, oldest first, and runs them through the engine's ingest stream together (small
documents share embedding batches), text first: each document is searchable by BM25 as soon as
it is parsed (the job says ``searchable``) and gets all its vectors at once when they are in.
A new PDF or scan is searchable page by page while it is read (its first page at once, then the
pages read every second or so; see :meth:`RetrievalEngine._prepare_storing`); the whole
document read at the end replaces them, so what is stored is what reading it whole gives. A
read that fails (a corrupt page, the page limit) or is cancelled deletes those pages again; a
new version of a document that has its vectors is stored whole, the old version searchable
until then. Progress and final states are written to the job store
and wake every watcher. A job cancelled while it runs stops at the next embedding batch and
its document is left wholly absent (its text, already searchable, is deleted; an earlier
version it replaced is gone too); a long read is cancelled between pages. A cancel that comes
after the vectors were committed finds the job done.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence

from mesh.errors import FailedPrecondition, InvalidInput, NotFound
from retrieval_svc.engine import (
    IngestIndexed,
    IngestPages,
    IngestProgress,
    IngestResult,
    NewDocument,
    RetrievalEngine,
    check_tenant,
)
from retrieval_svc.job_storage import BatchJobStorage, JobStorage
from retrieval_svc.job_store import Job, JobState

log = logging.getLogger(__name__)

JOBS_PER_BATCH = 16
WATCH_POLL_SECONDS = 1.0
CANCEL_WAIT_SECONDS = 60.0
RETRY_SECONDS = (1.0, 5.0, 30.0)
# A batch running this long (a long scan) no longer holds back other jobs: see IngestJobs.
SLOW_BATCH_SECONDS = 5.0


class JobQueue(ABC):
    """The ingest jobs of one retrieval_svc process over its engine: the API, and running a
    batch; :meth:`start` and :meth:`stop` are the worker's, which subclasses provide."""

    def __init__(self, engine: RetrievalEngine, store: JobStorage) -> None:
        self._engine = engine
        self._store = store
        self._wake = asyncio.Event()
        self._changed = asyncio.Condition()
        self._failures = 0  # consecutive batches the store refused: the retry back-off
        self._stranded: list[str] = []  # jobs left running when even the requeue failed

    @abstractmethod
    async def start(self) -> None:
        """Resume what a stopped process left running and start taking jobs."""

    @abstractmethod
    async def stop(self) -> None:
        """Stop taking jobs; what runs is resumed at the next start (here or elsewhere)."""

    # ------------------------------------------------------------------------ the API

    async def submit(self, tenant: str, documents: Sequence[NewDocument]) -> list[Job]:
        """Accept every document as a job, or none (InvalidInput naming the first bad one)."""
        check_tenant(tenant)
        if not documents:
            raise InvalidInput("no documents to ingest")
        seen: set[str] = set()
        for doc in documents:
            await asyncio.to_thread(self._engine.screen, doc)
            if doc.doc_id in seen:
                raise InvalidInput(f"doc_id {doc.doc_id!r} is sent twice in one upload")
            seen.add(doc.doc_id)
        jobs = await asyncio.to_thread(self._store.submit, tenant, documents)
        self._wake.set()
        await self._notify()
        return jobs

    async def get(self, tenant: str, job_id: str) -> Job:
        check_tenant(tenant)
        job = await asyncio.to_thread(self._store.get, tenant, job_id)
        if job is None:
            raise NotFound(f"job {job_id[:80]!r} does not exist")
        return job

    async def watch(self, tenant: str, job_id: str) -> AsyncIterator[Job]:
        """The job now, then at every change, ending with its final state."""
        last: Job | None = None
        while True:
            job = await self.get(tenant, job_id)
            if job != last:
                yield job
                last = job
            if job.state.final:
                return
            async with self._changed:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), WATCH_POLL_SECONDS)

    async def cancel(self, tenant: str, job_id: str) -> Job:
        """Cancel a job; waits (bounded) for a running one to stop, then returns it."""
        check_tenant(tenant)
        job = await asyncio.to_thread(self._store.request_cancel, tenant, job_id)
        if job is None:
            raise NotFound(f"job {job_id[:80]!r} does not exist")
        if job.state is JobState.CANCELLED and not await self._doc_running(job):
            # It was queued: text it stored before a restart may wait, vectors pending; text
            # that a running job of the same document stored is that job's, and stays.
            await self._drop_text(job)
        await self._notify()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CANCEL_WAIT_SECONDS
        async for seen in self.watch(tenant, job_id):
            job = seen
            if loop.time() > deadline:
                break
        return job

    # ------------------------------------------------------------------------ the worker

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def _note_retry(self, jobs: list[Job], exc: Exception) -> None:
        """Say why on each job and queue them again; a store that cannot even take that (a
        full disk) leaves them running, to be queued again before the next claim or at a
        restart: the worker itself carries on."""
        try:
            for job in jobs:
                await asyncio.to_thread(self._store.note_error, job.job_id, f"will retry: {exc}")
            await asyncio.to_thread(self._store.requeue, [j.job_id for j in jobs])
        except Exception:
            log.exception("could not note the failure on the jobs; they are retried later")
            self._stranded.extend(j.job_id for j in jobs)
        await self._notify()

    async def _run(self, jobs: list[Job]) -> None:
        runnable: list[tuple[Job, NewDocument]] = []
        for job in jobs:
            if job.cancel_requested:  # cancelled while running, then queued again: honour it
                await self._drop_text(job)
                await self._finish(job, JobState.CANCELLED)
                continue
            doc = await asyncio.to_thread(self._store.document, job)
            if doc is None:
                await self._finish(job, JobState.FAILED, error="the uploaded content is missing")
            else:
                runnable.append((job, doc))
        if not runnable:
            return
        tenant = runnable[0][0].tenant
        by_doc = {job.doc_id: job for job, _ in runnable}
        left = [job for job, _ in runnable]  # in order: results come in this order

        async def documents() -> AsyncIterator[tuple[str, NewDocument]]:
            for _, doc in runnable:
                yield tenant, doc

        cancelled: set[str] = set()
        steps = self._engine.ingest_stream(documents(), text_first=True, report_pages=True)
        try:
            async for step in steps:
                if isinstance(step, IngestIndexed):  # searchable by BM25 from now on
                    job = by_doc[step.doc_id]
                    await asyncio.to_thread(
                        self._store.mark_searchable, job.job_id, step.chunks_total
                    )
                    await self._notify()
                    continue
                if isinstance(step, IngestPages):  # a long document is being read
                    job = by_doc[step.doc_id]
                    await asyncio.to_thread(
                        self._store.pages, job.job_id, step.pages_done, step.pages_total
                    )
                    await self._notify()
                    # a long scan is cancelled between pages, not after the last one
                    cancelled = await asyncio.to_thread(
                        self._store.cancel_requested, [j.job_id for j in left]
                    )
                    if job.job_id in cancelled:
                        break
                    cancelled = set()  # others cancelled are stopped at their turn
                    continue
                if isinstance(step, IngestResult):
                    job = left.pop(0)
                    await self._finish(
                        job,
                        JobState.DONE,
                        chunks=step.chunk_count,
                        reused=step.reused,
                        replaced=step.replaced,
                        unchanged=step.unchanged,
                    )
                    continue
                assert isinstance(step, IngestProgress)
                job = by_doc[step.doc_id]
                await asyncio.to_thread(
                    self._store.progress, job.job_id, step.chunks_embedded, step.chunks_total
                )
                await self._notify()
                cancelled = await asyncio.to_thread(
                    self._store.cancel_requested, [j.job_id for j in left]
                )
                if cancelled:
                    break
        except (InvalidInput, FailedPrecondition) as exc:  # it fails, the others go on
            if left:
                await self._finish(left.pop(0), JobState.FAILED, error=exc.message)
        except BaseException:
            # Anything else (store full or read-only, backend down): the unfinished jobs go
            # back to the queue and ``_work`` retries them with a back-off.
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self._store.requeue, [j.job_id for j in left])
            raise
        finally:
            await steps.aclose()
        for job in left:
            if job.job_id in cancelled:
                await self._drop_text(job)
                await self._finish(job, JobState.CANCELLED)
        rest = [j.job_id for j in left if j.job_id not in cancelled]
        if rest:
            await asyncio.to_thread(self._store.requeue, rest)
            self._wake.set()

    async def _doc_running(self, job: Job) -> bool:
        running = getattr(self._store, "doc_running", None)
        if running is None:  # a store that cannot tell: keep the text rather than risk it
            return True
        return bool(await asyncio.to_thread(running, job.tenant, job.doc_id))

    async def _drop_text(self, job: Job) -> None:
        """A cancelled job leaves its document absent: text already stored (vectors pending,
        perhaps from before a restart) is deleted."""
        if await self._engine.vectors_pending(job.tenant, job.doc_id):
            with contextlib.suppress(NotFound):
                await self._engine.delete(job.tenant, job.doc_id)

    async def _finish(self, job: Job, state: JobState, **detail: object) -> None:
        await asyncio.to_thread(self._store.finish, job.job_id, state, **detail)  # type: ignore[arg-type]
        await self._notify()


class IngestJobs(JobQueue):
    """One polling worker per process: it claims queued jobs of one tenant, oldest first, a
    batch at a time, from a store only this process writes (the SQLite job store).

    It runs up to ``concurrency`` batches at once; a batch that has run for
    :data:`SLOW_BATCH_SECONDS` (a long scan read by OCR, page after page) stops counting
    against them, up to ``concurrency`` such batches, so other users' jobs are not held
    behind it. OCR itself stays one engine per process behind its lock (:mod:`ocr`): a second
    scan waits for it page by page instead of taking more CPU."""

    def __init__(
        self,
        engine: RetrievalEngine,
        store: BatchJobStorage,
        jobs_per_batch: int = JOBS_PER_BATCH,
        concurrency: int = 1,
    ) -> None:
        super().__init__(engine, store)
        self._batches = store
        self._per_batch = jobs_per_batch
        self._concurrency = max(1, concurrency)
        self._worker: asyncio.Task[None] | None = None
        self._running: dict[asyncio.Task[None], float] = {}  # batch -> when it started

    async def start(self) -> None:
        """Queue again what a stopped process left running, then start the worker."""
        resumed = await asyncio.to_thread(self._store.recover)
        if resumed:
            log.info("resuming %d ingest job(s) left running", resumed)
        self._worker = asyncio.create_task(self._work(), name="ingest-jobs")
        self._wake.set()

    async def stop(self) -> None:
        """Stop the worker; running batches are left to be resumed at the next start."""
        if self._worker is not None:
            self._worker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._worker
            self._worker = None

    def _free_lane(self) -> bool:
        """Whether another batch may start: fewer than ``concurrency`` run, not counting up
        to ``concurrency`` slow ones."""
        now = asyncio.get_running_loop().time()
        slow = sum(1 for began in self._running.values() if now - began >= SLOW_BATCH_SECONDS)
        return len(self._running) - min(slow, self._concurrency) < self._concurrency

    def _next_slow(self) -> float | None:
        """Seconds until a running batch turns slow (a lane may free up then), if any will."""
        now = asyncio.get_running_loop().time()
        waits = [
            began + SLOW_BATCH_SECONDS - now
            for began in self._running.values()
            if now - began < SLOW_BATCH_SECONDS
        ]
        return max(0.0, min(waits)) + 0.01 if waits else None

    async def _work(self) -> None:
        try:
            while True:
                self._wake.clear()
                if self._stranded:
                    try:
                        await asyncio.to_thread(self._store.requeue, self._stranded)
                        self._stranded = []
                    except Exception:
                        log.warning("the job store still refuses writes; retrying later")
                if self._free_lane():
                    jobs = await asyncio.to_thread(self._batches.claim, self._per_batch)
                    if jobs:
                        task = asyncio.create_task(self._batch(jobs), name="ingest-batch")
                        self._running[task] = asyncio.get_running_loop().time()
                        task.add_done_callback(self._ended)
                        continue
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self._next_slow())
        finally:  # stopped: the running batches queue their unfinished jobs again
            for task in self._running:
                task.cancel()
            await asyncio.gather(*self._running, return_exceptions=True)

    def _ended(self, task: asyncio.Task[None]) -> None:
        self._running.pop(task, None)
        self._wake.set()

    async def _batch(self, jobs: list[Job]) -> None:
        try:
            await self._run(jobs)
            self._failures = 0
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the store or embedder failed: nothing acknowledged is lost
            log.exception("ingest batch failed; its unfinished jobs are queued again")
            await self._note_retry(jobs, exc)
            await asyncio.sleep(RETRY_SECONDS[min(self._failures, len(RETRY_SECONDS) - 1)])
            self._failures += 1
