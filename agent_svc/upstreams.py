"""gRPC clients of router_svc, retrieval_svc and judge_svc, with deadlines and error mapping."""

from __future__ import annotations

from collections.abc import Sequence

import grpc

from agent_svc.deadline import timeout_for
from groundmesh.v1 import (
    common_pb2,
    judge_pb2,
    judge_pb2_grpc,
    retrieval_pb2,
    retrieval_pb2_grpc,
    router_pb2,
    router_pb2_grpc,
)
from mesh.config import AgentSettings
from mesh.errors import from_rpc_error
from mesh.grpc_client import IDEMPOTENT_METHODS, is_serving, open_channel


class GrpcUpstreams:
    """The agent's view of the mesh; every failed call becomes a GroundmeshError."""

    def __init__(self, settings: AgentSettings) -> None:
        self._timeout = settings.upstream_timeout_seconds
        size = settings.max_message_bytes
        # Every method the agent calls is idempotent: retried on UNAVAILABLE, with backoff. The
        # channels are health-aware: calls go only to replicas whose health says SERVING, so a
        # draining replica gets none and a service that is down fails fast (the agent degrades).
        retry = IDEMPOTENT_METHODS

        # The server as a whole ("") is watched: every service of ours sets it with its own.
        def channel(address: str) -> grpc.aio.Channel:
            return open_channel(address, size, retry_methods=retry, health_service="")

        self._channels = {
            "router_svc": channel(settings.router_addr),
            "retrieval_svc": channel(settings.retrieval_addr),
            "judge_svc": channel(settings.judge_addr),
        }
        self._router = router_pb2_grpc.RouterServiceStub(self._channels["router_svc"])
        self._retrieval = retrieval_pb2_grpc.RetrievalServiceStub(self._channels["retrieval_svc"])
        self._judge = judge_pb2_grpc.JudgeServiceStub(self._channels["judge_svc"])
        self._grading_unimplemented = False

    async def close(self) -> None:
        for channel in self._channels.values():
            await channel.close(None)

    async def all_serving(self) -> bool:
        """Whether every upstream reports SERVING."""
        for channel in self._channels.values():
            if not await is_serving(channel):
                return False
        return True

    async def route(
        self, tenant: str, question: str, history: Sequence[common_pb2.Turn]
    ) -> router_pb2.RouteResponse:
        try:
            reply: router_pb2.RouteResponse = await self._router.Route(
                router_pb2.RouteRequest(tenant=tenant, question=question, history=history),
                timeout=timeout_for(self._timeout),
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "router_svc") from exc
        return reply

    async def search(
        self, tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
    ) -> retrieval_pb2.SearchResponse:
        try:
            reply: retrieval_pb2.SearchResponse = await self._retrieval.Search(
                retrieval_pb2.SearchRequest(
                    tenant=tenant, query=query, top_k=top_k, doc_ids=doc_ids
                ),
                timeout=timeout_for(min(timeout, self._timeout)),
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        return reply

    async def grade(
        self,
        tenant: str,
        question: str,
        chunks: Sequence[common_pb2.Chunk],
        threshold: float,
        language: str = "",
    ) -> list[float] | None:
        """judge_svc GradeDocuments: each chunk's relevance; None when the judge cannot grade."""
        if self._grading_unimplemented:
            return None
        try:
            reply: judge_pb2.GradeDocumentsResponse = await self._judge.GradeDocuments(
                judge_pb2.GradeDocumentsRequest(
                    tenant=tenant, question=question, chunks=chunks, language=language
                ),
                timeout=timeout_for(self._timeout),
            )
        except grpc.aio.AioRpcError as exc:
            if exc.code() == grpc.StatusCode.UNIMPLEMENTED:
                self._grading_unimplemented = True
                return None
            raise from_rpc_error(exc, "judge_svc") from exc
        by_id = {g.chunk_id: g.relevance for g in reply.chunk_grades}
        if not all(c.chunk_id in by_id for c in chunks):
            return None
        return [float(by_id[c.chunk_id]) for c in chunks]

    async def judge(
        self,
        tenant: str,
        question: str,
        draft: str,
        sources: Sequence[common_pb2.Chunk],
        iteration: int,
        max_iterations: int,
        language: str,
        standalone_question: str = "",
    ) -> common_pb2.Judgement:
        try:
            reply: judge_pb2.JudgeResponse = await self._judge.Judge(
                judge_pb2.JudgeRequest(
                    tenant=tenant,
                    question=question,
                    draft=draft,
                    sources=sources,
                    iteration=iteration,
                    max_iterations=max_iterations,
                    language=language,
                    standalone_question=standalone_question,
                ),
                timeout=timeout_for(self._timeout),
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "judge_svc") from exc
        return reply.judgement
