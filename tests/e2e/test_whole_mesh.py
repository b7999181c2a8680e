"""The whole mesh as five processes: one trace per question, answers, the edge's errors."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import httpx
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc
from opentelemetry.proto.trace.v1 import trace_pb2

from cli.launcher import MeshLauncher

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
CITATION = re.compile(r"\[([^\[\]\n]+)\]")
KEY = "test-key-123"


@dataclass
class CollectedSpan:
    service: str
    name: str
    kind: int
    trace_id: str
    span_id: str
    parent_id: str


@dataclass
class Collector(trace_service_pb2_grpc.TraceServiceServicer):
    """A real OTLP/gRPC trace receiver on loopback."""

    spans: list[CollectedSpan] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def Export(
        self, request: trace_service_pb2.ExportTraceServiceRequest, context: object
    ) -> trace_service_pb2.ExportTraceServiceResponse:
        with self.lock:
            for rs in request.resource_spans:
                service = next(
                    (
                        a.value.string_value
                        for a in rs.resource.attributes
                        if a.key == "service.name"
                    ),
                    "",
                )
                for ss in rs.scope_spans:
                    for s in ss.spans:
                        self.spans.append(
                            CollectedSpan(
                                service,
                                s.name,
                                s.kind,
                                s.trace_id.hex(),
                                s.span_id.hex(),
                                s.parent_span_id.hex(),
                            )
                        )
        return trace_service_pb2.ExportTraceServiceResponse()

    def for_trace(self, trace_id: str) -> list[CollectedSpan]:
        with self.lock:
            return [s for s in self.spans if s.trace_id == trace_id]


@dataclass
class RunningMesh:
    url: str
    collector: Collector
    launcher: MeshLauncher


@pytest.fixture(scope="module")
def mesh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningMesh]:
    collector = Collector()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(  # type: ignore[no-untyped-call]
        collector, server
    )
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    data_dir = tmp_path_factory.mktemp("mesh")
    launcher = MeshLauncher(
        data_dir,
        gateway_port=0,
        api_keys=f"{KEY}:acme",
        extra_env={
            "OTEL_TRACES_EXPORTER": "otlp",
            "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{port}",
            "OTEL_EXPORTER_OTLP_INSECURE": "true",
            "OTEL_BSP_SCHEDULE_DELAY": "200",
        },
    )
    url = launcher.start()
    import asyncio

    from cli.ingest_client import ingest_files, sample_corpus

    asyncio.run(ingest_files(launcher.address("retrieval_svc"), "acme", sample_corpus(ROOT), ROOT))
    try:
        yield RunningMesh(url, collector, launcher)
    finally:
        launcher.stop()
        server.stop(None)


def _ask(url: str, question: str, **extra: object) -> httpx.Response:
    return httpx.post(
        f"{url}/v1/ask",
        json={"question": question, **extra},
        headers={"Authorization": f"Bearer {KEY}"},
        timeout=120,
    )


class TestOneTracePerQuestion:
    def test_spans_of_all_five_services_share_the_answer_trace(self, mesh: RunningMesh) -> None:
        response = _ask(mesh.url, "How does retrieval combine vector search and BM25?")
        assert response.status_code == 200, response.text
        trace_id = response.json()["trace_id"]
        assert re.fullmatch(r"[0-9a-f]{32}", trace_id)

        server_kind, client_kind = trace_pb2.Span.SPAN_KIND_SERVER, trace_pb2.Span.SPAN_KIND_CLIENT
        # Each hop: the callee's server span is the child of the caller's client span.
        hops = [
            ("agent_svc", "/Ask", "gateway"),
            ("router_svc", "/Route", "agent_svc"),
            ("retrieval_svc", "/Search", "agent_svc"),
            ("judge_svc", "/Judge", "agent_svc"),
        ]

        def grpc_server_span(
            spans: list[CollectedSpan], service: str, method: str
        ) -> CollectedSpan:
            return next(
                s
                for s in spans
                if s.service == service and s.kind == server_kind and s.name.endswith(method)
            )

        def complete(spans: list[CollectedSpan]) -> bool:
            """Every process exports on its own schedule: wait for the spans this test reads
            (the root and both ends of each hop), not merely for one span per service."""
            ids = {s.span_id for s in spans}
            if not any(not s.parent_id and s.service == "gateway" for s in spans):
                return False
            for callee, method, _caller in hops:
                found = [
                    s
                    for s in spans
                    if s.service == callee and s.kind == server_kind and s.name.endswith(method)
                ]
                if not found or found[0].parent_id not in ids:
                    return False
            return True

        deadline = time.monotonic() + 120
        while not complete(mesh.collector.for_trace(trace_id)):
            assert time.monotonic() < deadline, (
                f"spans seen: {[(s.service, s.name) for s in mesh.collector.for_trace(trace_id)]}"
            )
            time.sleep(0.1)
        spans = mesh.collector.for_trace(trace_id)
        by_id = {s.span_id: s for s in spans}

        # Exactly one root: the gateway's HTTP server span.
        roots = [s for s in spans if not s.parent_id]
        assert [(r.service, r.kind) for r in roots] == [("gateway", server_kind)]

        for callee, method, caller in hops:
            span = grpc_server_span(spans, callee, method)
            parent = by_id[span.parent_id]
            assert (parent.service, parent.kind) == (caller, client_kind), (callee, parent)


class TestAnswers:
    @pytest.mark.parametrize(
        "question",
        ["Groundmesh 的檢索服務如何合併向量搜尋與 BM25？", "What does the judge check in a draft?"],
    )
    def test_every_citation_names_a_returned_source(self, mesh: RunningMesh, question: str) -> None:
        body = _ask(mesh.url, question).json()
        cited = set(CITATION.findall(body["answer"]))
        assert cited, body
        assert cited <= {s["chunk_id"] for s in body["sources"]}
        assert body["judgement"]["decision"] == "accept"

    def test_a_tool_question_gets_the_tools_result_alone(self, mesh: RunningMesh) -> None:
        # Issue 28: no README lines about the router's training rounds after 49.
        body = _ask(mesh.url, "what is 7*7").json()
        lines = [line for line in body["answer"].splitlines() if line.strip()]
        assert len(lines) == 1 and "49" in lines[0], body["answer"]
        assert body["judgement"]["decision"] == "accept"

    def test_every_line_of_a_zh_hant_answer_is_in_zh_hant_and_about_the_judge(
        self, mesh: RunningMesh
    ) -> None:
        body = _ask(mesh.url, "請問 Groundmesh 的判斷服務會檢查什麼？").json()
        quoted = [line for line in body["answer"].splitlines() if CITATION.search(line)]
        assert quoted, body["answer"]
        assert all("judge_svc" in line or "判斷服務" in line for line in quoted), quoted
        assert not any(line.isascii() for line in quoted)  # no English line in a zh-Hant answer
        assert body["judgement"]["decision"] == "accept"

    def test_stream_relays_the_steps_and_ends_with_done(self, mesh: RunningMesh) -> None:
        events: list[tuple[str, str]] = []
        with httpx.stream(
            "POST",
            f"{mesh.url}/v1/ask/stream",
            json={"question": "What are the limits of an agent run?"},
            headers={"Authorization": f"Bearer {KEY}"},
            timeout=120,
        ) as response:
            assert response.status_code == 200
            assert response.headers["content-type"].startswith("text/event-stream")
            event, ident = "", ""
            for line in response.iter_lines():
                if line.startswith("event:"):
                    event = line.split(":", 1)[1].strip()
                elif line.startswith("id:"):
                    ident = line.split(":", 1)[1].strip()
                elif line.startswith("data:"):
                    events.append((event, ident))
        names = [e for e, _ in events]
        assert names[-1] == "done"
        assert {"reasoning", "tool_call", "tool_result", "judgement", "token"} <= set(names)
        assert all(ident for _, ident in events)


class TestEdgeErrors:
    @pytest.mark.parametrize(
        ("body", "headers", "status"),
        [
            ({"question": ""}, {"Authorization": f"Bearer {KEY}"}, 422),
            ({"question": "x" * 5000}, {"Authorization": f"Bearer {KEY}"}, 400),
            ({"question": "hi"}, {}, 401),
            ({"question": "hi"}, {"Authorization": "Bearer wrong"}, 401),
        ],
    )
    def test_bad_input_gets_a_clear_4xx(
        self, mesh: RunningMesh, body: dict[str, str], headers: dict[str, str], status: int
    ) -> None:
        response = httpx.post(f"{mesh.url}/v1/ask", json=body, headers=headers, timeout=30)
        assert response.status_code == status
        assert response.json()["error"]["message"]

    def test_invalid_json_is_400(self, mesh: RunningMesh) -> None:
        response = httpx.post(
            f"{mesh.url}/v1/ask",
            content=b"{not json",
            headers={"Authorization": f"Bearer {KEY}", "Content-Type": "application/json"},
            timeout=30,
        )
        assert response.status_code == 400
        assert "JSON" in response.json()["error"]["message"]

    def test_unknown_route_is_404(self, mesh: RunningMesh) -> None:
        response = httpx.get(f"{mesh.url}/v2/nothing", timeout=30)
        assert response.status_code == 404
        assert response.json()["error"]["code"] == "NOT_FOUND"

    def test_readyz_and_healthz(self, mesh: RunningMesh) -> None:
        assert httpx.get(f"{mesh.url}/healthz", timeout=10).status_code == 200
        assert httpx.get(f"{mesh.url}/readyz", timeout=10).json() == {"status": "ready"}


class TestUpCommand:
    def test_sigterm_stops_every_child(self, tmp_path: Path) -> None:
        proc = subprocess.Popen(
            [sys.executable, "-m", "cli", "up", "--data-dir", str(tmp_path), "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "OTEL_TRACES_EXPORTER": "none"},
        )
        assert proc.stdout is not None
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if "API key" in line:
                break
        else:
            pytest.fail("".join(lines))
        children_file = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        children = [int(p) for p in children_file.read_text().split()]
        assert len(children) == 5
        run = json.loads((tmp_path / "run" / "mesh.json").read_text())
        assert set(run) >= {"gateway_url", "agent_svc"}
        proc.send_signal(signal.SIGTERM)
        rest = proc.stdout.read()
        assert proc.wait(timeout=60) == 0, rest
        for pid in children:
            assert not Path(f"/proc/{pid}").exists() or _is_zombie(pid)


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except FileNotFoundError:
        return True
