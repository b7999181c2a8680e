"""Unit tests for gateway.trace_export (seed Properties 19 and 21)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gateway.models import AskOut, JudgementOut, StepOut
from gateway.trace_export import build_trace, run_type_of

pytestmark = pytest.mark.unit

T0 = datetime(2026, 1, 1, 12, 0, 0, tzinfo=UTC)


def _answer(total_ms: float, trace_id: str = "ab" * 16) -> AskOut:
    return AskOut(
        answer="Passwords rotate every 90 days [sec.md#0]",
        sources=[],
        judgement=JudgementOut(risk_score=0.1, risk_level="low", decision="accept"),
        trace_id=trace_id,
        model_used="offline",
        total_latency_ms=total_ms,
        intent="DOCUMENT_QA",
        task_type="simple_faq",
        language="en",
    )


steps_strategy = st.lists(
    st.builds(
        StepOut,
        name=st.sampled_from(["classify", "search", "grade", "synthesize", "judge"]),
        detail=st.text(max_size=30),
        latency_ms=st.floats(0.001, 5000),
        iteration=st.integers(0, 10),
    ),
    max_size=15,
)


@given(steps=steps_strategy, extra_ms=st.floats(0, 1000))
def test_export_has_a_trace_id_and_well_formed_spans(steps: list[StepOut], extra_ms: float) -> None:
    """**Feature: generic-agentic-rag, Property 19: Trace Format Compliance**"""
    run_ms = sum(s.latency_ms for s in steps) + 1
    finished = T0 + timedelta(milliseconds=run_ms + extra_ms)
    export = build_trace(_answer(run_ms), steps, {"question": "q"}, T0, finished)
    assert export.trace_id == "ab" * 16
    root, *children = export.spans
    assert root.parent_id is None and root.inputs == {"question": "q"}
    assert "answer" in root.outputs
    assert len(children) == len(steps)
    ids = {s.span_id for s in export.spans}
    assert len(ids) == len(export.spans)
    for span, step in zip(children, steps, strict=True):
        assert span.parent_id == root.span_id
        assert span.name == step.name and span.latency_ms == step.latency_ms > 0
        assert T0 <= span.start_time <= span.end_time <= finished
        assert span.inputs and span.outputs == {"detail": step.detail}
    starts = [s.start_time for s in children]
    assert starts == sorted(starts)


def test_steps_follow_one_another() -> None:
    steps = [StepOut(name="search", detail="", latency_ms=10, iteration=1)] * 2
    export = build_trace(_answer(20), steps, {}, T0, T0 + timedelta(milliseconds=30))
    first, second = export.spans[1:]
    assert first.start_time == T0 + timedelta(milliseconds=10)
    assert second.start_time == first.end_time


def test_missing_trace_id_gets_a_fresh_one() -> None:
    export = build_trace(_answer(1, trace_id=""), [], {}, T0, T0 + timedelta(milliseconds=2))
    assert len(export.trace_id) == 32


@pytest.mark.parametrize(
    ("name", "kind"),
    [("search", "tool"), ("synthesize", "llm"), ("judge", "llm"), ("guard", "step")],
)
def test_run_types(name: str, kind: str) -> None:
    assert run_type_of(name) == kind
