"""Judge at the RPC boundary: an empty draft or an absent question is documented input.

judge_svc/README.md ("empty draft / no claims | risk 0, accept, the seed's note") and
judge_svc/dimensions.py ("1 without question") define these as answers, not errors: the
servicer must pass them to the rules, which say so in the verdict, while a draft or question
over its size limit is still refused.
"""

from __future__ import annotations

from typing import Any

import pytest
from prometheus_client import CollectorRegistry

from groundmesh.v1 import common_pb2, judge_pb2
from judge_svc.engine import Judge
from judge_svc.grading import LexicalGrader
from judge_svc.metrics import JudgeMetrics
from judge_svc.rules import EMPTY_NOTE
from judge_svc.service import MAX_QUESTION_CHARS, JudgeService
from mesh.errors import InvalidInput

pytestmark = pytest.mark.unit

SOURCE = common_pb2.Chunk(chunk_id="a#0", doc_id="a", text="Zebras are striped.")
CTX: Any = object()


def _service() -> JudgeService:
    return JudgeService(Judge(), LexicalGrader(), JudgeMetrics(CollectorRegistry()))


async def _judge(**fields: Any) -> common_pb2.Judgement:
    base: dict[str, Any] = {
        "tenant": "acme",
        "question": "What are zebras?",
        "draft": "Zebras are striped. [a#0]",
        "sources": [SOURCE],
    }
    response = await _service().Judge(judge_pb2.JudgeRequest(**{**base, **fields}), CTX)
    judgement: common_pb2.Judgement = response.judgement
    return judgement


@pytest.mark.parametrize("draft", ["", " \n ", "\t"])
async def test_a_blank_draft_has_no_risk_but_does_not_answer(draft: str) -> None:
    j = await _judge(draft=draft)
    assert j.rule_score == 1.0
    assert EMPTY_NOTE in j.hallucination.notes
    assert j.hallucination.total_claims == 0
    # Nothing said is nothing hallucinated, and no answer either: refined, never accepted.
    assert not j.addresses_question
    assert j.decision == common_pb2.DECISION_REFINE
    assert "no sentence to judge" in j.relevance_notes


@pytest.mark.parametrize("draft", ["", "\t"])
async def test_a_blank_draft_without_a_question_is_the_seeds_accept(draft: str) -> None:
    j = await _judge(draft=draft, question="")
    assert j.risk_score == 0.0
    assert j.decision == common_pb2.DECISION_ACCEPT


async def test_without_a_question_the_draft_is_judged_on_its_sources() -> None:
    j = await _judge(question="")
    assert j.decision == common_pb2.DECISION_ACCEPT
    assert list(j.hallucination.valid_citations) == ["a#0"]
    assert j.relevance_notes == j.completeness_notes == "no question given"


async def test_an_unsupported_draft_without_a_question_is_still_caught() -> None:
    j = await _judge(question="", draft="Zebras are striped. [x#9]")
    assert j.risk_level == common_pb2.RISK_LEVEL_HIGH
    assert list(j.hallucination.invalid_citations) == ["x#9"]


async def test_an_oversized_question_is_refused() -> None:
    with pytest.raises(InvalidInput, match="question is longer"):
        await _judge(question="q" * (MAX_QUESTION_CHARS + 1))
