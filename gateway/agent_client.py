"""The gateway's client of agent_svc."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncGenerator, Iterator

import grpc

from groundmesh.v1 import agent_pb2, agent_pb2_grpc
from mesh.errors import GroundmeshError, Unavailable, from_rpc_error
from mesh.grpc_client import is_serving, open_channel, serving_unless_reported_down
from mesh.grpc_server import UPSTREAMS_HEALTH

AGENT_SERVICE = agent_pb2.DESCRIPTOR.services_by_name["AgentService"].full_name
SHUTTING_DOWN_MESSAGE = "the gateway is shutting down; ask again"
# A question is sent to a second agent when the first failed UNAVAILABLE before answering (the
# topology rehearsal: killing one of three agents failed the questions it was running).
ASK_ATTEMPTS = 2


def _cancelled_from_outside() -> bool:
    """Whether the running task itself is being cancelled (the client left, say)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


class AgentClient:
    """Asks agent_svc; failed calls become GroundmeshErrors.

    :meth:`interrupt_runs` ends every run in progress (the gateway stops): each ends with
    :class:`Unavailable` ("ask again"), which the SSE relay sends as its final ``error`` event
    and ``/v1/ask`` as a 503, instead of a cut connection.
    """

    def __init__(self, target: str, timeout: float) -> None:
        # Health-aware round robin over every agent the target resolves to (a headless
        # Service, or ``ipv4:a,b``): a draining agent gets no new question.
        self._channel = open_channel(target, health_service="")
        self._stub = agent_pb2_grpc.AgentServiceStub(self._channel)
        self._timeout = timeout
        self._calls: set[grpc.aio.Call] = set()
        self._interrupted: set[grpc.aio.Call] = set()
        self._closing = False

    async def close(self) -> None:
        await self._channel.close(None)

    @property
    def open_runs(self) -> int:
        """Agent calls in progress."""
        return len(self._calls)

    def interrupt_runs(self) -> int:
        """Cancel every agent call in progress and refuse new ones; how many were cancelled."""
        self._closing = True
        calls = list(self._calls)
        for call in calls:
            self._interrupted.add(call)
            call.cancel()
        return len(calls)

    @contextlib.contextmanager
    def _tracked(self, call: grpc.aio.Call) -> Iterator[None]:
        """While the block runs, ``call`` counts as a run in progress; a failed call becomes
        a GroundmeshError, and one cancelled by :meth:`interrupt_runs` ends as Unavailable."""
        self._calls.add(call)
        try:
            yield
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "agent_svc") from exc
        except asyncio.CancelledError:
            if (error := self._interruption(call)) is not None:
                raise error from None
            raise
        finally:
            self._calls.discard(call)
            self._interrupted.discard(call)

    def _refuse_when_closing(self) -> None:
        if self._closing:
            raise Unavailable(SHUTTING_DOWN_MESSAGE)

    def _interruption(self, call: grpc.aio.Call) -> Unavailable | None:
        """The error a call cancelled by :meth:`interrupt_runs` ends with (None if it was not)."""
        if call in self._interrupted and not _cancelled_from_outside():
            return Unavailable(SHUTTING_DOWN_MESSAGE)
        return None

    async def ready(self) -> bool:
        """Whether the agent and every upstream behind it are SERVING right now (the agent
        itself keeps serving, degraded, while one of them is down)."""
        return await is_serving(
            self._channel, AGENT_SERVICE
        ) and await serving_unless_reported_down(self._channel, UPSTREAMS_HEALTH)

    def _may_ask_again(self, error: GroundmeshError, attempt: int) -> bool:
        """Whether a question whose agent failed UNAVAILABLE before the user saw anything goes
        to another agent: once, unless the gateway is stopping. The agent that went away (killed,
        drained, its node lost) wrote nothing: a turn is remembered only once it is answered."""
        return isinstance(error, Unavailable) and attempt < ASK_ATTEMPTS and not self._closing

    async def ask(self, question: agent_pb2.Question) -> agent_pb2.Answer:
        for attempt in range(1, ASK_ATTEMPTS + 1):
            self._refuse_when_closing()
            call = self._stub.Ask(agent_pb2.AskRequest(question=question), timeout=self._timeout)
            try:
                with self._tracked(call):
                    reply: agent_pb2.AskResponse = await call
            except GroundmeshError as error:
                if not self._may_ask_again(error, attempt):
                    raise
                continue
            return reply.answer
        raise AssertionError("unreachable")

    async def ask_stream(
        self, question: agent_pb2.Question
    ) -> AsyncGenerator[agent_pb2.AskStreamResponse, None]:
        """The run's events; cancelling the iteration cancels the upstream call. A run that
        fails UNAVAILABLE before its first event is asked of another agent once."""
        for attempt in range(1, ASK_ATTEMPTS + 1):
            self._refuse_when_closing()
            call = self._stub.AskStream(
                agent_pb2.AskStreamRequest(question=question), timeout=self._timeout
            )
            relayed = False
            try:
                with self._tracked(call):
                    try:
                        async for event in call:
                            relayed = True
                            yield event
                    finally:
                        call.cancel()
                return
            except GroundmeshError as error:
                if relayed or not self._may_ask_again(error, attempt):
                    raise
