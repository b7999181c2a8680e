"""The agent's trim step when the shorter draft is not accepted (issue 28).

The judge names the off lines of a draft; the shorter draft is judged again. When only the
relevance model's probability doubts it (the padding lines gave the whole the question's words),
the kept lines go out as the first verdict judged them; when a check refused it (a missing name,
code or value) or a claim, the whole draft goes out. Every kept line in another language than the
question ("The Liverpool and Manchester Railway opened in 1830" for 「…哪年通車的？」) is said so.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from agent_svc.nodes.judge import _kept_or_whole, _only_doubted, _read_across
from groundmesh.v1 import common_pb2

pytestmark = pytest.mark.unit

QUESTION = "利物浦與曼徹斯特鐵路是哪年通車的？"
EN = "The Liverpool and Manchester Railway opened in 1830."


def _run(question: str, draft: str = "") -> Any:
    steps: list[str] = []
    return SimpleNamespace(
        state=SimpleNamespace(question=question),
        draft=draft,
        steps=steps,
        step=lambda name, detail: steps.append(detail),
    )


def _shorter(
    *missing: str, line: str = EN, unsupported: tuple[str, ...] = (), relevance: float = 0.4
) -> common_pb2.Judgement:
    return common_pb2.Judgement(
        decision=common_pb2.DECISION_REFINE,
        addresses_question=False,
        answer_relevance=relevance,
        missing_aspects=list(missing),
        line_verdicts=[common_pb2.LineVerdict(text=line, addresses_question=True)],
        hallucination=common_pb2.HallucinationDetails(unsupported_claims=unsupported),
    )


def test_only_the_models_doubt_about_another_language_is_read_across() -> None:
    assert _only_doubted(_shorter("question term: 通車"))
    assert _read_across(_run(QUESTION), _shorter("question term: 通車"))


@pytest.mark.parametrize(
    "missing", ["name: 曼徹斯特", "code: qh-fn-220", "expected answer type: date"]
)
def test_a_check_that_refused_the_shorter_draft_stands(missing: str) -> None:
    assert not _only_doubted(_shorter(missing))


def test_an_unsupported_claim_stands() -> None:
    assert not _only_doubted(_shorter(unsupported=(EN,)))


def test_a_draft_judged_near_certainly_off_the_question_is_refused_not_doubted() -> None:
    """Documents set (f2-015): a table's header fragment kept alone was judged at P 0.03."""
    run = _run(QUESTION_EN, draft=f"{ROW} [oil#0]")
    _kept_or_whole(run, WHOLE, FIRST, _shorter("question term: total", line=ROW, relevance=0.03))
    assert run.draft == WHOLE


FIRST = common_pb2.Judgement(
    decision=common_pb2.DECISION_REFINE,
    addresses_question=True,
    risk_score=0.05,
    reasoning="lines that do not address the question",
)
ROW = "The UK, Germany, Italy and Norway banned flying, driving and boating on Sundays."
WHOLE = f"Steam engines propelled ships and road vehicles. [steam#0]\n{ROW} [oil#0]"
QUESTION_EN = "Which countries outlawed air, road and boat travel on Sundays in 1973?"


def test_the_kept_lines_go_out_when_only_the_models_probability_doubted_them() -> None:
    """Answers dev set: the steam-engine line shared "road" with the question and lifted the
    whole draft's probability; the right line alone was doubted (0.48) for lacking it."""
    run = _run(QUESTION_EN, draft=f"{ROW} [oil#0]")
    verdict = _kept_or_whole(run, WHOLE, FIRST, _shorter("question term: outlaw", line=ROW))
    assert verdict.decision == common_pb2.DECISION_ACCEPT
    assert run.draft == f"{ROW} [oil#0]"
    assert "kept the lines judged to answer" in run.steps[0]


def test_the_whole_draft_goes_out_when_a_check_refused_the_shorter() -> None:
    run = _run(QUESTION_EN, draft=f"{ROW} [oil#0]")
    shorter = _shorter("expected answer type: date", line=ROW)
    verdict = _kept_or_whole(run, WHOLE, FIRST, shorter)
    assert verdict.decision == common_pb2.DECISION_ACCEPT
    assert run.draft == WHOLE
    assert "the whole draft is kept" in run.steps[0]


def test_a_line_in_the_questions_language_is_the_models_to_judge() -> None:
    assert not _read_across(_run(QUESTION), _shorter(line="利物浦與曼徹斯特鐵路於1830年通車。"))
    assert not _read_across(_run("When did the railway open?"), _shorter())
