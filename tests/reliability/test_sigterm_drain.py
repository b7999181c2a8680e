"""SIGTERM during load: in-flight calls drain, new calls fail fast, the process exits 0.

retrieval_svc: several Ingest streams are held open (each has one acknowledged document, so
each is provably in flight on the server); SIGTERM; new calls — on fresh channels and on the
busy channel — must end fast (OK before the server stops accepting, CANCELLED in the known race
below, then UNAVAILABLE), never hang;
then every open stream sends a second document, which must still be acknowledged (drain), and
each stream ends OK. The process must exit 0, and after a restart on the same data directory
every acknowledged document is listed whole and found by its marker.

judge_svc: concurrent Judge load; SIGTERM; no call hangs, the process exits 0, and (xfail, a
known bug) no call ends CANCELLED instead of OK or UNAVAILABLE.

gateway (a whole mesh): SSE questions open; SIGTERM; the gateway exits 0, refuses new
connections, starts again on its port, and every stream that was open at
the signal ends with a done or error event (xfail, a known bug: streams are cut).
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import httpx
import pytest

from groundmesh.v1 import common_pb2, judge_pb2, judge_pb2_grpc, retrieval_pb2, retrieval_pb2_grpc
from mesh.faults import TALLY, ServiceControl
from mesh.launcher import MeshLauncher
from tests.reliability.running_mesh import KEYS, QUESTION, doc_for, mesh_env

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TENANT = "drain"
STREAMS = 4
DRAIN_SECONDS = "60"  # generous: the test waits for the exit, it never times the drain
WAIT = 120.0  # bound on every wait, so a hang fails the test instead of stalling the run
ENDED = (grpc.StatusCode.OK, grpc.StatusCode.UNAVAILABLE)
# A call that reaches the server in the instant grpc.aio begins to stop can be cancelled or left
# unanswered until its deadline: the known bug the judge test below keeps visible as an xfail.
QUEUED_AT_STOP = (grpc.StatusCode.CANCELLED, grpc.StatusCode.DEADLINE_EXCEEDED)
FAST_END = (*ENDED, *QUEUED_AT_STOP)
JUDGE_ROUNDS = 5
GATEWAY_ROUNDS = 6


class CancelledInShutdown(AssertionError):
    """A call reaching a draining gRPC server ended CANCELLED instead of OK or UNAVAILABLE."""


class SseTruncated(AssertionError):
    """An SSE stream open at SIGTERM ended without a done or error event."""


@dataclass
class Service:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def log_tail(self) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-30:])


def start(module: str, prefix: str, run_dir: Path, env: dict[str, str]) -> Service:
    """``python -m module`` on port 0; returns once its ready file names the bound port."""
    ready = run_dir / f"{module}.port"
    ready.unlink(missing_ok=True)
    log = run_dir / f"{module}.log"
    full_env = {
        **os.environ,
        "OTEL_TRACES_EXPORTER": "none",
        "OTEL_METRICS_EXPORTER": "none",
        "GROUNDMESH_LLM_PROVIDER": "offline",
        "PYTHONUNBUFFERED": "1",
        f"{prefix}HOST": "127.0.0.1",
        f"{prefix}PORT": "0",
        f"{prefix}READY_FILE": str(ready),
        f"{prefix}DRAIN_SECONDS": DRAIN_SECONDS,
        **env,
    }
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", module],
            env=full_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
    deadline = time.monotonic() + WAIT
    while not ready.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            process.wait()
            raise AssertionError(f"{module} did not start:\n" + log.read_text(errors="replace"))
        time.sleep(0.05)
    return Service(process, int(ready.read_text()), log)


def exit_code(service: Service) -> int:
    """Wait (bounded) for the process to exit; a hang fails the test, killing the process."""
    try:
        return service.process.wait(WAIT)
    except subprocess.TimeoutExpired:
        service.process.kill()
        service.process.wait()
        raise AssertionError(
            f"still running {WAIT:.0f} s after SIGTERM:\n{service.log_tail()}"
        ) from None


@pytest.fixture
def run_dir(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "run"
    path.mkdir()
    yield path


def marker(doc_id: str) -> str:
    return "dr" + doc_id.replace("-", "") + "qz"


def ingest_request(doc_id: str) -> retrieval_pb2.IngestRequest:
    m = marker(doc_id)
    text = f"# Drain record {doc_id}\n\n" + " ".join(
        f"Line {i} of the drain ledger carries the marker {m}." for i in range(40)
    )
    return retrieval_pb2.IngestRequest(
        tenant=TENANT,
        doc_id=doc_id,
        title=doc_id,
        content_type="text/markdown",
        content=text.encode(),
    )


@dataclass
class OpenStream:
    """An Ingest stream whose requests the test feeds one at a time."""

    name: str
    requests: queue.Queue[retrieval_pb2.IngestRequest | None] = field(default_factory=queue.Queue)
    acked: dict[str, int] = field(default_factory=dict)
    first_ack: threading.Event = field(default_factory=threading.Event)
    code: grpc.StatusCode | None = None
    detail: str = ""

    def feed(self) -> Iterator[retrieval_pb2.IngestRequest]:
        while (item := self.requests.get(timeout=WAIT)) is not None:
            yield item

    def run(self, stub: retrieval_pb2_grpc.RetrievalServiceStub) -> None:
        try:
            for reply in stub.Ingest(self.feed(), timeout=WAIT):
                if not reply.in_progress:
                    self.acked[reply.doc_id] = reply.chunk_count
                    self.first_ack.set()
            self.code = grpc.StatusCode.OK
        except grpc.RpcError as exc:
            self.code = exc.code()
            self.detail = str(exc.details())
        finally:
            self.first_ack.set()


def new_call_codes(address: str, busy: grpc.Channel) -> list[grpc.StatusCode]:
    """Start new calls after SIGTERM until one is refused (UNAVAILABLE or another code that is
    not OK/CANCELLED); each ends (bounded), none hangs."""
    codes: list[grpc.StatusCode] = []
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        with grpc.insecure_channel(address) as fresh:
            try:
                retrieval_pb2_grpc.RetrievalServiceStub(fresh).GetStats(
                    retrieval_pb2.GetStatsRequest(tenant=TENANT), timeout=15
                )
                codes.append(grpc.StatusCode.OK)
            except grpc.RpcError as exc:
                codes.append(exc.code())
        if codes[-1] not in (grpc.StatusCode.OK, *QUEUED_AT_STOP):
            break
        time.sleep(0.05)
    try:  # a new call on the channel that carries the draining streams
        retrieval_pb2_grpc.RetrievalServiceStub(busy).GetStats(
            retrieval_pb2.GetStatsRequest(tenant=TENANT), timeout=15
        )
        codes.append(grpc.StatusCode.OK)
    except grpc.RpcError as exc:
        codes.append(exc.code())
    return codes


def test_retrieval_drains_open_ingest_streams_on_sigterm(run_dir: Path) -> None:
    env = {"GROUNDMESH_RETRIEVAL_DATA_DIR": str(run_dir / "store")}
    service = start("retrieval_svc", "GROUNDMESH_RETRIEVAL_", run_dir, env)
    streams = [OpenStream(f"s{i}") for i in range(STREAMS)]
    channel = grpc.insecure_channel(service.address)
    try:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        threads = [threading.Thread(target=s.run, args=(stub,), daemon=True) for s in streams]
        for s, t in zip(streams, threads, strict=True):
            s.requests.put(ingest_request(f"{s.name}-a"))
            t.start()
        for s in streams:
            assert s.first_ack.wait(WAIT), f"{s.name}: no acknowledgement before SIGTERM"
            assert s.code is None, f"{s.name} ended before SIGTERM: {s.code} {s.detail}"

        service.process.send_signal(signal.SIGTERM)
        codes = new_call_codes(service.address, channel)
        for s in streams:  # the streams are still open: each sends one more document
            s.requests.put(ingest_request(f"{s.name}-b"))
            s.requests.put(None)
        for t in threads:
            t.join(WAIT)
        assert not any(t.is_alive() for t in threads), "an in-flight stream hung"
        rc = exit_code(service)
    finally:
        channel.close()
        if service.process.poll() is None:
            service.process.kill()
            service.process.wait()

    drained = [s for s in streams if s.code == grpc.StatusCode.OK and len(s.acked) == 2]
    refused = codes[-2] == grpc.StatusCode.UNAVAILABLE and all(c in FAST_END for c in codes)
    TALLY.record("faults", len(drained) == STREAMS and refused and rc == 0)
    for s in streams:
        assert s.code == grpc.StatusCode.OK, f"{s.name} cut off: {s.code} {s.detail}"
        assert set(s.acked) == {f"{s.name}-a", f"{s.name}-b"}, s.acked
    # QUEUED_AT_STOP is tolerated here (a known bug, see the xfail below); never a hang.
    assert all(c in FAST_END for c in codes), f"new calls after SIGTERM ended with {codes}"
    assert codes[-2] == grpc.StatusCode.UNAVAILABLE, f"new calls were never refused: {codes}"
    assert codes[-1] == grpc.StatusCode.UNAVAILABLE, f"busy channel accepted a new call: {codes}"
    assert rc == 0, f"exit code {rc}:\n{service.log_tail()}"

    acked = {doc: n for s in streams for doc, n in s.acked.items()}
    again = start("retrieval_svc", "GROUNDMESH_RETRIEVAL_", run_dir, env)
    lost = 0
    try:
        with grpc.insecure_channel(again.address) as fresh:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(fresh)
            listed = {
                d.doc_id: d.chunk_count
                for d in stub.ListDocuments(
                    retrieval_pb2.ListDocumentsRequest(tenant=TENANT), timeout=60
                ).documents
            }
            for doc_id, chunks in acked.items():
                hits = stub.Search(
                    retrieval_pb2.SearchRequest(
                        tenant=TENANT, query=marker(doc_id), top_k=5, doc_ids=[doc_id]
                    ),
                    timeout=60,
                ).chunks
                if listed.get(doc_id) != chunks or not hits:
                    lost += 1
        again.process.send_signal(signal.SIGTERM)
        assert exit_code(again) == 0
    finally:
        if again.process.poll() is None:
            again.process.kill()
            again.process.wait()
    TALLY.record_lost(lost)
    assert set(listed) == set(acked), (listed, acked)
    assert lost == 0, f"{lost} acknowledged documents missing or incomplete: {listed} vs {acked}"


SOURCE = common_pb2.Chunk(
    chunk_id="zebra.md#0",
    doc_id="zebra.md",
    title="Zebra telemetry",
    text="The zebra telemetry protocol uses port 4242 and signs every frame.",
)


def judge_load(
    stub: judge_pb2_grpc.JudgeServiceStub,
    stopped: threading.Event,
    codes: list[grpc.StatusCode],
) -> None:
    """Judge calls back to back until, after SIGTERM, one is refused (bounded)."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            stub.Judge(
                judge_pb2.JudgeRequest(
                    tenant=TENANT,
                    question="What port does the zebra telemetry protocol use?",
                    draft="The zebra telemetry protocol uses port 4242 [zebra.md#0]. " * 40,
                    sources=[SOURCE],
                    iteration=1,
                    max_iterations=3,
                ),
                timeout=30,
            )
            codes.append(grpc.StatusCode.OK)
        except grpc.RpcError as exc:
            codes.append(exc.code())
            if stopped.is_set() and exc.code() != grpc.StatusCode.CANCELLED:
                return


def judge_sigterm_round(run_dir: Path) -> tuple[list[grpc.StatusCode], int]:
    """Start judge_svc, load it from four threads, SIGTERM it: (every call's code, exit code)."""
    service = start("judge_svc", "GROUNDMESH_JUDGE_", run_dir, {})
    stopped = threading.Event()
    codes: list[grpc.StatusCode] = []
    channel = grpc.insecure_channel(service.address)
    try:
        stub = judge_pb2_grpc.JudgeServiceStub(channel)
        threads = [
            threading.Thread(target=judge_load, args=(stub, stopped, codes), daemon=True)
            for _ in range(STREAMS)
        ]
        for t in threads:
            t.start()
        deadline = time.monotonic() + WAIT
        while codes.count(grpc.StatusCode.OK) < 20:
            assert time.monotonic() < deadline, f"no judge load: {codes[-5:]}"
            assert all(c == grpc.StatusCode.OK for c in codes), codes
            time.sleep(0.01)
        stopped.set()
        service.process.send_signal(signal.SIGTERM)
        rc = exit_code(service)
        for t in threads:
            t.join(WAIT)
        assert not any(t.is_alive() for t in threads), "a judge call hung"
    finally:
        channel.close()
        if service.process.poll() is None:
            service.process.kill()
            service.process.wait()
    return codes, rc


def test_judge_under_load_ends_every_call_and_exits_0_on_sigterm(run_dir: Path) -> None:
    codes, rc = judge_sigterm_round(run_dir)
    TALLY.record("faults", all(c in FAST_END for c in codes) and rc == 0)
    assert all(c in FAST_END for c in codes), sorted({c.name for c in codes})
    assert codes[-1] == grpc.StatusCode.UNAVAILABLE, "the stopped server still accepted calls"
    assert rc == 0, f"exit code {rc}"


@pytest.mark.xfail(
    strict=True,
    raises=CancelledInShutdown,
    reason=(
        "bug: calls queued at judge_svc when SIGTERM arrives end CANCELLED, not drained nor "
        "UNAVAILABLE: the Judge handler runs CPU-bound work on the event loop, so queued calls "
        "are still unmatched when mesh/grpc_server.serve() calls server.stop(grace), and gRPC "
        "cancels them; clients that retry only UNAVAILABLE do not fail over"
    ),
)
def test_judge_refuses_calls_during_shutdown_with_unavailable_only(run_dir: Path) -> None:
    seen: list[grpc.StatusCode] = []
    for _ in range(JUDGE_ROUNDS):  # the window is a race: several rounds make it show
        codes, rc = judge_sigterm_round(run_dir)
        assert rc == 0
        seen += codes
    TALLY.record("faults", grpc.StatusCode.CANCELLED not in seen, JUDGE_ROUNDS)
    assert set(seen) <= set(FAST_END), sorted({c.name for c in seen})
    if grpc.StatusCode.CANCELLED in seen:
        raise CancelledInShutdown(f"{seen.count(grpc.StatusCode.CANCELLED)} calls CANCELLED")


def read_stream(url: str, headers: dict[str, str], out: SseOutcome) -> None:
    """One SSE question; keeps its raw lines as they come, and any transport error."""
    try:
        with (
            httpx.Client(timeout=WAIT) as client,
            client.stream(
                "POST", f"{url}/v1/ask/stream", json={"question": QUESTION}, headers=headers
            ) as response,
        ):
            out.status = response.status_code
            for line in response.iter_lines():
                out.lines.append(line)
                out.started.set()
    except httpx.HTTPError as exc:
        out.error = repr(exc)
    finally:
        out.started.set()


@dataclass
class SseOutcome:
    lines: list[str] = field(default_factory=list)
    started: threading.Event = field(default_factory=threading.Event)
    status: int = 0
    error: str = ""

    @property
    def finished(self) -> bool:
        return any(line in ("event: done", "event: error") for line in self.lines)


@dataclass
class GatewayRound:
    outcomes: list[SseOutcome]
    in_flight: list[bool]  # unfinished but started when SIGTERM had been sent
    exit_code: int
    refused_after: bool


@pytest.fixture(scope="module")
def small_mesh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MeshLauncher, str]]:
    launcher = MeshLauncher(
        tmp_path_factory.mktemp("sigterm-mesh"),
        gateway_port=0,
        api_keys=f"{KEYS['acme']}:acme",
        extra_env=mesh_env(),
    )
    url = launcher.start()
    try:
        name, content = doc_for("acme")
        r = httpx.post(
            f"{url}/v1/documents",
            headers={"Authorization": f"Bearer {KEYS['acme']}"},
            files=[("files", (name, content, "text/markdown"))],
            timeout=WAIT,
        )
        assert r.status_code == 201, r.text
        yield launcher, url
    finally:
        launcher.stop()


def gateway_round(launcher: MeshLauncher, url: str, streams: int = 4) -> GatewayRound:
    """Open ``streams`` SSE questions, SIGTERM the gateway once one has started, read all to
    their end (bounded), wait for the exit, then start the gateway again on its port."""
    headers = {"Authorization": f"Bearer {KEYS['acme']}"}
    outcomes = [SseOutcome() for _ in range(streams)]
    threads = [
        threading.Thread(target=read_stream, args=(url, headers, o), daemon=True) for o in outcomes
    ]
    for t in threads:
        t.start()
    assert outcomes[0].started.wait(WAIT), "no stream started"
    gateway = launcher.children["gateway"].process
    gateway.send_signal(signal.SIGTERM)
    in_flight = [bool(o.lines) and not o.finished for o in outcomes]
    for t in threads:
        t.join(WAIT)
    assert not any(t.is_alive() for t in threads), "an SSE stream hung after SIGTERM"
    try:
        rc = gateway.wait(WAIT)
    except subprocess.TimeoutExpired:
        gateway.kill()
        gateway.wait()
        raise AssertionError("gateway still running after SIGTERM") from None
    try:
        httpx.get(f"{url}/healthz", timeout=30)
        refused = False
    except httpx.TransportError:
        refused = True
    ServiceControl(launcher).restart("gateway")
    return GatewayRound(outcomes, in_flight, rc, refused)


def test_gateway_sigterm_exits_0_without_hanging_streams(
    small_mesh: tuple[MeshLauncher, str],
) -> None:
    launcher, url = small_mesh
    result = gateway_round(launcher, url)
    TALLY.record("faults", result.exit_code == 0 and result.refused_after)
    assert result.exit_code == 0, launcher.log_tail("gateway")
    assert result.refused_after, "the stopped gateway still answered"
    assert all(o.status == 200 for o in result.outcomes), [o.status for o in result.outcomes]
    r = httpx.get(f"{url}/healthz", timeout=30)  # restarted on the same port
    assert r.status_code == 200


@pytest.mark.xfail(
    strict=False,  # a race: in some runs no stream is open at the cut; see the reason
    raises=SseTruncated,
    reason=(
        "bug (intermittent): SIGTERM on the gateway can cut open SSE streams mid-answer without "
        "a done or error "
        "event: gateway/routes_ask.py builds EventSourceResponse without shutdown_event / "
        "shutdown_grace_period, so sse-starlette 3.7 cancels the generator as soon as uvicorn "
        "sets should_exit; the client gets a truncated stream"
    ),
)
def test_gateway_sigterm_ends_every_open_sse_stream_with_done_or_error(
    small_mesh: tuple[MeshLauncher, str],
) -> None:
    launcher, url = small_mesh
    in_flight: list[SseOutcome] = []
    cut: list[SseOutcome] = []
    for _ in range(GATEWAY_ROUNDS):  # the cut is a race: rounds until one shows, or all pass
        result = gateway_round(launcher, url, streams=6)
        opened = [o for o, f in zip(result.outcomes, result.in_flight, strict=True) if f]
        in_flight += opened
        cut += [o for o in opened if not o.finished]
        if cut:
            break
    print(f"SSE streams open at SIGTERM: {len(in_flight)}, cut: {len(cut)}")
    assert in_flight, "no stream was open at SIGTERM in any round; nothing was tested"
    TALLY.record("faults", not cut, len(in_flight))
    if cut:
        raise SseTruncated(repr([(o.lines[-3:], o.error) for o in cut]))
