"""judge_svc engine: the offline verdict, the LLM judge through a fake client, degradation."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import pytest

from judge_svc.engine import OFF_TOPIC_LINES, OFFLINE_MODEL, Judge, JudgeInput
from judge_svc.llm_judge import EVALUATION_TOOL, LLMJudge
from judge_svc.rules import EMPTY_NOTE, NO_CLAIMS_NOTE, Source
from judge_svc.scoring import Decision, RiskLevel
from mesh.config import REPO_ROOT
from mesh.llm.base import Completion, LLMError, Message, ToolSpec, Usage
from mesh.prompts import PromptLibrary

pytestmark = pytest.mark.unit

SRC = Source(
    "sec#0", "sec", "Passwords are rotated every ninety days. Report a lost laptop within one hour."
)
GOOD = (
    "Passwords are rotated every ninety days [sec#0]. Report a lost laptop within one hour [sec#0]."
)
PROMPTS = PromptLibrary(REPO_ROOT / "prompts")


def evaluation(**over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "score": 0.9,
        "reasoning": "every statement is in the expert advice",
        "confidence": 0.8,
        "decision": "synthesize",
        "hallucination": {"has_risk": False, "risk_score": 0.05, "notes": "grounded"},
        "completeness_score": 0.9,
        "relevance_score": 1.0,
        "citation_quality_score": 1.0,
        "consistency_score": 1.0,
        "completeness_notes": "answers both parts",
    }
    base.update(over)
    return base


class FakeLLM:
    """An LLMClient that replays scripted turns and records the calls."""

    def __init__(self, *turns: Completion | LLMError) -> None:
        self.turns = list(turns)
        self.calls: list[dict[str, Any]] = []

    async def complete(
        self,
        *,
        role: str,
        system: str,
        messages: Sequence[Message],
        max_tokens: int = 1024,
        tool: ToolSpec | None = None,
        force_tool: bool = False,
        temperature: float = 0.0,
    ) -> Completion:
        self.calls.append(
            {"role": role, "messages": list(messages), "tool": tool, "force": force_tool}
        )
        turn = self.turns.pop(0)
        if isinstance(turn, LLMError):
            raise turn
        return turn

    def stream(self, **kwargs: Any) -> AsyncIterator[str]:
        raise NotImplementedError

    @property
    def last_usage(self) -> Usage:
        return Usage()


def text(t: str) -> Completion:
    return Completion(text=t, model="m", stop_reason="end_turn")


def tool(payload: dict[str, Any]) -> Completion:
    return Completion(
        text="",
        model="m",
        stop_reason="tool_use",
        tool_name="record_evaluation",
        tool_input=payload,
    )


def llm_judge(client: FakeLLM, two_stage: bool = True) -> Judge:
    return Judge(llm=LLMJudge(client, PROMPTS, two_stage=two_stage))


class TestOffline:
    def test_grounded_draft_is_accepted_and_says_claim_support_replaced_the_llm(self) -> None:
        draft = "Passwords are rotated every ninety days [sec#0]."
        v = Judge().judge_offline(JudgeInput(draft, [SRC], "How often do passwords rotate?"))
        assert v.outcome.decision is Decision.ACCEPT and v.outcome.risk_level is RiskLevel.LOW
        assert v.evaluation.source == "claim_support" and v.llm_score is None
        assert v.judge_model == OFFLINE_MODEL
        assert "claim-support score takes the LLM judge's place" in v.notes

    def test_a_grounded_line_off_the_question_is_refined_and_named(self) -> None:
        # Issue 28: the laptop line is cited and true, and answers another question.
        v = Judge().judge_offline(JudgeInput(GOOD, [SRC], "How often do passwords rotate?"))
        assert v.outcome.risk_level is RiskLevel.LOW and v.outcome.decision is Decision.REFINE
        assert OFF_TOPIC_LINES in v.outcome.criteria
        assert v.relevance is not None
        assert v.relevance.off_topic_lines == ["Report a lost laptop within one hour."]
        off = Judge(refine_off_topic_lines=False).judge_offline(
            JudgeInput(GOOD, [SRC], "How often do passwords rotate?")
        )
        assert off.outcome.decision is Decision.ACCEPT  # the setting turns it off

    def test_contradiction_is_high_risk(self) -> None:
        v = Judge().judge_offline(
            JudgeInput("Passwords are rotated every thirty days [sec#0].", [SRC])
        )
        assert v.contradictory_info and v.outcome.risk_level is RiskLevel.HIGH
        assert "high_evaluator_names_unsupported_claims" in v.outcome.criteria

    def test_empty_and_claimless_answers_carry_no_risk(self) -> None:
        empty = Judge().judge_offline(JudgeInput("", [SRC]))
        assert empty.outcome.risk_score == 0.0 and EMPTY_NOTE in empty.notes
        short = Judge().judge_offline(JudgeInput("I do not know.", [SRC]))
        assert short.outcome.decision is Decision.ACCEPT and NO_CLAIMS_NOTE in short.notes

    def test_missing_sources_give_a_high_risk_verdict(self) -> None:
        v = Judge().judge_offline(JudgeInput(GOOD, []))
        assert v.rules.invalid_citations == ["sec#0"]
        assert v.outcome.risk_level is RiskLevel.HIGH


class TestLLMJudge:
    async def test_two_stages_with_their_roles_and_the_expert_framing(self) -> None:
        client = FakeLLM(text("Critique: all supported."), tool(evaluation()))
        v = await llm_judge(client).judge(JudgeInput(GOOD, [SRC], "How often?"))
        assert [c["role"] for c in client.calls] == ["evaluation", "evaluation_format"]
        stage1 = client.calls[0]["messages"][0].content
        assert "expert advice" in stage1.lower() and "candidate answer" in stage1.lower()
        assert "[sec#0]" in stage1 and "How often?" in stage1
        assert client.calls[0]["tool"] is None
        assert client.calls[1]["tool"] == EVALUATION_TOOL and client.calls[1]["force"]
        assert "Critique: all supported." in client.calls[1]["messages"][0].content
        assert v.evaluation.source == "llm" and v.llm_score == 0.9
        assert v.outcome.decision is Decision.ACCEPT
        assert v.dimensions.completeness_notes == "answers both parts"
        assert v.judge_model == "llm-two-stage"
        assert set(v.prompt_versions) == {
            "judge/evaluation_stage1.jinja",
            "judge/evaluation_stage2.jinja",
        }

    async def test_combined_score_weights_the_llm_40_percent(self) -> None:
        client = FakeLLM(text("ok"), tool(evaluation(score=0.5)))
        v = await llm_judge(client).judge(JudgeInput(GOOD, [SRC]))
        dims = (0.9 + 1.0 + 1.0 + 1.0) / 4
        assert v.outcome.risk_score == pytest.approx(1 - (0.3 + 0.4 * 0.5 + 0.3 * dims), abs=1e-4)

    async def test_llm_naming_unsupported_claims_is_high_risk(self) -> None:
        bad = evaluation(
            hallucination={
                "has_risk": True,
                "risk_score": 0.4,
                "unsupported_claims": ["Report a lost laptop within one hour."],
            }
        )
        v = await llm_judge(FakeLLM(text("hmm"), tool(bad))).judge(JudgeInput(GOOD, [SRC]))
        assert v.outcome.risk_level is RiskLevel.HIGH
        assert v.unsupported_claims == ["Report a lost laptop within one hour."]

    async def test_single_stage_asks_for_the_tool_directly(self) -> None:
        client = FakeLLM(tool(evaluation()))
        v = await llm_judge(client, two_stage=False).judge(JudgeInput(GOOD, [SRC]))
        assert [c["role"] for c in client.calls] == ["evaluation"]
        assert client.calls[0]["force"] and v.judge_model == "llm-single-stage"

    async def test_invalid_stage2_output_is_repaired_once(self) -> None:
        client = FakeLLM(text("ok"), tool({"score": 7}), tool(evaluation()))
        v = await llm_judge(client).judge(JudgeInput(GOOD, [SRC]))
        assert len(client.calls) == 3 and v.evaluation.source == "llm"
        assert "not valid" in client.calls[2]["messages"][-1].content

    async def test_invalid_stage2_output_twice_degrades_to_offline(self) -> None:
        client = FakeLLM(text("ok"), tool({"score": 7}), tool({"decision": "maybe"}))
        v = await llm_judge(client).judge(JudgeInput(GOOD, [SRC]))
        assert v.evaluation.source == "claim_support" and v.llm_score is None
        assert v.degraded_reason.startswith("stage2:")
        assert "LLM judge failed" in v.notes
        assert v.outcome.decision is Decision.ACCEPT

    async def test_stage1_error_degrades_to_offline(self) -> None:
        v = await llm_judge(FakeLLM(LLMError("overloaded"))).judge(JudgeInput(GOOD, [SRC]))
        assert v.degraded_reason == "stage1: overloaded"
        assert v.evaluation.source == "claim_support"

    async def test_empty_stage1_text_degrades(self) -> None:
        v = await llm_judge(FakeLLM(text("  "))).judge(JudgeInput(GOOD, [SRC]))
        assert v.degraded_reason.startswith("stage1:")

    async def test_empty_draft_does_not_call_the_llm(self) -> None:
        client = FakeLLM()
        v = await llm_judge(client).judge(JudgeInput("", [SRC]))
        assert client.calls == [] and v.outcome.risk_score == 0.0
