"""The agent driven end to end over real gRPC: router, retrieval, judge and agent servers.

Every scenario runs twice: with the offline engines, and with the anthropic provider talking
real HTTP to the local Messages API server (a scripted model that reads the agent's prompts).
Each asserts the event sequence, the limits and that every citation names a returned source.
"""

from __future__ import annotations

import json
import re

import grpc
import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from agent_svc.templates import AnalysisTemplate
from groundmesh.v1 import agent_pb2, common_pb2
from testkit.messages_api import MessagesAPIServer, error_reply
from tests.agent.conftest import AgentMesh

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]
CITATION = re.compile(r"\[([^\[\]\n]+)\]")
PROVIDERS = ["offline", "anthropic"]
Events = list[agent_pb2.AskStreamResponse]


def kinds(events: Events) -> list[str]:
    return [str(e.WhichOneof("event")) for e in events]


def reasoning(events: Events, step: str) -> list[str]:
    return [
        e.reasoning.text
        for e in events
        if e.WhichOneof("event") == "reasoning" and e.reasoning.step == step
    ]


def tool_calls(events: Events) -> list[agent_pb2.ToolCallEvent]:
    return [e.tool_call for e in events if e.WhichOneof("event") == "tool_call"]


def check_run(events: Events) -> agent_pb2.Answer:
    """What every run must satisfy: numbered events, one final done, a cited non-empty answer."""
    k = kinds(events)
    assert k[-1] == "done" and k.count("done") == 1 and "error" not in k
    assert [e.sequence for e in events] == list(range(1, len(events) + 1))
    answer = events[-1].done.answer
    assert answer.answer.strip()
    assert (
        "".join(e.token.text for e in events if e.WhichOneof("event") == "token") == answer.answer
    )
    assert set(CITATION.findall(answer.answer)) <= {s.chunk_id for s in answer.sources}
    assert 0 <= answer.iterations <= 10 and len(reasoning(events, "decide")) <= 10
    assert answer.tokens_used > 0 and answer.trace_id
    if "tool_call" in k:
        first_token = k.index("token")
        assert k.index("tool_call") < k.index("tool_result") < first_token
        if answer.judgement.judge_model not in {"rules", "none"}:
            assert k.index("judgement") < first_token
    return answer


def cited_docs(answer: agent_pb2.Answer) -> set[str]:
    return {c.split("#")[0] for c in CITATION.findall(answer.answer)}


@pytest.mark.parametrize("provider", PROVIDERS)
class TestScenarios:
    async def test_greeting_uses_no_tool_and_no_model(
        self, agent_mesh: AgentMesh, messages_api: MessagesAPIServer, provider: str
    ) -> None:
        before = len(messages_api.requests)
        events = await agent_mesh.ask(provider, "normal", "hello!")
        answer = check_run(events)
        assert "tool_call" not in kinds(events) and len(messages_api.requests) == before
        assert kinds(events)[:2] == ["reasoning", "reasoning"]
        assert answer.intent == common_pb2.INTENT_DIRECT_ANSWER and answer.answer.startswith(
            "Hello"
        )

    async def test_simple_faq(
        self, agent_mesh: AgentMesh, messages_api: MessagesAPIServer, provider: str
    ) -> None:
        before = len(messages_api.requests)
        events = await agent_mesh.ask(
            provider, "normal", "How fast must a lost laptop be reported?"
        )
        answer = check_run(events)
        assert "security.md#1" in CITATION.findall(answer.answer)
        assert "within one hour" in answer.answer
        assert answer.judgement.decision == common_pb2.DECISION_ACCEPT
        assert [s.name for s in answer.intermediate_steps][:2] == ["classify", "search"]
        if provider == "anthropic":
            sent = messages_api.requests[before:]
            assert answer.model_used == "anthropic"
            assert any(r.stream for r in sent), "the answer is streamed from the model"
            assert all("DATA" in r.system_text for r in sent)
            synthesis = next(r for r in sent if r.stream)
            assert '<source id="security.md#1"' in synthesis.last_user_text
            # Issue 28: the writer is asked for lines that address the question, nothing else.
            assert "Say only what was asked" in synthesis.last_user_text
            assert "give that result alone" in synthesis.last_user_text
            assert answer.tokens_used >= sum(1 for _ in sent)  # model-reported usage counted
            assert any(v.startswith("agent/synthesis.j2@") for v in answer.prompt_versions)
        else:
            assert answer.model_used == "offline-extractive" and answer.answer.startswith("From")

    async def test_vague_query_is_rewritten(self, agent_mesh: AgentMesh, provider: str) -> None:
        question = "lost laptop??"
        events = await agent_mesh.ask(provider, "normal", question)
        answer = check_run(events)
        first_query = json.loads(tool_calls(events)[0].arguments_json)["query"]
        assert first_query != question and "laptop" in first_query
        assert "queries:" in reasoning(events, "plan")[0]
        assert "security.md" in cited_docs(answer)

    async def test_query_needing_a_lower_threshold(
        self, agent_mesh: AgentMesh, provider: str
    ) -> None:
        events = await agent_mesh.ask(provider, "normal", "請假要提前幾天？")
        answer = check_run(events)
        grades = reasoning(events, "grade")
        assert grades[0].startswith("0 of") and "threshold 0.65" in grades[0]
        lower = [g for g in grades[1:] if "threshold 0.50" in g or "threshold 0.35" in g]
        assert lower and not lower[0].startswith("0 of")
        assert "leave.md" in cited_docs(answer) and answer.language == "zh-Hant"

    async def test_follow_up_uses_the_conversation(
        self, agent_mesh: AgentMesh, provider: str
    ) -> None:
        session = f"s-{provider}"
        first = check_run(
            await agent_mesh.ask(
                provider, "normal", "How fast must a lost laptop be reported?", session_id=session
            )
        )
        assert "security.md" in cited_docs(first)
        events = await agent_mesh.ask(
            provider, "normal", "And what is their phone extension?", session_id=session
        )
        answer = check_run(events)
        assert reasoning(events, "followup"), kinds(events)
        standalone = reasoning(events, "followup")[0]
        assert "earlier turns" in standalone
        assert "security.md" in cited_docs(answer)

    async def test_out_of_scope_after_asking_the_documents(
        self, agent_mesh: AgentMesh, provider: str
    ) -> None:
        events = await agent_mesh.ask(provider, "normal", "Write me a short poem about the sea.")
        answer = check_run(events)
        assert answer.task_type == common_pb2.TASK_TYPE_OUT_OF_SCOPE
        assert "document_search" in {c.tool for c in tool_calls(events)}
        assert "outside what I can help with" in answer.answer
        assert not CITATION.findall(answer.answer)

    async def test_live_information_is_not_searched_in_the_documents_as_small_talk(
        self, agent_mesh: AgentMesh, provider: str
    ) -> None:
        events = await agent_mesh.ask(provider, "normal", "What's the weather like today?")
        answer = check_run(events)
        if provider == "offline":  # the anthropic stub routes by its own script
            assert answer.intent == common_pb2.INTENT_WEB_SEARCH
            assert "cannot look it up" in answer.answer
        assert not CITATION.findall(answer.answer)

    async def test_multi_part_question(self, agent_mesh: AgentMesh, provider: str) -> None:
        question = "How fast must a lost laptop be reported, and when must travel claims be filed?"
        events = await agent_mesh.ask(provider, "normal", question)
        answer = check_run(events)
        assert len(reasoning(events, "decide")) >= 2
        queries = {json.loads(c.arguments_json)["query"] for c in tool_calls(events)}
        assert len(queries) >= 2
        assert "parts:" in reasoning(events, "plan")[0]
        assert {"security.md", "travel.md"} <= cited_docs(answer)

    async def test_a_failing_tool_is_an_observation(
        self, agent_mesh: AgentMesh, provider: str
    ) -> None:
        events = await agent_mesh.ask(provider, "flaky", "How fast must a lost laptop be reported?")
        answer = check_run(events)
        results = [e.tool_result for e in events if e.WhichOneof("event") == "tool_result"]
        assert not results[0].ok and "unavailable" in results[0].summary
        assert any(r.ok for r in results[1:])
        assert "security.md" in cited_docs(answer)
        assert any("unavailable" in s.detail for s in answer.intermediate_steps)

    async def test_judge_rejects_the_first_draft(
        self, agent_mesh: AgentMesh, provider: str
    ) -> None:
        events = await agent_mesh.ask(
            provider, "strict", "How fast must a lost laptop be reported?"
        )
        answer = check_run(events)
        verdicts = [
            e.judgement.judgement.decision for e in events if e.WhichOneof("event") == "judgement"
        ]
        assert verdicts[0] == common_pb2.DECISION_REJECT
        assert verdicts[-1] == common_pb2.DECISION_ACCEPT and len(verdicts) >= 2
        k = kinds(events)
        assert k.index("token") > len(k) - 1 - k[::-1].index("judgement")  # only the accepted draft
        assert "security.md" in cited_docs(answer)

    async def test_request_limit_ends_in_an_honest_fallback(
        self, agent_mesh: AgentMesh, provider: str
    ) -> None:
        events = await agent_mesh.ask(
            provider,
            "strict",
            "Which class is required for short flights?",
            limits=common_pb2.Limits(max_iterations=2),
        )
        answer = check_run(events)
        assert answer.limit_reached == "max_iterations" and answer.iterations == 2
        assert answer.answer.startswith("Sorry") and not CITATION.findall(answer.answer)


class TestTelemetry:
    async def test_run_attributes_and_prompt_versions_are_on_the_span(
        self, agent_mesh: AgentMesh, spans: InMemorySpanExporter
    ) -> None:
        answer = check_run(
            await agent_mesh.ask("offline", "normal", "How do I report a lost laptop?")
        )
        run_span = next(
            s
            for s in spans.get_finished_spans()
            if s.attributes and "groundmesh.prompt_versions" in s.attributes
        )
        attrs = dict(run_span.attributes or {})
        assert "agent/extractive_lead.j2@1" in str(attrs["groundmesh.prompt_versions"])
        assert attrs["groundmesh.intent"] == "INTENT_DOCUMENT_QA"
        assert "document_search" in list(attrs["groundmesh.tools_used"])  # type: ignore[arg-type]
        assert attrs["groundmesh.tokens"] == answer.tokens_used
        names = {s.name for s in spans.get_finished_spans()}
        assert {
            "agent.classify",
            "agent.decide",
            "agent.tool.document_search",
            "agent.judge",
        } <= names
        assert answer.intermediate_steps[-1].name == "telemetry"
        assert all(s.latency_ms > 0 for s in answer.intermediate_steps)

    async def test_streamed_tokens_are_the_models_deltas(self, agent_mesh: AgentMesh) -> None:
        events = await agent_mesh.ask(
            "anthropic", "normal", "How fast must a lost laptop be reported?"
        )
        answer = check_run(events)
        tokens = [e.token.text for e in events if e.WhichOneof("event") == "token"]
        assert len(tokens) > answer.answer.count("\n") + 1  # finer than lines: stream deltas


class TestModelFailures:
    async def test_an_overloaded_model_falls_back_to_the_offline_engines(
        self, agent_mesh: AgentMesh, messages_api: MessagesAPIServer
    ) -> None:
        scripted = messages_api.responder
        messages_api.responder = lambda request: error_reply(529)
        before = len(messages_api.requests)
        try:
            events = await agent_mesh.ask(
                "anthropic", "normal", "How fast must a lost laptop be reported?"
            )
        finally:
            messages_api.responder = scripted
        assert len(messages_api.requests) > before  # the model was tried (with retries)
        assert all(r.status == 529 for r in messages_api.requests[before:])
        answer = check_run(events)
        assert answer.model_used == "offline-extractive"
        assert "security.md#1" in CITATION.findall(answer.answer)
        assert answer.judgement.decision == common_pb2.DECISION_ACCEPT


class TestToolsAndTemplates:
    async def test_the_model_uses_a_tool_of_a_real_mcp_server(self, agent_mesh: AgentMesh) -> None:
        # The tool's line answers how staff connect; for "What are the VPN rules?" alone the
        # judge sends it back (no line names a rule), which an unrelated Chinese passage on
        # leave rules had hidden until cross-language passages needed a shared word to count.
        events = await agent_mesh.ask("anthropic", "mcp", "How do staff connect to the VPN?")
        answer = check_run(events)
        calls = [c for c in tool_calls(events) if c.tool == "policy_lookup_policy"]
        assert calls and json.loads(calls[0].arguments_json) == {"topic": "vpn"}
        results = [e.tool_result for e in events if e.tool_result.tool == "policy_lookup_policy"]
        assert results[0].ok and "hardware key" in results[0].summary
        assert "hardware key" in answer.answer
        assert calls[0].call_id in CITATION.findall(answer.answer)
        assert any(s.doc_id == "tool:policy_lookup_policy" for s in answer.sources)

    async def test_without_a_provider_there_is_no_web_search_tool(
        self, agent_mesh: AgentMesh
    ) -> None:
        names = {d.name for d in agent_mesh.graphs[("offline", "normal")].tools.list()}
        assert names == {
            "calculator",
            "current_time",
            "date_calculator",
            "document_search",
            "form_download_links",
        }
        mcp = {d.name for d in agent_mesh.graphs[("anthropic", "mcp")].tools.list()}
        assert {"policy_add", "policy_lookup_policy", "policy_broken"} <= mcp

    async def test_asking_through_an_analysis_template(self, agent_mesh: AgentMesh) -> None:
        graph = agent_mesh.graphs[("offline", "normal")]
        graph.templates.register(
            AnalysisTemplate(
                name="device-rules",
                description="What the handbook says about devices",
                dimensions=["encryption", "loss"],
                prompts={
                    "encryption": "What encryption must every laptop use?",
                    "loss": "How fast must a lost laptop be reported?",
                },
            ),
            replace=True,
        )
        events = await agent_mesh.ask("offline", "normal", "laptops", template="device-rules")
        answer = check_run(events)
        assert answer.template == "device-rules"
        assert [s.dimension for s in answer.sections] == ["encryption", "loss"]
        assert "full-disk encryption" in answer.sections[0].answer
        assert "within one hour" in answer.sections[1].answer
        assert answer.answer.startswith("## encryption")

    async def test_an_unknown_template_is_not_found(self, agent_mesh: AgentMesh) -> None:
        with pytest.raises(grpc.aio.AioRpcError) as err:
            await agent_mesh.ask("offline", "normal", "laptops", template="nope")
        assert err.value.code() == grpc.StatusCode.NOT_FOUND
        assert "nope" in (err.value.details() or "")
