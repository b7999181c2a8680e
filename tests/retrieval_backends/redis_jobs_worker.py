"""A retrieval worker process that a test kills with SIGKILL in the middle of a job.

``python -m tests.retrieval_backends.redis_jobs_worker <redis url> <prefix> <queue> <data dir>
<idle seconds>``: runs a :class:`RedisIngestJobs` worker whose embedder never returns, so the
first job it takes stays running (text stored, no vectors) until the process is killed.
"""

from __future__ import annotations

import asyncio
import sys
import threading
from pathlib import Path

from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Matrix
from retrieval_svc.engine import RetrievalEngine
from retrieval_svc.redis_job_store import RedisJobStore
from retrieval_svc.redis_jobs import RedisIngestJobs
from tests.retrieval_backends.corpus import HashingEmbedder


class StuckEmbedder(HashingEmbedder):
    """Embeds queries; never finishes a passage batch (the process is killed first)."""

    def embed_passages(self, texts: list[str]) -> Matrix:
        threading.Event().wait()
        raise AssertionError("unreachable")


async def main(url: str, prefix: str, queue: str, data: Path, idle: float) -> None:
    embedder = StuckEmbedder()
    engine = RetrievalEngine(EmbeddedBackend(data, embedder.dim), embedder)
    await engine.load()
    jobs = RedisIngestJobs(
        engine, RedisJobStore(url, prefix=prefix), idle_seconds=idle, queue_name=queue
    )
    await jobs.start()
    print(jobs.worker_id, flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    url, prefix, queue, data, idle = sys.argv[1:6]
    asyncio.run(main(url, prefix, queue, Path(data), float(idle)))
