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
