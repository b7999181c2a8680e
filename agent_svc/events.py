"""Builders of AskStream events."""

from __future__ import annotations

import json
from typing import Any

from groundmesh.v1 import agent_pb2, common_pb2


def reasoning(step: str, text: str) -> agent_pb2.AskStreamResponse:
    return agent_pb2.AskStreamResponse(reasoning=agent_pb2.ReasoningEvent(step=step, text=text))


def tool_call(tool: str, arguments: dict[str, Any], call_id: str) -> agent_pb2.AskStreamResponse:
    return agent_pb2.AskStreamResponse(
        tool_call=agent_pb2.ToolCallEvent(
            tool=tool, arguments_json=json.dumps(arguments, ensure_ascii=False), call_id=call_id
        )
    )


def tool_result(
    tool: str, call_id: str, summary: str, ok: bool, count: int, latency_ms: float
) -> agent_pb2.AskStreamResponse:
    return agent_pb2.AskStreamResponse(
        tool_result=agent_pb2.ToolResultEvent(
            tool=tool,
            call_id=call_id,
            summary=summary,
            ok=ok,
            result_count=count,
            latency_ms=latency_ms,
        )
    )


def token(text: str) -> agent_pb2.AskStreamResponse:
    return agent_pb2.AskStreamResponse(token=agent_pb2.TokenEvent(text=text))


def judgement(j: common_pb2.Judgement, iteration: int) -> agent_pb2.AskStreamResponse:
    return agent_pb2.AskStreamResponse(
        judgement=agent_pb2.JudgementEvent(judgement=j, iteration=iteration)
    )


def done(answer: agent_pb2.Answer) -> agent_pb2.AskStreamResponse:
    return agent_pb2.AskStreamResponse(done=agent_pb2.DoneEvent(answer=answer))
