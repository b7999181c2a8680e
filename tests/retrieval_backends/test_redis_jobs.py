"""Ingest jobs shared through Redis (issue 19), against a real redis-server on loopback.

Two or three "replicas" in this process, each its own :class:`RedisIngestJobs` over its own
engine, all over one Redis and one document store (an :class:`EmbeddedBackend` shared in-process
stands in for Weaviate). Every wait is on a state, bounded only as a guard against a hang.
"""

from __future__ import annotations

import asyncio
import functools
import os
import signal
import sys
import threading
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bench.topology.redis_server import RedisProcess
from mesh.config import RetrievalSettings
from mesh.errors import GroundmeshError, InvalidInput, NotFound
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Matrix
from retrieval_svc.engine import NewDocument, RetrievalEngine
from retrieval_svc.ingest_jobs import IngestJobs, JobQueue
from retrieval_svc.job_store import Job, JobState, JobStore
from retrieval_svc.redis_job_store import RedisJobStore
from retrieval_svc.redis_jobs import RedisIngestJobs
from retrieval_svc.results import SearchMode
from retrieval_svc.server import build_jobs
from tests.retrieval_backends.corpus import HashingEmbedder
from tests.retrieval_backends.servers import RedisServer, free_port

ROOT = Path(__file__).resolve().parents[2]
GUARD_SECONDS = 60.0  # a hang fails the test; nothing waits for a time to pass
IDLE_SECONDS = 2.0  # how long a killed worker's job waits before another worker takes it


class GatedEmbedder(HashingEmbedder):
    """Fast fake; while ``held``, each passage batch waits until ``release`` is set."""

    def __init__(self) -> None:
        self.held = False
        self.release = threading.Event()

    def embed_passages(self, texts: list[str]) -> Matrix:
        if self.held:
            assert self.release.wait(GUARD_SECONDS), "the test never released the embedder"
        return super().embed_passages(texts)


def _doc(doc_id: str, text: str) -> NewDocument:
    return NewDocument(doc_id, "", "text/plain", text.encode())


def _long(n: int, tag: str = "") -> str:
    return "\n\n".join(f"Paragraph {i} {tag} about leave rules number {i}." * 6 for i in range(n))


async def until(check: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait for a state (polling), failing only if it never comes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + GUARD_SECONDS
    while not await check():
        assert loop.time() < deadline, f"never: {what}"
        await asyncio.sleep(0.02)


class Mesh:
    """Replicas over one Redis (a prefix and a queue of this test alone) and one store."""

    def __init__(self, redis_url: str, root: Path) -> None:
        self.url = redis_url
        self.prefix = f"test-jobs-{uuid.uuid4().hex[:8]}"
        self.queue = f"test-ingest-{uuid.uuid4().hex[:8]}"
        self.root = root
        self.backend = EmbeddedBackend(root / "store", HashingEmbedder.dim)
        self.store = RedisJobStore(redis_url, prefix=self.prefix)  # the test's own view
        self.replicas: list[RedisIngestJobs] = []
        self.embedders: list[GatedEmbedder] = []
        self.engine = RetrievalEngine(self.backend, HashingEmbedder())  # reads for the test

    def replica(self, run_worker: bool = True, idle: float = 30.0) -> RedisIngestJobs:
        embedder = GatedEmbedder()
        engine = RetrievalEngine(self.backend, embedder, chunk_tokens=32, overlap_tokens=0)
        jobs = RedisIngestJobs(
            engine,
            RedisJobStore(self.url, prefix=self.prefix),
            run_worker=run_worker,
            idle_seconds=idle,
            queue_name=self.queue,
        )
        self.replicas.append(jobs)
        self.embedders.append(embedder)
        return jobs

    async def final(self, replica: JobQueue, job: Job) -> Job:
        last = job
        async for seen in replica.watch(job.tenant, job.job_id):
            last = seen
        return last

    async def state(self, job: Job) -> Job:
        found = await asyncio.to_thread(self.store.by_id, job.job_id)
        assert found is not None
        return found

    async def close(self) -> None:
        for embedder in self.embedders:
            embedder.release.set()
        for replica in self.replicas:
            await replica.stop()
        await self.backend.close()


@pytest.fixture
async def mesh(redis_server: RedisServer, tmp_path: Path) -> AsyncIterator[Mesh]:
    m = Mesh(redis_server.url, tmp_path)
    await m.backend.load()
    yield m
    await m.close()


async def test_jobs_are_shared_and_spread_over_the_workers(mesh: Mesh) -> None:
    a, b = mesh.replica(), mesh.replica()
    for embedder in mesh.embedders:
        embedder.held = True
    await a.start()
    await b.start()
    jobs = await a.submit(
        "acme", [_doc(f"d{i}", f"Rule {i}: claims within {i} days.") for i in range(8)]
    )
    # Acknowledged means stored: any other process reads every job and its bytes at once.
    for job in jobs:
        stored = await mesh.state(job)
        assert stored.state in (JobState.QUEUED, JobState.RUNNING)
        assert await asyncio.to_thread(mesh.store.document, stored) is not None
        assert (await b.get("acme", job.job_id)).doc_id == job.doc_id

    async def both_busy() -> bool:
        running = [await mesh.state(j) for j in jobs]
        workers = {
            await asyncio.to_thread(mesh.store.worker_of, j.job_id)
            for j in running
            if j.state is JobState.RUNNING
        }
        return workers == {a.worker_id, b.worker_id}

    await until(both_busy, "each worker runs a job")  # each holds one: the work is spread
    for embedder in mesh.embedders:
        embedder.release.set()
    finals = [await mesh.final(b if n % 2 else a, j) for n, j in enumerate(jobs)]
    assert [j.state for j in finals] == [JobState.DONE] * len(jobs)
    by_worker = {
        await asyncio.to_thread(mesh.store.worker_of, j.job_id) for j in jobs
    }  # who ran which
    assert by_worker == {a.worker_id, b.worker_id}
    assert sorted(a.claimed + b.claimed) == sorted(j.job_id for j in jobs)  # each once
    assert {d.doc_id for d in await mesh.engine.list_documents("acme")} == {j.doc_id for j in jobs}
    assert await asyncio.to_thread(mesh.store.pending) == 0


async def test_watch_from_another_replica_sees_progress_to_the_end(mesh: Mesh) -> None:
    worker, search = mesh.replica(), mesh.replica(run_worker=False)
    mesh.embedders[0].held = True  # until the watcher has seen the job run
    await worker.start()
    await search.start()
    [job] = await search.submit("acme", [_doc("long", _long(120))])
    seen = []
    async for j in search.watch("acme", job.job_id):
        seen.append(j)
        if j.state is JobState.RUNNING and j.searchable:
            mesh.embedders[0].release.set()
    assert seen[0].state in (JobState.QUEUED, JobState.RUNNING)
    assert seen[-1].state is JobState.DONE and seen[-1].chunks_done == seen[-1].chunks_total
    assert any(j.state is JobState.RUNNING for j in seen)
    assert await asyncio.to_thread(mesh.store.worker_of, job.job_id) == worker.worker_id


async def test_a_running_job_is_cancelled_from_the_other_replica(mesh: Mesh) -> None:
    a, b = mesh.replica(), mesh.replica(run_worker=False)
    mesh.embedders[0].held = True
    await a.start()
    await b.start()
    [job] = await a.submit("acme", [_doc("long", _long(120, "zeppelin"))])
    await until(
        lambda: _is(mesh, job, lambda j: j.state is JobState.RUNNING and j.searchable),
        "the job's text is stored",
    )
    assert (await mesh.engine.search("acme", "zeppelin", mode=SearchMode.BM25)).hits
    cancelling = asyncio.create_task(b.cancel("acme", job.job_id))
    await until(lambda: _is(mesh, job, lambda j: j.cancel_requested), "the cancel is seen")
    mesh.embedders[0].release.set()
    cancelled = await cancelling
    assert cancelled.state is JobState.CANCELLED
    assert (await a.get("acme", job.job_id)).state is JobState.CANCELLED
    assert await mesh.engine.list_documents("acme") == []
    assert (await mesh.engine.search("acme", "zeppelin", mode=SearchMode.BM25)).hits == []


async def test_queued_jobs_cancel_at_once_and_done_ones_stay_done(mesh: Mesh) -> None:
    a, b = mesh.replica(run_worker=False), mesh.replica(run_worker=False)
    await a.start()
    await b.start()
    queued, later = await a.submit("acme", [_doc("q", "Queued text."), _doc("d", "Done text.")])
    assert (await b.cancel("acme", queued.job_id)).state is JobState.CANCELLED
    assert await asyncio.to_thread(mesh.store.document, queued) is None  # its bytes dropped
    worker = mesh.replica()
    await worker.start()
    assert (await mesh.final(a, later)).state is JobState.DONE
    assert (await b.cancel("acme", later.job_id)).state is JobState.DONE
    assert (await a.get("acme", queued.job_id)).state is JobState.CANCELLED
    assert [d.doc_id for d in await mesh.engine.list_documents("acme")] == ["d"]


async def test_a_stopped_worker_leaves_its_job_to_the_other(mesh: Mesh) -> None:
    a, b = mesh.replica(), mesh.replica()
    mesh.embedders[0].held = True
    await a.start()
    [job] = await a.submit("acme", [_doc("long", _long(60))])
    await until(
        lambda: _is(mesh, job, lambda j: j.state is JobState.RUNNING and j.searchable),
        "the job runs on the first worker",
    )
    await b.start()
    await a.stop()  # mid-job: its task is cancelled, the job goes back on the queue
    done = await mesh.final(b, job)
    assert done.state is JobState.DONE and done.chunks_done == done.chunks_total > 1
    assert await asyncio.to_thread(mesh.store.worker_of, job.job_id) == b.worker_id
    assert a.claimed == b.claimed == [job.job_id]  # begun on one, run again on the other
    [doc] = await mesh.engine.list_documents("acme")
    assert doc.doc_id == "long"


async def test_a_killed_worker_s_job_is_run_again_by_another(mesh: Mesh, tmp_path: Path) -> None:
    search = mesh.replica(run_worker=False)
    await search.start()
    args = [mesh.url, mesh.prefix, mesh.queue, str(tmp_path / "killed"), str(IDLE_SECONDS)]
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.retrieval_backends.redis_jobs_worker",
        *args,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        killed_id = (await proc.stdout.readline()).decode().strip()
        assert killed_id, "the worker process did not start"
        [job] = await search.submit("acme", [_doc("long", _long(20))])
        await until(
            lambda: _is(mesh, job, lambda j: j.state is JobState.RUNNING and j.searchable),
            "the job runs in the worker process",
        )
        assert await asyncio.to_thread(mesh.store.worker_of, job.job_id) == killed_id
    finally:
        proc.send_signal(signal.SIGKILL)  # no clean-up of any kind: as a lost node
        await proc.wait()
    assert (await mesh.state(job)).state is JobState.RUNNING  # left running by the dead
    survivor = mesh.replica(idle=IDLE_SECONDS)
    await survivor.start()
    done = await mesh.final(search, job)
    assert done.state is JobState.DONE and done.chunks_done == done.chunks_total
    assert await asyncio.to_thread(mesh.store.worker_of, job.job_id) == survivor.worker_id
    assert [d.doc_id for d in await mesh.engine.list_documents("acme")] == ["long"]


async def test_a_worker_takes_jobs_again_after_redis_restarts(
    redis_binary: str, tmp_path: Path
) -> None:
    """streaQ's consumer loop ends on its first Redis error; the worker starts it again, so
    a job submitted after Redis came back is run (found by the topology rehearsal)."""
    redis = RedisProcess(redis_binary, free_port(), tmp_path / "redis")  # AOF, as in prod
    redis.start()
    mesh = Mesh(redis.url(), tmp_path)
    await mesh.backend.load()
    try:
        worker = mesh.replica()
        await worker.start()
        [before] = await worker.submit("acme", [_doc("before", "text before the restart")])
        assert (await mesh.final(worker, before)).state is JobState.DONE
        for restart in range(2):  # the consumer started again must survive a restart too
            redis.stop()
            redis.start()
            doc = f"after-{restart}"
            [after] = await worker.submit("acme", [_doc(doc, f"text after restart {restart}")])
            await until(functools.partial(_is, mesh, after, _done), doc)
        listed = {d.doc_id for d in await mesh.engine.list_documents("acme")}
        assert listed == {"before", "after-0", "after-1"}
    finally:
        await mesh.close()
        redis.stop()


async def test_two_uploads_of_one_name_on_two_replicas_run_in_order(mesh: Mesh) -> None:
    a, b = mesh.replica(), mesh.replica()
    await a.start()
    await b.start()
    [first] = await a.submit("acme", [_doc("same", "first version of the text")])
    [second] = await b.submit("acme", [_doc("same", "second version of the text")])
    assert (await mesh.final(a, first)).state is JobState.DONE
    assert (await mesh.final(a, second)).state is JobState.DONE
    [chunk] = await mesh.backend.get_chunks("acme", ["same#0"])
    assert chunk.text.startswith("second")


async def test_bad_input_and_unknown_ids_fail_as_in_the_embedded_path(
    mesh: Mesh, tmp_path: Path
) -> None:
    shared = mesh.replica()
    await shared.start()
    embedder = HashingEmbedder()
    local_engine = RetrievalEngine(
        EmbeddedBackend(tmp_path / "local", embedder.dim), embedder, chunk_tokens=32
    )
    await local_engine.load()
    local_store = JobStore(tmp_path / "local" / "jobs.sqlite3")
    local = IngestJobs(local_engine, local_store)
    await local.start()
    try:
        [job] = await shared.submit("acme", [_doc("a", "Some text here.")])
        [local_job] = await local.submit("acme", [_doc("a", "Some text here.")])

        async def error(call: Awaitable[object]) -> tuple[type[GroundmeshError], str]:
            with pytest.raises(GroundmeshError) as caught:
                await call
            return type(caught.value), caught.value.message

        for docs in (
            [],
            [_doc("a", "x"), _doc("a", "y")],
            [_doc("ok", "x"), NewDocument("bad id!", "", "text/plain", b"x")],
            [NewDocument("e", "", "text/plain", b"")],
            [NewDocument("t", "", "image/png", b"\x89PNG")],
            [NewDocument("p", "", "application/pdf", b"%PDF-1.4 not really a pdf")],
        ):
            got = await error(shared.submit("acme", docs))
            assert got[0] is InvalidInput and got == await error(local.submit("acme", docs))
        got = await error(shared.submit("no tenant!", [_doc("a", "x")]))
        assert got[0] is InvalidInput and got == await error(
            local.submit("no tenant!", [_doc("a", "x")])
        )
        for tenant, shared_id, local_id in (
            ("acme", "job-nope", "job-nope"),
            ("other", job.job_id, local_job.job_id),
        ):
            for method in ("get", "cancel"):
                got = await error(getattr(shared, method)(tenant, shared_id))
                want = await error(getattr(local, method)(tenant, local_id))
                assert got[0] is want[0] is NotFound
                assert got[1].replace(shared_id, "<id>") == want[1].replace(local_id, "<id>")
        assert (await mesh.final(shared, job)).state is JobState.DONE
        assert await asyncio.to_thread(mesh.store.pending) == 0  # nothing bad was queued
    finally:
        await local.stop()
        await local_engine.close()
        local_store.close()


def test_a_split_role_needs_the_shared_queue(tmp_path: Path) -> None:
    for role in ("search", "worker"):
        settings = RetrievalSettings(role=role, data_dir=tmp_path)
        with pytest.raises(ValueError, match="JOBS_REDIS_URL"):
            build_jobs(settings, None)  # type: ignore[arg-type]


def _done(job: Job) -> bool:
    return job.state is JobState.DONE


async def _is(mesh: Mesh, job: Job, check: Callable[[Job], bool]) -> bool:
    return check(await mesh.state(job))
