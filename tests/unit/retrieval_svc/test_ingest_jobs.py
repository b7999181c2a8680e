"""Ingest jobs (issue 19): accepted at once, run in the background, resumable, cancellable;
unchanged content is a no-op and changed documents reuse the vectors of unchanged chunks."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from pathlib import Path

import numpy as np
import pytest

from mesh.errors import InvalidInput, NotFound
from retrieval_svc.backend import ScoredChunk
from retrieval_svc.embedded_backend import EmbeddedBackend
from retrieval_svc.engine import IngestResult, NewDocument, RetrievalEngine, fuse
from retrieval_svc.fusion import FusionMode
from retrieval_svc.ingest_cache import IngestCache
from retrieval_svc.ingest_jobs import IngestJobs
from retrieval_svc.job_store import Job, JobState, JobStore
from retrieval_svc.results import SearchMode
from retrieval_svc.store import StoredChunk

pytestmark = pytest.mark.unit

DIM = 16


class CountingEmbedder:
    """A deterministic fake: hashes words into vectors and counts the passages it embeds.

    ``gate``, when set, makes each embedding call wait for it (to hold a job mid-run)."""

    name = "counting-fake"
    dim = DIM

    def __init__(self) -> None:
        self.passages = 0
        self.gate: asyncio.Event | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    def _rows(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), DIM), np.float32)
        for i, t in enumerate(texts):
            for w in t.lower().split():
                out[i, hash(w) % DIM] += 1.0
            out[i] /= max(float(np.linalg.norm(out[i])), 1e-6)
        return out

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._rows(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if self.gate is not None and self.loop is not None:
            asyncio.run_coroutine_threadsafe(self.gate.wait(), self.loop).result(timeout=300)
        self.passages += len(texts)
        return self._rows(texts)


def _doc(doc_id: str, text: str, title: str = "") -> NewDocument:
    return NewDocument(doc_id, title, "text/plain", text.encode())


def _blank_pdf() -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _long(n: int, tag: str = "") -> str:
    return "\n\n".join(f"Paragraph {i} {tag} about leave rules number {i}." * 6 for i in range(n))


class Mesh:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.embedder = CountingEmbedder()
        self.open()

    def open(self) -> None:
        self.engine = RetrievalEngine(
            EmbeddedBackend(self.root / "data", DIM),
            self.embedder,
            chunk_tokens=32,
            overlap_tokens=0,
            ingest_cache=IngestCache(self.root / "data" / "cache.sqlite3", DIM),
        )
        self.store = JobStore(self.root / "data" / "jobs.sqlite3")
        self.jobs = IngestJobs(self.engine, self.store)

    async def close(self) -> None:
        await self.jobs.stop()
        await self.engine.close()
        self.store.close()

    async def final(self, job: Job) -> Job:
        last = job
        async for seen in self.jobs.watch(job.tenant, job.job_id):
            last = seen
        return last


@pytest.fixture()
async def mesh(tmp_path: Path) -> AsyncIterator[Mesh]:
    m = Mesh(tmp_path)
    await m.engine.load()
    await m.jobs.start()
    yield m
    await m.close()


class TestJobs:
    async def test_accepted_then_done_and_searchable(self, mesh: Mesh) -> None:
        [job] = await mesh.jobs.submit("acme", [_doc("leave", "Annual leave is 14 days.")])
        assert job.state is JobState.QUEUED and job.bytes == len(b"Annual leave is 14 days.")
        done = await mesh.final(job)
        assert done.state is JobState.DONE and done.chunks_done == done.chunks_total == 1
        hits = (await mesh.engine.search("acme", "annual leave")).hits
        assert [h.chunk.doc_id for h in hits] == ["leave"]

    async def test_watch_reports_progress_of_a_long_document(self, mesh: Mesh) -> None:
        [job] = await mesh.jobs.submit("acme", [_doc("long", _long(120))])
        seen = [j async for j in mesh.jobs.watch("acme", job.job_id)]
        assert seen[-1].state is JobState.DONE
        running = [j for j in seen if j.state is JobState.RUNNING and j.chunks_total]
        assert running and running[0].chunks_done < running[0].chunks_total

    async def test_a_pdf_job_reports_its_pages_and_its_chunks_their_pages(self, mesh: Mesh) -> None:
        from testkit.office_samples import leave_policy_pdf

        pdf = NewDocument("policy.pdf", "", "application/pdf", leave_policy_pdf(rows=40))
        [job] = await mesh.jobs.submit("acme", [pdf])
        seen = [j async for j in mesh.jobs.watch("acme", job.job_id)]
        assert seen[-1].state is JobState.DONE
        assert (seen[-1].pages_done, seen[-1].pages_total) == (3, 3)
        hits = (await mesh.engine.search("acme", "出差申請單", mode=SearchMode.BM25)).hits
        assert hits[0].chunk.text.startswith("第二條") and hits[0].chunk.page == 3

    async def test_a_bad_document_fails_alone_and_stores_nothing(self, mesh: Mesh) -> None:
        # It opens (so it is accepted) but holds no text: found by the job, not at the upload.
        bad = NewDocument("bad", "", "application/pdf", _blank_pdf())
        good = _doc("good", "Travel claims within 14 days.")
        jobs = await mesh.jobs.submit("acme", [bad, good])
        failed, done = [await mesh.final(j) for j in jobs]
        assert failed.state is JobState.FAILED and failed.error
        assert done.state is JobState.DONE
        assert [d.doc_id for d in await mesh.engine.list_documents("acme")] == ["good"]

    async def test_bad_submissions_are_refused_whole(self, mesh: Mesh) -> None:
        for docs in (
            [],
            [_doc("a", "x"), _doc("a", "y")],
            [_doc("ok", "x"), NewDocument("bad id!", "", "text/plain", b"x")],
            [NewDocument("e", "", "text/plain", b"")],
            [NewDocument("t", "", "image/png", b"\x89PNG")],
            [NewDocument("p", "", "application/pdf", b"%PDF-1.4 not really a pdf")],
            [NewDocument("w", "", "text/plain", b" \n\t ")],
        ):
            with pytest.raises(InvalidInput):
                await mesh.jobs.submit("acme", docs)
        with pytest.raises(InvalidInput):
            await mesh.jobs.submit("no tenant!", [_doc("a", "x")])
        assert mesh.store.pending() == 0

    async def test_unknown_and_foreign_jobs_are_not_found(self, mesh: Mesh) -> None:
        [job] = await mesh.jobs.submit("acme", [_doc("a", "Some text here.")])
        for tenant, job_id in (("acme", "job-nope"), ("other", job.job_id)):
            with pytest.raises(NotFound):
                await mesh.jobs.get(tenant, job_id)
            with pytest.raises(NotFound):
                await mesh.jobs.cancel(tenant, job_id)
        await mesh.final(job)

    async def test_cancel_while_running_leaves_the_document_absent(self, mesh: Mesh) -> None:
        mesh.embedder.gate = asyncio.Event()
        mesh.embedder.loop = asyncio.get_running_loop()
        [job] = await mesh.jobs.submit("acme", [_doc("long", _long(120))])
        async for seen in mesh.jobs.watch("acme", job.job_id):
            if seen.state is JobState.RUNNING:
                break
        cancelling = asyncio.create_task(mesh.jobs.cancel("acme", job.job_id))
        await asyncio.sleep(0)
        mesh.embedder.gate.set()
        cancelled = await cancelling
        assert cancelled.state is JobState.CANCELLED
        assert await mesh.engine.list_documents("acme") == []

    async def test_cancel_after_completion_finds_it_done(self, mesh: Mesh) -> None:
        [job] = await mesh.jobs.submit("acme", [_doc("a", "Some text here.")])
        await mesh.final(job)
        again = await mesh.jobs.cancel("acme", job.job_id)
        assert again.state is JobState.DONE
        assert [d.doc_id for d in await mesh.engine.list_documents("acme")] == ["a"]

    async def test_two_uploads_of_one_name_run_in_order(self, mesh: Mesh) -> None:
        first, second = await asyncio.gather(
            mesh.jobs.submit("acme", [_doc("same", "first version of the text")]),
            mesh.jobs.submit("acme", [_doc("same", "second version of the text")]),
        )
        a, b = await mesh.final(first[0]), await mesh.final(second[0])
        assert a.state is b.state is JobState.DONE
        last = max((a, b), key=lambda j: j.created_at)
        [chunk] = await mesh.engine.backend.get_chunks("acme", ["same#0"])
        expected = "first" if last is a else "second"
        assert chunk.text.startswith(expected)


class TestSearchableAtOnce:
    async def _held(self, mesh: Mesh, text: str) -> Job:
        """A job held after its text is stored, before any vector is in."""
        mesh.embedder.gate = asyncio.Event()
        mesh.embedder.loop = asyncio.get_running_loop()
        [job] = await mesh.jobs.submit("acme", [_doc("manual", text)])
        async for seen in mesh.jobs.watch("acme", job.job_id):
            if seen.searchable:
                return seen
        raise AssertionError("the job never became searchable")

    async def test_bm25_finds_it_before_any_vector_and_says_so(self, mesh: Mesh) -> None:
        job = await self._held(mesh, _long(80, "zeppelin"))
        assert job.state is JobState.RUNNING and job.chunks_done == 0 < job.chunks_total
        hybrid = (await mesh.engine.search("acme", "zeppelin leave rules")).hits
        assert hybrid and all(h.vector_pending and h.vector_score is None for h in hybrid)
        bm25 = await mesh.engine.search("acme", "zeppelin", mode=SearchMode.BM25)
        assert bm25.hits
        vector = await mesh.engine.search("acme", "zeppelin", mode=SearchMode.VECTOR)
        assert vector.hits == []  # no half-embedded document is ever in the vector leg
        assert mesh.embedder.gate is not None
        mesh.embedder.gate.set()
        done = await mesh.final(job)
        assert done.state is JobState.DONE and done.searchable
        after = (await mesh.engine.search("acme", "zeppelin leave rules")).hits
        assert after and not any(h.vector_pending for h in after)
        assert any(h.vector_score is not None for h in after)  # BM25-only hits may remain

    async def test_a_cancel_after_the_text_was_stored_leaves_it_absent(self, mesh: Mesh) -> None:
        job = await self._held(mesh, _long(80, "zeppelin"))
        cancelling = asyncio.create_task(mesh.jobs.cancel("acme", job.job_id))
        await asyncio.sleep(0)
        assert mesh.embedder.gate is not None
        mesh.embedder.gate.set()
        assert (await cancelling).state is JobState.CANCELLED
        assert await mesh.engine.list_documents("acme") == []
        assert (await mesh.engine.search("acme", "zeppelin", mode=SearchMode.BM25)).hits == []

    def test_fusion_lets_bm25_evidence_stand_for_both_legs(self) -> None:
        def scored(doc: str, score: float) -> ScoredChunk:
            chunk = StoredChunk(f"{doc}#0", doc, 0, doc, "", "text", ())
            return ScoredChunk(chunk, score)

        vector = [scored("old", 0.9)]
        bm25 = [scored("old", 5.0), scored("new", 5.0)]
        hits = fuse(
            vector, bm25, SearchMode.HYBRID, FusionMode.WEIGHTED_SCORE, 0.5, 0.5,
            pending=frozenset({"new"}),
        )  # fmt: skip
        by_id = {h.chunk.doc_id: h for h in hits}
        assert by_id["new"].vector_pending and not by_id["old"].vector_pending
        assert by_id["new"].fused_score == pytest.approx(by_id["old"].fused_score)


class TestResume:
    async def test_jobs_left_running_resume_after_a_restart(self, tmp_path: Path) -> None:
        m = Mesh(tmp_path)
        await m.engine.load()
        # Accepted but never run (the process "died" before its worker started).
        jobs = await m.jobs.submit("acme", [_doc("a", "Alpha text."), _doc("b", "Beta text.")])
        m.store.claim(1)  # one was even marked running
        await m.close()
        m2 = Mesh(tmp_path)
        await m2.engine.load()
        await m2.jobs.start()
        try:
            finals = [await m2.final(j) for j in jobs]
            assert [j.state for j in finals] == [JobState.DONE, JobState.DONE]
            docs = {d.doc_id for d in await m2.engine.list_documents("acme")}
            assert docs == {"a", "b"}
        finally:
            await m2.close()

    async def test_a_cancel_made_before_a_restart_is_honoured(self, tmp_path: Path) -> None:
        m = Mesh(tmp_path)
        await m.engine.load()
        [job] = await m.jobs.submit("acme", [_doc("a", "Alpha text.")])
        m.store.claim(1)  # running when the cancel came, then the process died
        m.store.request_cancel("acme", job.job_id)
        await m.close()
        m2 = Mesh(tmp_path)
        await m2.engine.load()
        await m2.jobs.start()
        try:
            assert (await m2.final(job)).state is JobState.CANCELLED
            assert await m2.engine.list_documents("acme") == []
        finally:
            await m2.close()

    async def test_text_stored_before_a_crash_is_searchable_and_resumed(
        self, tmp_path: Path
    ) -> None:
        m = Mesh(tmp_path)
        await m.engine.load()
        [job] = await m.jobs.submit("acme", [_doc("manual", _long(40, "zeppelin"))])
        m.store.claim(1)
        record, chunks = m.engine.prepare(_doc("manual", _long(40, "zeppelin")))
        backend = m.engine.backend
        assert isinstance(backend, EmbeddedBackend)
        await backend.replace_text("acme", record, chunks)  # the process dies here
        await m.close()
        m2 = Mesh(tmp_path)
        await m2.engine.load()
        try:
            hits = (await m2.engine.search("acme", "zeppelin")).hits
            assert hits and all(h.vector_pending for h in hits)
            await m2.jobs.start()
            assert (await m2.final(job)).state is JobState.DONE
            hits = (await m2.engine.search("acme", "zeppelin")).hits
            assert hits and not any(h.vector_pending for h in hits)
        finally:
            await m2.close()


class TestNoRepeatedWork:
    async def test_unchanged_content_is_a_no_op_that_says_so(self, mesh: Mesh) -> None:
        doc = _doc("leave", _long(10))
        first = await mesh.engine.ingest("acme", doc)
        embedded = mesh.embedder.passages
        again = await mesh.engine.ingest("acme", doc)
        assert again == IngestResult("leave", first.chunk_count, False, unchanged=True)
        assert mesh.embedder.passages == embedded
        [job] = await mesh.jobs.submit("acme", [doc])
        assert (await mesh.final(job)).unchanged

    async def test_a_one_chunk_document_unchanged_too(self, mesh: Mesh) -> None:
        doc = _doc("short", "Annual leave is 14 days.")
        await mesh.engine.ingest("acme", doc)
        assert (await mesh.engine.ingest("acme", doc)).unchanged

    async def test_a_changed_document_embeds_only_its_changed_chunks(self, mesh: Mesh) -> None:
        text = _long(10)
        first = await mesh.engine.ingest("acme", _doc("leave", text))
        before = mesh.embedder.passages
        changed = text + "\n\nA new closing paragraph about sick leave."
        result = await mesh.engine.ingest("acme", _doc("leave", changed))
        new = mesh.embedder.passages - before
        assert result.replaced and not result.unchanged
        assert 1 <= new < first.chunk_count and result.reused == result.chunk_count - new

    async def test_after_a_delete_the_same_upload_is_stored_again(self, mesh: Mesh) -> None:
        doc = _doc("leave", "Annual leave is 14 days.")
        await mesh.engine.ingest("acme", doc)
        await mesh.engine.delete("acme", "leave")
        again = await mesh.engine.ingest("acme", doc)
        assert not again.unchanged and not again.replaced and again.reused == 1
        assert [d.doc_id for d in await mesh.engine.list_documents("acme")] == ["leave"]
