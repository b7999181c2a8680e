"""An answer to a question that names a code (a document number, a tag) must state the code:
rows about other documents share every other word of the question."""

from __future__ import annotations

from dataclasses import replace

from judge_svc.engine import Judge, JudgeInput
from judge_svc.relevance import RelevanceReport, _codes_given
from judge_svc.rules import Source
from mesh.answer_type import AnswerType

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


def test_the_code_and_a_value_of_the_asked_type_answer_across_languages() -> None:
    # The model alone doubted a Chinese question beside an English row (P 0.38 in the
    # documents benchmark, with the tenant's other passages among the sources).
    row = "DHAW20190045 07/10/2019 CITIBANK SENATOR CARD STAFF TRANSPORTATION 1,112.00 AIRFARE"
    doubted = RelevanceReport(
        score=0.38, addresses_question=False, completeness=0.1, expected_type=AnswerType.QUANTITY
    )
    report = _codes_given(QUESTION, [row], doubted)
    assert report.addresses_question
    assert "states the code the question names" in report.relevance_notes
    # Not when the row lacks a value of the asked type, nor when the type check objected.
    assert not _codes_given(QUESTION, ["DHAW20190045 AIRFARE"], doubted).addresses_question
    typed = replace(doubted, missing_aspects=["expected answer type: quantity"])
    assert not _codes_given(QUESTION, [row], typed).addresses_question


def test_the_code_alone_does_not_answer_what_the_question_asks() -> None:
    # "Who made …" asks for a maker; a row holding the tag and no value of a checked type is
    # left to the model.
    sources = [Source("guns#0", "guns", "832229 | Tag#:SJ4664-1", "Versadex Report")]
    v = Judge().judge_offline(
        JudgeInput(
            "832229 | Tag#:SJ4664-1 [guns#0]", sources, "Who made the pistol with tag SJ4664-1?"
        )
    )
    assert v.relevance is not None
    assert "states the code the question names" not in v.relevance.relevance_notes


SATELLITE = Source(
    "sat#0",
    "sat",
    "鑫诺二号通信卫星（SINOSAT-2）由中国空间技术研究院制造，是中国第一颗具备抗干扰能力的大型通信广播卫星。"
    "2006年10月29日在西昌卫星发射中心由长征三号乙运载火箭发射升空。"
    "11月28日，鑫诺卫星通信公司正式宣布卫星发生技术故障。",
    "鑫诺二号",
)
SATELLITE_QUESTION = "When was the SINOSAT-2 satellite launched?"


def test_a_line_continuing_the_sentence_that_names_the_code_is_not_refused_for_it() -> None:
    # The launch date's sentence names the satellite only through the sentence before it.
    draft = "“2006年10月29日在西昌卫星发射中心由长征三号乙运载火箭发射升空。” [sat#0]"
    v = Judge().judge_offline(JudgeInput(draft, [SATELLITE], SATELLITE_QUESTION))
    assert v.addresses_question, v.reasoning


def test_a_line_whose_own_sentence_before_lacks_the_code_is_still_refused() -> None:
    draft = "“11月28日，鑫诺卫星通信公司正式宣布卫星发生技术故障。” [sat#0]"
    v = Judge().judge_offline(JudgeInput(draft, [SATELLITE], SATELLITE_QUESTION))
    assert v.relevance is not None and not v.addresses_question
    assert "code: sinosat-2" in v.relevance.missing_aspects


def test_a_code_the_cited_documents_title_writes_names_the_document() -> None:
    """Documents set (f2-089): "prces2025 retired delegate late fee" was refused for not
    naming prces2025, which the cited spreadsheet's name holds and none of its rows do."""
    ok = RelevanceReport(score=0.8, addresses_question=True, completeness=0.8)
    row = ["Category: Retired / emeritus | Late / On-site Fee (HKD): 2800"]
    question = "prces2025 retired delegate late fee"
    assert not _codes_given(question, row, ok).addresses_question
    titled = _codes_given(question, row, ok, titles=["fresh2-prces2025-registration-en.xlsx"])
    assert titled.addresses_question
