"""A question word that names the kind of value asked for is covered by such a value, and English
words are compared by their Snowball stems: the real-world transcript's cover page answers
"What is the docket number …" with "No. 07-1315" and "Who appeared …" under APPEARANCES."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge_svc.grading import GradeChunk, LexicalGrader, english_stem
from mesh.value_words import holds_value_for, names_a_value

COVER = (
    "| MICHAEL A. KNOWLES, WARDEN, Petitioner | v. | : No. 07-1315 | ALEXANDRE MIRZAYANCE |\n"
    "Washington, D.C. Tuesday, January 13, 2009. The above-entitled matter came on for oral "
    "argument at 1:01 p.m. APPEARANCES: CHARLES M. SEVILLA, ESQ., on behalf of the Respondent."
)
UNRELATED = "Trains are refunded in second class only, with the receipts of every journey."


@pytest.fixture(scope="module")
def grader() -> LexicalGrader:
    return LexicalGrader()


@pytest.mark.parametrize(
    ("question", "covered"),
    [
        ("What is the docket number of Knowles v. Mirzayance?", {"number", "knowles"}),
        ("At what time did the oral argument begin?", {"time", "oral", "argument"}),
        ("Who appeared on behalf of the respondent?", {"appeared", "behalf", "respondent"}),
    ],
)
def test_the_cover_page_answers_what_it_states(
    grader: LexicalGrader, question: str, covered: set[str]
) -> None:
    grade = grader.grade(question, [GradeChunk("cover", COVER), GradeChunk("other", UNRELATED)])
    by_id = {g.chunk_id: g for g in grade.chunk_grades}
    assert covered <= set(by_id["cover"].covered_aspects)
    assert grade.verdict.value == "SUFFICIENT"
    assert by_id["other"].covered_aspects == []


def test_a_value_word_alone_does_not_make_a_passage_relevant(grader: LexicalGrader) -> None:
    # Any passage with a figure holds "a number"; the question's other words still decide.
    grade = grader.grade(
        "What is the phone number of the IT help desk?",
        [GradeChunk("fare", "A second-class fare costs 42.50 dollars.")],
    )
    assert grade.verdict.value == "INSUFFICIENT"
    assert not grade.chunk_grades[0].relevant


@pytest.mark.parametrize(
    ("word", "text", "held"),
    [
        ("date", "生效日期：2025年9月16日", True),
        ("日期", "開課日期：2025年9月16日", True),
        ("date", "effective 03/25/2016", True),
        ("date", "founded in 1998", False),
        ("time", "會議於下午 2 點開始", True),
        ("time", "processed within 5 working days", True),
        ("time", "room 905 on the ninth floor", False),
        ("金額", "住宿費上限 1,900 元", True),
        ("cost", "the parts cost $3,790", True),
        ("cost", "three parts are replaced", False),
        ("docket", "No. 07-1315", False),
    ],
)
def test_value_shapes(word: str, text: str, held: bool) -> None:
    assert names_a_value(word) or word == "docket"
    assert holds_value_for(word, text.lower()) is held


@given(st.text(alphabet=st.characters(categories=("Ll", "Lu", "Nd", "Zs", "Lo")), max_size=60))
def test_any_text_is_read_without_error(text: str) -> None:
    for word in ("date", "time", "number", "cost", "年份"):
        assert isinstance(holds_value_for(word, text), bool)


@pytest.mark.parametrize(
    ("a", "b"), [("appeared", "appearances"), ("records", "record"), ("adjourned", "adjourn")]
)
def test_word_forms_share_a_stem(a: str, b: str) -> None:
    assert english_stem(a) == english_stem(b)


@pytest.mark.parametrize(
    ("word", "text", "held"),
    [
        ("level", "Return the vehicle with at least a quarter of a tank of fuel.", True),
        ("level", "Waste containers must not be filled beyond 80% of capacity", True),
        ("比例", "開學後兩週內離校者，退還八成學費。", True),
        ("level", "The reading room is on Level 3.", False),  # a floor, not a share
        ("比例", "成本由申請單位負擔。", False),
    ],
)
def test_a_level_or_a_share_is_stated_by_a_proportion(word: str, text: str, held: bool) -> None:
    """ "What fuel level…" and "max fill level…" (the documents benchmark's tune half) are
    answered by a share of the whole, which never says "level"."""
    assert holds_value_for(word, text) is held


def test_a_proportion_answers_the_level_asked_for(grader: LexicalGrader) -> None:
    rule = "Waste containers must not be filled beyond 80% of capacity."
    grade = grader.grade(
        "max fill level for waste containers",
        [GradeChunk("lab#4", rule), GradeChunk("lab#5", "Label waste containers clearly.")],
    )
    filled, labelled = grade.chunk_grades
    assert "level" in filled.covered_aspects and "level" not in labelled.covered_aspects
