"""structured_output: forced tool use, pydantic validation and one repair turn, over HTTP."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field

from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.base import LLMError, Message
from mesh.llm.structured import structured_output, tool_from_model
from testkit.messages_api import MessagesAPIServer, text_reply, tool_use_reply


class Verdict(BaseModel):
    """Judge whether the draft is supported by the sources."""

    decision: Literal["accept", "refine", "reject"]
    score: float = Field(ge=0.0, le=1.0)
    reasons: list[str] = Field(default_factory=list)


TOOL = tool_from_model(Verdict)
ASK = [Message("user", "Draft: leave is 14 days. Sources: [leave#0] 14 days.")]


def test_tool_from_model_uses_the_json_schema() -> None:
    assert TOOL.name == "verdict"
    assert TOOL.description == "Judge whether the draft is supported by the sources."
    schema = TOOL.input_schema
    assert schema["type"] == "object"
    assert set(schema["required"]) == {"decision", "score"}
    assert schema["properties"]["decision"]["enum"] == ["accept", "refine", "reject"]
    assert tool_from_model(Verdict, name="judge_verdict").name == "judge_verdict"
    with pytest.raises(ValueError, match="must match"):
        tool_from_model(Verdict, name="has spaces")


async def test_valid_tool_input_is_returned_as_the_model(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(tool_use_reply("verdict", {"decision": "accept", "score": 0.9}))
    verdict = await structured_output(
        client, role="evaluation", system="Judge.", messages=ASK, tool=TOOL, model=Verdict
    )
    assert verdict == Verdict(decision="accept", score=0.9)
    request = messages_api.last_request
    assert request.tool_choice == {"type": "tool", "name": "verdict"}
    assert request.tools[0]["input_schema"] == TOOL.input_schema
    assert len(messages_api.requests) == 1


async def test_malformed_input_gets_one_repair_turn(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(
        tool_use_reply("verdict", {"decision": "maybe", "score": 3}),
        tool_use_reply("verdict", {"decision": "refine", "score": 0.4, "reasons": ["vague"]}),
    )
    verdict = await structured_output(
        client, role="evaluation", system="Judge.", messages=ASK, tool=TOOL, model=Verdict
    )
    assert verdict.decision == "refine" and verdict.reasons == ["vague"]
    first, repair = messages_api.requests
    assert len(repair.messages) == 3
    assert repair.messages[0] == first.messages[0]
    assert repair.messages[1]["role"] == "assistant"
    assert '"decision": "maybe"' in repair.messages[1]["content"]
    feedback = repair.messages[2]["content"]
    assert repair.messages[2]["role"] == "user"
    assert "decision" in feedback and "score" in feedback  # the validation errors are sent back
    assert repair.tool_choice == {"type": "tool", "name": "verdict"}


async def test_broken_json_input_is_repaired(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(
        tool_use_reply("verdict", raw_input='{"decision": "acc'),
        tool_use_reply("verdict", {"decision": "accept", "score": 1.0}),
    )
    verdict = await structured_output(
        client, role="evaluation", system="Judge.", messages=ASK, tool=TOOL, model=Verdict
    )
    assert verdict.score == 1.0
    assert "not a JSON object" in messages_api.last_request.messages[-1]["content"]


async def test_failed_repair_is_an_llm_error(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(
        tool_use_reply("verdict", {"decision": "maybe", "score": 0.5}),
        text_reply("I would rather not call the tool."),
    )
    with pytest.raises(LLMError, match="invalid after one repair turn: no call of the tool"):
        await structured_output(
            client, role="evaluation", system="Judge.", messages=ASK, tool=TOOL, model=Verdict
        )
    assert len(messages_api.requests) == 2


async def test_without_repair_invalid_output_fails_at_once(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.queue(tool_use_reply("verdict", {"score": 0.5}))
    with pytest.raises(LLMError, match=r"decision: Field required"):
        await structured_output(
            client,
            role="evaluation",
            system="Judge.",
            messages=ASK,
            tool=TOOL,
            model=Verdict,
            repair=False,
        )
    assert len(messages_api.requests) == 1
