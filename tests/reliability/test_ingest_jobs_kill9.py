"""Ingest jobs (issue 19) under ``kill -9``, cancel races, concurrent uploads and a full store.

A job is acknowledged once ``SubmitIngest`` returns. The checks, against a real retrieval_svc
process on a loopback port (32-token chunks, so a few dozen short sections make a document of
several embedding batches):

- **kill -9 at chosen points** (50 rounds, 50+ kills, one process per round restarted on the
  same data directory). Each round submits a few small documents and kills once it has seen a
  state: SubmitIngest just returned; jobs queued behind a running batch; a job mid-embedding
  (its ``chunks_done``); a job searchable before its vectors; a job just done while the next
  are not; SubmitIngest calls in flight; a job the last restart queued again, running again.
  After each restart every acknowledged job exists and is queued, running or done (never
  failed, cancelled or gone); every done job's document is listed with the job's
  ``chunks_total`` chunks and found whole. All along a watcher lists documents and searches
  each (hybrid, BM25 or vector, restricted to it); every sighting is checked against the
  document's full chunk set once a done job shows it: a document is seen whole (perhaps by
  BM25 alone, vectors pending) or not at all. At the end every job is done, the documents whose
  submission a kill cut are sent again, and the store is exactly the documents sent, each
  whole in every search mode. The moment is chosen by observed state and every check is on
  state, so a kill that lands earlier or later than aimed at must pass just the same.
- **cancel racing completion**: submit, cancel at once: CANCELLED and absent, or DONE and
  present, nothing else. Cancelling a queued re-upload must leave the upload of the same
  doc_id that is running alone.
- **uploads of one doc_id at once** (pairs, and groups of four): every job ends DONE and the
  document is one version, whole: the one whose job ran last, which is the one submitted last
  (the latest created_at_unix).
- **a full store** (a 16 MiB tmpfs as the data directory, filled): an upload is refused with a
  clear, retryable status, and a job running when the disk fills finishes once there is space;
  (each once a bug, now a regression test).

Kills count in the suite's tally (``kill_points``), and anything acknowledged that went missing
or half there counts as ``acknowledged documents lost``.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from cli.launcher import MeshLauncher
from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from testkit.faults import TALLY, ServiceControl
from tests.reliability.running_mesh import RetrievalAlone

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SEED = 20261125
KILL_POINTS = 50  # rounds; a round aimed at a resumed job may kill twice
TENANTS = ("jobs-a", "jobs-b")
# Small chunks: a document of a few dozen short sections needs several embedding batches (32
# chunks each), so a job has a "mid-embedding" state that can be waited for.
ENV = {
    "OTEL_TRACES_EXPORTER": "none",
    "OTEL_METRICS_EXPORTER": "none",
    "GROUNDMESH_RETRIEVAL_CHUNK_TOKENS": "32",
    "GROUNDMESH_RETRIEVAL_CHUNK_OVERLAP_TOKENS": "0",
}
# Fast reconnects: the server comes back on the same port within a second of a kill.
CHANNEL_OPTIONS = [
    ("grpc.initial_reconnect_backoff_ms", 100),
    ("grpc.min_reconnect_backoff_ms", 100),
    ("grpc.max_reconnect_backoff_ms", 500),
]
WAIT = 120.0  # bound on every wait: a hang fails the test instead of stalling the run
HYBRID = retrieval_pb2.SEARCH_MODE_HYBRID
BM25 = retrieval_pb2.SEARCH_MODE_BM25
VECTOR = retrieval_pb2.SEARCH_MODE_VECTOR
QUEUED = retrieval_pb2.JOB_STATE_QUEUED
RUNNING = retrieval_pb2.JOB_STATE_RUNNING
DONE = retrieval_pb2.JOB_STATE_DONE
FAILED = retrieval_pb2.JOB_STATE_FAILED
CANCELLED = retrieval_pb2.JOB_STATE_CANCELLED
FINAL = (DONE, FAILED, CANCELLED)
# What a call may end with when the server is killed under it.
KILLED = (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED)

Key = tuple[str, str]  # (tenant, doc_id)
Job = retrieval_pb2.IngestJob
Stub = retrieval_pb2_grpc.RetrievalServiceStub


def state_name(state: int) -> str:
    return retrieval_pb2.JobState.Name(state)


def marker(doc_id: str) -> str:
    """A token only this document's chunks contain (every one of them)."""
    return "mk" + re.sub(r"[^a-z0-9]", "", doc_id.lower()) + "zz"


def document(doc_id: str, parts: int, tag: str = "") -> bytes:
    """``parts`` sections, one short paragraph each (one chunk each at 32-token chunks), each
    naming the document's marker (and ``tag``, the version, when given)."""
    m = marker(doc_id)
    lines = [f"# Job record {doc_id}\n"]
    for i in range(parts):
        lines.append(f"## Part {i}\n\nPart {i} of {m} {tag} notes ledger {i}; {m} closes it.\n")
    return "\n".join(lines).encode()


def request(doc_id: str, parts: int, tag: str = "") -> retrieval_pb2.IngestRequest:
    return retrieval_pb2.IngestRequest(
        doc_id=doc_id,
        title=doc_id,
        content_type="text/markdown",
        content=document(doc_id, parts, tag),
    )


REPORTS_SEARCHABLE = "searchable" in retrieval_pb2.IngestJob.DESCRIPTOR.fields_by_name


def searchable(job: Job) -> bool:
    """Whether the job says its text is searchable already (vectors pending); False on a
    server that does not report it."""
    return bool(getattr(job, "searchable", False))


class Client:
    """One channel to the current retrieval_svc, with fast reconnects."""

    def __init__(self, address: str) -> None:
        self.channel = grpc.insecure_channel(address, options=CHANNEL_OPTIONS)
        self.stub = Stub(self.channel)

    def close(self) -> None:
        self.channel.close()

    def submit(self, tenant: str, docs: list[retrieval_pb2.IngestRequest]) -> list[Job]:
        reply = self.stub.SubmitIngest(
            retrieval_pb2.SubmitIngestRequest(tenant=tenant, documents=docs), timeout=30
        )
        return list(reply.jobs)

    def job(self, tenant: str, job_id: str) -> Job:
        reply: retrieval_pb2.GetIngestJobResponse = self.stub.GetIngestJob(
            retrieval_pb2.GetIngestJobRequest(tenant=tenant, job_id=job_id),
            timeout=30,
            wait_for_ready=True,
        )
        return reply.job

    def listed(self, tenant: str) -> dict[str, int]:
        docs = self.stub.ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant=tenant), timeout=30, wait_for_ready=True
        ).documents
        return {d.doc_id: d.chunk_count for d in docs}

    def search(
        self, tenant: str, doc_id: str, extra: str = "", mode: int = HYBRID
    ) -> list[tuple[str, str, str]]:
        """(chunk_id, doc_id, text) of a search for the document's marker, restricted to it.
        Its chunks number at most 100, so every stored one is returned: BM25 finds all (each
        carries the marker), the vector leg ranks all that have their vectors."""
        hits = self.stub.Search(
            retrieval_pb2.SearchRequest(
                tenant=tenant,
                query=f"{marker(doc_id)} {extra}".strip(),
                top_k=100,
                doc_ids=[doc_id],
                mode=mode,  # type: ignore[arg-type]
            ),
            timeout=30,
            wait_for_ready=True,
        ).chunks
        return [(c.chunk_id, c.doc_id, c.text) for c in hits]

    def wait_for(
        self, tenant: str, job_id: str, ok: Callable[[Job], bool], timeout: float = WAIT
    ) -> Job:
        """Watch the job until ``ok`` holds, it is final or ``timeout`` passes; the job as
        last seen."""
        call = self.stub.WatchIngestJob(
            retrieval_pb2.WatchIngestJobRequest(tenant=tenant, job_id=job_id),
            timeout=timeout,
            wait_for_ready=True,
        )
        last: Job | None = None
        try:
            for reply in call:
                last = reply.job
                if ok(last) or last.state in FINAL:
                    break
        except grpc.RpcError as exc:
            if exc.code() != grpc.StatusCode.DEADLINE_EXCEEDED or last is None:
                raise
        finally:
            call.cancel()
        assert last is not None, f"WatchIngestJob({job_id}) sent nothing"
        return last

    def until_final(self, tenant: str, job_id: str, timeout: float = WAIT) -> Job:
        job = self.wait_for(tenant, job_id, lambda j: j.state in FINAL, timeout)
        assert job.state in FINAL, (
            f"job {job_id} ({job.doc_id}) still {state_name(job.state)} after {timeout:.0f}s "
            f"(error {job.error!r})"
        )
        return job


class Retrieval(RetrievalAlone):
    """retrieval_svc alone, killable, and a client of it."""

    def client(self) -> Client:
        return Client(self.address)


def start_retrieval(data_dir: Path) -> Retrieval:
    launcher = MeshLauncher(data_dir, extra_env=dict(ENV))
    launcher.run_dir.mkdir(parents=True, exist_ok=True)
    child = launcher._spawn("retrieval_svc")
    try:
        launcher._wait_ready(child, time.monotonic() + WAIT)
    except BaseException:
        launcher.stop()
        raise
    return Retrieval(launcher, ServiceControl(launcher))


@pytest.fixture
def retrieval(tmp_path: Path) -> Iterator[Retrieval]:
    service = start_retrieval(tmp_path)
    try:
        yield service
    finally:
        service.launcher.stop()


# --------------------------------------------------------------------------- kill -9 at random


@dataclass
class Ledger:
    """What the client side knows: every document sent, every acknowledged job, the full chunk
    set of every document once a finished job showed it, and sightings not yet checked."""

    parts: dict[Key, int] = field(default_factory=dict)
    acked: dict[str, Key] = field(default_factory=dict)  # job_id → document
    unacked: set[Key] = field(default_factory=set)  # the SubmitIngest call failed
    full: dict[Key, frozenset[str]] = field(default_factory=dict)
    sightings: set[tuple[Key, str, object]] = field(default_factory=set)  # not yet checked
    bad_codes: list[str] = field(default_factory=list)
    lost: set[str] = field(default_factory=set)
    done: set[str] = field(default_factory=set)  # jobs seen done (final: they stay done)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def sent(self, tenant: str, docs: list[retrieval_pb2.IngestRequest], parts: list[int]) -> None:
        with self.lock:
            for d, n in zip(docs, parts, strict=True):
                self.parts[(tenant, d.doc_id)] = n

    def acknowledged(self, tenant: str, jobs: list[Job]) -> None:
        with self.lock:
            for job in jobs:
                self.acked[job.job_id] = (tenant, job.doc_id)

    def keys(self, tenant: str) -> list[Key]:
        with self.lock:
            return [k for k in self.parts if k[0] == tenant]

    def saw(self, key: Key, kind: str, value: object) -> None:
        with self.lock:
            self.sightings.add((key, kind, value))

    def bad(self, where: str, exc: grpc.RpcError) -> None:
        with self.lock:
            self.bad_codes.append(f"{where}: {exc.code()} {exc.details()}")

    def check_sightings(self) -> list[str]:
        """Sightings of documents whose full chunk set is known: each must show all of it (a
        listing: its count; a search: every chunk) or, for a search, none of it."""
        problems: list[str] = []
        with self.lock:
            left: set[tuple[Key, str, object]] = set()
            for key, kind, value in self.sightings:
                full = self.full.get(key)
                if full is None:
                    left.add((key, kind, value))
                    continue
                if kind == "listed" and value != len(full):
                    problems.append(f"{key} listed with {value} of its {len(full)} chunks")
                    self.lost.add(f"half:{key}")
                elif kind == "found" and value and value != full:
                    assert isinstance(value, frozenset)
                    problems.append(
                        f"{key} half found: {sorted(value)} of {len(full)} chunks {sorted(full)}"
                    )
                    self.lost.add(f"half:{key}")
            self.sightings = left
        return problems


def watcher(address: str, ledger: Ledger, stop: threading.Event, seed: int) -> None:
    """Lists documents and searches them, again and again, recording every sighting; calls
    cut by a kill fail with UNAVAILABLE and the watcher carries on with the restarted one."""
    rng = random.Random(seed)
    client = Client(address)
    try:
        while not stop.is_set():
            tenant = rng.choice(TENANTS)
            try:
                for doc_id, count in client.listed(tenant).items():
                    ledger.saw((tenant, doc_id), "listed", count)
                keys = ledger.keys(tenant)
                for key in rng.sample(keys, min(2, len(keys))):
                    hits = client.search(*key, mode=rng.choice((HYBRID, BM25, VECTOR)))
                    strays = [h for h in hits if h[1] != key[1]]
                    if strays:
                        with ledger.lock:
                            ledger.bad_codes.append(f"search for {key} returned {strays}")
                    ledger.saw(key, "found", frozenset(h[0] for h in hits))
            except grpc.RpcError as exc:
                if exc.code() not in (*KILLED, grpc.StatusCode.DEADLINE_EXCEEDED):
                    ledger.bad("watcher", exc)
                time.sleep(0.05)
                continue
            time.sleep(0.05)  # steady load that leaves the worker most of the two cores
    finally:
        client.close()


def verify(
    client: Client, ledger: Ledger, rng: random.Random, label: str, every: bool = False
) -> list[str]:
    """After a restart: no acknowledged job is gone, failed or cancelled; every finished job's
    document is listed and found whole; nothing listed is unknown or partial. Jobs seen done
    before are read again in a sample (``every``: all of them)."""
    problems: list[str] = []
    with ledger.lock:
        acked = dict(ledger.acked)
        known = set(ledger.parts)
    done = sorted(j for j in acked if j in ledger.done)
    again = set(done) if every else set(rng.sample(done, min(5, len(done))))
    jobs: dict[str, Job] = {}
    for job_id, key in acked.items():
        if job_id in ledger.done and job_id not in again:
            continue
        try:
            jobs[job_id] = client.job(key[0], job_id)
        except grpc.RpcError as exc:
            if exc.code() != grpc.StatusCode.NOT_FOUND:
                raise
            problems.append(f"acknowledged job {job_id} for {key} is gone")
            ledger.lost.add(job_id)
    # Listed after the jobs were read: a job done then has its document listed now (resumed
    # jobs keep finishing meanwhile; nothing here deletes a document).
    listed = {t: client.listed(t) for t in TENANTS}
    fresh: list[Key] = []
    for job_id, job in jobs.items():
        key = acked[job_id]
        if job.state in (FAILED, CANCELLED) or job.state not in (QUEUED, RUNNING, DONE):
            problems.append(f"acknowledged job {job_id} for {key} is {state_name(job.state)}")
            ledger.lost.add(job_id)
            continue
        if job.state != DONE:
            continue
        ledger.done.add(job_id)
        count = listed[key[0]].get(key[1])
        if count != job.chunks_total or job.chunks_total <= 0:
            problems.append(f"{key}: job done with {job.chunks_total} chunks, listed {count}")
            ledger.lost.add(job_id)
            continue
        if key not in ledger.full:
            hits = client.search(*key, extra=f"v{label}", mode=BM25)  # no wait for the model
            found = frozenset(h[0] for h in hits)
            if len(found) != job.chunks_total or any(h[1] != key[1] for h in hits):
                problems.append(f"{key}: done with {job.chunks_total}, found {sorted(found)}")
                ledger.lost.add(job_id)
                continue
            with ledger.lock:
                ledger.full[key] = found
            fresh.append(key)
        elif len(ledger.full[key]) != job.chunks_total:
            problems.append(f"{key}: chunks_total {job.chunks_total} != {len(ledger.full[key])}")
    # Documents finished earlier stay whole: the new ones and a sample of the others.
    older = sorted(set(ledger.full) - set(fresh))
    for key in rng.sample(older, min(3, len(older))):
        found = frozenset(h[0] for h in client.search(*key, extra=f"v{label}", mode=BM25))
        if found != ledger.full[key]:
            problems.append(f"{key}: found {len(found)} of its {len(ledger.full[key])} chunks")
            ledger.lost.add(f"doc:{key}")
    for tenant, docs in listed.items():
        for doc_id, count in docs.items():
            key = (tenant, doc_id)
            if key not in known:
                problems.append(f"{key} is listed but was never sent")
            ledger.saw(key, "listed", count)
    return problems + ledger.check_sightings()


@dataclass
class KillPoint:
    """One kill: what was aimed at and what the last look before the kill showed."""

    mode: str
    seen: str = ""
    kills: int = 1


def new_docs(
    rng: random.Random, point: int, sizes: list[tuple[int, int]], suffix: str = ""
) -> tuple[list[retrieval_pb2.IngestRequest], list[int]]:
    parts = [rng.randint(lo, hi) for lo, hi in sizes]
    docs = [request(f"k{point}-d{i}{suffix}", n) for i, n in enumerate(parts)]
    return docs, parts


def submit(
    client: Client, ledger: Ledger, tenant: str, docs: list[retrieval_pb2.IngestRequest],
    parts: list[int],
) -> list[Job]:  # fmt: skip
    """SubmitIngest, recorded: the documents as sent first, the jobs once acknowledged."""
    ledger.sent(tenant, docs, parts)
    try:
        jobs = client.submit(tenant, docs)
    except grpc.RpcError:
        with ledger.lock:
            ledger.unacked.update((tenant, d.doc_id) for d in docs)
        raise
    ledger.acknowledged(tenant, jobs)
    return jobs


def unfinished(client: Client, ledger: Ledger) -> list[tuple[str, Key]]:
    with ledger.lock:
        acked = list(ledger.acked.items())
    out = []
    for job_id, key in acked:
        if client.job(key[0], job_id).state not in FINAL:
            out.append((job_id, key))
    return out


def aim_and_kill(
    retrieval: Retrieval, ledger: Ledger, rng: random.Random, point: int, mode: str
) -> KillPoint:
    """Bring the server to the state ``mode`` names, then kill -9 it."""
    client = retrieval.client()
    try:
        return _aim_and_kill(retrieval, client, ledger, rng, point, mode)
    finally:
        client.close()


def _aim_and_kill(
    retrieval: Retrieval, client: Client, ledger: Ledger, rng: random.Random, point: int,
    mode: str,
) -> KillPoint:  # fmt: skip
    a, b = TENANTS
    kp = KillPoint(mode)
    submitter: threading.Thread | None = None
    if mode == "after_submit":  # right after SubmitIngest returned
        docs, parts = new_docs(rng, point, [(1, 6), (1, 6), (10, 30)])
        jobs = submit(client, ledger, rng.choice(TENANTS), docs, parts)
        kp.seen = state_name(jobs[-1].state)
    elif mode == "queued":  # behind a running batch (one tenant per batch)
        docs, parts = new_docs(rng, point, [(40, 50), (1, 4), (1, 4), (1, 4)])
        big = submit(client, ledger, a, docs[:1], parts[:1])[0]
        client.wait_for(a, big.job_id, lambda j: j.state == RUNNING)
        waiting = [(b, j) for j in submit(client, ledger, b, docs[1:3], parts[1:3])]
        waiting += [(a, j) for j in submit(client, ledger, a, docs[3:], parts[3:])]
        kp.seen = ",".join(state_name(client.job(t, j.job_id).state) for t, j in waiting)
    elif mode == "mid_embedding":  # by the job's own progress
        docs, parts = new_docs(rng, point, [(33, 70), (1, 5)])
        tenant = rng.choice(TENANTS)
        jobs = submit(client, ledger, tenant, docs, parts)
        at = rng.randrange(32, parts[0], 32) if parts[0] > 32 else 1
        job = client.wait_for(
            tenant, jobs[0].job_id, lambda j: j.state == RUNNING and j.chunks_done >= at
        )
        kp.seen = f"{state_name(job.state)} {job.chunks_done}/{job.chunks_total} (aim {at})"
    elif mode == "searchable":  # text stored, vectors pending
        docs, parts = new_docs(rng, point, [(8, 30), (1, 5), (1, 5)])
        tenant = rng.choice(TENANTS)
        jobs = submit(client, ledger, tenant, docs, parts)
        job = client.wait_for(
            tenant,
            jobs[0].job_id,
            lambda j: j.state == RUNNING and (searchable(j) or not REPORTS_SEARCHABLE),
        )
        kp.seen = f"{state_name(job.state)} searchable={searchable(job)}"
    elif mode == "after_done":  # a job just finished, the next ones not yet
        docs, parts = new_docs(rng, point, [(1, 4), (1, 4), (10, 30)])
        tenant = rng.choice(TENANTS)
        jobs = submit(client, ledger, tenant, docs[:2], parts[:2])
        jobs += submit(client, ledger, tenant, docs[2:], parts[2:])
        job = client.wait_for(tenant, jobs[0].job_id, lambda j: j.state == DONE)
        kp.seen = f"first {state_name(job.state)}, next " + state_name(
            client.job(tenant, jobs[1].job_id).state
        )
    elif mode == "in_flight_submit":  # while SubmitIngest calls keep coming
        want = rng.randint(1, 3)
        acks: list[int] = []

        def keep_submitting() -> None:
            c = Client(retrieval.address)
            try:
                for i in range(12):
                    docs, parts = new_docs(rng_local, point, [(1, 3), (1, 3)], f"-s{i}")
                    submit(c, ledger, TENANTS[i % 2], docs, parts)
                    acks.append(i)
            except grpc.RpcError as exc:
                if exc.code() not in KILLED:
                    ledger.bad("in-flight submit", exc)
            finally:
                c.close()

        rng_local = random.Random(rng.random())
        submitter = threading.Thread(target=keep_submitting, daemon=True)
        submitter.start()
        deadline = time.monotonic() + WAIT
        while len(acks) < want and submitter.is_alive() and time.monotonic() < deadline:
            time.sleep(0.002)
        kp.seen = f"after {len(acks)} acks"
    elif mode == "resumed":  # a job the restart queued again, running again
        left = unfinished(client, ledger)
        if not left:  # make one: acknowledged, killed at once, the restart queues it again
            docs, parts = new_docs(rng, point, [(33, 45), (1, 5)])
            tenant = rng.choice(TENANTS)
            jobs = submit(client, ledger, tenant, docs, parts)
            retrieval.control.kill("retrieval_svc", signal.SIGKILL)
            retrieval.control.restart("retrieval_svc")
            kp.kills += 1
            left = [(j.job_id, (tenant, j.doc_id)) for j in jobs]
        job_id, (tenant, _) = left[0]  # the oldest: it runs first
        fresh = retrieval.client()  # the old channel may be backing off after refused connects
        try:
            job = fresh.wait_for(tenant, job_id, lambda j: j.state == RUNNING)
        finally:
            fresh.close()
        kp.seen = f"{state_name(job.state)} {job.chunks_done}/{job.chunks_total}"
        if kp.kills > 1:
            kp.seen = "killed right after submit, restarted, then " + kp.seen
    else:  # pragma: no cover - a typo in MODES
        raise AssertionError(mode)
    retrieval.control.kill("retrieval_svc", signal.SIGKILL)
    if submitter is not None:
        submitter.join(WAIT)
        assert not submitter.is_alive(), "a SubmitIngest call hung after the kill"
    return kp


MODES = (
    "after_submit",
    "queued",
    "mid_embedding",
    "searchable",
    "after_done",
    "in_flight_submit",
    "resumed",
)


def settle(client: Client, ledger: Ledger) -> dict[str, Job]:
    """Wait until every acknowledged job is final; the jobs."""
    with ledger.lock:
        acked = dict(ledger.acked)
    return {job_id: client.until_final(key[0], job_id) for job_id, key in acked.items()}


def test_acknowledged_jobs_survive_kill_9_at_chosen_points(retrieval: Retrieval) -> None:
    modes = [MODES[i % len(MODES)] for i in range(KILL_POINTS)]
    random.Random(SEED).shuffle(modes)
    ledger = Ledger()
    stop = threading.Event()
    watch = threading.Thread(
        target=watcher, args=(retrieval.address, ledger, stop, SEED + 1), daemon=True
    )
    watch.start()
    points: list[KillPoint] = []
    try:
        for point, mode in enumerate(modes):
            # Each point's choices (sizes, tenants, aims) from its own seed: the same every run,
            # whatever the timing of the points before it.
            kp = aim_and_kill(retrieval, ledger, random.Random(f"{SEED}:{point}"), point, mode)
            points.append(kp)
            retrieval.control.restart("retrieval_svc")  # the stores must open cleanly
            client = retrieval.client()
            try:
                lost_before = len(ledger.lost)
                problems = verify(client, ledger, random.Random(f"{SEED}:v{point}"), str(point))
            finally:
                client.close()
            lost = len(ledger.lost) - lost_before
            with ledger.lock:
                bad = list(ledger.bad_codes)
            TALLY.record("kill_points", not problems and not bad, kp.kills)
            TALLY.record_lost(lost)
            assert not bad, f"kill point {point} ({kp}): unexpected failures {bad}"
            assert not problems, f"kill point {point} ({kp}): " + "; ".join(problems)
    finally:
        stop.set()
        watch.join(WAIT)

    # The end: every acknowledged job finishes; documents whose submission was cut are sent
    # again (the same bytes) to learn their full chunk sets; then the store is exactly them.
    client = retrieval.client()
    try:
        lost_before = len(ledger.lost)
        jobs = settle(client, ledger)
        problems = [
            f"job {job_id} for {ledger.acked[job_id]} ended {state_name(job.state)}: {job.error}"
            for job_id, job in jobs.items()
            if job.state != DONE
        ]
        ledger.lost.update(job_id for job_id, job in jobs.items() if job.state != DONE)
        again = sorted(ledger.unacked - {ledger.acked[j] for j in ledger.acked})
        for key in again:
            job = submit(client, ledger, key[0], [request(key[1], ledger.parts[key])],
                         [ledger.parts[key]])[0]  # fmt: skip
            job = client.until_final(key[0], job.job_id)
            assert job.state == DONE, f"re-sent {key} ended {state_name(job.state)}: {job.error}"
        problems += verify(client, ledger, random.Random(SEED), "end", every=True)
        for key in sorted(ledger.full):  # every document whole in every kind of search
            for kind in (HYBRID, VECTOR, BM25):
                found = frozenset(h[0] for h in client.search(*key, extra="vend", mode=kind))
                if found != ledger.full[key]:
                    problems.append(
                        f"{key}: {retrieval_pb2.SearchMode.Name(kind)} found {len(found)} of "
                        f"{len(ledger.full[key])} chunks"
                    )
                    ledger.lost.add(f"doc:{key}")
        for tenant in TENANTS:
            listed = client.listed(tenant)
            mine = {k[1] for k in ledger.full if k[0] == tenant}
            if set(listed) != mine:
                problems.append(f"{tenant}: listed {sorted(listed)} != finished {sorted(mine)}")
            stats = client.stub.GetStats(retrieval_pb2.GetStatsRequest(tenant=tenant), timeout=30)
            if stats.documents != len(listed) or stats.chunks != sum(listed.values()):
                problems.append(f"{tenant}: stats {stats.documents}/{stats.chunks} != {listed}")
        if ledger.sightings:
            problems.append(f"{len(ledger.sightings)} sightings of documents never finished")
        TALLY.record_lost(len(ledger.lost) - lost_before)
    finally:
        client.close()
    kills = sum(p.kills for p in points)
    print(f"\n{kills} kills at {len(points)} points: {dict(Counter(p.mode for p in points))}")
    for i, p in enumerate(points):
        print(f"  {i:2d} {p.mode:17s} {p.seen}")
    assert not problems, "; ".join(problems)
    assert not ledger.lost
    assert kills >= 50
    assert ledger.full, "no document was stored in any round"


# --------------------------------------------------------------------- cancel racing completion

CANCEL_ROUNDS = 24


def test_cancel_racing_completion_leaves_the_document_wholly_in_or_out(
    retrieval: Retrieval,
) -> None:
    rng = random.Random(SEED + 2)
    tenant = "cancel"
    outcomes: Counter[str] = Counter()
    problems: list[str] = []
    lost = 0
    client = retrieval.client()
    try:
        for i in range(CANCEL_ROUNDS):
            doc_id = f"c{i}"
            parts = rng.choice([1, 1, 2, 3, 36])  # 36: two embedding batches, a progress step
            if rng.random() < 0.4:  # another tenant's batch runs first: the job may wait queued
                client.submit("cancel-other", [request(f"o{i}", 40)])
            job = client.submit(tenant, [request(doc_id, parts)])[0]
            reply = client.stub.CancelIngestJob(
                retrieval_pb2.CancelIngestJobRequest(tenant=tenant, job_id=job.job_id),
                timeout=WAIT,
            ).job
            final = client.until_final(tenant, job.job_id)
            outcomes[f"{parts} parts, cancelled {state_name(reply.state)}"] += 1
            if reply.state in FINAL and reply.state != final.state:
                problems.append(f"{doc_id}: cancel said {state_name(reply.state)}, then "
                                f"{state_name(final.state)}")  # fmt: skip
            count = client.listed(tenant).get(doc_id)
            found = {h[0] for h in client.search(tenant, doc_id, extra=f"c{i}")}
            if final.state == CANCELLED:
                if count is not None or found:
                    problems.append(f"{doc_id}: CANCELLED yet listed {count}, found {len(found)}")
            elif final.state == DONE:
                if count != final.chunks_total or len(found) != final.chunks_total:
                    problems.append(
                        f"{doc_id}: DONE with {final.chunks_total} chunks, listed {count}, "
                        f"found {len(found)}"
                    )
                    lost += 1
            else:
                problems.append(f"{doc_id}: ended {state_name(final.state)}: {final.error}")
                lost += 1
    finally:
        client.close()
    TALLY.record_lost(lost)
    print(f"\ncancel races: {dict(outcomes)}")
    assert not problems, "; ".join(problems)


def test_cancelling_a_queued_reupload_leaves_the_running_upload_alone(
    retrieval: Retrieval,
) -> None:
    """Version 1 is stored; version 2 runs (searchable, its vectors being computed); version 3
    of the same doc_id waits behind it and is cancelled: version 2 must still end DONE and be
    the stored document, whole."""
    tenant = "recancel"
    client = retrieval.client()
    try:
        first = client.submit(tenant, [request("doc", 3, "vone")])[0]
        stored = client.wait_for(tenant, first.job_id, lambda j: j.state in FINAL)
        if stored.state != DONE:  # setup, not the check: no expected failure
            raise RuntimeError(f"the first version was not stored: {stored}")
        # 160 chunks: seconds of embedding, so the cancel below comes while it runs.
        running = client.submit(tenant, [request("doc", 160, "vtwo")])[0]
        client.wait_for(
            tenant,
            running.job_id,
            lambda j: j.state == RUNNING and (searchable(j) or not REPORTS_SEARCHABLE),
        )
        queued = client.submit(tenant, [request("doc", 4, "vthree")])[0]
        cancelled = client.stub.CancelIngestJob(
            retrieval_pb2.CancelIngestJobRequest(tenant=tenant, job_id=queued.job_id),
            timeout=WAIT,
        ).job
        ended = client.until_final(tenant, running.job_id)
        listed = client.listed(tenant).get("doc")
        hits = client.search(tenant, "doc", extra="recancel", mode=BM25)
    finally:
        client.close()
    tags = {t for t in ("vone", "vtwo", "vthree") if any(t in h[2] for h in hits)}
    print(f"\nre-upload cancelled: {state_name(cancelled.state)}; the running one ended "
          f"{state_name(ended.state)} {ended.error!r}; listed {listed}; stored {tags}")  # fmt: skip
    assert cancelled.state in (CANCELLED, DONE)
    assert ended.state == DONE, f"the running upload ended {state_name(ended.state)}: {ended.error}"
    if cancelled.state == CANCELLED:  # (DONE: it ran after version 2; its version is stored)
        assert tags == {"vtwo"}, f"stored {tags or 'nothing'}, not version 2"
        assert listed == ended.chunks_total, f"{listed} of {ended.chunks_total} chunks listed"
    else:
        assert tags == {"vthree"}, f"stored {tags or 'nothing'}, not version 3"


# ------------------------------------------------------------- two uploads of one doc at once

PAIRS = 20  # two uploads of one doc_id at once
# Four at once as well: the same rules. The created_at race once fixed here showed in about one
# group of four in five (one pair in thirty): enough groups that it could not pass by luck.
QUADS = 30
VERSIONS = (("alphaver", 2), ("betaver", 3))  # several chunks: a mix of two would show
QUAD_VERSIONS = (("alphaver", 1), ("betaver", 1), ("gammaver", 1), ("deltaver", 1))


@dataclass
class Group:
    doc_id: str
    jobs: dict[str, Job]  # version tag → final job
    created: dict[str, float]  # version tag → created_at_unix as acknowledged
    stored: str  # the version whose chunks are stored ("" if none, "mixed" if several)
    listed: int | None
    found: int


def upload_at_once(retrieval: Retrieval) -> list[Group]:
    """For each new doc_id: one SubmitIngest call per version (different contents), sent at the
    same moment from as many threads on as many channels; then every job's end."""
    tenant = "twice"
    clients = [retrieval.client() for _ in QUAD_VERSIONS]
    plan: list[tuple[str, tuple[tuple[str, int], ...]]] = [
        (f"p{i}", VERSIONS) for i in range(PAIRS)
    ]
    plan += [(f"q{i}", QUAD_VERSIONS) for i in range(QUADS)]
    try:
        submitted: list[tuple[str, dict[str, Job]]] = []
        for doc_id, versions in plan:
            barrier = threading.Barrier(len(versions))
            got: dict[str, Job] = {}
            errors: list[grpc.RpcError] = []

            def send(
                client: Client,
                docs: list[retrieval_pb2.IngestRequest],
                tag: str,
                barrier: threading.Barrier = barrier,
                got: dict[str, Job] = got,
                errors: list[grpc.RpcError] = errors,
            ) -> None:
                barrier.wait(WAIT)
                try:
                    got[tag] = client.submit(tenant, docs)[0]
                except grpc.RpcError as exc:
                    errors.append(exc)

            threads = [
                threading.Thread(target=send, args=(c, [request(doc_id, n, tag)], tag))
                for c, (tag, n) in zip(clients, versions, strict=False)
            ]
            for t in threads:
                t.start()
            for t in threads:
                t.join(WAIT)
            assert not errors, f"{doc_id}: {[(e.code(), e.details()) for e in errors]}"
            submitted.append((doc_id, got))
        groups: list[Group] = []
        client = clients[0]
        for doc_id, got in submitted:
            final = {tag: client.until_final(tenant, j.job_id) for tag, j in got.items()}
            hits = client.search(tenant, doc_id, extra="twice")
            tags = {tag for tag in got if any(tag in h[2] for h in hits)}
            stored = tags.pop() if len(tags) == 1 else ("mixed" if tags else "")
            groups.append(
                Group(
                    doc_id,
                    final,
                    {tag: j.created_at_unix for tag, j in got.items()},
                    stored,
                    client.listed(tenant).get(doc_id),
                    len(hits),
                )
            )
        return groups
    finally:
        for c in clients:
            c.close()


@pytest.fixture(scope="module")
def groups(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[Group]]:
    service = start_retrieval(tmp_path_factory.mktemp("twice"))
    try:
        yield upload_at_once(service)
    finally:
        service.launcher.stop()


def test_two_uploads_of_one_doc_id_at_once_store_one_whole_version(groups: list[Group]) -> None:
    """Every job finishes; the document is one version, whole: the one whose job ran last (the
    jobs of one doc_id run one after the other; all but the first replace a version)."""
    problems: list[str] = []
    lost = 0
    for g in groups:
        states = {tag: state_name(j.state) for tag, j in g.jobs.items()}
        if set(states.values()) != {"JOB_STATE_DONE"}:
            problems.append(f"{g.doc_id}: jobs ended {states}")
            lost += 1
            continue
        if g.stored not in g.jobs:
            problems.append(f"{g.doc_id}: the stored chunks are of {g.stored or 'no version'}")
            lost += 1
            continue
        want = g.jobs[g.stored].chunks_total
        if g.listed != want or g.found != want:
            problems.append(f"{g.doc_id}: {g.stored} has {want} chunks, listed {g.listed}, "
                            f"found {g.found}")  # fmt: skip
            lost += 1
        order = sorted(g.jobs, key=lambda tag: g.jobs[tag].updated_at_unix)
        replaced = [tag for tag in order if g.jobs[tag].replaced]
        if g.stored != order[-1] or replaced != order[1:]:
            problems.append(
                f"{g.doc_id}: stored {g.stored}; finished in the order {order}; "
                f"replaced an earlier version: {replaced}"
            )
    TALLY.record_lost(lost)
    assert not problems, "; ".join(problems)


def test_of_uploads_at_once_the_later_submission_wins(groups: list[Group]) -> None:
    """The version stored is the one submitted last: the job with the latest created_at_unix.
    (JobStore.submit once stamped created_at before taking the lock that numbers the jobs in
    queue order: the job run last, whose version stays, could carry the earlier time.)"""
    wrong = []
    for g in groups:
        created = g.created
        if g.stored not in created or len(set(created.values())) < len(created):
            continue  # the other test reports it; a tie names no latest one
        latest = max(created, key=lambda tag: created[tag])
        if g.stored != latest:
            wrong.append(f"{g.doc_id}: stored {g.stored}, latest created_at {latest} {created}")
    assert not wrong, f"{len(wrong)} of {len(groups)} doc_ids: " + "; ".join(wrong[:5])


# ------------------------------------------------------------------ an upload into a full store

CLEAR_CODES = (
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.FAILED_PRECONDITION,
    grpc.StatusCode.RESOURCE_EXHAUSTED,
    grpc.StatusCode.UNAVAILABLE,
)
CLEAR_MESSAGE = re.compile(r"full|read.?only|no space|out of space|disk", re.IGNORECASE)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 16 MiB tmpfs as retrieval_svc's data directory. chmod cannot make a store read-only
    for root (and does not touch files SQLite already holds open), and a tmpfs cannot be
    remounted read-only while files on it are open, so the store is made full instead."""
    store = tmp_path / "store"  # where MeshLauncher points GROUNDMESH_RETRIEVAL_DATA_DIR
    store.mkdir()
    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root")
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(store)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield store
    finally:
        subprocess.run(["umount", "-l", str(store)], capture_output=True)


def fill(directory: Path) -> Path:
    """Fill the filesystem of ``directory`` to the last byte; the filler file."""
    filler = directory / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        for size in (1 << 20, 4096, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"\0" * size):
                    pass
    finally:
        os.close(fd)
    return filler


def finish_all(client: Client, tenant: str, jobs: list[Job], seconds: float) -> list[str]:
    """Wait (at most ``seconds`` in all) for every job to end; each one not done with its
    document listed whole, as a line saying how it ended."""
    deadline = time.monotonic() + seconds
    finals = [
        client.wait_for(
            tenant, j.job_id, lambda j: j.state in FINAL, max(1.0, deadline - time.monotonic())
        )
        for j in jobs
    ]
    listed = client.listed(tenant)
    return [
        f"{j.doc_id}: {state_name(j.state)} {j.chunks_done}/{j.chunks_total} {j.error!r}, "
        f"listed {listed.get(j.doc_id)}"
        for j in finals
        if j.state != DONE or listed.get(j.doc_id) != j.chunks_total
    ]


@pytest.fixture
def full_store(small_disk: Path, tmp_path: Path) -> Iterator[tuple[Retrieval, Client]]:
    """retrieval_svc on the small disk, every SQLite file of it made by a first upload."""
    service = start_retrieval(tmp_path)
    client = service.client()
    try:
        warm = client.submit("full", [request("warm", 2)])[0]
        warmed = client.wait_for("full", warm.job_id, lambda j: j.state in FINAL)
        if warmed.state != DONE:  # not the check: a setup error is no expected failure
            raise RuntimeError(f"the first upload ended {warmed}")
        yield service, client
    finally:
        client.close()
        service.launcher.stop()


def test_upload_into_a_full_store_is_refused_clearly(
    full_store: tuple[Retrieval, Client], small_disk: Path
) -> None:
    """Refused with a status a client can act on and a message naming the cause; anything
    acknowledged all the same is stored once there is space again."""
    _, client = full_store
    filler = fill(small_disk)
    acked: list[Job] = []
    refusals: list[tuple[grpc.StatusCode, str]] = []
    try:
        for i in range(3):
            try:
                acked += client.submit("full", [request(f"full{i}", 3)])
            except grpc.RpcError as exc:
                refusals.append((exc.code(), exc.details() or ""))
    finally:
        filler.unlink()
    lost = finish_all(client, "full", acked, 20)  # (an xfail test: the tally counts it there)
    print(f"\nuploads into a full store: refused {refusals}, acknowledged {len(acked)}")
    unclear = [
        (code, msg)
        for code, msg in refusals
        if code not in CLEAR_CODES or not CLEAR_MESSAGE.search(msg)
    ]
    assert not lost, f"acknowledged, then lost: {lost}"
    assert not unclear, f"unclear refusals of an upload into a full store: {unclear}"


def test_a_job_running_into_a_full_store_finishes_once_there_is_space(
    full_store: tuple[Retrieval, Client], small_disk: Path
) -> None:
    _, client = full_store
    running = client.submit("full", [request("during", 70)])[0]
    filler = fill(small_disk)
    try:  # its next write fails: space comes back once it says so (or in 8 s: a dead worker
        # says nothing)
        seen = client.wait_for(
            "full", running.job_id, lambda j: bool(j.error) or j.state in FINAL, 8
        )
    finally:
        filler.unlink()
    after = client.submit("full", [request("after", 3)])[0]
    lost = finish_all(client, "full", [running, after], 20)
    print(f"\nthe job running into a full store said {seen.error!r}")
    assert not lost, f"acknowledged, then lost: {lost}"
