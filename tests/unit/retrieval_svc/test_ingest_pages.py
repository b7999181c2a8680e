"""A new PDF's or scan's pages are searchable by BM25 as they are read (issues 27 and 29),
and what is finally stored is what reading the whole document stores; a read that fails or
is cancelled midway leaves nothing stored. Reading is held at a page by a gate (no timing)."""

from __future__ import annotations

import asyncio
import io
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mesh.errors import InvalidInput
from retrieval_svc import ingest_jobs
from retrieval_svc.documents import images, pdf
from retrieval_svc.documents.ocr import OcrLine
from retrieval_svc.engine import NewDocument
from retrieval_svc.job_store import Job, JobState
from retrieval_svc.results import SearchMode
from tests.unit.retrieval_svc.test_ingest_jobs import Mesh, _doc

pytestmark = pytest.mark.unit

PAGES = 6
HELD = 4  # reading waits before this page until the test opens the gate


def _word(page: int) -> str:
    return f"zeppelin{'abcdefgh'[page - 1]}"  # one word per page, found by BM25 alone


def _pdf(pages: int = PAGES, tag: str = "") -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(595, 842))
    c.setFont("Helvetica", 11)
    for page in range(1, pages + 1):
        c.drawString(60, 800, "Harbour office handbook")  # a running header
        for i in range(12):
            c.drawString(
                60, 760 - 20 * i, f"Page {page} line {i} {tag} says {_word(page)} rule {i}."
            )
        if page % 2:  # a paragraph that goes on over the page break
            c.drawString(60, 100, "This sentence goes on over the page break and")
        else:
            c.drawString(60, 100, "Closing line of the page.")
        c.drawString(60, 40, f"{page}")
        c.showPage()
    c.save()
    return buf.getvalue()


class Gate:
    """Holds the reader before page ``at`` until :meth:`open`; ``fail`` raises there instead."""

    def __init__(self, at: int = HELD, fail: str = "") -> None:
        self.at = at
        self.fail = fail
        self.opened = threading.Event()

    def open(self) -> None:
        self.opened.set()

    def reached(self, page: int) -> None:
        if page == self.at:
            assert self.opened.wait(60), "the test never opened the gate"
            if self.fail:
                raise InvalidInput(self.fail)


@pytest.fixture()
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    held = Gate()
    read_page = pdf._read_page

    def gated(page: Any, plumber: Any, number: int, limits: Any) -> Any:
        held.reached(number)
        return read_page(page, plumber, number, limits)

    monkeypatch.setattr(pdf, "_read_page", gated)
    yield held
    held.open()  # never leave a reader blocked


@pytest.fixture()
async def mesh(tmp_path: Path) -> Any:
    m = Mesh(tmp_path)
    await m.engine.load()
    await m.jobs.start()
    yield m
    await m.close()


async def _until(check: Callable[[], Any], what: str) -> Any:
    """Poll ``check`` (a coroutine function) until it returns something true (bounded)."""
    for _ in range(1200):
        got = await check()
        if got:
            return got
        await asyncio.sleep(0.05)
    raise AssertionError(f"never: {what}")


async def _bm25(mesh: Mesh, word: str) -> list[Any]:
    return list((await mesh.engine.search("acme", word, mode=SearchMode.BM25)).hits)


async def _first_page_found(mesh: Mesh, job: Job) -> Any:
    async def found() -> Any:
        return await _bm25(mesh, _word(1))

    hits = await _until(found, "page 1 searchable by BM25")
    return hits[0]


class TestPagesAsTheyAreRead:
    async def test_the_first_page_is_found_while_later_pages_are_read(
        self, mesh: Mesh, gate: Gate
    ) -> None:
        content = _pdf()
        doc = NewDocument("hand.pdf", "", "application/pdf", content)
        [job] = await mesh.jobs.submit("acme", [doc])
        hit = await _first_page_found(mesh, job)
        assert hit.chunk.doc_id == "hand.pdf" and hit.chunk.page == 1
        assert hit.vector_pending  # BM25 only, vectors follow
        assert not await _bm25(mesh, _word(HELD + 1))  # not read yet
        now = await mesh.jobs.get("acme", job.job_id)
        assert now.state is JobState.RUNNING and now.searchable
        assert now.pages_done < PAGES
        gate.open()
        final = await mesh.final(job)
        assert final.state is JobState.DONE and not final.replaced
        # what is stored is exactly what reading the whole document stores
        record, chunks = mesh.engine.prepare(doc)
        stored = await mesh.engine.backend.get_chunks("acme", [c.chunk_id for c in chunks])
        key = [(c.chunk_id, c.text, c.section, c.page, c.title) for c in chunks]
        assert [(c.chunk_id, c.text, c.section, c.page, c.title) for c in stored] == key
        assert await mesh.engine.stats("acme") == (1, len(chunks)) == (1, final.chunks_done)
        assert not await mesh.engine.vectors_pending("acme", "hand.pdf")
        [listed] = await mesh.engine.list_documents("acme")
        assert listed.chunk_count == record.chunk_count and listed.title == record.title
        # the last page is there (its first lines end page 5's paragraph, as before)
        assert (await _bm25(mesh, _word(PAGES)))[0].chunk.page in (PAGES - 1, PAGES)
        hybrid = await mesh.engine.search("acme", _word(2))
        assert hybrid.hits[0].vector_score is not None

    async def test_a_page_that_fails_midway_leaves_nothing_stored(
        self, mesh: Mesh, gate: Gate
    ) -> None:
        gate.fail = "page 4 has 999999 characters; the limit is 200000"
        doc = NewDocument("bad.pdf", "", "application/pdf", _pdf())
        [job] = await mesh.jobs.submit("acme", [doc])
        await _first_page_found(mesh, job)
        gate.open()
        final = await mesh.final(job)
        assert final.state is JobState.FAILED
        assert final.error == f"document 'bad.pdf': {gate.fail}"  # as clear as before
        assert await mesh.engine.list_documents("acme") == []
        assert await mesh.engine.stats("acme") == (0, 0)
        assert not await _bm25(mesh, _word(1))

    async def test_a_job_cancelled_midway_leaves_nothing_stored(
        self, mesh: Mesh, gate: Gate
    ) -> None:
        doc = NewDocument("gone.pdf", "", "application/pdf", _pdf())
        [job] = await mesh.jobs.submit("acme", [doc])
        await _first_page_found(mesh, job)
        cancelling = asyncio.create_task(mesh.jobs.cancel("acme", job.job_id))

        async def requested() -> bool:
            return (await mesh.jobs.get("acme", job.job_id)).cancel_requested

        await _until(requested, "the cancel is recorded")
        gate.open()
        final = await cancelling
        assert final.state is JobState.CANCELLED
        assert await mesh.engine.list_documents("acme") == []
        assert not await _bm25(mesh, _word(1))

    async def test_a_worker_stopped_midway_leaves_nothing_and_the_job_resumes(
        self, mesh: Mesh, gate: Gate
    ) -> None:
        doc = NewDocument("again.pdf", "", "application/pdf", _pdf())
        [job] = await mesh.jobs.submit("acme", [doc])
        await _first_page_found(mesh, job)
        stopping = asyncio.create_task(mesh.jobs.stop())
        await asyncio.sleep(0)
        gate.open()
        await stopping
        assert (await mesh.jobs.get("acme", job.job_id)).state is JobState.QUEUED
        assert await mesh.engine.list_documents("acme") == []
        await mesh.jobs.start()
        final = await mesh.final(job)
        assert final.state is JobState.DONE
        _, chunks = mesh.engine.prepare(doc)
        assert await mesh.engine.stats("acme") == (1, len(chunks))

    async def test_a_new_version_of_a_stored_document_replaces_it_whole(
        self, mesh: Mesh, gate: Gate
    ) -> None:
        gate.open()
        [first] = await mesh.jobs.submit(
            "acme", [NewDocument("v.pdf", "", "application/pdf", _pdf(tag="alpha"))]
        )
        assert (await mesh.final(first)).state is JobState.DONE
        gate.opened.clear()
        [second] = await mesh.jobs.submit(
            "acme", [NewDocument("v.pdf", "", "application/pdf", _pdf(tag="omega"))]
        )

        async def reading() -> bool:
            return (await mesh.jobs.get("acme", second.job_id)).pages_done >= 1

        await _until(reading, "the new version is being read")
        # the old version stays searchable, whole, until the new one is stored
        assert await _bm25(mesh, "alpha") and not await _bm25(mesh, "omega")
        assert await mesh.engine.stats("acme") == (1, (await mesh.final(first)).chunks_done)
        gate.open()
        final = await mesh.final(second)
        assert final.state is JobState.DONE and final.replaced
        assert await _bm25(mesh, "omega") and not await _bm25(mesh, "alpha")

    async def test_another_tenants_job_runs_beside_a_long_read(
        self, mesh: Mesh, gate: Gate, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(ingest_jobs, "SLOW_BATCH_SECONDS", 0.2)
        doc = NewDocument("long.pdf", "", "application/pdf", _pdf())
        [long] = await mesh.jobs.submit("acme", [doc])
        await _first_page_found(mesh, long)
        [short] = await mesh.jobs.submit("other", [_doc("n", "Ferry timetable for winter.")])
        assert (await mesh.final(short)).state is JobState.DONE
        assert (await mesh.jobs.get("acme", long.job_id)).state is JobState.RUNNING
        gate.open()
        assert (await mesh.final(long)).state is JobState.DONE

    async def test_a_text_document_is_stored_once_as_before(self, mesh: Mesh) -> None:
        [job] = await mesh.jobs.submit("acme", [_doc("t", "Harbour fees are paid monthly.")])
        assert (await mesh.final(job)).state is JobState.DONE
        assert (await _bm25(mesh, "harbour"))[0].chunk.doc_id == "t"


class TestScanPages:
    async def test_a_multi_page_tiff_is_searchable_page_by_page(
        self, mesh: Mesh, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        from PIL import Image

        frames = [Image.new("RGB", (400, 300), (255, 255, 255)) for _ in range(PAGES)]
        for n, frame in enumerate(frames):
            frame.putpixel((0, 0), (n, n, n))  # which page OCR is shown
        buf = io.BytesIO()
        frames[0].save(buf, format="TIFF", save_all=True, append_images=frames[1:])
        held = Gate()

        def recognise(image: Any) -> list[OcrLine]:  # OCR stands in: a line naming the page
            page = image.convert("RGB").getpixel((0, 0))[0] + 1
            held.reached(page)
            text = f"Scanned page {page} reads {_word(page)} here."
            return [OcrLine(text, (10.0, 10.0, 390.0, 40.0), 0.97)]

        monkeypatch.setattr(images, "recognise", recognise)
        doc = NewDocument("scan.tiff", "", "image/tiff", buf.getvalue())
        [job] = await mesh.jobs.submit("acme", [doc])
        try:
            hit = await _first_page_found(mesh, job)
            assert hit.chunk.page == 1 and hit.vector_pending
            assert not await _bm25(mesh, _word(HELD))
        finally:
            held.open()
        assert (await mesh.final(job)).state is JobState.DONE
        _, chunks = mesh.engine.prepare(doc)
        stored = await mesh.engine.backend.get_chunks("acme", [c.chunk_id for c in chunks])
        assert [(c.chunk_id, c.text, c.page) for c in stored] == [
            (c.chunk_id, c.text, c.page) for c in chunks
        ]
        assert (await _bm25(mesh, _word(PAGES)))[0].chunk.page == PAGES
