"""auto_responder and schema_example: whole services can run against the server unscripted."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.base import Message
from mesh.llm.structured import structured_output, tool_from_model
from testkit.messages_api import MessagesAPIServer, auto_responder, schema_example


class Step(BaseModel):
    tool: str = Field(min_length=2)
    arguments: dict[str, str] = Field(default_factory=dict)


class Plan(BaseModel):
    """A plan of tool calls."""

    kind: Literal["simple", "complex"]
    steps: list[Step] = Field(min_length=1)
    confidence: float = Field(gt=0.5, le=1.0)
    note: str | None = None


def test_schema_example_satisfies_the_model() -> None:
    example = schema_example(tool_from_model(Plan).input_schema)
    plan = Plan.model_validate(example)
    assert plan.kind == "simple" and len(plan.steps) == 1


async def test_auto_responder_drives_structured_output_and_text(
    client: AnthropicClient, messages_api: MessagesAPIServer
) -> None:
    messages_api.responder = auto_responder(
        lambda request: f"echo: {request.last_user_text}",
        tool_inputs={"verdict": {"ok": True}},
    )
    plan = await structured_output(
        client,
        role="decision",
        system="Plan.",
        messages=[Message("user", "plan it")],
        tool=tool_from_model(Plan),
        model=Plan,
    )
    assert plan.steps[0].tool == "xx"
    completion = await client.complete(
        role="synthesis", system="s", messages=[Message("user", "hello")]
    )
    assert completion.text == "echo: hello"
    assert len(messages_api.requests) == 2
