"""judge_svc.support_model: the logistic model, its fit, and how it rules on lexical findings."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

import judge_svc.support_model as sm
from judge_svc.claims import ClaimChecker
from judge_svc.engine import Judge, JudgeInput
from judge_svc.features import FEATURE_NAMES, AnswerFeatures
from judge_svc.findings import ClaimReport, FindingKind
from judge_svc.rules import Source, detect_hallucination

pytestmark = pytest.mark.unit

POLICY = Source(
    "hr#0",
    "hr",
    "Employees must request annual leave three days in advance. Sick leave does not need "
    "approval from a manager. The office in Taipei opens at 9 am.",
)


def constant(logit: float) -> sm.LogisticModel:
    """A model whose probability is sigmoid(logit) whatever the answer."""
    return sm.LogisticModel(("novel_words",), (0.0,), (1.0,), (0.0,), logit)


def check(draft: str, model: sm.LogisticModel | None) -> ClaimReport:
    rules = detect_hallucination(draft, [POLICY])
    return ClaimChecker(model=model).check(rules.claims, [POLICY])


def row(**values: float) -> AnswerFeatures:
    return AnswerFeatures(tuple(values.get(n, 0.0) for n in FEATURE_NAMES), ())


class TestLogisticModel:
    def test_at_the_means_the_probability_is_the_intercepts(self) -> None:
        m = sm.LogisticModel(
            ("novel_words", "novel_pairs"), (0.2, 0.5), (0.1, 0.2), (2.0, -1.0), 0.0
        )
        at_means = {"novel_words": 0.2, "novel_pairs": 0.5}
        assert m.probability(at_means) == pytest.approx(0.5)
        more_novel = {"novel_words": 0.4, "novel_pairs": 0.5}
        assert m.logit(more_novel) == pytest.approx(4.0)
        name, push = m.contributions(more_novel)[0]
        assert name == "novel_words" and push == pytest.approx(4.0)

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            ((("novel_words",), (0.0, 1.0), (1.0,), (1.0,), 0.0), "same length"),
            ((("shoe_size",), (0.0,), (1.0,), (1.0,), 0.0), "unknown feature"),
            ((("novel_words",), (0.0,), (0.0,), (1.0,), 0.0), "positive"),
        ],
    )
    def test_malformed_models_are_refused(
        self,
        args: tuple[
            tuple[str, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...], float
        ],
        message: str,
    ) -> None:
        with pytest.raises(ValueError, match=message):
            sm.LogisticModel(*args)

    def test_extreme_logits_do_not_overflow(self) -> None:
        assert constant(-1000.0).probability({"novel_words": 0.0}) == 0.0
        assert constant(1000.0).probability({"novel_words": 0.0}) == 1.0

    def test_the_default_model_is_the_printed_table(self) -> None:
        namespace: dict[str, object] = {}
        exec(sm.DEFAULT_MODEL.table(), namespace)  # the table is valid Python
        assert namespace["COEFFICIENTS"] == sm.COEFFICIENTS
        assert namespace["INTERCEPT"] == sm.INTERCEPT
        assert set(sm.MODEL_FEATURES) <= set(FEATURE_NAMES)
        assert sm.THRESHOLD == 0.5


class TestFit:
    def test_an_informative_feature_gets_the_weight(self) -> None:
        rng = np.random.default_rng(7)
        labels = [int(i % 2) for i in range(200)]
        rows = [
            row(novel_words=lab + rng.normal(0, 0.6), novel_pairs=rng.normal(0, 1.0))
            for lab in labels
        ]
        m = sm.fit_logistic(rows, labels, ("novel_words", "novel_pairs"))
        assert m.weights[0] > 1.0 and abs(m.weights[1]) < 0.5
        predicted = [int(m.probability(r.as_dict()) >= 0.5) for r in rows]
        assert np.mean(np.asarray(predicted) == np.asarray(labels)) > 0.75

    def test_balanced_weights_give_every_cell_the_same_total(self) -> None:
        labels = [1, 1, 1, 0, 1, 0]
        groups = [0, 0, 0, 0, 1, 1]
        w = sm.balanced_weights(labels, groups)
        assert w.mean() == pytest.approx(1.0)
        cells = {(g, y): 0.0 for g, y in zip(groups, labels, strict=True)}
        for g, y, weight in zip(groups, labels, w, strict=True):
            cells[(g, y)] += weight
        assert len(set(np.round(list(cells.values()), 9))) == 1

    @pytest.mark.parametrize(
        ("rows", "labels", "message"),
        [
            ([], [], "no rows"),
            ([row(), row()], [1, 1], "both classes"),
            ([row(), row()], [0, 2], "0 or 1"),
        ],
    )
    def test_bad_fits_are_refused(
        self, rows: Sequence[AnswerFeatures], labels: list[int], message: str
    ) -> None:
        with pytest.raises(ValueError, match=message):
            sm.fit_logistic(rows, labels, ("novel_words",))


class TestApplyModel:
    DRAFT = "The Taipei office has 250 desks for employees [hr#0]."

    def test_below_the_threshold_lexical_hints_are_dismissed(self) -> None:
        lexical = check(self.DRAFT, None)
        assert lexical.findings and lexical.probability is None
        r = check(self.DRAFT, constant(-5.0))
        assert r.findings == [] and r.score == 1.0
        assert [f.reason for f in r.dismissed] == [f.reason for f in lexical.findings]
        assert r.probability is not None and r.probability < 0.01
        assert "not counted" in r.reasons()[-1]

    @pytest.mark.parametrize(
        "draft",
        [
            "Employees must request annual leave five days in advance [hr#0].",
            "Sick leave does need approval from a manager [hr#0].",
        ],
    )
    def test_contradicted_numbers_and_negations_always_stand(self, draft: str) -> None:
        r = check(draft, constant(-5.0))
        assert r.texts(FindingKind.CONTRADICTORY)

    def test_a_claim_with_no_source_always_stands(self) -> None:
        rules = detect_hallucination("Employees may work from home on Fridays.", [])
        r = ClaimChecker(model=constant(-5.0)).check(rules.claims, [])
        assert [f.check for f in r.findings] == ["source"]

    def test_above_the_threshold_the_least_supported_claim_is_named(self) -> None:
        draft = (
            "Employees must request annual leave three days in advance [hr#0]. "
            "A manager in Taipei must approve annual leave [hr#0]."
        )
        assert check(draft, None).findings == []
        r = check(draft, constant(5.0))
        (finding,) = r.findings
        assert finding.check == sm.MODEL_CHECK and finding.kind is FindingKind.UNSUPPORTED
        assert finding.claim == "A manager in Taipei must approve annual leave."
        assert "P = 0.99" in finding.reason

    def test_above_the_threshold_lexical_findings_stand_as_they_are(self) -> None:
        lexical = check(self.DRAFT, None)
        r = check(self.DRAFT, constant(5.0))
        assert r.findings == lexical.findings and r.dismissed == []

    def test_the_default_model_keeps_a_copied_answer_clean(self) -> None:
        r = check(
            "Employees must request annual leave three days in advance [hr#0].", sm.DEFAULT_MODEL
        )
        assert r.findings == [] and r.probability is not None and r.probability < sm.THRESHOLD
        assert set(r.model_features) == set(sm.MODEL_FEATURES)

    def test_the_offline_verdict_follows_the_model(self) -> None:
        draft = "A manager in Taipei must approve annual leave three days in advance [hr#0]."
        flagged = Judge(checker=ClaimChecker(model=constant(5.0))).judge_offline(
            JudgeInput(draft, [POLICY])
        )
        assert flagged.has_claim_findings and flagged.unsupported_claims
        assert "hallucination model P = 0.99" in flagged.reasoning
        passed = Judge(checker=ClaimChecker(model=constant(-5.0))).judge_offline(
            JudgeInput(draft, [POLICY])
        )
        assert not passed.has_claim_findings
        assert passed.outcome.decision.value == "accept"
