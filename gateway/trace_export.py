"""A run as a trace export (seed Property 19): a trace id and spans with start and end times,
inputs and outputs — the fields LangSmith runs and Langfuse observations have in common."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from gateway.models import AskOut, StepOut, TraceExportOut, TraceSpanOut

_TOOL_STEPS = ("search", "retrieve", "tool", "web")
_LLM_STEPS = ("synthes", "draft", "judge", "rewrite", "plan", "classify", "route")


def run_type_of(step_name: str) -> str:
    """``tool`` for retrieval steps, ``llm`` for the steps a model may do, else ``step``."""
    name = step_name.lower()
    if any(t in name for t in _TOOL_STEPS):
        return "tool"
    if any(t in name for t in _LLM_STEPS):
        return "llm"
    return "step"


def _span_id(trace_id: str, index: int) -> str:
    return hashlib.sha256(f"{trace_id}:{index}".encode()).hexdigest()[:16]


def build_trace(
    answer: AskOut,
    steps: list[StepOut],
    inputs: dict[str, object],
    received_at: datetime,
    finished_at: datetime,
) -> TraceExportOut:
    """The run's trace: one root span for the whole question, one child span per step.

    Steps run one after another, so each starts where the one before ended, beginning where the
    agent's run began (``finished_at`` minus the agent's own wall time)."""
    trace_id = answer.trace_id or secrets.token_hex(16)
    total_ms = max((finished_at - received_at).total_seconds() * 1000.0, 1e-3)
    run_ms = min(answer.total_latency_ms, total_ms) if answer.total_latency_ms > 0 else total_ms
    cursor = finished_at - timedelta(milliseconds=run_ms)
    root_id = _span_id(trace_id, 0)
    spans = [
        TraceSpanOut(
            span_id=root_id,
            parent_id=None,
            name="ask",
            run_type="chain",
            start_time=received_at,
            end_time=finished_at,
            latency_ms=round(total_ms, 3),
            inputs=dict(inputs),
            outputs={
                "answer": answer.answer,
                "decision": answer.judgement.decision,
                "risk_score": answer.judgement.risk_score,
            },
            metadata={
                "model_used": answer.model_used,
                "intent": answer.intent,
                "task_type": answer.task_type,
                "language": answer.language,
            },
        )
    ]
    for index, step in enumerate(steps, start=1):
        start = min(cursor, finished_at)
        end = min(start + timedelta(milliseconds=step.latency_ms), finished_at)
        cursor = start + timedelta(milliseconds=step.latency_ms)
        spans.append(
            TraceSpanOut(
                span_id=_span_id(trace_id, index),
                parent_id=root_id,
                name=step.name,
                run_type=run_type_of(step.name),
                start_time=start,
                end_time=max(end, start),
                latency_ms=step.latency_ms,
                inputs={"step": step.name, "iteration": step.iteration},
                outputs={"detail": step.detail},
                metadata={"iteration": step.iteration},
            )
        )
    return TraceExportOut(
        trace_id=trace_id,
        name="groundmesh.ask",
        start_time=received_at,
        end_time=finished_at,
        total_latency_ms=round(total_ms, 3),
        inputs=dict(inputs),
        outputs={"answer": answer.answer, "model_used": answer.model_used},
        spans=spans,
    )
