"""Unit tests for agent_svc.limits: the run budget (wall-clock duration is not tested)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from agent_svc.limits import RunBudget, estimate_tokens

pytestmark = pytest.mark.unit

# A duration limit so large that it can never be what a test reaches.
FOREVER = 1e12


def _budget(max_iterations: int = 10, max_tokens: int = 50_000) -> RunBudget:
    return RunBudget(max_iterations=max_iterations, max_tokens=max_tokens, max_seconds=FOREVER)


class TestEstimateTokens:
    @pytest.mark.parametrize(
        ("text", "tokens"),
        [("", 0), ("a", 1), ("abcd", 1), ("abcde", 2), ("請假", 2), ("請假abcd", 3)],
    )
    def test_han_count_one_other_characters_a_quarter(self, text: str, tokens: int) -> None:
        assert estimate_tokens(text) == tokens

    @given(st.text(max_size=200))
    def test_never_negative_and_at_most_one_per_character(self, text: str) -> None:
        assert 0 <= estimate_tokens(text) <= len(text)


class TestRunBudget:
    @pytest.mark.parametrize(
        ("iterations", "tokens", "seconds"),
        [(0, 10, 1.0), (-1, 10, 1.0), (1, 0, 1.0), (1, -5, 1.0), (1, 10, 0.0), (1, 10, -1.0)],
    )
    def test_non_positive_limits_are_refused(
        self, iterations: int, tokens: int, seconds: float
    ) -> None:
        with pytest.raises(ValueError):
            RunBudget(max_iterations=iterations, max_tokens=tokens, max_seconds=seconds)

    def test_fresh_budget_has_no_limit_reached(self) -> None:
        budget = _budget()
        assert budget.exceeded() == ""
        assert (budget.iterations, budget.tokens, budget.decisions) == (0, 0, [])

    def test_iteration_limit(self) -> None:
        budget = _budget(max_iterations=3)
        budget.iterations = 2
        assert budget.exceeded() == ""
        budget.iterations = 3
        assert budget.exceeded() == "max_iterations"

    def test_token_limit(self) -> None:
        budget = _budget(max_tokens=100)
        budget.spend("a" * 396)
        assert budget.tokens == 99
        assert budget.exceeded() == ""
        budget.spend("請")
        assert budget.tokens == 100
        assert budget.exceeded() == "max_tokens"

    def test_spend_accumulates(self) -> None:
        budget = _budget()
        budget.spend("請假")
        budget.spend("abcd")
        assert budget.tokens == 3

    def test_same_decision_three_times_is_circular(self) -> None:
        budget = _budget()
        budget.record("search")
        budget.record("search")
        assert budget.exceeded() == ""
        budget.record("search")
        assert budget.exceeded() == "circular_reasoning"

    def test_different_decisions_are_not_circular(self) -> None:
        budget = _budget()
        for decision in ["search", "refine", "search", "refine", "search"]:
            budget.record(decision)
        assert budget.exceeded() == ""

    def test_only_the_last_three_decisions_count(self) -> None:
        budget = _budget()
        for decision in ["search", "search", "refine", "refine"]:
            budget.record(decision)
        assert budget.exceeded() == ""
        budget.record("refine")
        assert budget.exceeded() == "circular_reasoning"

    def test_iterations_are_reported_before_tokens_and_circularity(self) -> None:
        budget = _budget(max_iterations=1, max_tokens=1)
        budget.iterations = 1
        budget.spend("請假")
        for _ in range(3):
            budget.record("search")
        assert budget.exceeded() == "max_iterations"
        budget.iterations = 0
        assert budget.exceeded() == "max_tokens"

    @given(st.lists(st.sampled_from(["search", "refine", "answer"]), max_size=12))
    def test_circular_exactly_when_the_last_three_agree(self, decisions: list[str]) -> None:
        budget = _budget()
        for d in decisions:
            budget.record(d)
        circular = len(decisions) >= 3 and len(set(decisions[-3:])) == 1
        assert (budget.exceeded() == "circular_reasoning") == circular
