"""Retrieval quality on the shared QA sets: loading, sampling, and the ranking metrics.

A set is a folder with ``corpus.jsonl`` ({id, title, text}), ``queries.jsonl`` ({id, text}) and
``qrels.tsv`` (query_id, doc_id, score); each query has relevant documents. Rankings are at the
document level (a document's best chunk stands for it).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from pathlib import Path
from statistics import mean

CUTOFFS = (1, 5, 20)


@dataclass(frozen=True)
class QaSet:
    """A sampled retrieval set: paragraphs, and queries whose relevant paragraph is among them."""

    name: str
    corpus: dict[str, tuple[str, str]]  # doc id -> (title, text)
    queries: dict[str, str]
    relevant: dict[str, set[str]]


def load_set(folder: Path, max_corpus: int = 0, max_queries: int = 0) -> QaSet:
    """Read a set; keep ``max_corpus`` paragraphs and ``max_queries`` of the queries answered in
    them (both drawn with ``random.Random(0)``; 0 keeps all)."""
    corpus: dict[str, tuple[str, str]] = {}
    with (folder / "corpus.jsonl").open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            corpus[str(row["id"])] = (str(row.get("title", "")), str(row["text"]))
    relevant: dict[str, set[str]] = {}
    with (folder / "qrels.tsv").open(encoding="utf-8") as f:
        next(f)
        for line in f:
            qid, did, score = line.rstrip("\n").split("\t")
            if float(score) > 0:
                relevant.setdefault(qid, set()).add(did)
    queries: dict[str, str] = {}
    with (folder / "queries.jsonl").open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            queries[str(row["id"])] = str(row["text"])
    if max_corpus and len(corpus) > max_corpus:
        ids = sorted(corpus)
        random.Random(0).shuffle(ids)
        corpus = {i: corpus[i] for i in sorted(ids[:max_corpus])}
    answered = sorted(q for q in queries if relevant.get(q, set()) & corpus.keys())
    random.Random(0).shuffle(answered)
    if max_queries:
        answered = answered[:max_queries]
    return QaSet(
        folder.name,
        corpus,
        {q: queries[q] for q in answered},
        {q: relevant[q] & corpus.keys() for q in answered},
    )


def unique_docs(doc_ids: list[str]) -> list[str]:
    """Document ranking from a chunk ranking: each document at its best chunk's place."""
    return list(dict.fromkeys(doc_ids))


def metrics(rankings: dict[str, list[str]], relevant: dict[str, set[str]]) -> dict[str, float]:
    """Recall@1/5/20, MRR@10 and nDCG@10 (binary relevance) averaged over the queries."""
    out: dict[str, list[float]] = {f"recall@{k}": [] for k in CUTOFFS}
    out["mrr@10"], out["ndcg@10"] = [], []
    for qid, ranked in rankings.items():
        rel = relevant[qid]
        for k in CUTOFFS:
            out[f"recall@{k}"].append(len(rel & set(ranked[:k])) / len(rel))
        first = next((i for i, d in enumerate(ranked[:10], start=1) if d in rel), 0)
        out["mrr@10"].append(1 / first if first else 0.0)
        dcg = sum(1 / math.log2(i + 1) for i, d in enumerate(ranked[:10], start=1) if d in rel)
        ideal = sum(1 / math.log2(i + 1) for i in range(1, min(len(rel), 10) + 1))
        out["ndcg@10"].append(dcg / ideal)
    return {name: mean(values) if values else 0.0 for name, values in out.items()}
