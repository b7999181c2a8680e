"""The agent's trim step when the shorter draft quotes another language (issue 28).

The judge names the off lines of a draft; the shorter draft is judged again. When every kept
line is in another language than the question, the relevance model has nothing lexical to read
("The Liverpool and Manchester Railway opened in 1830" for 「…哪年通車的？」): unless a check
refused it (a missing name, code or value) or a claim, the kept lines go out as the first
verdict judged them.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from agent_svc.nodes.judge import _read_across
from groundmesh.v1 import common_pb2

pytestmark = pytest.mark.unit

QUESTION = "利物浦與曼徹斯特鐵路是哪年通車的？"
EN = "The Liverpool and Manchester Railway opened in 1830."


def _run(question: str) -> Any:
    return SimpleNamespace(state=SimpleNamespace(question=question))


def _shorter(
    *missing: str, line: str = EN, unsupported: tuple[str, ...] = ()
) -> common_pb2.Judgement:
    return common_pb2.Judgement(
        decision=common_pb2.DECISION_REFINE,
        addresses_question=False,
        missing_aspects=list(missing),
        line_verdicts=[common_pb2.LineVerdict(text=line, addresses_question=True)],
        hallucination=common_pb2.HallucinationDetails(unsupported_claims=unsupported),
    )


def test_only_the_models_doubt_about_another_language_is_read_across() -> None:
    assert _read_across(_run(QUESTION), _shorter("question term: 通車"))


@pytest.mark.parametrize(
    "missing", ["name: 曼徹斯特", "code: qh-fn-220", "expected answer type: date"]
)
def test_a_check_that_refused_the_shorter_draft_stands(missing: str) -> None:
    assert not _read_across(_run(QUESTION), _shorter(missing))


def test_an_unsupported_claim_stands() -> None:
    assert not _read_across(_run(QUESTION), _shorter(unsupported=(EN,)))


def test_a_line_in_the_questions_language_is_the_models_to_judge() -> None:
    assert not _read_across(_run(QUESTION), _shorter(line="利物浦與曼徹斯特鐵路於1830年通車。"))
    assert not _read_across(_run("When did the railway open?"), _shorter())
