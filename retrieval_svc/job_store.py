"""Ingest jobs, durably: one SQLite file (WAL, ``synchronous=FULL``) under the data directory.

A job is accepted only once its row and the uploaded bytes are committed, so an acknowledged
file survives ``kill -9``. At start-up every job left ``running`` is queued again and runs from
the start (its document was never half stored: the backend replaces a document in one
transaction). The bytes are dropped when the job reaches a final state; final jobs are kept
for ``KEEP_FINAL_SECONDS`` so that clients can read how they ended.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from mesh.errors import FailedPrecondition, ResourceExhausted
from retrieval_svc.engine import NewDocument

KEEP_FINAL_SECONDS = 7 * 24 * 3600

_SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    job_id TEXT PRIMARY KEY,
    tenant TEXT NOT NULL,
    doc_id TEXT NOT NULL,
    title TEXT NOT NULL,
    content_type TEXT NOT NULL,
    metadata TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    state TEXT NOT NULL,
    chunks_done INTEGER NOT NULL DEFAULT 0,
    chunks_total INTEGER NOT NULL DEFAULT 0,
    chunks_reused INTEGER NOT NULL DEFAULT 0,
    error TEXT NOT NULL DEFAULT '',
    replaced INTEGER NOT NULL DEFAULT 0,
    unchanged INTEGER NOT NULL DEFAULT 0,
    cancel_requested INTEGER NOT NULL DEFAULT 0,
    searchable INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL,
    seq INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, seq);
CREATE TABLE IF NOT EXISTS job_content (
    job_id TEXT PRIMARY KEY,
    content BLOB NOT NULL
);
"""


class JobState(StrEnum):
    """Where a job is; the last three are final."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def final(self) -> bool:
        return self in (JobState.DONE, JobState.FAILED, JobState.CANCELLED)


@dataclass(frozen=True)
class Job:
    """One document's ingest job, as stored."""

    job_id: str
    tenant: str
    doc_id: str
    title: str
    content_type: str
    state: JobState
    bytes: int
    created_at: float
    updated_at: float
    chunks_done: int = 0
    chunks_total: int = 0
    chunks_reused: int = 0
    error: str = ""
    replaced: bool = False
    unchanged: bool = False
    cancel_requested: bool = False
    searchable: bool = False
    metadata: dict[str, str] = field(default_factory=dict)
    pages_done: int = 0
    pages_total: int = 0


_COLUMNS = (
    "job_id, tenant, doc_id, title, content_type, metadata, bytes, state, chunks_done, "
    "chunks_total, chunks_reused, error, replaced, unchanged, cancel_requested, searchable, "
    "created_at, updated_at, pages_done, pages_total"
)
# Columns added after the first release, with their declarations (added in place on open).
_LATER_COLUMNS = (
    ("pages_done", "INTEGER NOT NULL DEFAULT 0"),
    ("pages_total", "INTEGER NOT NULL DEFAULT 0"),
)


def _job(row: Sequence[object]) -> Job:
    (job_id, tenant, doc_id, title, ctype, metadata, size, state, done, total, reused, error,
     replaced, unchanged, cancel, searchable, created, updated, pages_done,
     pages_total) = row  # fmt: skip
    return Job(
        job_id=str(job_id),
        tenant=str(tenant),
        doc_id=str(doc_id),
        title=str(title),
        content_type=str(ctype),
        metadata=json.loads(str(metadata)),
        bytes=int(str(size)),
        state=JobState(str(state)),
        chunks_done=int(str(done)),
        chunks_total=int(str(total)),
        chunks_reused=int(str(reused)),
        error=str(error),
        replaced=bool(replaced),
        unchanged=bool(unchanged),
        cancel_requested=bool(cancel),
        searchable=bool(searchable),
        created_at=float(str(created)),
        updated_at=float(str(updated)),
        pages_done=int(str(pages_done)),
        pages_total=int(str(pages_total)),
    )


def _store_error(exc: sqlite3.OperationalError) -> Exception:
    """A clear error for a store that cannot take the write (full, read-only), else ``exc``."""
    text = str(exc).lower()
    if "full" in text:
        return ResourceExhausted("the ingest store is full: free disk space, then upload again")
    if "readonly" in text or "read-only" in text:
        return FailedPrecondition("the ingest store is read-only: nothing can be uploaded now")
    return exc


class JobStore:
    """The jobs of every tenant; thread-safe (one connection, one lock)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)
        have = {r[1] for r in self._db.execute("PRAGMA table_info(jobs)")}
        for name, declaration in _LATER_COLUMNS:
            if name not in have:
                self._db.execute(f"ALTER TABLE jobs ADD COLUMN {name} {declaration}")

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction under the lock: committed whole, or rolled back."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:  # a failed COMMIT may have ended it already
                        self._db.execute("ROLLBACK")
                    raise
            except sqlite3.OperationalError as exc:
                raise _store_error(exc) from exc

    def submit(self, tenant: str, documents: Sequence[NewDocument]) -> list[Job]:
        """Store one queued job per document, all or none; durable once this returns."""
        with self._transaction():
            # Stamped under the lock: creation time follows the queue order.
            now = time.time()
            jobs = [
                Job(
                    job_id=f"job-{uuid.uuid4().hex}",
                    tenant=tenant,
                    doc_id=d.doc_id,
                    title=d.title,
                    content_type=d.content_type,
                    metadata=dict(d.metadata),
                    state=JobState.QUEUED,
                    bytes=len(d.content),
                    created_at=now,
                    updated_at=now,
                )
                for d in documents
            ]
            (seq,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM jobs").fetchone()
            for n, (job, doc) in enumerate(zip(jobs, documents, strict=True), start=1):
                self._db.execute(
                    f"INSERT INTO jobs ({_COLUMNS}, seq) VALUES "
                    "(?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, '', 0, 0, 0, 0, ?, ?, 0, 0, ?)",
                    (
                        job.job_id,
                        tenant,
                        job.doc_id,
                        job.title,
                        job.content_type,
                        json.dumps(job.metadata, ensure_ascii=False),
                        job.bytes,
                        job.state.value,
                        now,
                        now,
                        int(seq) + n,
                    ),
                )
                self._db.execute("INSERT INTO job_content VALUES (?, ?)", (job.job_id, doc.content))
        return jobs

    def get(self, tenant: str, job_id: str) -> Job | None:
        """The tenant's job, or None (unknown id, or another tenant's)."""
        with self._lock:
            row = self._db.execute(
                f"SELECT {_COLUMNS} FROM jobs WHERE job_id = ? AND tenant = ?", (job_id, tenant)
            ).fetchone()
        return _job(row) if row else None

    def by_id(self, job_id: str) -> Job | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT {_COLUMNS} FROM jobs WHERE job_id = ?", (job_id,)
            ).fetchone()
        return _job(row) if row else None

    def document(self, job: Job) -> NewDocument | None:
        """The uploaded document of a job not yet final (None once its bytes are dropped)."""
        with self._lock:
            row = self._db.execute(
                "SELECT content FROM job_content WHERE job_id = ?", (job.job_id,)
            ).fetchone()
        if row is None:
            return None
        return NewDocument(
            doc_id=job.doc_id,
            title=job.title,
            content_type=job.content_type,
            content=bytes(row[0]),
            metadata=dict(job.metadata),
        )

    def claim(self, limit: int) -> list[Job]:
        """Mark up to ``limit`` queued jobs of one tenant running, oldest first, at most one per
        document (two uploads of one name run one after the other, in the order they came)."""
        with self._transaction():
            rows = self._db.execute(
                f"SELECT {_COLUMNS} FROM jobs WHERE state = 'queued' ORDER BY seq"
            ).fetchall()
            busy = {
                (str(t), str(d))
                for t, d in self._db.execute(
                    "SELECT tenant, doc_id FROM jobs WHERE state = 'running'"
                )
            }
            picked: list[Job] = []
            for row in rows:
                job = _job(row)
                key = (job.tenant, job.doc_id)
                if picked and job.tenant != picked[0].tenant:
                    continue  # one tenant per batch: progress names documents by id
                if key in busy:
                    continue
                busy.add(key)
                picked.append(job)
                if len(picked) >= limit:
                    break
            now = time.time()
            self._db.executemany(
                "UPDATE jobs SET state = 'running', updated_at = ? WHERE job_id = ?",
                [(now, j.job_id) for j in picked],
            )
        return [replace(j, state=JobState.RUNNING) for j in picked]

    def mark_searchable(self, job_id: str, total: int) -> None:
        """The job's text is stored and searchable by BM25; vectors follow."""
        with self._lock:
            self._db.execute(
                "UPDATE jobs SET searchable = 1, chunks_total = ?, updated_at = ? "
                "WHERE job_id = ? AND state = 'running'",
                (total, time.time(), job_id),
            )

    def pages(self, job_id: str, done: int, total: int) -> None:
        """How many pages of a long document have been read so far."""
        with self._lock:
            self._db.execute(
                "UPDATE jobs SET pages_done = ?, pages_total = ?, updated_at = ? "
                "WHERE job_id = ? AND state = 'running'",
                (done, total, time.time(), job_id),
            )

    def progress(self, job_id: str, done: int, total: int) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE jobs SET chunks_done = ?, chunks_total = ?, updated_at = ? "
                "WHERE job_id = ? AND state = 'running'",
                (done, total, time.time(), job_id),
            )

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
        """Put a job in a final state and drop its bytes, in one transaction."""
        assert state.final
        done = chunks if state is JobState.DONE else 0
        with self._transaction():
            self._db.execute(
                "UPDATE jobs SET state = ?, error = ?, chunks_done = CASE WHEN ? THEN ? "
                "ELSE chunks_done END, chunks_total = CASE WHEN ? THEN ? ELSE chunks_total "
                "END, chunks_reused = ?, replaced = ?, unchanged = ?, searchable = ?, "
                "updated_at = ? WHERE job_id = ?",
                (
                    state.value,
                    error,
                    state is JobState.DONE,
                    done,
                    state is JobState.DONE,
                    chunks,
                    reused,
                    int(replaced),
                    int(unchanged),
                    int(state is JobState.DONE),
                    time.time(),
                    job_id,
                ),
            )
            self._db.execute("DELETE FROM job_content WHERE job_id = ?", (job_id,))

    def requeue(self, job_ids: Sequence[str]) -> None:
        """Running jobs go back to the queue (a batch stopped before reaching them)."""
        with self._lock:
            self._db.executemany(
                "UPDATE jobs SET state = 'queued', chunks_done = 0, updated_at = ? "
                "WHERE job_id = ? AND state = 'running'",
                [(time.time(), j) for j in job_ids],
            )

    def note_error(self, job_id: str, error: str) -> None:
        """Say on a job why its last attempt stopped (it stays queued and is retried)."""
        with self._lock:
            self._db.execute(
                "UPDATE jobs SET error = ?, updated_at = ? WHERE job_id = ?",
                (error[:2000], time.time(), job_id),
            )

    def request_cancel(self, tenant: str, job_id: str) -> Job | None:
        """Cancel a queued job at once; flag a running one for the worker. None if unknown."""
        with self._transaction():
            self._db.execute(
                "UPDATE jobs SET state = 'cancelled', updated_at = ? "
                "WHERE job_id = ? AND tenant = ? AND state = 'queued'",
                (time.time(), job_id, tenant),
            )
            self._db.execute(
                "DELETE FROM job_content WHERE job_id = ? AND job_id IN "
                "(SELECT job_id FROM jobs WHERE state = 'cancelled')",
                (job_id,),
            )
            self._db.execute(
                "UPDATE jobs SET cancel_requested = 1, updated_at = ? "
                "WHERE job_id = ? AND tenant = ? AND state = 'running'",
                (time.time(), job_id, tenant),
            )
        return self.get(tenant, job_id)

    def doc_running(self, tenant: str, doc_id: str) -> bool:
        """Whether a job of this document is running (its text may be the stored one)."""
        with self._lock:
            row = self._db.execute(
                "SELECT 1 FROM jobs WHERE tenant = ? AND doc_id = ? AND state = 'running'",
                (tenant, doc_id),
            ).fetchone()
        return row is not None

    def cancel_requested(self, job_ids: Sequence[str]) -> set[str]:
        with self._lock:
            marks = ",".join("?" * len(job_ids))
            rows = self._db.execute(
                f"SELECT job_id FROM jobs WHERE cancel_requested = 1 AND job_id IN ({marks})",
                list(job_ids),
            ).fetchall()
        return {str(r[0]) for r in rows}

    def recover(self) -> int:
        """At start-up: jobs a stopped process left running are queued again; old final jobs
        are forgotten. Returns how many jobs were queued again."""
        with self._lock:
            cur = self._db.execute(
                "UPDATE jobs SET state = 'queued', chunks_done = 0 WHERE state = 'running'"
            )
            self._db.execute(
                "DELETE FROM jobs WHERE state IN ('done', 'failed', 'cancelled') "
                "AND updated_at < ?",
                (time.time() - KEEP_FINAL_SECONDS,),
            )
            return cur.rowcount

    def pending(self) -> int:
        """How many jobs are queued or running."""
        with self._lock:
            (n,) = self._db.execute(
                "SELECT COUNT(*) FROM jobs WHERE state IN ('queued', 'running')"
            ).fetchone()
        return int(n)
