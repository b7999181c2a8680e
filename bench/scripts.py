"""``groundmesh bench scripts``: BM25 with Chinese cut as written against cut in one script.

BM25 alone (no vectors, so it runs in seconds) over DRCD (zh-Hant) and CMRC 2018 (zh-Hans):
a sample of paragraphs and of the questions whose paragraph is in it (``random.Random(0)``),
nDCG@10 and Recall@1. "as written" is the tokenizer before folding (jieba on the text as it
is); "folded" is :func:`retrieval_svc.text.tokenize` for passages and
:func:`retrieval_svc.text.query_terms` for questions.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Annotated

import typer
from rank_bm25 import BM25Okapi

from bench.retrieval import DATA_ROOT
from retrieval_svc.text import _cut, query_terms, tokenize

Tokenizer = Callable[[str], list[str]]


def _load(
    name: str, paragraphs: int, questions: int
) -> tuple[dict[str, str], list[dict[str, str]], dict[str, set[str]]]:
    base = DATA_ROOT / name
    corpus: dict[str, str] = {}
    for line in (base / "corpus.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        corpus[row["id"]] = f"{row.get('title', '')} {row['text']}"
    qrels: dict[str, set[str]] = {}
    for line in (base / "qrels.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        qid, doc, _ = line.split("\t")
        qrels.setdefault(qid, set()).add(doc)
    rnd = random.Random(0)
    docs = rnd.sample(sorted(corpus), min(paragraphs, len(corpus)))
    kept = set(docs)
    qs = [
        json.loads(line)
        for line in (base / "queries.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    qs = [q for q in qs if qrels.get(q["id"], set()) & kept]
    return {d: corpus[d] for d in docs}, rnd.sample(qs, min(questions, len(qs))), qrels


def _figures(
    docs: dict[str, str],
    qs: list[dict[str, str]],
    qrels: dict[str, set[str]],
    passage: Tokenizer,
    query: Tokenizer,
) -> tuple[float, float]:
    ids = list(docs)
    bm25 = BM25Okapi([passage(docs[d]) for d in ids])
    ndcg = recall1 = 0.0
    for q in qs:
        scores = bm25.get_scores(query(q["text"]))
        top = sorted(range(len(ids)), key=lambda i: -scores[i])[:10]
        relevant = qrels[q["id"]]
        recall1 += ids[top[0]] in relevant
        ranks = [r for r, i in enumerate(top) if ids[i] in relevant]
        ndcg += 1 / math.log2(ranks[0] + 2) if ranks else 0.0
    return ndcg / len(qs), recall1 / len(qs)


def register(app: typer.Typer) -> None:
    @app.command()
    def scripts(
        paragraphs: Annotated[int, typer.Option(help="paragraphs sampled per set")] = 2000,
        questions: Annotated[int, typer.Option(help="questions sampled per set")] = 500,
    ) -> None:
        """BM25 over Chinese cut as written, against cut after folding to Simplified."""
        typer.echo(
            "set        paragraphs  questions  as written nDCG@10 (R@1)  folded nDCG@10 (R@1)"
        )
        for name in ("drcd", "cmrc2018"):
            docs, qs, qrels = _load(name, paragraphs, questions)
            before = _figures(docs, qs, qrels, _cut, _cut)
            after = _figures(docs, qs, qrels, tokenize, query_terms)
            typer.echo(
                f"{name:<10} {len(docs):>10}  {len(qs):>9}  "
                f"{before[0]:.3f} ({before[1]:.3f}){'':>11}{after[0]:.3f} ({after[1]:.3f})"
            )
