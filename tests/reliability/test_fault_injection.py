"""Faults with real processes: kill router, retrieval or judge between and during questions.

The seeds' error tables say what the answer becomes (router down → DOCUMENT_QA; judge down →
the answer is delivered, flagged unjudged; retrieval down → the "not found" answer); the stream
always ends with ``done`` or ``error``; after the service comes back on the same port the next
question is answered normally. Waits are bounded and generous; nothing asserts on time.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from groundmesh.v1 import agent_pb2, agent_pb2_grpc, retrieval_pb2, retrieval_pb2_grpc
from testkit.faults import TALLY
from tests.reliability.running_mesh import QUESTION, RunningMesh
from tests.reliability.sse_strict import Event, parse_lines, stream

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def _done(events: list[Event]) -> dict[str, Any]:
    assert events[-1].name == "done", [(e.name, e.data) for e in events[-3:]]
    body: dict[str, Any] = events[-1].data
    return body


def _served_normally(mesh: RunningMesh) -> None:
    """A question answered from the documents, cited and judged."""
    body = _done(stream(mesh.http, mesh.url, {"question": QUESTION}, mesh.headers()))
    assert body["sources"], body
    assert body["answer"].strip()
    assert body["judgement"]["decision"] != "unspecified", body["judgement"]


def _check_degraded(name: str, body: dict[str, Any]) -> None:
    """What the seeds' error tables promise while ``name`` is down."""
    if name == "router_svc":
        assert body["intent"] == "DOCUMENT_QA", body
        assert body["sources"], "router down must still search the documents"
    elif name == "judge_svc":
        assert body["answer"].strip()
        assert not body["answer"].startswith("Sorry"), body
        assert body["sources"], body
        # Delivered, flagged unjudged: no decision, and the judgement says why.
        assert body["judgement"]["decision"] == "unspecified", body["judgement"]
        assert body["judgement"]["reasoning"].startswith("unjudged: judge_svc unavailable"), body
    else:
        assert body["sources"] == [], body
        assert body["answer"].strip(), body


DEGRADATION = [
    pytest.param("router_svc", id="router_svc"),
    pytest.param("retrieval_svc", id="retrieval_svc"),
    pytest.param("judge_svc", id="judge_svc"),
]


class TestServiceDownBetweenQuestions:
    @pytest.mark.parametrize("name", DEGRADATION)
    def test_degrades_as_the_error_tables_say_then_recovers(
        self, healthy_mesh: RunningMesh, name: str
    ) -> None:
        mesh = healthy_mesh
        mesh.control.kill(name, signal.SIGKILL)
        survived = False
        try:
            # Once the agent knows: an agent that stopped serving then would refuse the question.
            mesh.wait_agent_sees_upstream_down()
            events = stream(mesh.http, mesh.url, {"question": QUESTION}, mesh.headers())
            _check_degraded(name, _done(events))
            mesh.control.restart(name)
            mesh.wait_ready()
            _served_normally(mesh)
            survived = True
        finally:
            TALLY.record("faults", survived)


class TestServiceKilledInFlight:
    # router_svc is killed between questions above; its restart is the slowest (prototypes).
    @pytest.mark.parametrize(
        ("name", "sig"),
        [
            pytest.param("retrieval_svc", signal.SIGTERM),
            pytest.param("judge_svc", signal.SIGKILL),
        ],
        ids=["retrieval_svc-term", "judge_svc-kill"],
    )
    def test_stream_ends_with_done_or_error_and_next_question_is_served(
        self, healthy_mesh: RunningMesh, name: str, sig: signal.Signals
    ) -> None:
        mesh = healthy_mesh
        survived = False
        try:
            lines: list[str] = []
            killed = False
            with mesh.http.stream(
                "POST",
                f"{mesh.url}/v1/ask/stream",
                json={"question": QUESTION},
                headers=mesh.headers(),
                timeout=180,
            ) as response:
                assert response.status_code == 200
                for line in response.iter_lines():
                    lines.append(line)
                    if not killed and line.startswith("event:"):
                        # The agent is working on the question: take the service away now.
                        mesh.control.kill(name, sig)
                        killed = True
            assert killed, lines
            events = parse_lines(lines)
            if events[-1].name == "done":
                assert isinstance(events[-1].data["answer"], str)
            else:
                assert events[-1].data["message"], events[-1]
            mesh.control.restart(name)
            mesh.wait_ready()
            _served_normally(mesh)
            survived = True
        finally:
            TALLY.record("faults", survived)


class TestDeadlines:
    async def test_agent_call_with_a_short_deadline_is_cut_off_and_the_mesh_stays_healthy(
        self, healthy_mesh: RunningMesh
    ) -> None:
        mesh = healthy_mesh
        ok = False
        try:
            async with grpc.aio.insecure_channel(mesh.address("agent_svc")) as channel:
                stub = agent_pb2_grpc.AgentServiceStub(channel)
                question = agent_pb2.Question(tenant="acme", question=QUESTION)
                with pytest.raises(grpc.aio.AioRpcError) as info:
                    await stub.Ask(agent_pb2.AskRequest(question=question), timeout=0.001)
                assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
                with pytest.raises(grpc.aio.AioRpcError) as info:
                    call = stub.AskStream(
                        agent_pb2.AskStreamRequest(question=question), timeout=0.001
                    )
                    async for _ in call:
                        pass
                assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
                # A deadline far shorter than any run (1 ms): the outcome does not depend on speed.
                # Many cut-off calls at once leave nothing behind: the next full call works.
                results = await asyncio.gather(
                    *(
                        stub.Ask(agent_pb2.AskRequest(question=question), timeout=0.2)
                        for _ in range(8)
                    ),
                    return_exceptions=True,
                )
                for r in results:
                    if isinstance(r, grpc.aio.AioRpcError):
                        assert r.code() == grpc.StatusCode.DEADLINE_EXCEEDED, r
                reply = await stub.Ask(agent_pb2.AskRequest(question=question), timeout=120)
                assert reply.answer.sources
            mesh.wait_ready()
            ok = True
        finally:
            TALLY.record("deadlines", ok, 10)

    async def test_retrieval_search_with_a_short_deadline(self, healthy_mesh: RunningMesh) -> None:
        mesh = healthy_mesh
        ok = False
        try:
            async with grpc.aio.insecure_channel(mesh.address("retrieval_svc")) as channel:
                stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
                request = retrieval_pb2.SearchRequest(tenant="acme", query="zebra telemetry " * 50)
                with pytest.raises(grpc.aio.AioRpcError) as info:
                    await stub.Search(request, timeout=0.001)
                assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
                reply = await stub.Search(
                    retrieval_pb2.SearchRequest(tenant="acme", query="zebra telemetry"), timeout=60
                )
                assert reply.chunks
            ok = True
        finally:
            TALLY.record("deadlines", ok)

    def test_gateway_answers_after_a_client_hangs_up_mid_stream(
        self, healthy_mesh: RunningMesh
    ) -> None:
        mesh = healthy_mesh
        ok = False
        try:
            with mesh.http.stream(
                "POST",
                f"{mesh.url}/v1/ask/stream",
                json={"question": QUESTION},
                headers=mesh.headers(),
                timeout=120,
            ) as response:
                for line in response.iter_lines():
                    if line.startswith("event:"):
                        break  # hang up: the gateway cancels the agent call
            _served_normally(mesh)
            ok = True
        finally:
            TALLY.record("deadlines", ok)


class SlowRetrieval(retrieval_pb2_grpc.RetrievalServiceServicer):
    """A retrieval_svc stand-in whose Search never answers: it records, on the server side,
    whether its caller cancelled the call."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.cancelled = threading.Event()

    def Search(self, request: retrieval_pb2.SearchRequest, context: Any) -> Any:
        self.started.set()
        deadline = time.monotonic() + 90
        while context.is_active() and time.monotonic() < deadline:
            time.sleep(0.02)
        if not context.is_active():
            self.cancelled.set()
        return retrieval_pb2.SearchResponse()


@pytest.fixture
def agent_over_slow_retrieval(
    healthy_mesh: RunningMesh, tmp_path: Path
) -> Iterator[tuple[str, SlowRetrieval]]:
    """A second agent_svc process: real router and judge, a retrieval that never answers, and
    an upstream deadline (120 s) far longer than any wait below."""
    slow = SlowRetrieval()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=8))
    retrieval_pb2_grpc.add_RetrievalServiceServicer_to_server(slow, server)
    health_servicer = health.HealthServicer()
    health_servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    ready = tmp_path / "agent.port"
    env = {
        **healthy_mesh.launcher._env_for("agent_svc"),
        "GROUNDMESH_AGENT_PORT": "0",
        "GROUNDMESH_AGENT_READY_FILE": str(ready),
        "GROUNDMESH_AGENT_RETRIEVAL_ADDR": f"127.0.0.1:{port}",
        "GROUNDMESH_AGENT_UPSTREAM_TIMEOUT_SECONDS": "120",
    }
    log = (tmp_path / "agent.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "agent_svc"], env=env, stdout=log, stderr=subprocess.STDOUT
    )
    try:
        limit = time.monotonic() + 120
        while not ready.exists():
            assert process.poll() is None, (tmp_path / "agent.log").read_text()
            assert time.monotonic() < limit, "agent_svc did not start"
            time.sleep(0.05)
        yield f"127.0.0.1:{int(ready.read_text())}", slow
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        server.stop(None)


class TestDeadlinePropagation:
    async def test_a_deadline_at_the_agent_cancels_the_search_on_the_retrieval_server(
        self, agent_over_slow_retrieval: tuple[str, SlowRetrieval]
    ) -> None:
        address, slow = agent_over_slow_retrieval
        ok = False
        try:
            async with grpc.aio.insecure_channel(address) as channel:
                stub = agent_pb2_grpc.AgentServiceStub(channel)
                question = agent_pb2.Question(tenant="acme", question=QUESTION)
                with pytest.raises(grpc.aio.AioRpcError) as info:
                    await stub.Ask(agent_pb2.AskRequest(question=question), timeout=2)
                assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
            assert slow.started.is_set(), "the agent never searched"
            # Server side: the Search the agent opened is cancelled, well before the agent's own
            # 120 s upstream deadline (and the tools' 30 s) could have ended it.
            assert await asyncio.to_thread(slow.cancelled.wait, 10), "search not cancelled"
            ok = True
        finally:
            TALLY.record("deadlines", ok)
