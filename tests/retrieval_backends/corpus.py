"""Small documents with hand-made vectors, shared by the backend tests."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

import numpy as np

from retrieval_svc.embeddings import Matrix
from retrieval_svc.store import DocumentRecord, StoredChunk
from retrieval_svc.text import tokenize

DIM = 8


def unit(*weights: float) -> Matrix:
    """A unit vector of DIM dimensions from its first few coordinates."""
    v = np.zeros(DIM, dtype=np.float32)
    v[: len(weights)] = weights
    return (v / np.linalg.norm(v)).astype(np.float32)


def make_doc(
    doc_id: str,
    texts: Sequence[str],
    vectors: Sequence[Matrix] | None = None,
    metadata: Mapping[str, str] | None = None,
    title: str = "",
) -> tuple[DocumentRecord, list[StoredChunk], Matrix]:
    """A document, its chunks (tokens from the real tokenizer) and one vector per chunk."""
    title = title or f"Title of {doc_id}"
    meta = dict(metadata or {})
    chunks = [
        StoredChunk(
            chunk_id=f"{doc_id}#{i}",
            doc_id=doc_id,
            ordinal=i,
            title=title,
            section=f"Section {i}",
            text=text,
            tokens=tuple(tokenize(text)),
            metadata=meta,
        )
        for i, text in enumerate(texts)
    ]
    if vectors is None:
        rng = np.random.default_rng(abs(hash(doc_id)) % 2**32)
        rows = rng.normal(size=(len(texts), DIM)).astype(np.float32)
        matrix = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    else:
        matrix = np.vstack(list(vectors)).astype(np.float32)
    record = DocumentRecord(
        doc_id=doc_id,
        title=title,
        content_type="text/plain",
        metadata=meta,
        ingested_at=1_700_000_000.0,
        chunk_count=len(chunks),
    )
    return record, chunks, matrix.astype(np.float32)


# A small mixed-language corpus: (doc_id, language, texts).
BM25_CORPUS: list[tuple[str, str, list[str]]] = [
    (
        "leave",
        "zh",
        [
            "員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。",
            "病假可於事後補辦手續，但須附上醫師證明。",
            "到職滿六個月的員工享有三天特別休假。",
        ],
    ),
    (
        "security",
        "en",
        [
            "Every laptop must use full-disk encryption and a screen lock.",
            "Passwords are rotated every ninety days; hardware keys guard production access.",
            "Report a lost laptop to the security team within one hour.",
        ],
    ),
    (
        "travel",
        "en",
        [
            "Book travel through the company portal at least two weeks ahead.",
            "Economy class is the default for flights shorter than six hours.",
            "Keep every receipt; expenses are reimbursed within thirty days.",
        ],
    ),
    (
        "expenses",
        "zh",
        [
            "出差費用須於返回後三十天內報銷，並附上收據。",
            "住宿費用依城市等級核定上限。",
        ],
    ),
]

BM25_QUERIES = [
    "lost laptop",
    "password rotation hardware keys",
    "flights economy class",
    "receipt reimbursed",
    "請假 申請 主管",
    "病假 醫師證明",
    "報銷 收據",
    "特別休假",
]


class HashingEmbedder:
    """Bag of tokens hashed into 64 dimensions, L2-normalized: similar texts, similar vectors."""

    name = "hashing-64"
    dim = 64

    def _embed(self, texts: list[str]) -> Matrix:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for token in tokenize(text):
                out[row, hashlib.sha256(token.encode()).digest()[0] % self.dim] += 1.0
        norms = np.linalg.norm(out, axis=1, keepdims=True)
        return (out / np.where(norms == 0, 1.0, norms)).astype(np.float32)

    def embed_queries(self, texts: list[str]) -> Matrix:
        return self._embed(texts)

    def embed_passages(self, texts: list[str]) -> Matrix:
        return self._embed(texts)
