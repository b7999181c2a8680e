"""Unit tests for retrieval_svc.vector_index: the PQ fast-scan path against the exact scan."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from retrieval_svc.embeddings import Matrix
from retrieval_svc.vector_index import VectorIndex, subquantizers

DIM = 64


def clustered(n: int, seed: int, dim: int = DIM, clusters: int = 40) -> Matrix:
    """Unit vectors around ``clusters`` random centres (embeddings are clustered like this)."""
    rng = np.random.default_rng(seed)
    centers = rng.normal(size=(clusters, dim))
    picked = centers[rng.integers(0, clusters, n)] + 0.4 * rng.normal(size=(n, dim))
    vectors: Matrix = (picked / np.linalg.norm(picked, axis=1, keepdims=True)).astype(np.float32)
    return vectors


def filled(vectors: Matrix, threshold: int = 1000, **kwargs: object) -> VectorIndex:
    index = VectorIndex(vectors.shape[1], ann_threshold=threshold, **kwargs)  # type: ignore[arg-type]
    for row, vector in enumerate(vectors):
        index.set(row, vector)
    return index


def overlap(a: np.ndarray, b: np.ndarray) -> float:
    return len(set(a.tolist()) & set(b.tolist())) / max(1, len(b))


class TestApproximateAgreesWithExact:
    def test_top_results_agree_on_clustered_data(self) -> None:
        vectors = clustered(4000, seed=1)
        index = filled(vectors)
        queries = clustered(50, seed=2)
        shares = []
        for q in queries:
            approx_rows, approx_scores = index.top(q, 10)
            exact_rows, _ = index.top(q, 10, exact=True)
            shares.append(overlap(approx_rows, exact_rows))
            # every returned score is the exact cosine of that row
            np.testing.assert_allclose(approx_scores, vectors[approx_rows] @ q, rtol=1e-5)
            assert approx_rows[0] == exact_rows[0]
        assert index.info().approximate
        assert np.mean(shares) >= 0.95

    def test_a_stored_vector_finds_itself_first(self) -> None:
        vectors = clustered(3000, seed=3)
        index = filled(vectors)
        for row in (0, 17, 1500, 2999):
            rows, scores = index.top(vectors[row], 3)
            assert rows[0] == row
            assert scores[0] == pytest.approx(1.0, abs=1e-5)
        assert index.info().approximate

    def test_the_full_model_dimension_uses_two_dimensions_per_subquantizer(self) -> None:
        assert subquantizers(384) == 192
        assert subquantizers(7) == 1
        vectors = clustered(2500, seed=4, dim=384)
        index = filled(vectors)
        rows, _ = index.top(vectors[42], 5)
        assert rows[0] == 42
        assert index.info().encoded == 2500

    def test_builds_are_deterministic(self) -> None:
        vectors = clustered(3000, seed=5)
        a, b = filled(vectors), filled(vectors)
        for q in clustered(20, seed=6):
            ra, sa = a.top(q, 10)
            rb, sb = b.top(q, 10)
            assert ra.tolist() == rb.tolist()
            np.testing.assert_array_equal(sa, sb)


class TestThreshold:
    def test_small_indexes_stay_exact_and_large_ones_switch(self) -> None:
        vectors = clustered(1200, seed=7)
        index = filled(vectors[:999], threshold=1000)
        index.top(vectors[0], 5)
        assert not index.info().approximate
        for row in range(999, 1200):
            index.set(row, vectors[row])
        index.top(vectors[0], 5)
        info = index.info()
        assert info.approximate and info.encoded == 1200 and info.builds == 1

    def test_deleting_below_the_threshold_goes_back_to_exact(self) -> None:
        vectors = clustered(1100, seed=8)
        index = filled(vectors)
        index.top(vectors[0], 5)
        assert index.info().approximate
        for row in range(200):
            index.clear(row)
        rows, _ = index.top(vectors[0], 5)
        assert not index.info().approximate
        assert not set(rows.tolist()) & set(range(200))

    def test_build_below_the_threshold_does_nothing(self) -> None:
        index = filled(clustered(50, seed=9))
        assert index.build() == 0.0
        assert not index.info().approximate


class TestWritesAfterABuild:
    def test_deleted_rows_are_never_returned(self) -> None:
        vectors = clustered(3000, seed=10)
        index = filled(vectors)
        index.build()
        deleted = list(range(0, 3000, 3))
        for row in deleted:
            index.clear(row)
        assert index.info().approximate  # a third deleted: below the rebuild fraction? no
        gone = set(deleted)
        for row in deleted[:40]:  # the query is the deleted vector itself
            rows, _ = index.top(vectors[row], 20)
            assert not gone & set(rows.tolist())
            assert len(rows) == 20

    def test_a_replaced_vector_is_scored_as_it_is_now(self) -> None:
        vectors = clustered(3000, seed=11)
        index = filled(vectors, rebuild_fraction=0.5)
        index.build()
        fresh = clustered(10, seed=12)
        for i, row in enumerate(range(100, 110)):  # re-ingest: same slots, new vectors
            index.clear(row)
            index.set(row, fresh[i])
        assert index.info().pending == 10 and index.info().builds == 1
        for i, row in enumerate(range(100, 110)):
            rows, scores = index.top(fresh[i], 1)
            assert rows[0] == row and scores[0] == pytest.approx(1.0, abs=1e-5)
            rows, scores = index.top(vectors[row], 10)  # the old vector is not there anymore
            if row in rows.tolist():
                at = rows.tolist().index(row)
                assert scores[at] == pytest.approx(float(fresh[i] @ vectors[row]), abs=1e-5)
        assert index.info().builds == 1  # 20 changes: no rebuild needed

    def test_rows_added_after_a_build_are_found(self) -> None:
        vectors = clustered(3200, seed=13)
        index = filled(vectors[:3000], rebuild_fraction=0.5)
        index.build()
        for row in range(3000, 3200):
            index.set(row, vectors[row])
        for row in range(3000, 3200, 20):
            assert index.top(vectors[row], 1)[0][0] == row
        assert index.info().builds == 1 and index.info().pending == 200

    def test_many_writes_trigger_a_rebuild(self) -> None:
        vectors = clustered(4000, seed=14)
        index = filled(vectors[:3000], rebuild_fraction=0.2)
        index.build()
        for row in range(3000, 4000):
            index.set(row, vectors[row])
        index.top(vectors[0], 5)
        info = index.info()
        assert info.builds == 2 and info.encoded == 4000 and info.pending == 0

    def test_a_background_rebuild_installs_and_answers_meanwhile(self) -> None:
        vectors = clustered(3000, seed=15)
        index = filled(vectors, background=True)
        rows, _ = index.top(vectors[5], 1)  # starts the build; this answer is exact
        assert rows[0] == 5
        done = threading.Event()
        for _ in range(600):
            if index.info().approximate:
                done.set()
                break
            done.wait(0.05)
        assert done.is_set()
        assert index.top(vectors[6], 1)[0][0] == 6


class TestFilters:
    def test_a_large_filter_on_the_approximate_path_returns_only_allowed_rows(self) -> None:
        vectors = clustered(6000, seed=16)
        index = filled(vectors, threshold=1000, candidates=64)
        index.build()
        allowed = np.arange(0, 6000, 2, dtype=np.int64)  # 3000 rows: stays approximate
        ok = set(allowed.tolist())
        shares = []
        for q in clustered(30, seed=17):
            rows, _ = index.top(q, 10, allowed)
            exact, _ = index.top(q, 10, allowed, exact=True)
            assert set(rows.tolist()) <= ok and len(rows) == 10
            shares.append(overlap(rows, exact))
        assert np.mean(shares) >= 0.9

    def test_a_selective_filter_is_scanned_exactly(self) -> None:
        vectors = clustered(3000, seed=18)
        index = filled(vectors)
        index.build()
        allowed = np.array([5, 77, 1234, 2999], dtype=np.int64)
        for q in clustered(10, seed=19):
            rows, scores = index.top(q, 10, allowed)
            exact = allowed[np.argsort(-(vectors[allowed] @ q), kind="stable")]
            assert rows.tolist() == exact.tolist()
            np.testing.assert_allclose(scores, vectors[exact] @ q, rtol=1e-5)

    def test_a_filter_never_returns_deleted_rows(self) -> None:
        vectors = clustered(3000, seed=20)
        index = filled(vectors)
        index.build()
        allowed = np.arange(1000, 3000, dtype=np.int64)
        for row in range(1000, 1500):
            index.clear(row)
        rows, _ = index.top(vectors[1200], 20, allowed)
        assert all(1500 <= r < 3000 for r in rows.tolist())


class TestBadInput:
    def test_a_query_of_the_wrong_dimension_is_refused(self) -> None:
        index = filled(clustered(10, seed=21))
        with pytest.raises(ValueError, match="dimensions"):
            index.top(np.ones(DIM + 1, dtype=np.float32), 3)

    def test_bad_parameters_are_refused(self) -> None:
        with pytest.raises(ValueError):
            VectorIndex(DIM, ann_threshold=0)
        with pytest.raises(ValueError):
            VectorIndex(DIM, rebuild_fraction=0.0)

    def test_empty_and_zero_k(self) -> None:
        index = VectorIndex(DIM)
        assert index.top(np.ones(DIM, dtype=np.float32), 5)[0].size == 0
        index.set(0, np.ones(DIM, dtype=np.float32))
        assert index.top(np.ones(DIM, dtype=np.float32), 0)[0].size == 0
