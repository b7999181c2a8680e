"""judge_svc claim support: numbers, names, negations, generalizations, novelty, embeddings."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

from judge_svc.claims import ClaimCheckConfig, ClaimChecker, ClaimReport, FindingKind
from judge_svc.rules import Source, detect_hallucination
from judge_svc.semantic import Vectors
from judge_svc.terms import content_terms, names, negations, numbers

pytestmark = pytest.mark.unit

POLICY = Source(
    "hr#0",
    "hr",
    "Employees must request annual leave three days in advance. Sick leave does not need "
    "approval from a manager. The office in Taipei opens at 9 am.",
)
ZH = Source("zh#0", "zh", "員工請假須於三個工作天前提出申請，並經主管核准。病假不需要事先核准。")


def check(draft: str, sources: Sequence[Source] = (POLICY, ZH), **cfg: object) -> ClaimReport:
    """The lexical checks alone (the hallucination model is tested in test_support_model.py)."""
    report = detect_hallucination(draft, sources)
    checker = ClaimChecker(ClaimCheckConfig(**cfg), model=None)  # type: ignore[arg-type]
    return checker.check(report.claims, sources)


class TestTerms:
    def test_numbers_in_digits_words_and_chinese(self) -> None:
        assert numbers("three days, 1,000 staff, 兩千五百元, in 2019") == {
            "3",
            "1000",
            "2500",
            "2019",
        }

    def test_one_and_lone_units_in_chinese_words_are_not_numbers(self) -> None:
        assert numbers("一般來說十分重要") == set()

    def test_names_keep_their_digits_and_skip_sentence_starts_in_chinese(self) -> None:
        text = "檢索服務同時進行向量搜尋與 BM25 搜尋。 Use it\n- Passwords rotate"
        assert names(text) == {"bm25"}

    def test_names_skip_the_first_word(self) -> None:
        assert names("The office in Taipei was opened by Alice.") == {"taipei", "alice"}

    def test_negations_in_both_languages(self) -> None:
        assert negations("It does not need approval") == 1
        assert negations("It doesn't need approval") == negations("It doesn’t need it") == 1
        assert negations("病假不需要核准") == 1
        assert negations("兩者不同") == 0

    def test_content_terms_stem_and_use_bigrams(self) -> None:
        assert {"request", "leav"} <= content_terms("requests leaves")
        assert content_terms("drive expenses") == content_terms("driving expense")
        assert "请假" in content_terms("員工請假")  # one script: the question's and the source's
        assert content_terms("員工請假") == content_terms("员工请假")


class TestFindings:
    def test_a_faithful_cited_claim_has_no_finding(self) -> None:
        r = check("Employees must request annual leave three days in advance [hr#0].")
        assert r.findings == [] and r.score == 1.0

    def test_a_faithful_chinese_claim_has_no_finding(self) -> None:
        r = check("員工請假須於三個工作天前提出申請[zh#0]。")
        assert r.findings == []

    def test_a_different_number_contradicts_the_source(self) -> None:
        r = check("Employees must request annual leave five days in advance [hr#0].")
        assert r.texts(FindingKind.CONTRADICTORY) == [
            "Employees must request annual leave five days in advance."
        ]
        assert "says 5 where the source says 3" in r.findings[0].reason

    def test_a_chinese_number_mismatch_contradicts(self) -> None:
        r = check("員工請假須於五個工作天前提出申請[zh#0]。")
        assert r.texts(FindingKind.CONTRADICTORY)

    def test_a_number_the_source_never_states_is_unsupported(self) -> None:
        r = check("The Taipei office has 250 desks for employees [hr#0].")
        assert any("250" in f.reason for f in r.findings if f.kind is FindingKind.UNSUPPORTED)

    def test_a_negation_in_another_clause_of_a_longer_sentence_is_no_contradiction(self) -> None:
        src = Source(
            "x#0", "x", "The result is a harmless (but not particularly photogenic) cloud."
        )
        r = check("The result is a harmless cloud in the end [x#0].", [src])
        assert not r.texts(FindingKind.CONTRADICTORY)

    def test_a_flipped_negation_contradicts(self) -> None:
        r = check("Sick leave does need approval from a manager [hr#0].")
        assert any("negation" in f.reason for f in r.findings)
        assert r.texts(FindingKind.CONTRADICTORY)

    def test_a_name_the_source_never_mentions_is_unsupported(self) -> None:
        draft = "Annual leave requests go to Alice three days in advance [hr#0]."
        r = check(draft, check_names=True)
        assert any(f.reason == "name(s) alice not in the source" for f in r.findings)

    def test_names_can_be_switched_off(self) -> None:
        r = check(
            "Annual leave requests go to Alice three days in advance [hr#0].", check_names=False
        )
        assert not any(f.reason.startswith("name(s)") for f in r.findings)

    def test_a_possessive_name_matches_the_plain_name(self) -> None:
        r = check("The office in Taipei's centre opens at 9 am [hr#0].")
        assert not any(f.reason.startswith("name(s)") for f in r.findings)

    def test_a_generalization_is_over_extrapolation(self) -> None:
        r = check(
            "Therefore employees must always request annual leave in advance [hr#0].",
            max_novel_pair_share=1.1,
        )
        assert r.texts(FindingKind.OVER_EXTRAPOLATION)
        assert r.score == 0.5  # over-extrapolation weighs half

    def test_a_chinese_generalization(self) -> None:
        r = check("所有員工請假都一定要提前申請[zh#0]。")
        assert r.texts(FindingKind.OVER_EXTRAPOLATION)

    def test_low_lexical_support_is_unsupported(self) -> None:
        r = check("The cafeteria serves pizza and salad on Fridays for everyone [hr#0].")
        assert r.texts(FindingKind.UNSUPPORTED)
        assert r.risk == 1.0

    def test_a_claim_is_checked_against_the_chunk_it_cites_only(self) -> None:
        r = check("病假不需要事先核准[hr#0]。")  # true of zh#0, but it cites hr#0
        assert r.findings

    def test_an_uncited_claim_is_checked_against_every_source(self) -> None:
        assert check("病假不需要事先核准。").findings == []

    def test_no_sources_at_all(self) -> None:
        r = check("Employees must request annual leave three days in advance.", sources=[])
        assert r.findings[0].reason == "no source to check" and r.score == 0.0

    def test_recombined_source_words_are_unsupported(self) -> None:
        # Every word is in the source, but in pairs it never makes.
        draft = "Managers request sick office approval in Taipei advance days [hr#0]."
        r = check(draft, min_support=0.0)
        assert r.novel_share >= 0.55
        assert any("word pairs occur in no source" in f.reason for f in r.findings)

    def test_a_faithful_paraphrase_keeps_most_pairs(self) -> None:
        r = check("Annual leave must be requested three days in advance [hr#0].")
        assert r.novel_share < 0.55 and r.findings == []


class FakeEmbedder:
    """Vectors by keyword, so the similarity is known: only "opening trips" points elsewhere."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls.append(list(texts))
        rows = [[0.0, 1.0] if "opening trips" in t else [1.0, 0.0] for t in texts]
        return np.asarray(rows, dtype=np.float32)


class TestSemanticSupport:
    def test_undecided_claims_are_settled_by_similarity(self) -> None:
        emb = FakeEmbedder()
        sources = [POLICY]
        draft = (
            "Employees request annual leave ahead of their holiday trips [hr#0]. "
            "Employees request approval ahead of their opening trips [hr#0]."
        )
        report = detect_hallucination(draft, sources)
        checker = ClaimChecker(
            ClaimCheckConfig(min_support=0.2, sure_support=0.9, max_novel_pair_share=1.1),
            emb,
            model=None,
        )
        r = checker.check(report.claims, sources)
        assert r.semantic_checked == 2 and len(emb.calls) == 1
        weak = [f.claim for f in r.findings if "semantic" in f.reason]
        assert weak == ["Employees request approval ahead of their opening trips."]

    def test_without_an_embedder_nothing_is_embedded(self) -> None:
        checker = ClaimChecker(ClaimCheckConfig(min_support=0.2, sure_support=0.9))
        assert not checker.uses_embeddings
        report = detect_hallucination("Employees request annual leave for trips [hr#0].", [POLICY])
        assert checker.check(report.claims, [POLICY]).semantic_checked == 0
