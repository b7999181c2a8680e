"""The LLM judge over gRPC, talking to the local Messages API server over real HTTP."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
import pytest_asyncio

from groundmesh.v1 import common_pb2, judge_pb2, judge_pb2_grpc
from judge_svc.server import SERVICE_NAMES, registrar
from mesh.config import JudgeSettings
from mesh.grpc_server import create_server, set_serving
from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.settings import LLMSettings
from testkit.messages_api import (
    MessagesAPIServer,
    error_reply,
    text_reply,
    tool_use_reply,
)

pytestmark = pytest.mark.integration

KEY = "sk-test-judge"
SEC = common_pb2.Chunk(
    chunk_id="sec#0", doc_id="sec", text="Passwords are rotated every ninety days."
)
DRAFT = "Passwords are rotated every ninety days [sec#0]."
EVALUATION: dict[str, Any] = {
    "score": 0.92,
    "reasoning": "The statement matches the expert advice.",
    "confidence": 0.85,
    "decision": "synthesize",
    "hallucination": {"has_risk": False, "risk_score": 0.05, "notes": "grounded"},
    "completeness_score": 1.0,
    "relevance_score": 1.0,
    "citation_quality_score": 1.0,
    "consistency_score": 1.0,
}


@dataclass
class Rig:
    api: MessagesAPIServer
    stubs: dict[bool, judge_pb2_grpc.JudgeServiceStub]


@pytest.fixture(scope="module")
def api() -> Iterator[MessagesAPIServer]:
    with MessagesAPIServer(api_key=KEY) as server:
        yield server


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def rig(api: MessagesAPIServer) -> AsyncIterator[Rig]:
    llm_settings = LLMSettings(
        provider="anthropic",
        api_key=KEY,
        base_url=api.url,
        evaluation_model="judge-strong",
        evaluation_format_model="judge-small",
        grading_model="grader",
        max_retries=0,
        timeout_seconds=5.0,
    )
    client = AnthropicClient(llm_settings, rng=random.Random(1))
    servers, channels, stubs = [], [], {}
    for two_stage in (True, False):
        settings = JudgeSettings(port=0, llm_two_stage=two_stage)
        server, port, health = await create_server(
            settings, registrar(settings, client), SERVICE_NAMES
        )
        await set_serving(health, SERVICE_NAMES, True)
        channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
        servers.append(server)
        channels.append(channel)
        stubs[two_stage] = judge_pb2_grpc.JudgeServiceStub(channel)
    yield Rig(api, stubs)
    for channel in channels:
        await channel.close(None)
    for server in servers:
        await server.stop(None)
    await client.aclose()


async def ask(rig: Rig, two_stage: bool = True) -> common_pb2.Judgement:
    response = await rig.stubs[two_stage].Judge(
        judge_pb2.JudgeRequest(question="How often?", draft=DRAFT, sources=[SEC]), timeout=20
    )
    judgement: common_pb2.Judgement = response.judgement
    return judgement


@pytest.fixture(autouse=True)
def _clean(api: MessagesAPIServer) -> Iterator[None]:
    api.reset()
    yield
    api.reset()


@pytest.mark.asyncio(loop_scope="module")
class TestTwoStage:
    async def test_two_stages_use_their_own_models_and_a_forced_tool(self, rig: Rig) -> None:
        rig.api.queue(
            text_reply("The candidate answer repeats the expert advice; no issue."),
            tool_use_reply("record_evaluation", EVALUATION),
        )
        j = await ask(rig)
        first, second = rig.api.requests
        assert (first.model, second.model) == ("judge-strong", "judge-small")
        assert (
            "expert advice" in first.last_user_text and "candidate answer" in first.last_user_text
        )
        assert first.tool_choice is None
        assert second.tool_choice == {"type": "tool", "name": "record_evaluation"}
        assert "no issue" in second.last_user_text
        assert j.evaluator == "llm" and j.llm_score == pytest.approx(0.92)
        assert j.judge_model == "llm-two-stage" and j.decision == common_pb2.DECISION_ACCEPT
        assert j.confidence == pytest.approx(0.85)

    async def test_single_stage_is_one_forced_call(self, rig: Rig) -> None:
        rig.api.queue(tool_use_reply("record_evaluation", EVALUATION))
        j = await ask(rig, two_stage=False)
        (only,) = rig.api.requests
        assert only.model == "judge-strong" and only.tool_choice is not None
        assert j.judge_model == "llm-single-stage"


@pytest.mark.asyncio(loop_scope="module")
class TestEveryLineEarnsItsPlace:
    """Issue 28: the LLM judge is asked which lines do not address the question; a draft with
    such lines is refined with them named."""

    async def test_a_line_the_llm_names_off_the_question_is_refined(self, rig: Rig) -> None:
        padded = (
            "Passwords are rotated every ninety days [sec#0]. "
            "Report a lost laptop within one hour [lap#0]."
        )
        laptop = common_pb2.Chunk(
            chunk_id="lap#0", doc_id="lap", text="Report a lost laptop within one hour."
        )
        named = {**EVALUATION, "off_topic_sentences": ["Report a lost laptop within one hour."]}
        rig.api.queue(
            text_reply("The second sentence is about laptops, not passwords."),
            tool_use_reply("record_evaluation", named),
        )
        response = await rig.stubs[True].Judge(
            judge_pb2.JudgeRequest(
                question="How often are passwords rotated?", draft=padded, sources=[SEC, laptop]
            ),
            timeout=20,
        )
        j = response.judgement
        first, second = rig.api.requests
        assert "does not address" in first.last_user_text  # stage 1 asks for it
        assert "off_topic_sentences" in second.last_user_text  # stage 2 records it
        assert j.decision == common_pb2.DECISION_REFINE
        off = [v.text for v in j.line_verdicts if not v.addresses_question]
        assert off == ["Report a lost laptop within one hour."]
        assert [v.addresses_question for v in j.line_verdicts] == [True, False]

    async def test_a_focused_draft_stays_accepted(self, rig: Rig) -> None:
        rig.api.queue(
            text_reply("Grounded and on the question."),
            tool_use_reply("record_evaluation", {**EVALUATION, "off_topic_sentences": []}),
        )
        j = await ask(rig)
        assert j.decision == common_pb2.DECISION_ACCEPT
        assert all(v.addresses_question for v in j.line_verdicts)


@pytest.mark.asyncio(loop_scope="module")
class TestDegraded:
    async def test_malformed_stage2_json_twice_degrades_to_the_offline_verdict(
        self, rig: Rig
    ) -> None:
        rig.api.queue(
            text_reply("fine"),
            tool_use_reply("record_evaluation", raw_input='{"broken'),
            tool_use_reply("record_evaluation", {"score": "high"}),
        )
        j = await ask(rig)
        assert len(rig.api.requests) == 3
        assert j.evaluator == "claim_support" and not j.HasField("llm_score")
        assert j.degraded_reason.startswith("stage2:")
        assert j.decision == common_pb2.DECISION_ACCEPT

    async def test_stage1_server_error_degrades(self, rig: Rig) -> None:
        rig.api.queue(error_reply(500))
        j = await ask(rig)
        assert j.degraded_reason.startswith("stage1:") and j.evaluator == "claim_support"

    async def test_an_invalid_first_format_is_repaired(self, rig: Rig) -> None:
        rig.api.queue(
            text_reply("fine"),
            tool_use_reply("record_evaluation", {**EVALUATION, "score": 4}),
            tool_use_reply("record_evaluation", EVALUATION),
        )
        j = await ask(rig)
        assert j.evaluator == "llm" and len(rig.api.requests) == 3
        assert "not valid" in rig.api.requests[2].last_user_text


@pytest.mark.asyncio(loop_scope="module")
class TestLLMGrading:
    async def test_the_llm_grades_and_its_failure_falls_back(self, rig: Rig) -> None:
        rig.api.queue(
            tool_use_reply(
                "record_grade",
                {
                    "verdict": "INSUFFICIENT",
                    "missing_aspects": ["who approves exceptions"],
                    "chunks": [{"id": "sec#0", "relevance": 0.7}],
                    "reasoning": "exceptions are not covered",
                },
            )
        )
        request = judge_pb2.GradeDocumentsRequest(
            question="How often are passwords rotated and who approves exceptions?", chunks=[SEC]
        )
        g = await rig.stubs[True].GradeDocuments(request, timeout=20)
        assert rig.api.last_request.model == "grader"
        assert g.verdict == judge_pb2.SUFFICIENCY_INSUFFICIENT and g.grader_model == "llm"
        assert list(g.missing_aspects) == ["who approves exceptions"]
        assert g.chunk_grades[0].relevance == pytest.approx(0.7)
        rig.api.queue(error_reply(400, "bad request"))
        g2 = await rig.stubs[True].GradeDocuments(request, timeout=20)
        assert g2.grader_model == "lexical" and "LLM grader failed" in g2.reasoning
