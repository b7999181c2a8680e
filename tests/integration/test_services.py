"""Each service over real loopback gRPC: contracts, errors as status codes, health."""

from __future__ import annotations

import re

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from groundmesh.v1 import (
    agent_pb2,
    agent_pb2_grpc,
    common_pb2,
    judge_pb2,
    judge_pb2_grpc,
    retrieval_pb2,
    retrieval_pb2_grpc,
    router_pb2,
    router_pb2_grpc,
)
from tests.integration.conftest import Mesh

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

CITATION = re.compile(r"\[([^\[\]\n]+)\]")


class TestHealth:
    async def test_every_service_reports_serving(self, grpc_mesh: Mesh) -> None:
        for addr, name in [
            (grpc_mesh.router, "groundmesh.v1.RouterService"),
            (grpc_mesh.retrieval, "groundmesh.v1.RetrievalService"),
            (grpc_mesh.judge, "groundmesh.v1.JudgeService"),
            (grpc_mesh.agent, "groundmesh.v1.AgentService"),
        ]:
            async with grpc.aio.insecure_channel(addr) as ch:
                reply = await health_pb2_grpc.HealthStub(ch).Check(
                    health_pb2.HealthCheckRequest(service=name), timeout=60
                )
                assert reply.status == health_pb2.HealthCheckResponse.SERVING


class TestRouter:
    async def test_routes_a_greeting_and_a_question(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.router) as ch:
            stub = router_pb2_grpc.RouterServiceStub(ch)
            hello = await stub.Route(router_pb2.RouteRequest(question="您好！"), timeout=60)
            assert hello.intent == common_pb2.INTENT_DIRECT_ANSWER
            assert hello.language == "zh-Hant"
            q = await stub.Route(
                router_pb2.RouteRequest(question="请问病假要怎么办理？"), timeout=60
            )
            assert q.intent == common_pb2.INTENT_DOCUMENT_QA
            assert q.language == "zh-Hans"
            assert q.search_queries

    async def test_empty_question_is_invalid_argument(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.router) as ch:
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await router_pb2_grpc.RouterServiceStub(ch).Route(
                    router_pb2.RouteRequest(question="   "), timeout=60
                )
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "empty" in (err.value.details() or "")


class TestRetrieval:
    async def test_search_finds_the_passage_with_all_three_scores(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.retrieval) as ch:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(ch)
            reply = await stub.Search(
                retrieval_pb2.SearchRequest(tenant="acme", query="how often are passwords rotated"),
                timeout=60,
            )
        top = reply.chunks[0]
        assert top.doc_id == "security.md"
        assert top.HasField("vector_score") and top.HasField("bm25_score")
        assert top.fused_score > 0
        assert [c.fused_score for c in reply.chunks] == sorted(
            (c.fused_score for c in reply.chunks), reverse=True
        )

    async def test_tenants_are_isolated(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.retrieval) as ch:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(ch)
            reply = await stub.Search(
                retrieval_pb2.SearchRequest(tenant="other", query="passwords"), timeout=60
            )
        assert list(reply.chunks) == []

    async def test_delete_unknown_document_is_not_found(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.retrieval) as ch:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(ch)
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await stub.DeleteDocument(
                    retrieval_pb2.DeleteDocumentRequest(tenant="acme", doc_id="nope"), timeout=60
                )
        assert err.value.code() == grpc.StatusCode.NOT_FOUND

    async def test_a_bad_document_is_rejected_and_changes_nothing(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.retrieval) as ch:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(ch)
            before = await stub.GetStats(retrieval_pb2.GetStatsRequest(tenant="acme"), timeout=60)

            async def bad() -> object:
                yield retrieval_pb2.IngestRequest(
                    tenant="acme",
                    doc_id="broken",
                    content=b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01",
                    content_type="",
                )

            with pytest.raises(grpc.aio.AioRpcError) as err:
                async for _ in stub.Ingest(bad()):
                    pass
            after = await stub.GetStats(retrieval_pb2.GetStatsRequest(tenant="acme"), timeout=60)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "UTF-8" in (err.value.details() or "")
        assert (after.documents, after.chunks) == (before.documents, before.chunks)


class TestJudge:
    async def test_invalid_citation_is_high_risk(self, grpc_mesh: Mesh) -> None:
        src = common_pb2.Chunk(chunk_id="d#0", doc_id="d", text="Passwords rotate every 90 days.")
        async with grpc.aio.insecure_channel(grpc_mesh.judge) as ch:
            stub = judge_pb2_grpc.JudgeServiceStub(ch)
            good = await stub.Judge(
                judge_pb2.JudgeRequest(
                    draft="Passwords rotate every 90 days according to policy [d#0].",
                    sources=[src],
                ),
                timeout=60,
            )
            bad = await stub.Judge(
                judge_pb2.JudgeRequest(
                    draft="Passwords rotate every 90 days according to policy [x#9].",
                    sources=[src],
                ),
                timeout=60,
            )
        assert good.judgement.decision == common_pb2.DECISION_ACCEPT
        assert bad.judgement.risk_level == common_pb2.RISK_LEVEL_HIGH
        assert list(bad.judgement.hallucination.invalid_citations) == ["x#9"]


class TestAgent:
    @pytest.mark.parametrize(
        "question",
        ["員工請假要提前幾天申請？", "How fast must a lost laptop be reported?"],
    )
    async def test_stream_ends_in_done_and_every_citation_is_a_source(
        self, grpc_mesh: Mesh, question: str
    ) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.agent) as ch:
            stub = agent_pb2_grpc.AgentServiceStub(ch)
            events = [
                e
                async for e in stub.AskStream(
                    agent_pb2.AskStreamRequest(
                        question=agent_pb2.Question(tenant="acme", question=question, trace=True)
                    ),
                    timeout=60,
                )
            ]
        kinds = [e.WhichOneof("event") for e in events]
        assert kinds[-1] == "done" and kinds.count("done") == 1
        assert [e.sequence for e in events] == list(range(1, len(events) + 1))
        assert "tool_call" in kinds and "judgement" in kinds and "token" in kinds
        answer = events[-1].done.answer
        cited = set(CITATION.findall(answer.answer))
        assert cited, answer.answer
        assert cited <= {s.chunk_id for s in answer.sources}
        assert answer.judgement.decision == common_pb2.DECISION_ACCEPT
        assert [s.name for s in answer.intermediate_steps][:2] == ["classify", "search"]

    async def test_greeting_never_searches(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.agent) as ch:
            events = [
                e
                async for e in agent_pb2_grpc.AgentServiceStub(ch).AskStream(
                    agent_pb2.AskStreamRequest(
                        question=agent_pb2.Question(tenant="acme", question="hello!")
                    ),
                    timeout=30,
                )
            ]
        kinds = [e.WhichOneof("event") for e in events]
        assert "tool_call" not in kinds
        assert events[-1].done.answer.intent == common_pb2.INTENT_DIRECT_ANSWER

    async def test_missing_tenant_is_invalid_argument(self, grpc_mesh: Mesh) -> None:
        async with grpc.aio.insecure_channel(grpc_mesh.agent) as ch:
            with pytest.raises(grpc.aio.AioRpcError) as err:
                await agent_pb2_grpc.AgentServiceStub(ch).Ask(
                    agent_pb2.AskRequest(question=agent_pb2.Question(question="hi")), timeout=60
                )
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
