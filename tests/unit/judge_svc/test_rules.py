"""judge_svc rules: the seed's detect_hallucination, in Chinese and English."""

from __future__ import annotations

import pytest

from judge_svc.citations import CitationIndex, SourceRef, bracket_contents, printable
from judge_svc.rules import (
    EMPTY_NOTE,
    NO_CLAIMS_NOTE,
    Source,
    check_draft,
    detect_hallucination,
)
from judge_svc.sentences import CJK_WEIGHT, length_units, split_sentences

pytestmark = pytest.mark.unit

EN = Source("hr#0", "hr", "Employees must request annual leave three days in advance.")
ZH = Source("zh#0", "zh", "員工請假需要在三天前透過人資系統提出申請，並由主管核准。")
SOURCES = [EN, ZH]
EN_CLAIM = "Employees must request annual leave three days in advance via the HR portal"
ZH_CLAIM = "員工請假需要在三天前透過人資系統提出申請"


class TestCitationForms:
    def test_single_ids_in_order_with_repeats(self) -> None:
        index = CitationIndex([SourceRef("hr#0", "hr")])
        assert index.cited_ids("A [hr#0] and B [zh#0][hr] [hr#0].") == [
            "hr#0",
            "zh#0",
            "hr",
            "hr#0",
        ]

    def test_several_ids_in_one_bracket(self) -> None:
        index = CitationIndex([])
        assert index.cited_ids("x [a, b] y [c，d] z [e、f; g]") == list("abcdefg")

    def test_an_id_containing_a_comma_is_kept_whole_when_it_names_a_source(self) -> None:
        index = CitationIndex([SourceRef("a,b", "")])
        assert index.cited_ids("x [a,b]") == ["a,b"]

    def test_source_n_names_the_nth_source(self) -> None:
        index = CitationIndex([SourceRef("x#0", "x"), SourceRef("y#0", "y")])
        assert index.resolve("Source 2") == [1]
        assert index.resolve("來源 1") == [0]
        assert index.resolve("source 3") is None
        assert index.resolve("Source 0") is None

    def test_markdown_links_are_not_citations(self) -> None:
        assert bracket_contents("see [the docs](http://x) and [a#1]") == ["a#1"]

    def test_lenticular_brackets_are_citations(self) -> None:
        assert bracket_contents("請假規定【zh#0】。") == ["zh#0"]

    def test_brackets_never_nest_or_cross_lines(self) -> None:
        assert bracket_contents("[a[b]c]") == ["b"]
        assert bracket_contents("[a\nb]") == []
        assert bracket_contents("[]") == []
        assert bracket_contents("[" + "x" * 201 + "]") == []

    def test_parent_ids_are_valid_targets(self) -> None:
        index = CitationIndex([SourceRef("hr#0", "hr"), SourceRef("hr#1", "hr")])
        assert index.resolve("hr") == [0, 1]

    def test_control_characters_never_resolve_and_are_reported_escaped(self) -> None:
        index = CitationIndex([SourceRef("a\x00", "")])
        assert index.resolve("a\x00") is None
        assert printable("a\x00\u200b") == "a\\u0000\\u200b"


class TestSentences:
    def test_english_sentences_keep_their_citations(self) -> None:
        assert split_sentences("A sentence [x]. Another one.[y] Third. [z] Last") == [
            "A sentence [x].",
            "Another one.[y]",
            "Third.[z]",
            "Last",
        ]

    def test_chinese_sentences(self) -> None:
        assert split_sentences("第一句[a]。第二句。[b]第三句！第四句？") == [
            "第一句[a]。",
            "第二句。[b]",
            "第三句！",
            "第四句？",
        ]

    def test_decimals_do_not_end_a_sentence(self) -> None:
        assert split_sentences("Pi is 3.14 roughly. Next.") == ["Pi is 3.14 roughly.", "Next."]

    def test_lines_are_sentences(self) -> None:
        assert split_sentences("From your documents:\nLine one [a]\nLine two [b]") == [
            "From your documents:",
            "Line one [a]",
            "Line two [b]",
        ]

    def test_blank(self) -> None:
        assert split_sentences("") == []
        assert split_sentences(" \n ") == []

    def test_units_weigh_cjk_letters(self) -> None:
        assert length_units("abc") == 3
        assert length_units("請假") == pytest.approx(2 * CJK_WEIGHT)
        assert length_units("API 金鑰。") == pytest.approx(5 + 2 * CJK_WEIGHT)


class TestDetectHallucination:
    def test_fully_cited_answer_has_no_risk(self) -> None:
        r = detect_hallucination(f"{EN_CLAIM} [hr#0]. {ZH_CLAIM}[zh]。", SOURCES)
        assert (r.valid_citations, r.invalid_citations) == (["hr#0", "zh"], [])
        assert (r.total_claims, r.cited_claims, r.citation_ratio) == (2, 2, 1.0)
        assert (r.risk_score, r.has_risk) == (0.0, False)

    def test_invalid_citation_is_listed_and_does_not_count(self) -> None:
        r = detect_hallucination(f"{EN_CLAIM} [hr#9].", SOURCES)
        assert r.invalid_citations == ["hr#9"]
        assert r.cited_claims == 0
        assert r.risk_score == 1.0 and r.has_risk

    def test_uncited_long_english_sentence(self) -> None:
        long = "There is also a free lunch every Friday for all of the staff in the building."
        r = detect_hallucination(f"{EN_CLAIM} [hr#0]. {long}", SOURCES)
        assert r.uncited_sentences == [long]
        assert r.citation_ratio == 0.5 and r.risk_score == 0.5 and r.has_risk

    def test_uncited_long_chinese_sentence_by_the_calibrated_length(self) -> None:
        long = "公司每年都會舉辦員工旅遊活動"  # 14 CJK letters: 51.8 units
        short = "公司每年舉辦員工旅遊"  # 10 letters: 37 units, a claim but not long
        r = detect_hallucination(f"{long}。{short}。", SOURCES)
        assert r.uncited_sentences == [long + "。"]
        assert r.total_claims == 2

    def test_only_the_first_three_uncited_sentences_are_shown(self) -> None:
        body = " ".join(
            f"Sentence number {i} is long enough to need a citation here." for i in "abcd"
        )
        r = detect_hallucination(body, SOURCES)
        assert len(r.uncited_sentences) == 3 and r.uncited_count == 4

    def test_long_sentences_are_cut_to_a_hundred_characters(self) -> None:
        r = detect_hallucination("word " * 60, SOURCES)
        assert len(r.uncited_sentences[0]) == 100

    def test_short_sentences_are_not_claims(self) -> None:
        # 20 units or less: "請假三天。" is 3 letters (11.1) + 1; "Yes, it is." is 11.
        r = detect_hallucination("Yes, it is. 請假三天。", SOURCES)
        assert r.total_claims == 0
        assert (r.risk_score, r.has_risk, r.note) == (0.0, False, NO_CLAIMS_NOTE)

    def test_a_lead_in_line_is_not_a_claim(self) -> None:
        r = detect_hallucination(f"根據您的文件：\n{ZH_CLAIM}[zh#0]", SOURCES)
        assert r.total_claims == 1 and r.risk_score == 0.0

    def test_empty_answer_has_no_risk_and_says_why(self) -> None:
        for blank in ("", "   \n"):
            r = detect_hallucination(blank, SOURCES)
            assert (r.has_risk, r.risk_score, r.note) == (False, 0.0, EMPTY_NOTE)

    def test_no_sources_make_every_citation_invalid(self) -> None:
        r = detect_hallucination(f"{EN_CLAIM} [hr#0].", [])
        assert r.invalid_citations == ["hr#0"] and r.risk_score == 1.0

    def test_has_risk_is_strictly_above_0_3(self) -> None:
        claims = [f"{EN_CLAIM} number {i}" for i in range(10)]
        cited = [c + " [hr#0]." for c in claims[:7]] + [c + "." for c in claims[7:]]
        r = detect_hallucination(" ".join(cited), SOURCES)
        assert r.risk_score == pytest.approx(0.3) and not r.has_risk

    def test_seed_ratio_counts_distinct_ids(self) -> None:
        draft = f"{EN_CLAIM} [hr#0]. {EN_CLAIM} again [hr#0]. {EN_CLAIM} thrice [hr#0]."
        per_claim = detect_hallucination(draft, SOURCES)
        seed = detect_hallucination(draft, SOURCES, ratio_mode="seed")
        assert per_claim.citation_ratio == 1.0
        assert seed.citation_ratio == pytest.approx(1 / 3, abs=1e-4)
        assert seed.risk_score == pytest.approx(0.6667)

    def test_citations_are_reported_once_in_order(self) -> None:
        draft = f"{EN_CLAIM} [hr#0]. {EN_CLAIM} [hr][hr#0]. x [bad]. y [bad]."
        r = detect_hallucination(draft, SOURCES)
        assert r.valid_citations == ["hr#0", "hr"] and r.invalid_citations == ["bad"]

    def test_control_characters_inside_a_citation(self) -> None:
        r = detect_hallucination(f"{EN_CLAIM} [hr#0\x07].", SOURCES)
        assert r.invalid_citations == ["hr#0\\u0007"]

    def test_a_megabyte_answer_is_checked(self) -> None:
        draft = (f"{EN_CLAIM} [hr#0]. " * 12_000)[: 1 << 20]
        r = detect_hallucination(draft, SOURCES)
        assert r.total_claims > 10_000 and r.invalid_citations == []

    def test_check_draft_keeps_the_old_signature(self) -> None:
        assert check_draft(f"{EN_CLAIM} [nope].", SOURCES).invalid_citations == ["nope"]


def test_the_judge_and_the_writer_agree_on_sentences_with_abbreviations() -> None:
    # the writer quotes "…(e.g. 422)." whole; the judge must not see an uncited first half
    draft = "Status codes include 4xx errors (e.g. 422 when a field fails validation). [r#1]"
    assert split_sentences(draft) == [
        "Status codes include 4xx errors (e.g. 422 when a field fails validation).[r#1]"
    ]
    assert split_sentences("We keep logs, etc. [a] Next one.") == [
        "We keep logs, etc.[a]",
        "Next one.",
    ]


def test_a_period_inside_a_table_record_does_not_end_it() -> None:
    """「MISS.VALLEY ARMS CO. UNK 12GA」: cut at "CO.", the row's second half had no citation."""
    row = "MAKE: MISS.VALLEY ARMS CO. UNK 12GA | TAG: SJ4117-1 [fa#7]"
    assert split_sentences(row) == [row]
    prose = "Made by Arms Co. It is old. [a]"
    assert split_sentences(prose) == ["Made by Arms Co.", "It is old.[a]"]
