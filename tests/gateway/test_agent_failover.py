"""A question whose agent fails UNAVAILABLE before answering goes to another agent, once.

Two real gRPC agents on loopback behind one target (``ipv4:a,b``, as a headless Service
resolves), with the gateway's own client. The agents share a script: the first run received
(on whichever agent the round robin picks) fails as a killed agent's does, the next answers.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest

from gateway.agent_client import AgentClient
from groundmesh.v1 import agent_pb2, agent_pb2_grpc, common_pb2
from mesh.config import GrpcServerSettings
from mesh.errors import InvalidInput, Unavailable
from mesh.grpc_server import create_server, set_serving

AGENT_SERVICE = agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name
Context = grpc.aio.ServicerContext[Any, Any]
ANSWER = agent_pb2.Answer(
    answer="answered",
    judgement=common_pb2.Judgement(decision=common_pb2.DECISION_ACCEPT),
    model_used="scripted",
    language="en",
)


@dataclass
class Script:
    """What the n-th run received does: "lost" (UNAVAILABLE before any event), "late" (one
    event, then UNAVAILABLE), "bad" (INVALID_ARGUMENT) or "answer"."""

    steps: list[str]
    runs: int = 0

    def next(self) -> str:
        self.runs += 1
        return self.steps[self.runs - 1] if self.runs <= len(self.steps) else "answer"


class ScriptedAgent(agent_pb2_grpc.AgentServiceServicer):
    def __init__(self, script: Script) -> None:
        self.script = script

    async def Ask(self, request: agent_pb2.AskRequest, context: Context) -> agent_pb2.AskResponse:
        step = self.script.next()
        if step == "lost":
            await context.abort(grpc.StatusCode.UNAVAILABLE, "Socket closed")
        if step == "bad":
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "bad question")
        return agent_pb2.AskResponse(answer=ANSWER)

    async def AskStream(
        self, request: agent_pb2.AskStreamRequest, context: Context
    ) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        step = self.script.next()
        if step == "lost":
            await context.abort(grpc.StatusCode.UNAVAILABLE, "Socket closed")
        if step == "bad":
            await context.abort(grpc.StatusCode.INVALID_ARGUMENT, "bad question")
        yield agent_pb2.AskStreamResponse(
            sequence=1, reasoning=agent_pb2.ReasoningEvent(step="classify", text="scripted")
        )
        if step == "late":
            await context.abort(grpc.StatusCode.UNAVAILABLE, "Socket closed")
        yield agent_pb2.AskStreamResponse(sequence=2, done=agent_pb2.DoneEvent(answer=ANSWER))


async def _agents(script: Script) -> tuple[list[grpc.aio.Server], str]:
    servers, ports = [], []
    for _ in range(2):
        agent = ScriptedAgent(script)

        def register(server: grpc.aio.Server, agent: ScriptedAgent = agent) -> None:
            agent_pb2_grpc.add_AgentServiceServicer_to_server(agent, server)

        server, port, health = await create_server(
            GrpcServerSettings(port=0), register, [AGENT_SERVICE]
        )
        await set_serving(health, [AGENT_SERVICE], True)
        servers.append(server)
        ports.append(port)
    return servers, "ipv4:" + ",".join(f"127.0.0.1:{p}" for p in ports)


async def _run(steps: list[str], stream: bool) -> tuple[Script, list[str] | Exception]:
    script = Script(steps)
    question = agent_pb2.Question(tenant="acme", question="how many days?")
    servers, target = await _agents(script)
    client = AgentClient(target, timeout=30.0)
    try:
        if stream:
            seen = [event.WhichOneof("event") async for event in client.ask_stream(question)]
        else:
            seen = [(await client.ask(question)).answer]
        return script, seen
    except Exception as error:  # the test looks at which
        return script, error
    finally:
        await client.close()
        for server in servers:
            await server.stop(None)


@pytest.mark.parametrize("stream", [False, True])
async def test_a_lost_agent_s_question_is_answered_by_another(stream: bool) -> None:
    script, seen = await _run(["lost"], stream)
    assert seen == (["reasoning", "done"] if stream else ["answered"])
    assert script.runs == 2


@pytest.mark.parametrize("stream", [False, True])
async def test_only_once(stream: bool) -> None:
    script, seen = await _run(["lost", "lost"], stream)
    assert isinstance(seen, Unavailable)
    assert script.runs == 2


@pytest.mark.parametrize("stream", [False, True])
async def test_other_errors_are_not_asked_again(stream: bool) -> None:
    script, seen = await _run(["bad"], stream)
    assert isinstance(seen, InvalidInput)
    assert script.runs == 1


async def test_a_stream_the_user_already_saw_is_not_asked_again() -> None:
    script, seen = await _run(["late"], stream=True)
    assert isinstance(seen, Unavailable)
    assert script.runs == 1
