"""A BM25 index built for speed: per-term postings in compact arrays, maintained incrementally.

Scores equal ``rank_bm25.BM25Okapi``'s on the same tokens (k1 = 1.5, b = 0.75, epsilon = 0.25,
the same idf with its floor of ``epsilon * average_idf`` for terms in more than half the
chunks), but a query only touches the postings of its own terms instead of looping over every
chunk. Rows are slots: deleting a chunk removes its postings and frees its slot, so ingest and
delete cost is proportional to the chunk's terms, not to the corpus. Not thread-safe: the
caller serializes writes with reads (numpy views of the arrays must not outlive a resize).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

K1 = 1.5
B = 0.75
EPSILON = 0.25


class _Postings:
    """The rows containing one term and its frequency in each, as growable C arrays."""

    __slots__ = ("rows", "tfs")

    def __init__(self) -> None:
        self.rows = array("i")
        self.tfs = array("f")


class BM25Index:
    """Incremental BM25 Okapi over rows; ``add`` and ``remove`` keep every statistic exact."""

    def __init__(self, k1: float = K1, b: float = B, epsilon: float = EPSILON) -> None:
        self.k1, self.b, self.epsilon = k1, b, epsilon
        self._term_ids: dict[str, int] = {}
        self._postings: list[_Postings] = []
        self._df = array("q")  # live chunks containing each term
        self._row_terms: list[array[int] | None] = []  # term ids of each row (None: free)
        self._row_len = array("d")  # token count of each row
        self._live = 0
        self._total_len = 0.0
        self._idf_cache: Floats | None = None
        self._norm_cache: Floats | None = None

    def __len__(self) -> int:
        return self._live

    @property
    def rows(self) -> int:
        """Slots allocated (live or free); row numbers are below this."""
        return len(self._row_terms)

    def add(self, row: int, tokens: Sequence[str]) -> None:
        """Index ``tokens`` as row ``row`` (a new slot or one freed by :meth:`remove`)."""
        while row >= len(self._row_terms):
            self._row_terms.append(None)
            self._row_len.append(0.0)
        if self._row_terms[row] is not None:
            raise ValueError(f"row {row} is already indexed")
        counts = Counter(tokens)
        ids = array("i")
        for term, tf in counts.items():
            tid = self._term_ids.get(term)
            if tid is None:
                tid = len(self._postings)
                self._term_ids[term] = tid
                self._postings.append(_Postings())
                self._df.append(0)
            postings = self._postings[tid]
            postings.rows.append(row)
            postings.tfs.append(float(tf))
            self._df[tid] += 1
            ids.append(tid)
        self._row_terms[row] = ids
        self._row_len[row] = float(len(tokens))
        self._live += 1
        self._total_len += len(tokens)
        self._idf_cache = self._norm_cache = None

    def remove(self, row: int) -> None:
        """Forget row ``row`` (its postings are removed now); the slot may be reused."""
        ids = self._row_terms[row] if row < len(self._row_terms) else None
        if ids is None:
            raise KeyError(row)
        for tid in ids:
            p = self._postings[tid]
            at = int(np.flatnonzero(np.frombuffer(p.rows, dtype=np.int32) == row)[0])
            del p.rows[at]
            del p.tfs[at]
            self._df[tid] -= 1
        self._row_terms[row] = None
        self._total_len -= self._row_len[row]
        self._row_len[row] = 0.0
        self._live -= 1
        self._idf_cache = self._norm_cache = None

    def _idf(self) -> Floats:
        """rank_bm25's idf of every term, with the epsilon floor for negative values."""
        if self._idf_cache is None:
            df = np.frombuffer(self._df, dtype=np.int64).astype(np.float64)
            present = df > 0
            n = float(self._live)
            idf = np.zeros(len(df), dtype=np.float64)
            idf[present] = np.log(n - df[present] + 0.5) - np.log(df[present] + 0.5)
            count = int(present.sum())
            average = float(idf[present].sum()) / count if count else 0.0
            negative = present & (idf < 0)
            idf[negative] = self.epsilon * average
            self._idf_cache = idf
        return self._idf_cache

    def scores(self, query_tokens: Sequence[str]) -> Floats:
        """BM25 score of every row (0 for free rows and rows without a query term)."""
        return self._scores(query_tokens)[0]

    def _norms(self) -> Floats:
        """``k1 * (1 - b + b * length / avgdl)`` of every row (the length part of the BM25
        denominator), computed once per change of the corpus instead of once per query term."""
        if self._norm_cache is None:
            lengths = np.frombuffer(self._row_len, dtype=np.float64)
            avgdl = self._total_len / self._live
            self._norm_cache = self.k1 * (1 - self.b + self.b * lengths / avgdl)
        return self._norm_cache

    def _scores(self, query_tokens: Sequence[str]) -> tuple[Floats, npt.NDArray[np.bool_]]:
        n = len(self._row_terms)
        if not self._live:
            return np.zeros(n, dtype=np.float64), np.zeros(n, dtype=bool)
        idf = self._idf()
        norms = self._norms()
        hits: list[npt.NDArray[np.int32]] = []
        weights: list[Floats] = []
        positive = True
        for term in query_tokens:  # a repeated query term counts again, as in rank_bm25
            tid = self._term_ids.get(term)
            if tid is None or self._df[tid] == 0:
                continue
            p = self._postings[tid]
            rows = np.frombuffer(p.rows, dtype=np.int32)
            tf = np.frombuffer(p.tfs, dtype=np.float32).astype(np.float64)
            # rank_bm25's expression, term by term, so the sums are bit-identical
            weights.append(idf[tid] * (tf * (self.k1 + 1) / (tf + norms[rows])))
            hits.append(rows)
            positive = positive and idf[tid] > 0
        if not hits:
            return np.zeros(n, dtype=np.float64), np.zeros(n, dtype=bool)
        every = np.concatenate(hits) if len(hits) > 1 else hits[0]
        # one pass in query-term order: each row's sum adds its terms as rank_bm25 does
        out = np.asarray(
            np.bincount(every, weights=np.concatenate(weights), minlength=n), dtype=np.float64
        )
        matched = out > 0 if positive else np.bincount(every, minlength=n) > 0
        return out, matched

    def top(
        self, query_tokens: Sequence[str], k: int, allowed: Ints | None = None
    ) -> list[tuple[int, float]]:
        """The ``k`` best rows that contain a query term, best first (ties by row), optionally
        only among ``allowed`` rows. (With rank_bm25's idf a matching row can score 0 or less
        in a tiny corpus; it still ranks, after the positive ones.)"""
        scores, matched = self._scores(query_tokens)
        if allowed is not None:
            keep = np.zeros_like(matched)
            keep[allowed] = matched[allowed]
            matched = keep
        candidates = np.flatnonzero(matched)
        if candidates.size > k:
            part = np.argpartition(-scores[candidates], k - 1)[:k]
            candidates = candidates[part]
        order = candidates[np.lexsort((candidates, -scores[candidates]))]
        return [(int(r), float(scores[r])) for r in order]
