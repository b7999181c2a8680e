"""Ingest jobs in Redis, shared by every retrieval replica (``…_RETRIEVAL_JOBS_REDIS_URL``).

The same jobs as :class:`~retrieval_svc.job_store.JobStore`, kept where any replica can read and
change them. Keys, under ``prefix`` (``groundmesh:jobs``):

- ``<p>:job:<job_id>``: a hash with every field of :class:`~retrieval_svc.job_store.Job`, plus
  ``seq`` (submission order) and ``worker`` (the worker that ran it last);
- ``<p>:content:<job_id>``: the uploaded bytes, until the job is final;
- ``<p>:doc:<tenant,doc_id>``: the unfinished jobs of one document, in submission order; only the
  first may run, so two uploads of one name run one after the other, in the order they came;
- ``<p>:open``: every unfinished job, scored by ``seq`` (what a starting worker sweeps);
- ``<p>:lease:<job_id>``: the worker running the job, expiring unless that worker renews it;
- channel ``<p>:changed``: the id of every job that changed, for watchers on every replica.

Every change is one MULTI or one Lua script, so each is applied whole. A job is accepted once
its hash and its bytes are written (one MULTI). Final jobs are kept ``KEEP_FINAL_SECONDS``.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Mapping, Sequence
from enum import StrEnum

import redis

from retrieval_svc.engine import NewDocument
from retrieval_svc.job_store import KEEP_FINAL_SECONDS, Job, JobState

PREFIX = "groundmesh:jobs"


class Claim(StrEnum):
    """What :meth:`RedisJobStore.claim_job` decided."""

    RUN = "run"  # this worker runs it now (queued, or left running by a worker that is gone)
    WAIT = "wait"  # an earlier job of the same document is unfinished: try again later
    BUSY = "busy"  # another live worker runs it
    FINAL = "final"  # done, failed or cancelled already
    MISSING = "missing"  # no such job (forgotten after KEEP_FINAL_SECONDS)


# KEYS: job, doc list, lease. ARGV: job_id, worker, lease_ms, now.
_CLAIM = """
local state = redis.call('hget', KEYS[1], 'state')
if not state then return 'missing' end
if state ~= 'queued' and state ~= 'running' then return 'final' end
if state == 'running' and redis.call('exists', KEYS[3]) == 1 then return 'busy' end
if redis.call('lindex', KEYS[2], 0) ~= ARGV[1] then return 'wait' end
redis.call('set', KEYS[3], ARGV[2], 'px', ARGV[3])
redis.call('hset', KEYS[1], 'state', 'running', 'chunks_done', 0, 'worker', ARGV[2],
           'updated_at', ARGV[4])
return 'run'
"""

# KEYS: job, lease. ARGV: worker, lease_ms. The lease is renewed only by the worker holding it.
_RENEW = """
if redis.call('get', KEYS[2]) == ARGV[1] then
  return redis.call('pexpire', KEYS[2], ARGV[2])
end
return 0
"""

# KEYS: job, channel. ARGV: job_id, then field/value pairs. Applies only to a running job.
_WHILE_RUNNING = """
if redis.call('hget', KEYS[1], 'state') ~= 'running' then return 0 end
redis.call('hset', KEYS[1], unpack(ARGV, 2))
redis.call('publish', KEYS[2], ARGV[1])
return 1
"""

# KEYS: job, content, doc list, open, lease, channel. ARGV: job_id, keep_seconds, then pairs.
_FINISH = """
if not redis.call('hget', KEYS[1], 'state') then return 0 end
redis.call('hset', KEYS[1], unpack(ARGV, 3))
redis.call('expire', KEYS[1], ARGV[2])
redis.call('del', KEYS[2], KEYS[5])
redis.call('lrem', KEYS[3], 0, ARGV[1])
redis.call('zrem', KEYS[4], ARGV[1])
redis.call('publish', KEYS[6], ARGV[1])
return 1
"""

# KEYS: job, lease, channel. ARGV: job_id, now.
_REQUEUE = """
redis.call('del', KEYS[2])
if redis.call('hget', KEYS[1], 'state') ~= 'running' then return 0 end
redis.call('hset', KEYS[1], 'state', 'queued', 'chunks_done', 0, 'updated_at', ARGV[2])
redis.call('publish', KEYS[3], ARGV[1])
return 1
"""

# KEYS: job, content, doc list, open, channel. ARGV: job_id, tenant, now, keep_seconds.
_CANCEL = """
if redis.call('hget', KEYS[1], 'tenant') ~= ARGV[2] then return 0 end
local state = redis.call('hget', KEYS[1], 'state')
if state == 'queued' then
  redis.call('hset', KEYS[1], 'state', 'cancelled', 'updated_at', ARGV[3])
  redis.call('expire', KEYS[1], ARGV[4])
  redis.call('del', KEYS[2])
  redis.call('lrem', KEYS[3], 0, ARGV[1])
  redis.call('zrem', KEYS[4], ARGV[1])
elseif state == 'running' then
  redis.call('hset', KEYS[1], 'cancel_requested', 1, 'updated_at', ARGV[3])
end
redis.call('publish', KEYS[5], ARGV[1])
return 1
"""


def _text(value: bytes | str) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def _job(raw: Mapping[bytes, bytes]) -> Job:
    f = {_text(k): _text(v) for k, v in raw.items()}
    return Job(
        job_id=f["job_id"],
        tenant=f["tenant"],
        doc_id=f["doc_id"],
        title=f["title"],
        content_type=f["content_type"],
        metadata=json.loads(f["metadata"]),
        bytes=int(f["bytes"]),
        state=JobState(f["state"]),
        chunks_done=int(f.get("chunks_done", 0)),
        pages_done=int(f.get("pages_done", 0)),
        pages_total=int(f.get("pages_total", 0)),
        chunks_total=int(f.get("chunks_total", 0)),
        chunks_reused=int(f.get("chunks_reused", 0)),
        error=f.get("error", ""),
        replaced=f.get("replaced") == "1",
        unchanged=f.get("unchanged") == "1",
        cancel_requested=f.get("cancel_requested") == "1",
        searchable=f.get("searchable") == "1",
        created_at=float(f["created_at"]),
        updated_at=float(f["updated_at"]),
    )


class RedisJobStore:
    """The jobs of every tenant and every replica, in one Redis (thread-safe)."""

    def __init__(self, url: str, prefix: str = PREFIX, timeout_seconds: float = 10.0) -> None:
        self._redis = redis.Redis.from_url(
            url, socket_timeout=timeout_seconds, socket_connect_timeout=timeout_seconds
        )
        self.url = url
        self.prefix = prefix
        self.channel = f"{prefix}:changed"
        self._claim = self._redis.register_script(_CLAIM)
        self._renew = self._redis.register_script(_RENEW)
        self._while_running = self._redis.register_script(_WHILE_RUNNING)
        self._finish = self._redis.register_script(_FINISH)
        self._requeue = self._redis.register_script(_REQUEUE)
        self._cancel = self._redis.register_script(_CANCEL)

    def close(self) -> None:
        self._redis.close()

    # ------------------------------------------------------------------------ keys

    def _key(self, kind: str, job_id: str) -> str:
        return f"{self.prefix}:{kind}:{job_id}"

    def _doc_key(self, tenant: str, doc_id: str) -> str:
        return f"{self.prefix}:doc:{json.dumps([tenant, doc_id], ensure_ascii=False)}"

    @property
    def _open_key(self) -> str:
        return f"{self.prefix}:open"

    def _raw(self, job_id: str) -> Job | None:
        raw = self._redis.hgetall(self._key("job", job_id))
        return _job(raw) if raw else None  # type: ignore[arg-type]

    # ------------------------------------------------------------------------ JobStorage

    def submit(self, tenant: str, documents: Sequence[NewDocument]) -> list[Job]:
        """One queued job per document, all or none (one MULTI); durable once this returns,
        as far as the Redis server's own persistence (AOF) makes it so."""
        now = time.time()
        last = int(self._redis.incrby(f"{self.prefix}:seq", len(documents)))
        jobs: list[Job] = []
        with self._redis.pipeline(transaction=True) as pipe:
            for n, doc in enumerate(documents):
                job = Job(
                    job_id=f"job-{uuid.uuid4().hex}",
                    tenant=tenant,
                    doc_id=doc.doc_id,
                    title=doc.title,
                    content_type=doc.content_type,
                    metadata=dict(doc.metadata),
                    state=JobState.QUEUED,
                    bytes=len(doc.content),
                    created_at=now,
                    updated_at=now,
                )
                seq = last - len(documents) + n + 1
                pipe.hset(
                    self._key("job", job.job_id),
                    mapping={
                        "job_id": job.job_id,
                        "tenant": tenant,
                        "doc_id": job.doc_id,
                        "title": job.title,
                        "content_type": job.content_type,
                        "metadata": json.dumps(job.metadata, ensure_ascii=False),
                        "bytes": job.bytes,
                        "state": job.state.value,
                        "created_at": repr(now),
                        "updated_at": repr(now),
                        "seq": seq,
                        "worker": "",
                    },
                )
                pipe.set(self._key("content", job.job_id), doc.content)
                pipe.rpush(self._doc_key(tenant, job.doc_id), job.job_id)
                pipe.zadd(self._open_key, {job.job_id: seq})
                pipe.publish(self.channel, job.job_id)
                jobs.append(job)
            pipe.execute()
        return jobs

    def get(self, tenant: str, job_id: str) -> Job | None:
        """The tenant's job, or None (unknown id, or another tenant's)."""
        job = self._raw(job_id)
        return job if job is not None and job.tenant == tenant else None

    def by_id(self, job_id: str) -> Job | None:
        return self._raw(job_id)

    def document(self, job: Job) -> NewDocument | None:
        content = self._redis.get(self._key("content", job.job_id))
        if content is None:
            return None
        return NewDocument(
            doc_id=job.doc_id,
            title=job.title,
            content_type=job.content_type,
            content=bytes(content),  # type: ignore[arg-type]
            metadata=dict(job.metadata),
        )

    def mark_searchable(self, job_id: str, total: int) -> None:
        self._running(job_id, searchable=1, chunks_total=total)

    def pages(self, job_id: str, done: int, total: int) -> None:
        self._running(job_id, pages_done=done, pages_total=total)

    def progress(self, job_id: str, done: int, total: int) -> None:
        self._running(job_id, chunks_done=done, chunks_total=total)

    def _running(self, job_id: str, **fields: int) -> None:
        pairs: list[str | int] = []
        changes: dict[str, str | int] = {**fields, "updated_at": repr(time.time())}
        for name, value in changes.items():
            pairs += [name, value]
        self._while_running(keys=[self._key("job", job_id), self.channel], args=[job_id, *pairs])

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
    ) -> None:
        """Put a job in a final state, drop its bytes and its lease, free its document."""
        assert state.final
        job = self._raw(job_id)
        if job is None:
            return
        fields: dict[str, str | int] = {
            "state": state.value,
            "error": error,
            "chunks_reused": reused,
            "replaced": int(replaced),
            "unchanged": int(unchanged),
            "searchable": int(state is JobState.DONE),
            "updated_at": repr(time.time()),
        }
        if state is JobState.DONE:
            fields |= {"chunks_done": chunks, "chunks_total": chunks}
        pairs: list[str | int] = []
        for name, value in fields.items():
            pairs += [name, value]
        self._finish(
            keys=[
                self._key("job", job_id),
                self._key("content", job_id),
                self._doc_key(job.tenant, job.doc_id),
                self._open_key,
                self._key("lease", job_id),
                self.channel,
            ],
            args=[job_id, KEEP_FINAL_SECONDS, *pairs],
        )

    def requeue(self, job_ids: Sequence[str]) -> None:
        """Running jobs go back to the queue, their lease dropped."""
        for job_id in job_ids:
            self._requeue(
                keys=[self._key("job", job_id), self._key("lease", job_id), self.channel],
                args=[job_id, repr(time.time())],
            )

    def note_error(self, job_id: str, error: str) -> None:
        key = self._key("job", job_id)
        with self._redis.pipeline(transaction=True) as pipe:
            pipe.hset(key, mapping={"error": error[:2000], "updated_at": repr(time.time())})
            pipe.publish(self.channel, job_id)
            pipe.execute()

    def request_cancel(self, tenant: str, job_id: str) -> Job | None:
        """Cancel a queued job at once; flag a running one for its worker. None if unknown."""
        job = self.get(tenant, job_id)
        if job is None:
            return None
        self._cancel(
            keys=[
                self._key("job", job_id),
                self._key("content", job_id),
                self._doc_key(tenant, job.doc_id),
                self._open_key,
                self.channel,
            ],
            args=[job_id, tenant, repr(time.time()), KEEP_FINAL_SECONDS],
        )
        return self.get(tenant, job_id)

    def cancel_requested(self, job_ids: Sequence[str]) -> set[str]:
        with self._redis.pipeline(transaction=False) as pipe:
            for job_id in job_ids:
                pipe.hget(self._key("job", job_id), "cancel_requested")
            marks = pipe.execute()
        return {j for j, m in zip(job_ids, marks, strict=True) if m is not None and _text(m) == "1"}

    def recover(self) -> int:
        """Jobs left running by a worker whose lease lapsed go back to the queue. Returns how
        many unfinished jobs there are to hand out (see :meth:`open_jobs`)."""
        for job_id in self._orphans():
            self.requeue([job_id])
        return len(self.open_jobs())

    def pending(self) -> int:
        """How many jobs are queued or running."""
        return int(self._redis.zcard(self._open_key))

    # ------------------------------------------------------------------------ the Redis queue

    def open_jobs(self) -> list[str]:
        """Every unfinished job that no live worker holds, oldest first."""
        ids = [_text(j) for j in self._redis.zrange(self._open_key, 0, -1)]  # type: ignore[arg-type]
        with self._redis.pipeline(transaction=False) as pipe:
            for job_id in ids:
                pipe.exists(self._key("lease", job_id))
            held = pipe.execute()
        return [j for j, h in zip(ids, held, strict=True) if not h]

    def _orphans(self) -> list[str]:
        orphans = []
        for job_id in self.open_jobs():
            state = self._redis.hget(self._key("job", job_id), "state")
            if state is not None and _text(state) == JobState.RUNNING.value:
                orphans.append(job_id)
        return orphans

    def claim_job(self, job_id: str, worker: str, lease_seconds: float) -> Claim:
        """Take one job for ``worker`` with a lease of ``lease_seconds`` (see :class:`Claim`)."""
        job = self._raw(job_id)
        if job is None:
            return Claim.MISSING
        result = self._claim(
            keys=[
                self._key("job", job_id),
                self._doc_key(job.tenant, job.doc_id),
                self._key("lease", job_id),
            ],
            args=[job_id, worker, max(1, int(lease_seconds * 1000)), repr(time.time())],
        )
        return Claim(_text(result))

    def renew_lease(self, job_id: str, worker: str, lease_seconds: float) -> bool:
        """Extend ``worker``'s lease of a job; False if it no longer holds it."""
        renewed = self._renew(
            keys=[self._key("job", job_id), self._key("lease", job_id)],
            args=[worker, max(1, int(lease_seconds * 1000))],
        )
        return bool(renewed)

    def worker_of(self, job_id: str) -> str:
        """The worker that ran (or runs) the job last; empty if none has."""
        worker = self._redis.hget(self._key("job", job_id), "worker")
        return "" if worker is None else _text(worker)
