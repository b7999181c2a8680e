"""Durability: ``kill -9`` retrieval_svc at random points while it ingests under search load.

Each round streams documents in while another thread searches, kills the process at a random
moment, and starts it again on the same data directory. Every document acknowledged before the
kill must be listed with all its chunks and found by its unique marker; no document may be half
there; the store must open cleanly. Rounds accumulate, so a later kill may not lose an earlier
acknowledgement either.
"""

from __future__ import annotations

import random
import signal
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest

from cli.launcher import MeshLauncher
from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from testkit.faults import TALLY, ServiceControl
from tests.reliability.running_mesh import RetrievalAlone as Retrieval

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TENANT = "durable"
ROUNDS = 3
DOCS_PER_ROUND = 4
SEED = 20261121


def marker(doc_id: str) -> str:
    return "mk" + doc_id.replace("-", "") + "zz"


def document(doc_id: str) -> bytes:
    """Three sections, each naming the document's marker: several chunks to write."""
    m = marker(doc_id)
    parts = [f"# Durable record {doc_id}\n"]
    for i in range(3):
        parts.append(
            f"## Section {i}\n\n"
            f"Section {i} of {doc_id} records the durability marker {m}. "
            + " ".join(f"Fact {i}.{j}: the ledger line {j} of {m} balances." for j in range(4))
            + "\n"
        )
    return "\n".join(parts).encode()


@pytest.fixture
def retrieval(tmp_path: Path) -> Iterator[Retrieval]:
    launcher = MeshLauncher(tmp_path, extra_env={"OTEL_TRACES_EXPORTER": "none"})
    launcher.run_dir.mkdir(parents=True, exist_ok=True)
    child = launcher._spawn("retrieval_svc")
    launcher._wait_ready(child, time.monotonic() + 120)
    try:
        yield Retrieval(launcher, ServiceControl(launcher))
    finally:
        launcher.stop()


@dataclass
class IngestLog:
    acked: dict[str, int] = field(default_factory=dict)  # doc_id → chunk_count
    sent: list[str] = field(default_factory=list)
    errors: list[grpc.StatusCode] = field(default_factory=list)


def _ingest(address: str, doc_ids: list[str], log: IngestLog) -> None:
    """One Ingest stream per document; an acknowledgement is recorded only once received."""
    with grpc.insecure_channel(address) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        for doc_id in doc_ids:
            request = retrieval_pb2.IngestRequest(
                tenant=TENANT,
                doc_id=doc_id,
                title=doc_id,
                content_type="text/markdown",
                content=document(doc_id),
            )
            log.sent.append(doc_id)
            try:
                for reply in stub.Ingest(iter([request]), timeout=120):
                    if not reply.in_progress and reply.doc_id == doc_id:
                        log.acked[doc_id] = reply.chunk_count
            except grpc.RpcError as exc:
                log.errors.append(exc.code())
                return


def _search_load(address: str, stop: threading.Event, codes: list[grpc.StatusCode]) -> None:
    with grpc.insecure_channel(address) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        while not stop.is_set():
            try:
                stub.Search(
                    retrieval_pb2.SearchRequest(tenant=TENANT, query="durability ledger marker"),
                    timeout=30,
                )
                codes.append(grpc.StatusCode.OK)
                time.sleep(0.02)  # steady load that leaves the ingest some of the two cores
            except grpc.RpcError as exc:
                codes.append(exc.code())
                time.sleep(0.05)


def _verify(address: str, acked: dict[str, int], per_doc: int | None) -> tuple[int, list[str]]:
    """(documents lost or half there, problems) after a restart."""
    problems: list[str] = []
    with grpc.insecure_channel(address) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        listed = {
            d.doc_id: d.chunk_count
            for d in stub.ListDocuments(
                retrieval_pb2.ListDocumentsRequest(tenant=TENANT), timeout=60
            ).documents
        }
        stats = stub.GetStats(retrieval_pb2.GetStatsRequest(tenant=TENANT), timeout=60)
        if stats.documents != len(listed) or stats.chunks != sum(listed.values()):
            problems.append(f"stats {stats.documents}/{stats.chunks} disagree with {listed}")
        lost = 0
        for doc_id, chunks in acked.items():
            if listed.get(doc_id) != chunks:
                lost += 1
                problems.append(
                    f"{doc_id}: acknowledged {chunks} chunks, listed {listed.get(doc_id)}"
                )
                continue
            hits = stub.Search(
                retrieval_pb2.SearchRequest(
                    tenant=TENANT, query=marker(doc_id), top_k=100, doc_ids=[doc_id]
                ),
                timeout=60,
            ).chunks
            found = {c.chunk_id for c in hits}
            if not hits or any(c.doc_id != doc_id for c in hits) or len(found) > chunks:
                lost += 1
                problems.append(f"{doc_id}: search by marker found {sorted(found)}")
        for doc_id, chunks in listed.items():  # unacknowledged but stored: must be whole
            if per_doc is not None and chunks != per_doc:
                lost += 1
                problems.append(f"{doc_id}: half there ({chunks} of {per_doc} chunks)")
    return lost, problems


def test_acknowledged_documents_survive_kill_9_at_random_points(retrieval: Retrieval) -> None:
    rng = random.Random(SEED)
    acked: dict[str, int] = {}
    total_lost = 0
    for round_no in range(ROUNDS):
        doc_ids = [f"r{round_no}-d{i}" for i in range(DOCS_PER_ROUND)]
        log = IngestLog()
        stop = threading.Event()
        codes: list[grpc.StatusCode] = []
        searcher = threading.Thread(
            target=_search_load, args=(retrieval.address, stop, codes), daemon=True
        )
        ingester = threading.Thread(
            target=_ingest, args=(retrieval.address, doc_ids, log), daemon=True
        )
        searcher.start()
        ingester.start()
        # A random moment inside the ingest: after 0-2 acknowledgements, mid-document.
        want = rng.randint(0, 2)
        deadline = time.monotonic() + 120
        while len(log.acked) < want and ingester.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.6))
        retrieval.control.kill("retrieval_svc", signal.SIGKILL)
        ingester.join(120)
        stop.set()
        searcher.join(60)
        assert not ingester.is_alive() and not searcher.is_alive(), "a client hung"
        bad = {
            c
            for c in codes + log.errors
            if c not in (grpc.StatusCode.OK, grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED)
        }
        acked.update(log.acked)

        retrieval.control.restart("retrieval_svc")  # the store must open cleanly
        per_doc = next(iter(acked.values()), None)
        lost, problems = _verify(retrieval.address, acked, per_doc)
        total_lost += lost
        TALLY.record("kill_points", lost == 0 and not bad)
        TALLY.record_lost(lost)
        assert not bad, f"round {round_no}: unexpected status codes {bad}"
        assert lost == 0, f"round {round_no}: " + "; ".join(problems)

    assert total_lost == 0
    assert acked, "no document was acknowledged in any round: the kill points were too early"
