"""judge_svc.features: novelty, unrelated word pairs, alignment, lengths, claim findings."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from judge_svc.claims import ClaimChecker
from judge_svc.features import (
    FEATURE_NAMES,
    AnswerFeatures,
    answer_features,
    lcs_length,
    near_pairs,
    tokens,
    trigrams,
)
from judge_svc.rules import Source, detect_hallucination

pytestmark = pytest.mark.unit

STORY = Source(
    "s#0",
    "s",
    "Alice founded the bakery in Paris in spring. Bob sold his old car in Rome last week.",
)
OTHER = Source("o#0", "o", "The museum opens at nine and closes at five.")


def features(answer: str, sources: Sequence[Source] = (STORY,)) -> AnswerFeatures:
    rules = detect_hallucination(answer, sources)
    report = ClaimChecker(model=None).check(rules.claims, sources)
    return answer_features(rules.claims, sources, report)


class TestHelpers:
    def test_lcs_length(self) -> None:
        assert lcs_length("a b c d".split(), "a c x d".split()) == 3
        assert lcs_length([], ["a"]) == 0 and lcs_length(["a"], ["b"]) == 0

    def test_near_pairs_respects_the_window_and_skips_repeats(self) -> None:
        pairs = near_pairs(["b", "a", "b", "c"], 1)
        assert pairs == {("a", "b"), ("b", "c")}
        assert ("a", "c") in near_pairs(["b", "a", "b", "c"], 2)

    def test_trigrams(self) -> None:
        assert trigrams(["a", "b", "c", "d"]) == {("a", "b", "c"), ("b", "c", "d")}
        assert trigrams(["a", "b"]) == set()

    def test_tokens_stem_english_and_split_han_characters(self) -> None:
        assert tokens("Bakeries opened 病假") == ["bakery", "open", "病", "假"]


class TestAnswerFeatures:
    def test_a_copied_sentence_is_neither_novel_nor_unrelated(self) -> None:
        f = features("Alice founded the bakery in Paris in spring.").as_dict()
        assert list(f) == list(FEATURE_NAMES)
        assert f["novel_words"] == f["novel_pairs"] == f["novel_trigrams"] == 0.0
        assert f["unrelated_pairs"] == f["max_claim_unrelated_pairs"] == 0.0
        assert f["min_claim_alignment"] == 1.0
        assert f["unsupported_share"] == 0.0

    def test_a_claim_relating_words_the_source_keeps_apart_is_unrelated(self) -> None:
        f = features("Alice sold the bakery in Rome last week.").as_dict()
        assert f["novel_words"] == 0.0  # every word is in the source ...
        assert f["max_claim_unrelated_pairs"] > 0.3  # ... but Alice never goes with Rome
        assert f["novel_trigrams"] > 0.0 and f["min_claim_alignment"] < 1.0

    def test_new_words_are_novel(self) -> None:
        f = features("Alice founded a famous chocolate factory in Berlin.").as_dict()
        assert f["novel_words"] >= 0.5 and f["unsupported_share"] == 1.0

    def test_the_worst_claim_is_the_recombined_one(self) -> None:
        f = features("Alice founded the bakery in Paris in spring. Alice sold his car in Rome.")
        worst = f.worst_claim()
        assert worst is not None and worst.claim.startswith("Alice sold")

    def test_a_cited_claim_is_compared_with_its_cited_source_only(self) -> None:
        cited = features("Alice founded the bakery in Paris in spring [o#0].", (STORY, OTHER))
        uncited = features("Alice founded the bakery in Paris in spring.", (STORY, OTHER))
        assert cited.as_dict()["novel_words"] == 1.0
        assert uncited.as_dict()["novel_words"] == 0.0

    def test_lengths_are_logs_of_word_counts(self) -> None:
        f = features("Alice founded the bakery in Paris in spring.").as_dict()
        assert f["log_answer_words"] < f["log_source_words"]
        assert f["log_length_ratio"] < 0

    def test_chinese_claims_use_characters(self) -> None:
        zh = Source("z#0", "z", "員工請假須於三個工作天前提出申請。病假不需要事先核准。")
        same = features("員工請假須於三個工作天前提出申請。", [zh]).as_dict()
        swapped = features("病假須於三個工作天前提出申請。", [zh]).as_dict()
        assert same["novel_trigrams"] == 0.0
        assert swapped["novel_trigrams"] > 0.0

    def test_no_claims_and_no_sources_give_neutral_values(self) -> None:
        empty = answer_features([], [], ClaimChecker(model=None).check([], []))
        assert empty.worst_claim() is None
        assert empty.as_dict()["min_claim_alignment"] == 1.0
        nothing = features("Alice founded the bakery in Paris in spring.", [])
        assert nothing.as_dict()["novel_words"] == 1.0
