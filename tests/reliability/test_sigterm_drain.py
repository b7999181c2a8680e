"""SIGTERM during load: in-flight calls drain, new calls fail fast, the process exits 0.

retrieval_svc: several Ingest streams are held open (each has one acknowledged document, so
each is provably in flight on the server); SIGTERM; new calls — on fresh channels and on the
busy channel — must end fast (OK before the server stops accepting, CANCELLED in the known race
below, then UNAVAILABLE), never hang;
then every open stream sends a second document, which must still be acknowledged (drain), and
each stream ends OK. The process must exit 0, and after a restart on the same data directory
every acknowledged document is listed whole and found by its marker.

judge_svc: concurrent Judge load; SIGTERM; no call hangs, the process exits 0, and no call ends
CANCELLED or DEADLINE_EXCEEDED: a call queued behind the busy event loop when the signal came is
refused with UNAVAILABLE (mesh/interceptors.DrainGate), so a client retrying UNAVAILABLE fails over.

gateway (a whole mesh): SSE questions open (agent_svc paused, so each is provably in flight);
SIGTERM; the gateway refuses new requests, every open stream is drained to its done event, the
gateway exits 0 and starts again on its port. (The end of the drain — an error event, never a
cut stream — is tested against fake backends in tests/gateway/test_gateway_sigterm_drain.py.)
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

from cli.launcher import MeshLauncher
from groundmesh.v1 import common_pb2, judge_pb2, judge_pb2_grpc, retrieval_pb2, retrieval_pb2_grpc
from testkit.faults import TALLY, ServiceControl
from tests.reliability.running_mesh import KEYS, QUESTION, doc_for, mesh_env

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

TENANT = "drain"
STREAMS = 4
DRAIN_SECONDS = "60"  # generous: the test waits for the exit, it never times the drain
WAIT = 120.0  # bound on every wait, so a hang fails the test instead of stalling the run
# Every call around a SIGTERM ends one of these ways: served (drain) or refused (fail over).
ENDED = (grpc.StatusCode.OK, grpc.StatusCode.UNAVAILABLE)
JUDGE_ROUNDS = 5
GATEWAY_STREAMS = 6


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
    """Start new calls after SIGTERM until one is not served (it must be refused with
    UNAVAILABLE); each ends (bounded), none hangs."""
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
        if codes[-1] != grpc.StatusCode.OK:
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
    refused = codes[-2] == grpc.StatusCode.UNAVAILABLE and all(c in ENDED for c in codes)
    TALLY.record("faults", len(drained) == STREAMS and refused and rc == 0)
    for s in streams:
        assert s.code == grpc.StatusCode.OK, f"{s.name} cut off: {s.code} {s.detail}"
        assert set(s.acked) == {f"{s.name}-a", f"{s.name}-b"}, s.acked
    assert all(c in ENDED for c in codes), f"new calls after SIGTERM ended with {codes}"
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
    TALLY.record("faults", all(c in ENDED for c in codes) and rc == 0)
    assert all(c in ENDED for c in codes), sorted({c.name for c in codes})
    assert codes[-1] == grpc.StatusCode.UNAVAILABLE, "the stopped server still accepted calls"
    assert rc == 0, f"exit code {rc}"


def test_judge_refuses_calls_during_shutdown_with_unavailable_only(run_dir: Path) -> None:
    seen: list[grpc.StatusCode] = []
    for _ in range(JUDGE_ROUNDS):  # the window is a race: several rounds make it show
        codes, rc = judge_sigterm_round(run_dir)
        assert rc == 0
        seen += codes
    refused = seen.count(grpc.StatusCode.UNAVAILABLE)
    print(f"judge calls around SIGTERM: {len(seen)}, refused UNAVAILABLE: {refused}")
    TALLY.record("faults", set(seen) <= set(ENDED), JUDGE_ROUNDS)
    assert set(seen) <= set(ENDED), {c.name: seen.count(c) for c in set(seen)}


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
    def final(self) -> str | None:
        """``done`` or ``error`` if the stream ended with one of them."""
        names = [line.removeprefix("event: ") for line in self.lines if line.startswith("event:")]
        return names[-1] if names and names[-1] in ("done", "error") else None


def refuses_new_requests(url: str) -> bool:
    """Whether a new request is refused: no listener, or 503 with Retry-After."""
    try:
        r = httpx.get(f"{url}/healthz", timeout=30)
    except httpx.TransportError:
        return True
    return r.status_code == 503 and "retry-after" in r.headers


@dataclass
class GatewayRound:
    outcomes: list[SseOutcome]
    exit_code: int
    refused_while_draining: bool
    refused_after: bool


@pytest.fixture(scope="module")
def small_mesh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[MeshLauncher, str]]:
    launcher = MeshLauncher(
        tmp_path_factory.mktemp("sigterm-mesh"),
        gateway_port=0,
        api_keys=f"{KEYS['acme']}:acme",
        extra_env={**mesh_env(), "GROUNDMESH_GATEWAY_DRAIN_SECONDS": DRAIN_SECONDS},
    )
    url = launcher.start()
    try:
        name, content = doc_for("acme")
        r = httpx.post(
            f"{url}/v1/documents?wait=true",
            headers={"Authorization": f"Bearer {KEYS['acme']}"},
            files=[("files", (name, content, "text/markdown"))],
            timeout=WAIT,
        )
        assert r.status_code == 201, r.text
        yield launcher, url
    finally:
        launcher.stop()


def gateway_round(launcher: MeshLauncher, url: str, streams: int) -> GatewayRound:
    """SIGTERM the gateway while ``streams`` SSE answers are provably open, then read them all.

    agent_svc is paused (SIGSTOP) while the questions are asked, so no answer can finish before
    the signal: every stream has its first event (the gateway accepted it) and none has ended.
    After SIGTERM the test waits until the gateway refuses new requests, resumes agent_svc, reads
    every stream to its end (bounded), waits for the exit, checks that nothing answers on the
    port any more, and starts the gateway again."""
    headers = {"Authorization": f"Bearer {KEYS['acme']}"}
    outcomes = [SseOutcome() for _ in range(streams)]
    threads = [
        threading.Thread(target=read_stream, args=(url, headers, o), daemon=True) for o in outcomes
    ]
    agent = launcher.children["agent_svc"].process
    gateway = launcher.children["gateway"].process
    refused_while_draining = False
    agent.send_signal(signal.SIGSTOP)
    try:
        for t in threads:
            t.start()
        for o in outcomes:
            assert o.started.wait(WAIT), "a stream never started"
            assert o.status == 200 and not o.error, (o.status, o.error)
        assert not any(o.final for o in outcomes), "a stream ended while the agent was paused"
        gateway.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + WAIT
        while not refused_while_draining and time.monotonic() < deadline:
            refused_while_draining = refuses_new_requests(url)
            time.sleep(0.05)
    finally:
        agent.send_signal(signal.SIGCONT)
    for t in threads:
        t.join(WAIT)
    assert not any(t.is_alive() for t in threads), "an SSE stream hung after SIGTERM"
    try:
        rc = gateway.wait(WAIT)
    except subprocess.TimeoutExpired:
        gateway.kill()
        gateway.wait()
        raise AssertionError("gateway still running after SIGTERM") from None
    refused_after = refuses_new_requests(url)
    ServiceControl(launcher).restart("gateway")
    return GatewayRound(outcomes, rc, refused_while_draining, refused_after)


def test_gateway_sigterm_drains_open_sse_streams_refuses_new_requests_and_exits_0(
    small_mesh: tuple[MeshLauncher, str],
) -> None:
    launcher, url = small_mesh
    result = gateway_round(launcher, url, streams=GATEWAY_STREAMS)
    finals = [o.final for o in result.outcomes]
    print(f"SSE streams open at SIGTERM: {len(finals)}, ended with done: {finals.count('done')}")
    drained = finals.count("done") == len(finals)
    ok = drained and result.refused_while_draining and result.exit_code == 0
    TALLY.record("faults", ok, len(finals))
    assert result.refused_while_draining, "the draining gateway still accepted new requests"
    cut = [(o.lines[-3:], o.error) for o in result.outcomes if o.final != "done"]
    assert not cut, f"streams open at SIGTERM were not drained to done: {cut}"
    assert result.exit_code == 0, launcher.log_tail("gateway")
    assert result.refused_after, "the stopped gateway still answered"
    r = httpx.get(f"{url}/healthz", timeout=30)  # restarted on the same port
    assert r.status_code == 200
