"""Crash safety of the embedded store: ``kill -9`` of a real retrieval_svc process mid-ingest.

Every acknowledged document must be complete and searchable after a restart; a document whose
ingest was in flight must be wholly there or wholly absent.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import grpc
import pytest

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import REPO_ROOT
from retrieval_svc.chunking import chunk_text
from retrieval_svc.formats import MARKDOWN, extract
from tests.retrieval.conftest import request

pytestmark = [pytest.mark.integration, pytest.mark.slow]

DOCS = 8


def _text(i: int) -> str:
    # a unique marker word per document, several sections so a document has several chunks
    parts = [f"# Document {i}\n\nThe marker of this document is kw{i}marker."]
    for s in range(2):
        parts.append(
            f"## Part {s}\n\n"
            + " ".join(f"Sentence {j} of part {s} in document {i}." for j in range(6))
        )
    return "\n\n".join(parts)


def _expected_chunks(i: int) -> int:
    text = extract(MARKDOWN, _text(i).encode(), 1 << 20).text
    return len(chunk_text(text, 256, 32))


def _start(data_dir: Path, ready: Path, log: Path) -> subprocess.Popen[bytes]:
    ready.unlink(missing_ok=True)
    env = {
        **os.environ,
        "GROUNDMESH_RETRIEVAL_PORT": "0",
        "GROUNDMESH_RETRIEVAL_DATA_DIR": str(data_dir),
        "GROUNDMESH_RETRIEVAL_READY_FILE": str(ready),
        "PYTHONUNBUFFERED": "1",
    }
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "retrieval_svc"],
            cwd=REPO_ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 120
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("retrieval_svc did not start:\n" + log.read_text()[-3000:])
        time.sleep(0.1)
    return process


async def _requests(first: int, last: int) -> AsyncIterator[retrieval_pb2.IngestRequest]:
    for i in range(first, last):
        yield request(f"doc-{i}", _text(i))


async def _check_store(address: str, acked: set[int]) -> set[int]:
    """Asserts the invariants; returns the documents present."""
    async with grpc.aio.insecure_channel(address) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        listed = await stub.ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant="acme"), timeout=30
        )
        present = {int(d.doc_id.split("-")[1]): d.chunk_count for d in listed.documents}
        assert acked <= present.keys(), f"acknowledged but lost: {acked - present.keys()}"
        for i, chunk_count in present.items():
            assert chunk_count == _expected_chunks(i), f"doc-{i} is half there"
            hits = await stub.Search(
                retrieval_pb2.SearchRequest(
                    tenant="acme",
                    query=f"kw{i}marker",
                    mode=retrieval_pb2.SEARCH_MODE_BM25,
                    top_k=3,
                ),
                timeout=30,
            )
            assert hits.chunks and hits.chunks[0].doc_id == f"doc-{i}"
            every = await stub.Search(
                retrieval_pb2.SearchRequest(
                    tenant="acme",
                    query=f"document {i}",
                    doc_ids=[f"doc-{i}"],
                    mode=retrieval_pb2.SEARCH_MODE_VECTOR,
                    top_k=50,
                ),
                timeout=30,
            )
            assert sorted(c.ordinal for c in every.chunks) == list(range(chunk_count))
        stats = await stub.GetStats(retrieval_pb2.GetStatsRequest(tenant="acme"), timeout=30)
        assert (stats.documents, stats.chunks) == (len(present), sum(present.values()))
    return set(present)


async def test_kill_9_during_and_after_ingest_loses_nothing_acknowledged(tmp_path: Path) -> None:
    data_dir, ready, log = tmp_path / "data", tmp_path / "ready", tmp_path / "svc.log"
    process = _start(data_dir, ready, log)
    acked: set[int] = set()
    try:
        address = f"127.0.0.1:{int(ready.read_text())}"
        # round 1: documents sent one at a time until three are acknowledged, then two more
        # at once, and kill -9 while those are being embedded and stored
        got_ack = asyncio.Event()

        async def lock_step() -> AsyncIterator[retrieval_pb2.IngestRequest]:
            for i in range(DOCS):
                yield request(f"doc-{i}", _text(i))
                if i < 2:
                    await got_ack.wait()
                    got_ack.clear()
                elif i >= 4:
                    await asyncio.Event().wait()  # the stream stays open until the kill

        async with grpc.aio.insecure_channel(address) as channel:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
            with pytest.raises(grpc.aio.AioRpcError):
                async for ack in stub.Ingest(lock_step(), timeout=120):
                    if ack.in_progress:
                        continue
                    acked.add(int(ack.doc_id.split("-")[1]))
                    got_ack.set()
                    if len(acked) == 3:
                        await asyncio.sleep(0.3)  # doc-3 and doc-4 are in flight
                        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        assert len(acked) >= 3

        process = _start(data_dir, ready, log)
        address = f"127.0.0.1:{int(ready.read_text())}"
        present = await _check_store(address, acked)
        assert present <= set(range(DOCS))

        # round 2: re-ingest some (replacing) and add the rest, then kill -9 right after the acks
        async with grpc.aio.insecure_channel(address) as channel:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
            async for ack in stub.Ingest(_requests(0, DOCS), timeout=300):
                if not ack.in_progress:
                    acked.add(int(ack.doc_id.split("-")[1]))
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
        assert acked == set(range(DOCS))

        process = _start(data_dir, ready, log)
        address = f"127.0.0.1:{int(ready.read_text())}"
        assert await _check_store(address, acked) == set(range(DOCS))
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
        await asyncio.sleep(0)
