"""judge_svc grading: SUFFICIENT / INSUFFICIENT with the missing aspects."""

from __future__ import annotations

import pytest

from judge_svc.grading import GradeChunk, LexicalGrader, Sufficiency, question_aspects

pytestmark = pytest.mark.unit

LEAVE = GradeChunk("leave#0", "員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。")
SEC = GradeChunk("sec#0", "Passwords are rotated every ninety days. Laptops use disk encryption.")


class TestAspects:
    def test_english_question_words_are_dropped(self) -> None:
        assert question_aspects("How often do passwords rotate?") == [
            "often",
            "passwords",
            "rotate",
        ]

    def test_chinese_question_words_and_function_characters_are_dropped(self) -> None:
        assert question_aspects("員工請假要提前幾天申請？") == ["員工", "請假", "提前", "申請"]

    def test_mixed_question(self) -> None:
        assert question_aspects("VPN 怎麼設定？") == ["vpn", "設定"]


class TestLexicalGrader:
    def test_covered_question_is_sufficient(self) -> None:
        g = LexicalGrader().grade("How often do passwords rotate?", [SEC, LEAVE])
        assert g.verdict is Sufficiency.SUFFICIENT and g.missing_aspects == ["often"]
        assert [c.relevant for c in g.chunk_grades] == [True, False]
        assert g.chunk_grades[0].covered_aspects == ["passwords", "rotate"]

    def test_chinese_question_is_sufficient(self) -> None:
        g = LexicalGrader().grade("員工請假要提前幾天申請？", [LEAVE])
        assert g.verdict is Sufficiency.SUFFICIENT and g.coverage == pytest.approx(3 / 4, abs=1e-3)

    def test_missing_aspects_make_it_insufficient(self) -> None:
        g = LexicalGrader().grade("Who approves laptop purchases and budgets?", [SEC])
        assert g.verdict is Sufficiency.INSUFFICIENT
        assert g.missing_aspects == ["approves", "purchases", "budgets"]

    def test_no_chunks(self) -> None:
        g = LexicalGrader().grade("How often do passwords rotate?", [])
        assert g.verdict is Sufficiency.INSUFFICIENT and g.reasoning == "no passages were collected"

    def test_a_question_without_content_words(self) -> None:
        g = LexicalGrader().grade("what is it?", [SEC])
        assert g.verdict is Sufficiency.INSUFFICIENT and "no content words" in g.reasoning

    def test_coverage_threshold_is_configurable(self) -> None:
        strict = LexicalGrader(min_coverage=1.0)
        assert strict.grade("How often do passwords rotate?", [SEC]).verdict is (
            Sufficiency.INSUFFICIENT
        )
