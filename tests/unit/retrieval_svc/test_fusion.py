"""Unit tests for retrieval_svc.fusion: ranks, weighted RRF and weighted scores."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from retrieval_svc.fusion import FusionMode, ranks, weighted_rrf, weighted_score

pytestmark = pytest.mark.unit

_RANKS = st.dictionaries(st.integers(0, 30), st.integers(1, 200), max_size=15)
_WEIGHT = st.floats(min_value=0.0, max_value=5.0, allow_nan=False)
_SCORES = st.dictionaries(
    st.integers(0, 30), st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False), max_size=15
)


class TestRanks:
    def test_descending_scores_one_based(self) -> None:
        scores = np.array([0.1, 0.9, 0.5, -0.2])
        assert ranks(scores, np.arange(4)) == {1: 1, 2: 2, 0: 3, 3: 4}

    def test_ties_keep_index_order(self) -> None:
        scores = np.array([0.1, 0.5, 0.5, 0.9])
        assert ranks(scores, np.arange(4)) == {3: 1, 1: 2, 2: 3, 0: 4}

    def test_only_candidates_are_ranked(self) -> None:
        scores = np.array([0.1, 0.5, 0.7, 0.9])
        assert ranks(scores, np.array([0, 2])) == {2: 1, 0: 2}

    def test_no_candidates(self) -> None:
        assert ranks(np.array([0.3, 0.2]), np.array([], dtype=np.int64)) == {}


class TestWeightedRrf:
    def test_formula(self) -> None:
        fused = weighted_rrf({0: 1, 1: 2}, {1: 1, 2: 3}, 0.7, 0.3, 60)
        assert fused == {
            0: pytest.approx(0.7 / 61, rel=1e-12),
            1: pytest.approx(0.7 / 62 + 0.3 / 61, rel=1e-12),
            2: pytest.approx(0.3 / 63, rel=1e-12),
        }

    def test_defaults_are_the_seed_weights(self) -> None:
        assert weighted_rrf({5: 1}, {5: 1}) == {5: pytest.approx(0.7 / 61 + 0.3 / 61)}

    def test_custom_weights_and_k(self) -> None:
        fused = weighted_rrf({0: 3}, {0: 7}, vector_weight=2.0, bm25_weight=0.5, k=1)
        assert fused[0] == pytest.approx(2.0 / 4 + 0.5 / 8, rel=1e-12)

    def test_empty_rankings(self) -> None:
        assert weighted_rrf({}, {}) == {}

    @pytest.mark.parametrize("k", [0, -1, -60])
    def test_non_positive_k_is_refused(self, k: int) -> None:
        with pytest.raises(ValueError):
            weighted_rrf({0: 1}, {0: 1}, k=k)

    def test_agreeing_leader_wins(self) -> None:
        fused = weighted_rrf({0: 1, 1: 2, 2: 3}, {0: 1, 2: 2})
        assert max(fused, key=fused.__getitem__) == 0

    @given(_RANKS, _RANKS, _WEIGHT, _WEIGHT, st.integers(1, 100))
    def test_every_score_is_the_formula(
        self, vr: dict[int, int], br: dict[int, int], wv: float, wb: float, k: int
    ) -> None:
        fused = weighted_rrf(vr, br, wv, wb, k)
        assert set(fused) == set(vr) | set(br)
        for d, score in fused.items():
            expected = (wv / (k + vr[d]) if d in vr else 0.0) + (
                wb / (k + br[d]) if d in br else 0.0
            )
            assert score == pytest.approx(expected, rel=1e-12, abs=1e-15)


class TestWeightedScore:
    def test_min_max_normalized_and_weighted(self) -> None:
        fused = weighted_score({0: 1.0, 1: 3.0, 2: 2.0}, {1: 10.0, 2: 20.0}, 0.6, 0.4)
        assert fused == {
            0: pytest.approx(0.0),
            1: pytest.approx(0.6 * 1.0 + 0.4 * 0.0),
            2: pytest.approx(0.6 * 0.5 + 0.4 * 1.0),
        }

    def test_a_few_bm25_hits_close_to_the_best_are_not_put_at_zero(self) -> None:
        # The only two passages naming 「早鸟价」 scored 4.84 and 4.97: min-max made the second
        # worth nothing, and the one that answers 「早鸟价可以减多少钱？」 lost to vector noise.
        fused = weighted_score({}, {"rule": 4.97, "fee": 4.84}, 0.0, 1.0)
        assert fused["fee"] == pytest.approx((4.84 - 2.485) / 2.485)
        # A long list's lowest hit is below half the best: nothing moves.
        assert weighted_score({}, {0: 1.0, 1: 4.0, 2: 10.0}, 0.0, 1.0)[1] == pytest.approx(1 / 3)

    def test_equal_scores_normalize_to_one(self) -> None:
        assert weighted_score({0: 0.4, 1: 0.4}, {}, 0.7, 0.3) == {
            0: pytest.approx(0.7),
            1: pytest.approx(0.7),
        }

    def test_negative_scores_are_normalized(self) -> None:
        fused = weighted_score({0: -2.0, 1: -1.0}, {}, 1.0, 0.0)
        assert fused == {0: pytest.approx(0.0), 1: pytest.approx(1.0)}

    def test_empty(self) -> None:
        assert weighted_score({}, {}) == {}

    @given(_SCORES, _SCORES, _WEIGHT, _WEIGHT)
    def test_bounded_by_the_weights(
        self, vs: dict[int, float], bs: dict[int, float], wv: float, wb: float
    ) -> None:
        fused = weighted_score(vs, bs, wv, wb)
        assert set(fused) == set(vs) | set(bs)
        for score in fused.values():
            assert -1e-9 <= score <= wv + wb + 1e-9


class TestFusionMode:
    def test_values(self) -> None:
        assert FusionMode("weighted_rrf") is FusionMode.WEIGHTED_RRF
        assert FusionMode("weighted_score") is FusionMode.WEIGHTED_SCORE
