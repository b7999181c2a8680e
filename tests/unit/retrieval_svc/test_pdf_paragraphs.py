"""PDF lines into paragraphs and headings: double-spaced pages and catalogue titles."""

from __future__ import annotations

import pytest

from retrieval_svc.documents.pdf_lines import Line, Word, paragraphs

pytestmark = pytest.mark.unit


def _line(text: str, top: float, size: float = 10.0, x1: float = 500.0) -> Line:
    return Line([Word(text, 90.0, x1, top, top + size * 1.15, size)])


def test_a_double_spaced_page_keeps_its_sentences_whole() -> None:
    """A court transcript sets every line a line apart; its sentences run over those lines."""
    words = "the matter came on for oral argument before the court at one".split()
    lines = [_line(" ".join(words[: 3 + i % 4]), 100.0 + 26.0 * i) for i in range(10)]
    lines.append(_line("on behalf of the Respondent.", 100.0 + 26.0 * 10))
    paras = paragraphs(lines, 10.0)
    assert len(paras) == 1 and paras[0].text.endswith("on behalf of the Respondent.")


def test_a_single_spaced_page_still_breaks_at_a_blank_line() -> None:
    first = [_line(f"first paragraph line {i}", 100.0 + 12.5 * i) for i in range(5)]
    second = [_line(f"second paragraph line {i}", 180.0 + 12.5 * i) for i in range(5)]
    assert len(paragraphs(first + second, 10.0)) == 2


def test_a_course_name_over_its_details_is_a_heading() -> None:
    """A catalogue sets each course's name a size above its details, close to the body size."""
    lines = [
        _line("机器学习入门", 100.0, size=10.0, x1=160.0),
        _line("课程编号：QH-AI-301 课时：60课时 学费：5,200元", 113.0, size=8.2),
        _line("开课日期：2025年10月11日（周六）讲师：高明远", 124.0, size=8.2),
    ]
    paras = paragraphs(lines, 10.0)
    assert paras[0].heading and paras[0].text == "机器学习入门"
    assert not any(p.heading for p in paras[1:])


def test_a_short_line_in_the_body_size_is_not_a_heading() -> None:
    lines = [
        _line("Notes", 100.0, size=10.0, x1=130.0),
        _line("Rooms are cleaned daily and linen is changed weekly.", 113.0, size=10.0),
    ]
    assert not paragraphs(lines, 10.0)[0].heading


@pytest.mark.parametrize(
    "text", ["and (4) add erroneous AOA as a", "Federal Register /", "Vol. 2020"]
)
def test_a_fragment_set_large_is_not_a_heading(text: str) -> None:
    """A sentence's fragment, a running header's piece or an issue number in a larger font."""
    lines = [
        _line(text, 100.0, size=10.0, x1=200.0),
        _line("The proposed rule would add an airworthiness directive.", 113.0, size=8.0),
    ]
    assert not paragraphs(lines, 8.5)[0].heading


def _at(text: str, top: float, column: int, x1: float = 280.0) -> Line:
    x0 = 60.0 if column <= 1 else 320.0
    return Line([Word(text, x0, x0 + x1 - 60.0, top, top + 11.5, 10.0)], column)


def test_a_paragraph_runs_on_into_the_next_column() -> None:
    """The left column ends mid-sentence; the right column's first line is the rest of it."""
    lines = [
        _at("6.1 The 24-hour assistance line is staffed by", 700.0, 1),
        _at("nurses who speak English and Cantonese.", 80.0, 2),
        _at("6.2 Evacuation is covered up to USD 50,000.", 95.0, 2),
    ]
    texts = [p.text for p in paragraphs(lines, 10.0)]
    assert texts[0].endswith("English and Cantonese.") and len(texts) == 2


def test_a_column_ending_its_sentence_ends_its_paragraph() -> None:
    lines = [_at("6.1 Quote the policy number.", 700.0, 1), _at("Claims go by post.", 80.0, 2)]
    assert len(paragraphs(lines, 10.0)) == 2


def test_a_short_line_ending_in_a_comma_runs_on() -> None:
    lines = [
        _line("4.5 For planned hospital admission,", 100.0, x1=300.0),
        _line("pre-authorisation must be requested five working days ahead", 112.0),
        _line("by the member or by the hospital, whichever admits the patient", 124.0),
        _line("4.6 Claims are paid by transfer within fifteen working days of", 136.0),
        _line("receipt.", 148.0, x1=150.0),
    ]
    texts = [p.text for p in paragraphs(lines, 10.0)]
    assert texts[0].startswith("4.5 For planned hospital admission, pre-authorisation")
    assert len(texts) == 2


def test_a_large_number_ending_a_line_is_not_a_list_item() -> None:
    """A line ending "+852 3900", then "7781. Quote …": four digits do not open a list item."""
    lines = [
        _line("6.1 The assistance line is +852 3900", 100.0),
        _line("7781. Quote the policy number.", 112.0, x1=300.0),
    ]
    assert len(paragraphs(lines, 10.0)) == 1
