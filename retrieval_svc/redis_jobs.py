"""The ingest job queue shared by every retrieval replica: job state in Redis, work through streaQ.

:class:`RedisIngestJobs` is a :class:`~retrieval_svc.ingest_jobs.JobQueue` like the embedded
:class:`~retrieval_svc.ingest_jobs.IngestJobs` (submit, get, watch, cancel), so the servicer does
not know which one it has, and runs each job through the same code (:meth:`JobQueue._run`: text
first, progress, cancel between embedding batches, a cancelled document left absent). What differs:

- **State** lives in Redis (:class:`~retrieval_svc.redis_job_store.RedisJobStore`), so any
  replica answers for any job. An upload is acknowledged after its jobs and bytes are written
  to Redis *and* each job is on the queue.
- **Work** is handed out by `streaQ <https://streaq.readthedocs.io>`_ (Redis streams with a
  consumer group): one queue message per job, taken by whichever worker is free. A worker
  renews its running messages, and a message whose worker stops renewing it for
  ``idle_seconds`` (the process was killed, or its node lost) is claimed by another worker and
  runs again from the start. A job also holds a lease in our store, renewed by the same worker,
  so that a stray second message for a job that a live worker runs is dropped, and only the
  first unfinished job of a document may run (two uploads of one name run in order).
- **Starting** a worker queues again every unfinished job that no live worker holds (a
  belt-and-braces sweep: duplicates are dropped by the lease).
- **Stopping** a worker (SIGTERM) puts its running job back on the queue at once.
- **Watchers** are woken by a Redis pub/sub channel that every change is published on (and
  poll every second regardless).

The role decides what a process does: ``search`` submits and answers, runs no job; ``worker``
and ``all`` also run jobs. Jobs only make sense across replicas with a shared document store
(Weaviate): a worker writes to *its* backend.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import anyio
import redis.asyncio as aioredis
from anyio import CancelScope
from redis.exceptions import RedisError
from streaq import StreaqRetry, Worker

from mesh.errors import Unavailable
from retrieval_svc.engine import NewDocument, RetrievalEngine
from retrieval_svc.ingest_jobs import RETRY_SECONDS, JobQueue
from retrieval_svc.job_store import Job, JobState
from retrieval_svc.redis_job_store import Claim, RedisJobStore

log = logging.getLogger(__name__)

# Backoff of the restarts of streaQ's consumer loop after Redis dropped it: from the first to
# the last, doubling; a loop that ran longer than the last starts the backoff again.
CONSUMER_RESTART_SECONDS = (0.5, 10.0)


def _first_cause(exc: BaseException) -> BaseException:
    """The innermost first error of nested exception groups (what actually went wrong)."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


QUEUE_NAME = "groundmesh-ingest"
WAIT_SECONDS = 1.0  # how soon a job waiting for an earlier upload of its document looks again


def _dumps(value: Any) -> str:
    """streaQ's messages as JSON (never pickle); what JSON cannot hold is kept as text."""
    return json.dumps(value, default=repr)


class _Queue(Worker[Any]):
    """A streaQ worker that leaves signals to the gRPC server (it drains, then stops us)."""

    async def signal_handler(self, scope: CancelScope) -> None:
        await anyio.sleep_forever()


class RedisIngestJobs(JobQueue):
    """Ingest jobs shared by every replica over one Redis."""

    def __init__(
        self,
        engine: RetrievalEngine,
        store: RedisJobStore,
        *,
        run_worker: bool = True,
        idle_seconds: float = 30.0,
        concurrency: int = 1,
        queue_name: str = QUEUE_NAME,
    ) -> None:
        super().__init__(engine, store)
        self._redis_store = store
        self._run_worker = run_worker
        self._idle = idle_seconds
        # Two streaQ workers on one queue: one only enqueues (every role), the other takes
        # jobs (roles worker and all). Each holds its connection in a task of its own.
        self._client = self._streaq(queue_name, concurrency)
        self._queue_name, self._concurrency = queue_name, concurrency
        self._queue = self._consumer()
        self._task = self._client.task(name="ingest_job", max_tries=None, ttl=0)(self._job)
        self._connected = asyncio.Event()
        self._closing = asyncio.Event()
        self._holder: asyncio.Task[None] | None = None
        self._runner: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[str]] = set()
        self._stopping = False
        #: job ids this replica's worker claimed to run, in order (for metrics and tests)
        self.claimed: list[str] = []

    def _consumer(self) -> _Queue:
        """A streaQ worker that takes jobs (single use: its ``run_async`` cannot run twice)."""
        queue = self._streaq(self._queue_name, self._concurrency)
        queue.task(name="ingest_job", max_tries=None, ttl=0)(self._job)
        return queue

    def _streaq(self, queue_name: str, concurrency: int) -> _Queue:
        return _Queue(
            redis_url=self._redis_store.url,
            queue_name=queue_name,
            concurrency=concurrency,
            idle_timeout=self._idle,
            serializer=_dumps,
            deserializer=json.loads,
        )

    @property
    def worker_id(self) -> str:
        """This replica's worker, as its leases and its jobs' ``worker`` field name it."""
        return self._queue.id

    # ------------------------------------------------------------------------ life cycle

    async def start(self) -> None:
        """Connect; with a worker, queue again what no live worker holds, then take jobs."""
        self._stopping = False
        self._connected.clear()
        self._closing.clear()
        self._holder = asyncio.create_task(self._hold_client(), name="ingest-jobs-client")
        waiting = asyncio.create_task(self._connected.wait())
        await asyncio.wait({waiting, self._holder}, return_when=asyncio.FIRST_COMPLETED)
        waiting.cancel()
        if self._holder.done():  # it could not connect: say why
            self._holder.result()
        self._listener = asyncio.create_task(self._listen(), name="ingest-jobs-changes")
        if not self._run_worker:
            return
        await asyncio.to_thread(self._redis_store.recover)
        left = await asyncio.to_thread(self._redis_store.open_jobs)
        if left:
            log.info("queueing %d unfinished ingest job(s) again", len(left))
            for job_id in left:
                await self._task.enqueue(job_id)
        self._runner = asyncio.create_task(self._consume(), name="ingest-jobs-worker")

    async def _consume(self) -> None:
        """streaQ's consumer loop, started again whenever it ends while this worker should run.

        streaQ gives up on its first Redis error (a restart, a failover): its loop ends, and the
        worker, still SERVING, would take no job again. The topology rehearsal found it (a Redis
        restart left every job queued). Jobs lost nothing meanwhile: their state and bytes are in
        Redis, and a message being run when Redis went away is claimed again after idle_seconds.
        """
        delay = CONSUMER_RESTART_SECONDS[0]
        while not self._stopping:
            began = time.monotonic()
            try:
                await self._queue.run_async()
                problem = "ended"
            except Exception as exc:  # an ExceptionGroup from its task group, usually
                problem = f"failed ({_first_cause(exc)})"
            if self._stopping:
                return
            if time.monotonic() - began > CONSUMER_RESTART_SECONDS[-1]:
                delay = CONSUMER_RESTART_SECONDS[0]  # it ran a while: start the backoff again
            log.warning("ingest worker: the queue's consumer %s; again in %.1f s", problem, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, CONSUMER_RESTART_SECONDS[-1])
            # A new consumer, so a new worker id: a job the old one held is taken again once its
            # lease runs out (idle_seconds), as after a killed worker.
            self._queue = self._consumer()

    async def stop(self) -> None:
        """Stop taking jobs; a running job goes back on the queue for any worker."""
        self._stopping = True
        running = list(self._inflight)
        for task in running:
            task.cancel()
        # Each then hands its message back to streaQ (StreaqRetry), shielded from what follows.
        await asyncio.gather(*running, return_exceptions=True)
        for background in (self._runner, self._listener):
            if background is not None:
                background.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await background
        self._runner = self._listener = None
        self._closing.set()
        if self._holder is not None:
            with contextlib.suppress(Exception):
                await self._holder
            self._holder = None

    async def _hold_client(self) -> None:
        async with self._client:
            self._connected.set()
            await self._closing.wait()

    # ------------------------------------------------------------------------ the API

    async def submit(self, tenant: str, documents: Sequence[NewDocument]) -> list[Job]:
        """As :meth:`JobQueue.submit`; acknowledged once every job is on the queue too."""
        jobs = await super().submit(tenant, documents)
        queued = 0
        try:
            for job in jobs:
                await self._task.enqueue(job.job_id)
                queued += 1
        except Exception as exc:
            log.exception("could not queue %d ingest job(s)", len(jobs) - queued)
            for job in jobs[queued:]:  # best effort; a worker's start-up sweep queues the rest
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(
                        self._store.finish, job.job_id, JobState.FAILED, error="not queued"
                    )
            raise Unavailable(f"the ingest queue is unavailable: {exc}") from exc
        return jobs

    # ------------------------------------------------------------------------ the worker

    async def _job(self, job_id: str) -> str:
        """streaQ's task: one attempt at one job. Raising StreaqRetry puts it back."""
        if self._stopping:  # taken from this worker's buffer while it stops: for another
            raise StreaqRetry("the worker is stopping", delay=0)
        attempt = asyncio.create_task(self._attempt(job_id))
        self._inflight.add(attempt)
        try:
            return await attempt
        except asyncio.CancelledError:
            if attempt.cancelled() and self._stopping:  # stop(): any worker takes it again
                raise StreaqRetry("the worker is stopping", delay=0) from None
            attempt.cancel()
            raise
        finally:
            self._inflight.discard(attempt)

    async def _attempt(self, job_id: str) -> str:
        store = self._redis_store
        claim = await asyncio.to_thread(store.claim_job, job_id, self.worker_id, self._idle)
        if claim is Claim.WAIT:
            raise StreaqRetry("an earlier upload of the document is unfinished", delay=1)
        if claim is Claim.BUSY:  # keep the message until the job is final: if that worker
            # dies, this message is what runs the job again
            raise StreaqRetry("another worker runs the job", delay=timedelta(seconds=self._idle))
        if claim is not Claim.RUN:
            return claim.value
        self.claimed.append(job_id)
        job = await asyncio.to_thread(store.by_id, job_id)
        if job is None:
            return Claim.MISSING.value
        if job.cancel_requested:  # cancelled while its last worker was dying
            await self._drop_text(job)
            await self._finish(job, JobState.CANCELLED)
            return JobState.CANCELLED.value
        lease = asyncio.create_task(self._renew(job_id))
        try:
            await self._run([job])
            self._failures = 0
        except Exception as exc:  # the backend or the embedder failed: it is queued again
            log.exception("ingest job %s failed; it is queued again", job_id)
            await asyncio.to_thread(store.note_error, job_id, f"will retry: {exc}")
            delay = RETRY_SECONDS[min(self._failures, len(RETRY_SECONDS) - 1)]
            self._failures += 1
            raise StreaqRetry(str(exc), delay=timedelta(seconds=delay)) from exc
        finally:
            lease.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await lease
        after = await asyncio.to_thread(store.by_id, job_id)
        if after is not None and not after.state.final:  # stopped before its end: again
            raise StreaqRetry("the job is unfinished", delay=0)
        return after.state.value if after is not None else Claim.MISSING.value

    async def _renew(self, job_id: str) -> None:
        while True:
            await asyncio.sleep(self._idle / 3)
            held = await asyncio.to_thread(
                self._redis_store.renew_lease, job_id, self.worker_id, self._idle
            )
            if not held:
                log.warning("ingest job %s: lease lost (the worker stalled)", job_id)

    async def _listen(self) -> None:
        """Wake this replica's watchers whenever any replica changes a job."""
        client = aioredis.Redis.from_url(self._redis_store.url)
        try:
            while True:
                try:
                    async with client.pubsub() as pubsub:
                        await pubsub.subscribe(self._redis_store.channel)
                        while True:
                            message = await pubsub.get_message(
                                ignore_subscribe_messages=True, timeout=1.0
                            )
                            if message is not None:
                                await self._notify()
                except (RedisError, OSError) as exc:
                    log.warning("job changes: Redis pub/sub failed (%s); watchers poll", exc)
                    await asyncio.sleep(1.0)
        finally:
            await client.aclose()
