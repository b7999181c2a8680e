"""judge_svc over real gRPC on loopback: Judge, GradeDocuments, and bad input."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest
import pytest_asyncio

from groundmesh.v1 import common_pb2, judge_pb2, judge_pb2_grpc
from judge_svc.server import SERVICE_NAMES, registrar
from mesh.config import JudgeSettings
from mesh.grpc_server import create_server, set_serving

pytestmark = pytest.mark.integration

SEC = common_pb2.Chunk(
    chunk_id="sec#0",
    doc_id="sec",
    text="Passwords are rotated every ninety days. Report a lost laptop within one hour.",
)
LEAVE = common_pb2.Chunk(
    chunk_id="leave#0",
    doc_id="leave",
    text="員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。",
)


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def judge_stub() -> AsyncIterator[judge_pb2_grpc.JudgeServiceStub]:
    settings = JudgeSettings(port=0)
    server, port, health = await create_server(settings, registrar(settings), SERVICE_NAMES)
    await set_serving(health, SERVICE_NAMES, True)
    async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
        yield judge_pb2_grpc.JudgeServiceStub(channel)
    await server.stop(None)


async def judge(
    stub: judge_pb2_grpc.JudgeServiceStub, draft: str, sources: list[common_pb2.Chunk], **kw: object
) -> common_pb2.Judgement:
    response = await stub.Judge(
        judge_pb2.JudgeRequest(draft=draft, sources=sources, **kw),  # type: ignore[arg-type]
        timeout=10,
    )
    judgement: common_pb2.Judgement = response.judgement
    return judgement


@pytest.mark.asyncio(loop_scope="module")
class TestJudge:
    async def test_grounded_english_draft_is_accepted(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(
            judge_stub,
            "Passwords are rotated every ninety days [sec#0].",
            [SEC],
            question="How often are passwords rotated?",
        )
        assert j.decision == common_pb2.DECISION_ACCEPT
        assert j.risk_level == common_pb2.RISK_LEVEL_LOW
        assert j.evaluator == "claim_support" and not j.HasField("llm_score")
        assert list(j.hallucination.valid_citations) == ["sec#0"]
        assert j.hallucination.total_claims == 1 and j.hallucination.citation_ratio == 1.0

    async def test_grounded_chinese_draft_citing_the_parent_is_accepted(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(
            judge_stub, "根據您的文件：\n員工請假須於三個工作天前提出申請[leave]", [LEAVE]
        )
        assert j.decision == common_pb2.DECISION_ACCEPT
        assert list(j.hallucination.valid_citations) == ["leave"]

    async def test_source_n_and_grouped_citations(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(
            judge_stub,
            "Passwords are rotated every ninety days [Source 1]. "
            "Report a lost laptop within one hour [sec#0, leave#0].",
            [SEC, LEAVE],
        )
        assert list(j.hallucination.valid_citations) == ["Source 1", "sec#0", "leave#0"]
        assert j.decision == common_pb2.DECISION_ACCEPT

    async def test_contradiction_and_invalid_citation_are_rejected(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(judge_stub, "Passwords are rotated every thirty days [sec#9].", [SEC])
        assert j.decision == common_pb2.DECISION_REJECT
        assert j.risk_level == common_pb2.RISK_LEVEL_HIGH and j.risk_score > 0.6
        assert list(j.hallucination.invalid_citations) == ["sec#9"]
        assert "high_any_invalid_citation" in j.criteria

    async def test_high_risk_near_the_iteration_limit_is_accepted_and_flagged(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(
            judge_stub, "Passwords rotate yearly [x#1].", [SEC], iteration=8, max_iterations=10
        )
        assert j.decision == common_pb2.DECISION_ACCEPT and j.accepted_at_limit
        assert j.risk_level == common_pb2.RISK_LEVEL_HIGH

    async def test_empty_draft_has_no_risk_and_a_note(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(judge_stub, "", [SEC])
        assert j.risk_score == 0.0 and j.decision == common_pb2.DECISION_ACCEPT
        assert "Answer is empty" in j.hallucination.notes

    async def test_control_characters_in_a_citation_are_reported_escaped(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(
            judge_stub, "Passwords are rotated every ninety days [sec#0\x1b[31m].", [SEC]
        )
        # An ANSI escape opens a bracket of its own: the innermost bracket is the citation.
        assert list(j.hallucination.invalid_citations) == ["31m"]
        j2 = await judge(judge_stub, "Passwords are rotated every ninety days [sec\x00#0].", [SEC])
        assert list(j2.hallucination.invalid_citations) == ["sec\\u0000#0"]

    async def test_missing_sources_give_a_verdict_not_an_error(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        j = await judge(judge_stub, "Passwords are rotated every ninety days [sec#0].", [])
        assert j.risk_level == common_pb2.RISK_LEVEL_HIGH
        assert list(j.hallucination.invalid_citations) == ["sec#0"]


@pytest.mark.asyncio(loop_scope="module")
class TestBadInput:
    async def test_source_without_id(self, judge_stub: judge_pb2_grpc.JudgeServiceStub) -> None:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await judge(judge_stub, "text", [common_pb2.Chunk(text="no id")])
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "sources[0] has no chunk_id" in (err.value.details() or "")

    async def test_megabyte_draft(self, judge_stub: judge_pb2_grpc.JudgeServiceStub) -> None:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await judge(judge_stub, "x" * (1 << 20), [SEC])
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "1048576 characters" in (err.value.details() or "")

    async def test_negative_iteration(self, judge_stub: judge_pb2_grpc.JudgeServiceStub) -> None:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await judge(judge_stub, "text", [SEC], iteration=-1)
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT

    async def test_grading_needs_a_question(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await judge_stub.GradeDocuments(
                judge_pb2.GradeDocumentsRequest(question=" ", chunks=[SEC]), timeout=10
            )
        assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.asyncio(loop_scope="module")
class TestGradeDocuments:
    async def test_sufficient_with_per_chunk_relevance(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        g = await judge_stub.GradeDocuments(
            judge_pb2.GradeDocumentsRequest(
                question="How often are passwords rotated?", chunks=[SEC, LEAVE]
            ),
            timeout=10,
        )
        assert g.verdict == judge_pb2.SUFFICIENCY_SUFFICIENT
        assert [c.chunk_id for c in g.chunk_grades] == ["sec#0", "leave#0"]
        assert g.chunk_grades[0].relevant and not g.chunk_grades[1].relevant
        assert g.grader_model == "lexical"

    async def test_insufficient_names_the_missing_aspects(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        g = await judge_stub.GradeDocuments(
            judge_pb2.GradeDocumentsRequest(question="病假需要醫師證明嗎？", chunks=[LEAVE]),
            timeout=10,
        )
        assert g.verdict == judge_pb2.SUFFICIENCY_INSUFFICIENT
        assert {"醫師", "證明"} <= set(g.missing_aspects)

    async def test_a_passage_is_graded_with_its_title_and_section(
        self, judge_stub: judge_pb2_grpc.JudgeServiceStub
    ) -> None:
        body = common_pb2.Chunk(
            chunk_id="hr#1",
            doc_id="hr",
            title="請假規定",
            text="須於三個工作天前透過人事系統提出，並經直屬主管核准。",
            metadata={"section": "特別休假"},
        )
        bare = common_pb2.Chunk(chunk_id="hr#2", doc_id="hr", text=body.text)
        g = await judge_stub.GradeDocuments(
            judge_pb2.GradeDocumentsRequest(question="總結請假規定", chunks=[body, bare]),
            timeout=10,
        )
        assert [c.relevance for c in g.chunk_grades] == [1.0, 0.0]
