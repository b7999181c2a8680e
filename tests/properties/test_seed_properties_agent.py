"""Seed S002's Property 21 for the agent itself: every step of any run has a latency."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from groundmesh.v1 import common_pb2
from tests.unit.agent_svc.agent_fakes import FakeUpstreams, answer_of, chunk, make_graph, run
from tests.unit.agent_svc.test_agent_graph import DOCS

QUESTIONS = st.sampled_from(
    [
        "How far in advance must annual leave be requested?",
        "員工請假要多久前提出？",
        "What is 15% of 5000?",
        "What's today's date?",
        "Where is the travel reimbursement form?",
        "Is there a gym in the office?",
        "hello",
    ]
) | st.text(alphabet=st.characters(categories=("L", "N", "P", "Zs")), min_size=1, max_size=60)


@settings(max_examples=25, deadline=None)
@given(
    question=QUESTIONS,
    judge=st.lists(
        st.sampled_from(
            [common_pb2.DECISION_ACCEPT, common_pb2.DECISION_REFINE, common_pb2.DECISION_REJECT]
        ),
        max_size=3,
    ),
    extra=st.booleans(),
)
def test_property_21_every_step_and_tool_call_records_a_latency(
    question: str, judge: list[common_pb2.Decision], extra: bool
) -> None:
    """**Feature: generic-agentic-rag, Property 21: Latency Metrics Recording**

    For any question and any sequence of verdicts, every intermediate step and every tool result
    of the run carries a latency greater than 0."""
    docs = [*DOCS, chunk("extra#0", question, "Echo")] if extra and question.strip() else DOCS
    up = FakeUpstreams(list(docs), judge_script=list(judge))
    events = asyncio.run(run(make_graph(up), question))
    answer = answer_of(events)
    assert answer.intermediate_steps, "a traced run records its steps"
    assert all(s.latency_ms > 0 for s in answer.intermediate_steps)
    results = [e.tool_result for e in events if e.WhichOneof("event") == "tool_result"]
    assert all(r.latency_ms > 0 for r in results)
    assert answer.total_latency_ms > 0
