"""SIGTERM on the gateway process: open answers drain, the drain's end is an error event, never
a cut stream, and the process exits 0.

The real gateway runs as its own process (``python -m gateway``, so uvicorn and sse-starlette
see a real signal) in front of a scripted agent served over loopback gRPC by the test: a
``WAIT`` question streams one event, then waits until the test releases it; a ``HANG`` question
streams one event, then never answers, recording when its call is cancelled. Every wait is an
event; the timeouts only bound a hang.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from gateway.agent_client import AgentClient
from gateway.drain import Drain, RefuseWhileDraining
from groundmesh.v1 import agent_pb2, agent_pb2_grpc, common_pb2
from mesh.config import GrpcServerSettings
from mesh.grpc_server import create_server, set_serving

pytestmark = [pytest.mark.integration, pytest.mark.slow]

REPO = Path(__file__).resolve().parents[2]
AGENT_SERVICE = agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name
WAIT = 60.0  # bound on every wait: a hang fails the test instead of stalling the run
Context = grpc.aio.ServicerContext[Any, Any]


@dataclass
class ScriptedAgent(agent_pb2_grpc.AgentServiceServicer):
    """An agent whose runs end when the test says so (``WAIT``) or never (``HANG``)."""

    release: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: int = 0
    hanging: int = 0
    cancelled: int = 0
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    cancellation: asyncio.Event = field(default_factory=asyncio.Event)

    async def _run(self, question: str) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        yield agent_pb2.AskStreamResponse(
            sequence=1, reasoning=agent_pb2.ReasoningEvent(step="classify", text="scripted")
        )
        try:
            if question.startswith("HANG"):
                self.hanging += 1
                self.arrived.set()
                await asyncio.Event().wait()
            self.waiting += 1
            self.arrived.set()
            await self.release.wait()
        except asyncio.CancelledError:
            self.cancelled += 1
            self.cancellation.set()
            raise
        answer = agent_pb2.Answer(
            answer="released",
            judgement=common_pb2.Judgement(decision=common_pb2.DECISION_ACCEPT),
            model_used="scripted",
            language="en",
        )
        yield agent_pb2.AskStreamResponse(sequence=2, done=agent_pb2.DoneEvent(answer=answer))

    async def AskStream(
        self, request: agent_pb2.AskStreamRequest, context: Context
    ) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        async for event in self._run(request.question.question):
            yield event

    async def Ask(self, request: agent_pb2.AskRequest, context: Context) -> agent_pb2.AskResponse:
        async for event in self._run(request.question.question):
            if event.WhichOneof("event") == "done":
                return agent_pb2.AskResponse(answer=event.done.answer)
        raise AssertionError("the scripted run ended without an answer")

    async def until(self, runs: int) -> None:
        """Wait until ``runs`` runs are inside the agent (waiting or hanging)."""
        while self.waiting + self.hanging < runs:
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), WAIT)


@dataclass
class GatewayProcess:
    process: asyncio.subprocess.Process
    url: str
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture
async def agent() -> AsyncIterator[tuple[ScriptedAgent, str]]:
    scripted = ScriptedAgent()

    def register(server: grpc.aio.Server) -> None:
        agent_pb2_grpc.add_AgentServiceServicer_to_server(scripted, server)

    server, port, health = await create_server(
        GrpcServerSettings(port=0), register, [AGENT_SERVICE]
    )
    await set_serving(health, [AGENT_SERVICE], True)
    try:
        yield scripted, f"127.0.0.1:{port}"
    finally:
        scripted.release.set()
        await server.stop(None)


async def start_gateway(tmp_path: Path, agent_addr: str, drain_seconds: float) -> GatewayProcess:
    """``python -m gateway`` on port 0 (no auth: loopback only); returns once it listens."""
    ready = tmp_path / "gateway.port"
    log = tmp_path / "gateway.log"
    env = {
        **os.environ,
        "OTEL_TRACES_EXPORTER": "none",
        "OTEL_METRICS_EXPORTER": "none",
        "PYTHONUNBUFFERED": "1",
        "GROUNDMESH_GATEWAY_HOST": "127.0.0.1",
        "GROUNDMESH_GATEWAY_PORT": "0",
        "GROUNDMESH_GATEWAY_READY_FILE": str(ready),
        "GROUNDMESH_GATEWAY_AGENT_ADDR": agent_addr,
        "GROUNDMESH_GATEWAY_RETRIEVAL_ADDR": "127.0.0.1:9",  # never called here
        "GROUNDMESH_GATEWAY_NO_AUTH": "true",
        "GROUNDMESH_GATEWAY_DRAIN_SECONDS": str(drain_seconds),
        "GROUNDMESH_GATEWAY_HEARTBEAT_SECONDS": "0.5",
    }
    with log.open("wb") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "gateway",
            cwd=REPO,
            env=env,
            stdout=out,
            stderr=asyncio.subprocess.STDOUT,
            stdin=asyncio.subprocess.DEVNULL,
        )
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while not ready.exists():
        if process.returncode is not None or loop.time() > deadline:
            process.kill()
            await process.wait()
            raise AssertionError("the gateway did not start:\n" + log.read_text(errors="replace"))
        await asyncio.sleep(0.05)
    return GatewayProcess(process, f"http://127.0.0.1:{ready.read_text()}", log)


async def exit_code(gateway: GatewayProcess) -> int:
    try:
        return await asyncio.wait_for(gateway.process.wait(), WAIT)
    except TimeoutError:
        gateway.process.kill()
        await gateway.process.wait()
        raise AssertionError(f"still running after SIGTERM:\n{gateway.log_text()}") from None


@dataclass
class Stream:
    """The events of one SSE answer as they arrive."""

    events: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    opened: asyncio.Event = field(default_factory=asyncio.Event)
    status: int = 0

    @property
    def names(self) -> list[str]:
        return [name for name, _ in self.events]


async def read_stream(client: httpx.AsyncClient, url: str, question: str, out: Stream) -> None:
    name = ""
    async with client.stream("POST", f"{url}/v1/ask/stream", json={"question": question}) as r:
        out.status = r.status_code
        async for line in r.aiter_lines():
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: "):
                out.events.append((name, json.loads(line.removeprefix("data: "))))
                out.opened.set()


async def refuses_new_requests(url: str) -> bool:
    """A new request is refused: nothing listens any more, or 503 with Retry-After."""
    try:
        async with httpx.AsyncClient(timeout=WAIT) as fresh:
            r = await fresh.get(f"{url}/healthz")
    except httpx.TransportError:
        return True
    return r.status_code == 503 and "retry-after" in r.headers


async def test_open_streams_drain_to_done_while_new_requests_are_refused(
    tmp_path: Path, agent: tuple[ScriptedAgent, str]
) -> None:
    scripted, addr = agent
    gateway = await start_gateway(tmp_path, addr, drain_seconds=WAIT)
    try:
        streams = [Stream() for _ in range(3)]
        async with httpx.AsyncClient(timeout=WAIT) as client:
            reads = [
                asyncio.create_task(read_stream(client, gateway.url, f"WAIT {i}", s))
                for i, s in enumerate(streams)
            ]
            await scripted.until(len(streams))
            gateway.process.send_signal(signal.SIGTERM)
            refused = False
            for _ in range(int(WAIT / 0.05)):
                if refused := await refuses_new_requests(gateway.url):
                    break
                await asyncio.sleep(0.05)
            assert all(not r.done() for r in reads), "a stream ended before its run finished"
            scripted.release.set()
            await asyncio.wait_for(asyncio.gather(*reads), WAIT)
        rc = await exit_code(gateway)
    finally:
        if gateway.process.returncode is None:
            gateway.process.kill()
            await gateway.process.wait()
    assert refused, "the draining gateway still accepted a new request"
    for s in streams:
        assert s.status == 200
        assert s.names[-1] == "done", s.events
        assert s.events[-1][1]["answer"] == "released"
    assert scripted.cancelled == 0
    assert rc == 0, gateway.log_text()


async def test_runs_still_open_when_the_drain_ends_end_with_unavailable(
    tmp_path: Path, agent: tuple[ScriptedAgent, str]
) -> None:
    scripted, addr = agent
    gateway = await start_gateway(tmp_path, addr, drain_seconds=0.5)
    try:
        stream = Stream()
        async with httpx.AsyncClient(timeout=WAIT) as client:
            read = asyncio.create_task(read_stream(client, gateway.url, "HANG stream", stream))
            whole = asyncio.create_task(
                client.post(f"{gateway.url}/v1/ask", json={"question": "HANG whole"})
            )
            await scripted.until(2)
            gateway.process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(read, WAIT)
            reply = await asyncio.wait_for(whole, WAIT)
            await asyncio.wait_for(scripted.cancellation.wait(), WAIT)
        rc = await exit_code(gateway)
    finally:
        if gateway.process.returncode is None:
            gateway.process.kill()
            await gateway.process.wait()
    # The stream was not cut: its last event is an error saying to ask again.
    assert stream.status == 200
    assert stream.names[0] == "reasoning" and stream.names[-1] == "error", stream.events
    assert stream.events[-1][1]["code"] == "UNAVAILABLE"
    assert "shutting down" in stream.events[-1][1]["message"]
    assert reply.status_code == 503, reply.text
    assert reply.json()["error"]["code"] == "UNAVAILABLE"
    while scripted.cancelled < 2:  # both upstream calls were cancelled, not left running
        scripted.cancellation.clear()
        await asyncio.wait_for(scripted.cancellation.wait(), WAIT)
    assert rc == 0, gateway.log_text()


async def _hello(_: Request) -> PlainTextResponse:
    return PlainTextResponse("hello")


async def test_a_request_arriving_during_the_drain_gets_503_with_retry_after() -> None:
    app = Starlette(routes=[Route("/hello", _hello)])
    agent = AgentClient("127.0.0.1:9", timeout=5)  # never called: the channel stays idle
    drain = Drain(agent, seconds=1)
    transport = httpx.ASGITransport(app=RefuseWhileDraining(app, drain))
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://gw") as client:
            assert (await client.get("/hello")).text == "hello"
            drain.started = True
            r = await client.get("/hello")
    finally:
        await agent.close()
    assert r.status_code == 503
    assert int(r.headers["retry-after"]) >= 1
    assert r.json()["error"]["code"] == "UNAVAILABLE"
    assert "shutting down" in r.json()["error"]["message"]
