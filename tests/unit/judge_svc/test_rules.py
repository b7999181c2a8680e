"""Unit tests for judge_svc.rules: citations, claims, uncited sentences and lexical support."""

from __future__ import annotations

import pytest

from judge_svc.rules import (
    CITATION,
    RuleFindings,
    Source,
    check_draft,
    display_length,
    split_claims,
    support,
)

pytestmark = pytest.mark.unit

EN_SOURCE = Source(
    "hr#0",
    "hr",
    "Employees must request annual leave three days in advance through the HR portal.",
)
ZH_SOURCE = Source("zh#0", "zh", "員工請假需要在三天前透過人資系統提出申請，並由主管核准。")
SOURCES = [EN_SOURCE, ZH_SOURCE]

EN_CLAIM = "Employees must request annual leave three days in advance through the HR portal"
ZH_CLAIM = "員工請假需要在三天前透過人資系統提出申請"


class TestCitationPattern:
    def test_extracts_every_citation(self) -> None:
        assert CITATION.findall("A [hr#0] and B [zh#0][hr].") == ["hr#0", "zh#0", "hr"]

    def test_brackets_cannot_nest_or_span_lines(self) -> None:
        assert CITATION.findall("[a[b]c]") == ["b"]
        assert CITATION.findall("[a\nb]") == []

    def test_empty_and_over_long_brackets_are_not_citations(self) -> None:
        assert CITATION.findall("[]") == []
        assert CITATION.findall("[" + "x" * 201 + "]") == []
        assert CITATION.findall("[" + "x" * 200 + "]") == ["x" * 200]


class TestDisplayLength:
    def test_wide_characters_count_twice(self) -> None:
        assert display_length("abc") == 3
        assert display_length("請假") == 4
        assert display_length("ＡＢ") == 4
        assert display_length("API 金鑰") == 8


class TestSplitClaims:
    def test_english_sentences_keep_their_citations(self) -> None:
        assert split_claims("A sentence [x]. Another one.[y] Third [z]. Last") == [
            "A sentence [x].",
            "Another one.[y]",
            "Third [z].",
            "Last",
        ]

    def test_citation_after_a_space_joins_the_sentence_before(self) -> None:
        assert split_claims("First claim. [a] Second claim.") == [
            "First claim.[a]",
            "Second claim.",
        ]

    def test_chinese_draft_is_split_at_the_full_stop(self) -> None:
        assert split_claims("第一句[a]。第二句。[b]第三句！第四句？") == [
            "第一句[a]。",
            "第二句。[b]",
            "第三句！",
            "第四句？",
        ]

    def test_lines_are_sentences(self) -> None:
        assert split_claims("From your documents:\nLine one [a]\nLine two [b]") == [
            "From your documents:",
            "Line one [a]",
            "Line two [b]",
        ]

    def test_blank_draft(self) -> None:
        assert split_claims("") == []
        assert split_claims("  \n ") == []


class TestSupport:
    def test_claim_made_of_source_words_is_supported(self) -> None:
        assert support(EN_CLAIM + " [hr#0]", [EN_SOURCE.text]) == 1.0
        assert support(ZH_CLAIM, [ZH_SOURCE.text]) == 1.0

    def test_unrelated_claim_is_not_supported(self) -> None:
        assert support("The cafeteria serves pizza on Fridays", [EN_SOURCE.text]) == 0.0

    def test_claim_without_content_terms_counts_as_supported(self) -> None:
        assert support("what is the", [EN_SOURCE.text]) == 1.0

    def test_citation_text_does_not_count_as_a_term(self) -> None:
        assert support("annual leave [pizza]", ["annual leave"]) == 1.0


class TestCheckDraftCitations:
    def test_valid_chunk_citation(self) -> None:
        f = check_draft(f"{EN_CLAIM} [hr#0].", SOURCES)
        assert f.valid_citations == ["hr#0"]
        assert f.invalid_citations == []
        assert (f.claims, f.cited_claims, f.supported_claims) == (1, 1, 1)

    def test_citation_of_the_parent_document_is_valid(self) -> None:
        f = check_draft(f"{ZH_CLAIM}[zh]。", SOURCES)
        assert f.valid_citations == ["zh"]
        assert f.invalid_citations == []
        assert f.supported_claims == 1

    def test_unknown_citation_is_invalid(self) -> None:
        f = check_draft(f"{EN_CLAIM} [hr#9]. Short one [ghost].", SOURCES)
        assert f.valid_citations == []
        assert f.invalid_citations == ["hr#9", "ghost"]
        assert f.cited_claims == 0

    def test_citations_are_reported_once_in_order(self) -> None:
        draft = f"{EN_CLAIM} [hr#0]. {EN_CLAIM} [hr][hr#0]. x [bad]. y [bad]."
        f = check_draft(draft, SOURCES)
        assert f.valid_citations == ["hr#0", "hr"]
        assert f.invalid_citations == ["bad"]

    def test_whitespace_inside_brackets_is_ignored(self) -> None:
        assert check_draft(f"{EN_CLAIM} [ hr#0 ].", SOURCES).valid_citations == ["hr#0"]

    def test_no_sources_makes_every_citation_invalid(self) -> None:
        f = check_draft(f"{EN_CLAIM} [hr#0].", [])
        assert f.invalid_citations == ["hr#0"]


class TestCheckDraftClaims:
    def test_uncited_long_english_sentence(self) -> None:
        long = "There is also a free lunch every Friday for all of the staff in the building."
        f = check_draft(f"{EN_CLAIM} [hr#0]. {long}", SOURCES)
        assert f.uncited_sentences == [long]
        assert (f.claims, f.cited_claims) == (2, 1)
        assert f.citation_ratio == 0.5

    def test_uncited_long_chinese_sentence(self) -> None:
        long = "公司每年都會舉辦員工旅遊活動並且提供豐富的獎品給大家。"
        assert display_length(long) > 50
        f = check_draft(f"{ZH_CLAIM}[zh#0]。{long}", SOURCES)
        assert f.uncited_sentences == [long]
        assert f.claims == 2

    def test_short_sentences_are_neither_claims_nor_uncited(self) -> None:
        f = check_draft("OK. Thanks! 好的。", SOURCES)
        assert f == RuleFindings()

    def test_a_long_sentence_with_an_invalid_citation_is_not_uncited(self) -> None:
        f = check_draft(f"{EN_CLAIM} and more words here [nope].", SOURCES)
        assert f.uncited_sentences == []
        assert f.invalid_citations == ["nope"]
        assert (f.claims, f.cited_claims) == (1, 0)

    def test_unsupported_claim(self) -> None:
        claim = "The company was founded in 1850 by pirates who sailed the ocean"
        f = check_draft(f"{claim} [hr#0].", SOURCES)
        assert f.valid_citations == ["hr#0"]
        assert (f.cited_claims, f.supported_claims) == (1, 0)
        assert len(f.unsupported_claims) == 1
        assert f.unsupported_claims[0].startswith("The company was founded")
        assert f.support_ratio == 0.0

    def test_claim_must_be_supported_by_the_chunk_it_cites(self) -> None:
        f = check_draft(f"{ZH_CLAIM}[hr#0]。", SOURCES)
        assert f.supported_claims == 0
        assert f.unsupported_claims

    def test_chinese_draft_end_to_end(self) -> None:
        draft = (
            f"{ZH_CLAIM}[zh#0]。"
            "主管必須核准所有的加班申請才可以生效並且發放獎金[zh]。"
            "公司每年都會舉辦員工旅遊活動並且提供豐富的獎品給大家。"
        )
        f = check_draft(draft, SOURCES)
        assert f.valid_citations == ["zh#0", "zh"]
        assert (f.claims, f.cited_claims, f.supported_claims) == (3, 2, 1)
        assert len(f.uncited_sentences) == 1
        assert len(f.unsupported_claims) == 1

    def test_thresholds_are_configurable(self) -> None:
        f = check_draft("A fairly short sentence.", SOURCES, long_sentence=10, claim_min=5)
        assert f.uncited_sentences == ["A fairly short sentence."]
        assert f.claims == 1

    def test_ratios_without_claims(self) -> None:
        f = RuleFindings()
        assert f.citation_ratio == 0.0
        assert f.support_ratio == 0.0
