"""Unit tests for retrieval_svc.chunking: heading-, paragraph- and sentence-aware chunks."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retrieval_svc.chunking import ChunkDraft, chunk_blocks, chunk_text
from retrieval_svc.documents.model import Block, Kind, TableRow
from retrieval_svc.text import count_tokens

pytestmark = pytest.mark.unit

ZH_LONG = "".join(f"這是第{i}句關於請假規定的說明文字內容。" for i in range(40))
HANS_LONG = "".join(f"这是第{i}句关于请假规定的说明文字内容！" for i in range(40))
EN_LONG = " ".join(f"This is sentence number {i} about the leave policy." for i in range(40))


class TestChunkTextBasics:
    @pytest.mark.parametrize("text", ["", "   ", "\n\n\n", " \t\n \n"])
    def test_empty_text_has_no_chunks(self, text: str) -> None:
        assert chunk_text(text) == []

    def test_headings_alone_have_no_chunks(self) -> None:
        assert chunk_text("# Title\n\n## Section\n") == []

    @pytest.mark.parametrize("max_tokens", [0, -1, 15])
    def test_too_small_a_limit_is_refused(self, max_tokens: int) -> None:
        with pytest.raises(ValueError):
            chunk_text("text", max_tokens)

    def test_short_text_is_one_chunk(self) -> None:
        assert chunk_text("員工請假需要提前三天申請。") == [
            ChunkDraft("員工請假需要提前三天申請。", "")
        ]

    def test_text_before_the_first_heading_has_no_section(self) -> None:
        chunks = chunk_text("Intro text.\n\n# Leave\n\nLeave text.")
        assert chunks == [ChunkDraft("Intro text.", ""), ChunkDraft("Leave text.", "Leave")]


class TestChunkTextHeadings:
    def test_each_heading_starts_a_new_chunk(self) -> None:
        text = "# 請假\n\n請假需要申請。\n\n## 報銷\n\n報銷需要發票。\n\n### Travel\n\nBook early."
        chunks = chunk_text(text)
        assert chunks == [
            ChunkDraft("請假需要申請。", "請假"),
            ChunkDraft("報銷需要發票。", "報銷"),
            ChunkDraft("Book early.", "Travel"),
        ]

    def test_heading_without_a_blank_line_still_splits(self) -> None:
        chunks = chunk_text("# A\npara one.\n# B\npara two.")
        assert chunks == [ChunkDraft("para one.", "A"), ChunkDraft("para two.", "B")]

    def test_heading_text_is_not_in_the_chunk_text(self) -> None:
        (chunk,) = chunk_text("## Annual leave\n\nTen days a year.")
        assert chunk.section == "Annual leave"
        assert "#" not in chunk.text

    def test_hash_without_space_is_not_a_heading(self) -> None:
        (chunk,) = chunk_text("#hashtag is text")
        assert chunk == ChunkDraft("#hashtag is text", "")


class TestChunkTextPacking:
    def test_small_paragraphs_under_one_heading_are_packed(self) -> None:
        chunks = chunk_text("# A\n\nFirst para.\n\nSecond para.\n\nThird para.")
        assert chunks == [ChunkDraft("First para.\n\nSecond para.\n\nThird para.", "A")]

    def test_paragraphs_that_do_not_fit_start_a_new_chunk(self) -> None:
        para = "請假" * 20 + "。"  # 41 tokens
        chunks = chunk_text("\n\n".join([para] * 5), max_tokens=100)
        assert [c.text.count(para) for c in chunks] == [2, 2, 1]
        assert all(count_tokens(c.text) <= 100 for c in chunks)


class TestChunkTextLongParagraphs:
    @pytest.mark.parametrize(("text", "end"), [(ZH_LONG, "。"), (HANS_LONG, "！")])
    def test_chinese_paragraph_is_split_at_sentence_ends(self, text: str, end: str) -> None:
        chunks = chunk_text(text, max_tokens=100)
        assert len(chunks) > 1
        for c in chunks:
            assert c.text.endswith(end)
            assert c.text.startswith("這是第" if end == "。" else "这是第")
            assert count_tokens(c.text) <= 100

    def test_english_paragraph_is_split_at_sentence_ends(self) -> None:
        chunks = chunk_text(EN_LONG, max_tokens=100)
        assert len(chunks) > 1
        for c in chunks:
            assert c.text.startswith("This is sentence number ")
            assert c.text.endswith("leave policy.")
            assert count_tokens(c.text) <= 100

    def test_every_sentence_survives_the_split(self) -> None:
        chunks = chunk_text(ZH_LONG + "\n\n" + EN_LONG, max_tokens=120)
        joined = "\n".join(c.text for c in chunks)
        for i in range(40):
            assert f"這是第{i}句關於請假規定的說明文字內容。" in joined
            assert f"This is sentence number {i} about the leave policy." in joined

    def test_next_piece_repeats_a_short_last_sentence_for_overlap(self) -> None:
        chunks = chunk_text(ZH_LONG, max_tokens=100)
        for prev, nxt in itertools.pairwise(chunks):
            last = prev.text.split("。")[-2] + "。"
            assert nxt.text.startswith(last)

    def test_chinese_sentences_are_joined_without_spaces(self) -> None:
        chunks = chunk_text(ZH_LONG, max_tokens=100)
        assert all(" " not in c.text for c in chunks)

    def test_long_paragraph_keeps_its_section(self) -> None:
        chunks = chunk_text("# 規定\n\n" + ZH_LONG, max_tokens=100)
        assert {c.section for c in chunks} == {"規定"}

    def test_a_short_line_before_a_long_paragraph_opens_its_first_chunk(self) -> None:
        # A plain-text file's title line was a chunk of its own, quoted as an answer.
        chunks = chunk_text("北賽普勒斯土耳其共和國\n\n" + ZH_LONG, max_tokens=100)
        assert chunks[0].text.startswith("北賽普勒斯土耳其共和國\n\n這是第0句")
        assert all(count_tokens(c.text) <= 100 for c in chunks)
        assert sum("北賽普勒斯" in c.text for c in chunks) == 1  # not carried as overlap

    def test_a_long_run_before_a_long_paragraph_stays_its_own_chunk(self) -> None:
        para = "請假" * 20 + "。"  # 41 tokens: more than a quarter of the limit
        chunks = chunk_text(para + "\n\n" + ZH_LONG, max_tokens=100)
        assert chunks[0].text == para

    def test_an_over_long_sentence_is_not_truncated(self) -> None:
        text = "甲" * 300 + "乙" * 300
        chunks = chunk_text(text, max_tokens=100)
        joined = "".join(c.text for c in chunks)
        assert joined.count("甲") >= 300
        assert joined.count("乙") >= 300


class TestChunkTextCodeFences:
    def test_code_fence_is_kept_together(self) -> None:
        code = "```python\n# not a heading\n\nx = 1\n\n\ny = 2\n```"
        chunks = chunk_text(f"# Setup\n\nRun this:\n\n{code}\n\n# Next\n\nDone.")
        assert chunks[0].section == "Setup"
        assert code in chunks[0].text
        assert chunks[1] == ChunkDraft("Done.", "Next")

    def test_heading_inside_a_fence_does_not_change_the_section(self) -> None:
        chunks = chunk_text("# Real\n\n~~~\n# fake heading\n~~~")
        assert [c.section for c in chunks] == ["Real"]
        assert "# fake heading" in chunks[0].text

    def test_long_code_fence_keeps_its_lines(self) -> None:
        lines = [f"value_{i} = compute({i})" for i in range(40)]
        code = "```python\n" + "\n".join(lines) + "\n```"
        chunks = chunk_text("# Code\n\n" + code, max_tokens=200)
        chunk_lines = {line for c in chunks for line in c.text.split("\n")}
        assert set(lines) <= chunk_lines


# Sentences of the property test: western words or Han characters with terminal punctuation.
# An English semicolon before a lower-case word joins two clauses of one sentence (mesh.text),
# so these lower-case sentences end with ".", "!" or "?".
_EN_SENTENCE = st.builds(
    lambda words, end: " ".join(words) + end,
    st.lists(st.text(alphabet="abcdefghij", min_size=1, max_size=8), min_size=1, max_size=8),
    st.sampled_from(".!?"),
)
_ZH_SENTENCE = st.builds(
    lambda chars, end: chars + end,
    st.text(alphabet="請假申請員工規定報銷发票请假员工", min_size=1, max_size=40),
    st.sampled_from("。！？；"),
)
_PARAGRAPH = st.lists(st.one_of(_EN_SENTENCE, _ZH_SENTENCE), min_size=1, max_size=12)


def _paragraph_text(sentences: list[str]) -> str:
    out = ""
    for s in sentences:
        out += s if not out or out[-1] in "。！？；" else " " + s
    return out


class TestChunkTextProperties:
    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        st.lists(
            st.tuples(st.one_of(st.none(), st.text(alphabet="ABC", min_size=1)), _PARAGRAPH),
            min_size=1,
            max_size=6,
        ),
        st.integers(min_value=16, max_value=120),
    )
    def test_chunks_are_bounded_non_empty_and_lose_no_sentence(
        self, blocks: list[tuple[str | None, list[str]]], max_tokens: int
    ) -> None:
        parts: list[str] = []
        sentences: list[str] = []
        headings = {""}
        for heading, paragraph in blocks:
            if heading is not None:
                parts.append(f"## {heading}")
                headings.add(heading)
            parts.append(_paragraph_text(paragraph))
            sentences.extend(paragraph)
        chunks = chunk_text("\n\n".join(parts), max_tokens, overlap_tokens=max_tokens // 4)

        assert chunks
        for c in chunks:
            assert c.text.strip()
            assert count_tokens(c.text) <= max_tokens
            assert c.section in headings
        for s in sentences:
            if count_tokens(s) <= max_tokens:
                assert any(s in c.text for c in chunks), s
            else:  # cut at token boundaries: every word and character is still there
                assert all(w in "".join(c.text for c in chunks) for w in s.split()), s


class TestOcrConfidence:
    """A chunk of text read by OCR carries the mean confidence of its blocks; other text 0."""

    def test_file_text_has_none(self) -> None:
        assert {c.ocr_confidence for c in chunk_text("# A\n\nSome text.\n\nMore text.")} == {0.0}

    def test_a_chunk_has_the_mean_of_its_own_blocks(self) -> None:
        blocks = [
            Block(Kind.PARAGRAPH, "押金五千元。", page=1, confidence=0.9),
            Block(Kind.PARAGRAPH, "活動後退還。", page=1, confidence=0.7),
            Block(Kind.PARAGRAPH, "週二至週日開放。", page=2, confidence=0.99),
        ]
        chunks = chunk_blocks(blocks)
        assert [(c.page, c.ocr_confidence) for c in chunks] == [(1, 0.8), (2, 0.99)]

    def test_chunks_cut_from_one_run_each_have_the_blocks_they_hold(self) -> None:
        blocks = [
            Block(Kind.PARAGRAPH, EN_LONG[:600], page=1, confidence=0.5),
            Block(Kind.PARAGRAPH, EN_LONG[:600], page=1, confidence=0.95),
        ]
        chunks = chunk_blocks(blocks, max_tokens=160, overlap_tokens=0)
        assert len(chunks) == 2
        assert [c.ocr_confidence for c in chunks] == [0.5, 0.95]

    def test_ocr_text_and_file_text_never_share_a_chunk(self) -> None:
        blocks = [
            Block(Kind.PARAGRAPH, "Typed caption.", page=1),
            Block(Kind.PARAGRAPH, "Scanned words.", page=1, confidence=0.9),
        ]
        assert [(c.text, c.ocr_confidence) for c in chunk_blocks(blocks)] == [
            ("Typed caption.", 0.0),
            ("Scanned words.", 0.9),
        ]

    def test_a_scanned_tables_records_carry_its_confidence(self) -> None:
        table = Block(
            Kind.TABLE,
            "",
            page=4,
            header=("項目", "金額"),
            rows=(TableRow(("押金", "5000"), 4),),
            confidence=0.88,
        )
        chunks = chunk_blocks([table])
        assert chunks and {(c.page, c.ocr_confidence) for c in chunks} == {(4, 0.88)}

    def test_a_read_of_zero_confidence_is_still_ocr(self) -> None:
        (chunk,) = chunk_blocks([Block(Kind.PARAGRAPH, "??", page=1, confidence=0.0)])
        assert 0.0 < chunk.ocr_confidence <= 1e-4
