"""An answer to a question that names a code (a document number, a tag) must state the code:
rows about other documents share every other word of the question."""

from __future__ import annotations

from judge_svc.engine import Judge, JudgeInput
from judge_svc.rules import Source

SOURCES = [
    Source(
        "exp#0",
        "exp",
        "DHAW20190045 07/10/2019 CITIBANK SENATOR CARD STAFF TRANSPORTATION 1,112.00 AIRFARE",
        "Expense report",
    ),
    Source(
        "forms#0", "forms", "文件編號由系統自動產生，金額超過一萬元的文件須經主管核准。", "文件管理"
    ),
]
QUESTION = "文件編號 DHAW20190045 的金額是多少？"


def test_an_answer_without_the_code_does_not_address_the_question() -> None:
    v = Judge().judge_offline(
        JudgeInput("金額超過一萬元的文件須經主管核准。[forms#0]", SOURCES, QUESTION)
    )
    assert v.relevance is not None and not v.addresses_question
    assert "code: dhaw20190045" in v.relevance.missing_aspects


def test_an_answer_stating_the_code_is_not_refused_for_it() -> None:
    draft = (
        "「DHAW20190045 07/10/2019 CITIBANK SENATOR CARD STAFF TRANSPORTATION 1,112.00 AIRFARE」"
        " [exp#0]"
    )
    v = Judge().judge_offline(JudgeInput(draft, SOURCES, QUESTION))
    assert v.relevance is not None
    assert not any(a.startswith("code:") for a in v.relevance.missing_aspects)
