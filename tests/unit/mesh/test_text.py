"""Unit tests for mesh.text: sentence splitting, line unwrapping and content terms."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mesh.text import (
    STOP_WORDS,
    base_form,
    content_terms,
    english_stem,
    holds_marked_letter,
    marked_letters,
    split_sentences,
    unwrap_lines,
)

pytestmark = pytest.mark.unit


class TestSplitSentences:
    def test_chinese_terminal_punctuation(self) -> None:
        assert split_sentences("第一句。第二句！第三句？第四句；最後") == [
            "第一句。",
            "第二句！",
            "第三句？",
            "第四句；",
            "最後",
        ]

    def test_western_terminal_punctuation(self) -> None:
        assert split_sentences("First one. Second! Third? Fourth; Last") == [
            "First one.",
            "Second!",
            "Third?",
            "Fourth;",
            "Last",
        ]

    def test_a_semicolon_before_a_lower_case_clause_joins_one_sentence(self) -> None:
        text = "CHARLES M. SEVILLA, ESQ., San Diego, Cal.; on behalf of the Respondent."
        assert split_sentences(text) == [text]
        assert split_sentences("第一款；第二款。") == ["第一款；", "第二款。"]

    def test_initials_and_numbered_references_do_not_end_a_sentence(self) -> None:
        assert split_sentences("Knowles v. Mirzayance, No. 07-1315, argued. Next one.") == [
            "Knowles v. Mirzayance, No. 07-1315, argued.",
            "Next one.",
        ]
        assert split_sentences("Michael A. Knowles signed. Then he left.") == [
            "Michael A. Knowles signed.",
            "Then he left.",
        ]
        assert split_sentences("I said no. Then I left.") == ["I said no.", "Then I left."]

    def test_mixed_scripts(self) -> None:
        assert split_sentences("第一句。Second one. 第三句") == [
            "第一句。",
            "Second one.",
            "第三句",
        ]

    def test_closing_quote_stays_with_its_sentence(self) -> None:
        assert split_sentences("他說：「好。」然後走了。") == ["他說：「好。」", "然後走了。"]
        assert split_sentences('He said "stop!" Then left.') == ['He said "stop!"', "Then left."]

    def test_period_inside_a_number_does_not_split(self) -> None:
        assert split_sentences("Version 3.5 is out. Upgrade now.") == [
            "Version 3.5 is out.",
            "Upgrade now.",
        ]

    def test_line_breaks_split(self) -> None:
        assert split_sentences("line one\nline two\n\n\nline three") == [
            "line one",
            "line two",
            "line three",
        ]

    @pytest.mark.parametrize("text", ["", "   ", "\n\n", " \n \n "])
    def test_blank_text_has_no_sentences(self, text: str) -> None:
        assert split_sentences(text) == []

    def test_no_empty_parts_from_repeated_punctuation(self) -> None:
        assert split_sentences("真的嗎？！好。") == ["真的嗎？", "！", "好。"]

    @given(st.text(alphabet="ab 。！？；.!?\n", max_size=60))
    def test_parts_are_stripped_non_empty_and_keep_every_visible_character(self, text: str) -> None:
        parts = split_sentences(text)
        assert all(p and p == p.strip() for p in parts)
        squash = "".join(text.split())
        assert "".join("".join(p.split()) for p in parts) == squash


class TestUnwrapLines:
    def test_joins_hard_wrapped_english_with_a_space(self) -> None:
        assert unwrap_lines("This is a hard\nwrapped line.") == "This is a hard wrapped line."

    def test_joins_hard_wrapped_chinese_without_a_space(self) -> None:
        assert unwrap_lines("員工請假需要\n提前申請。") == "員工請假需要提前申請。"

    def test_line_ending_a_sentence_keeps_its_break(self) -> None:
        assert (
            unwrap_lines("First sentence.\nSecond sentence") == "First sentence.\nSecond sentence"
        )
        assert unwrap_lines("第一句。\n第二句") == "第一句。\n第二句"

    def test_list_items_headings_and_tables_keep_their_breaks(self) -> None:
        text = "Intro\n# Heading\n- item one\n* item two\n1. first\n| a | b |"
        assert unwrap_lines(text) == text

    def test_list_item_continuation_is_joined(self) -> None:
        assert (
            unwrap_lines("- a long item that\n  wraps here.\n- next")
            == "- a long item that wraps here.\n- next"
        )

    def test_blank_lines_separate_paragraphs(self) -> None:
        assert unwrap_lines("para one\n\npara two") == "para one\n\npara two"


class TestContentTerms:
    def test_english_words_lowercased_without_stop_words(self) -> None:
        assert content_terms("What is the Leave Policy?") == {"leave", "policy"}

    def test_han_characters_and_bigrams(self) -> None:
        assert content_terms("請假單") == {"假", "單", "請假", "假單"}

    def test_single_han_stop_words_are_dropped_but_bigrams_kept(self) -> None:
        terms = content_terms("什麼是")
        assert "什" not in terms and "是" not in terms
        assert {"什麼", "麼是"} <= terms

    def test_full_width_letters_are_normalized(self) -> None:
        assert content_terms("ＡＰＩ key") == {"api", "key"}

    def test_digits_are_terms(self) -> None:
        assert "2024" in content_terms("the 2024 plan")

    def test_empty_and_stop_words_only(self) -> None:
        assert content_terms("") == set()
        assert content_terms("what is the") == set()

    def test_stop_words_are_lowercase(self) -> None:
        assert all(w == w.lower() for w in STOP_WORDS)


class TestAbbreviations:
    def test_an_abbreviation_does_not_end_a_sentence(self) -> None:
        text = "Errors are 4xx (e.g. 422 for a bad field). Call Dr. Chen. Done."
        assert split_sentences(text) == [
            "Errors are 4xx (e.g. 422 for a bad field).",
            "Call Dr. Chen.",
            "Done.",
        ]

    def test_a_line_break_after_an_abbreviation_still_splits(self) -> None:
        assert split_sentences("see e.g.\nnext line") == ["see e.g.", "next line"]


@pytest.mark.parametrize(
    ("text", "marked"),
    [
        ("B+ 對應的分數區間是幾分到幾分？", ["b+"]),
        ("Grades A- and C++ or C#", ["a-", "c++", "c#"]),
        ("e-mail, x-ray, a-b, ab+", []),
    ],
)
def test_a_letter_with_its_mark_is_a_term(text: str, marked: list[str]) -> None:
    """Documents bench, tune half (pdf-063): "B+" had been read as "b", as "B" and "B-" are."""
    assert marked_letters(text.lower()) == marked
    assert set(marked) <= content_terms(text)
    assert holds_marked_letter("b+", "等第：b+｜分數區間：77-79")
    assert not holds_marked_letter("b+", "等第：b｜分數區間：73-76")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Intensive care | 600 | 400 | max. 30 days per year", 1),
        ("Call the desk on ext. 4400 at any time.", 1),
        ("The walk takes 10 min. Then rest.", 2),
    ],
)
def test_an_abbreviation_before_a_number_does_not_end_a_sentence(text: str, count: int) -> None:
    assert len(split_sentences(text)) == count


class TestBaseForm:
    @pytest.mark.parametrize(
        ("word", "base"),
        [("led", "lead"), ("sent", "send"), ("seen", "see"), ("written", "write"), ("paid", "pay")],
    )
    def test_an_irregular_verb_form_is_its_base(self, word: str, base: str) -> None:
        assert base_form(word) == base
        assert english_stem(word) == english_stem(base)

    @pytest.mark.parametrize("word", ["left", "born", "found", "submitted", "data", "news", "led2"])
    def test_other_words_are_left_as_they_are(self, word: str) -> None:
        """ "left" and "born" are read as adjectives more often; a regular form is the suffix
        stemmer's; a word that is no verb form stays."""
        assert base_form(word) == word

    def test_a_regular_form_still_stems_to_its_base(self) -> None:
        assert english_stem("submitted") == english_stem("submit")
