"""The gateway's client of agent_svc."""

from __future__ import annotations

from collections.abc import AsyncGenerator

import grpc

from groundmesh.v1 import agent_pb2, agent_pb2_grpc
from mesh.errors import from_rpc_error
from mesh.grpc_client import is_serving, open_channel

AGENT_SERVICE = agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name


class AgentClient:
    """Asks agent_svc; failed calls become GroundmeshErrors."""

    def __init__(self, target: str, timeout: float) -> None:
        self._channel = open_channel(target)
        self._stub = agent_pb2_grpc.AgentServiceStub(self._channel)
        self._timeout = timeout

    async def close(self) -> None:
        await self._channel.close(None)

    async def ready(self) -> bool:
        """Whether the agent (and so every upstream behind it) is SERVING."""
        return await is_serving(self._channel, AGENT_SERVICE)

    async def ask(self, question: agent_pb2.Question) -> agent_pb2.Answer:
        try:
            reply: agent_pb2.AskResponse = await self._stub.Ask(
                agent_pb2.AskRequest(question=question), timeout=self._timeout
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "agent_svc") from exc
        return reply.answer

    async def ask_stream(
        self, question: agent_pb2.Question
    ) -> AsyncGenerator[agent_pb2.AskStreamResponse, None]:
        """The run's events; cancelling the iteration cancels the upstream call."""
        call = self._stub.AskStream(
            agent_pb2.AskStreamRequest(question=question), timeout=self._timeout
        )
        try:
            async for event in call:
                yield event
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "agent_svc") from exc
        finally:
            call.cancel()
