"""Speeds for ``bench documents``: text-PDF pages per second (Groundmesh's extractor against
pypdf, same files, same run) and the seconds from uploading a 100-page PDF to its first BM25
hit."""

from __future__ import annotations

import contextlib
import io
import statistics
import time
from pathlib import Path
from typing import Any

import grpc
import httpx

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import MiB
from retrieval_svc.documents.model import Limits
from retrieval_svc.documents.pdf import pdf_document

TOKEN = "zanzibarquota"


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0


def pdf_speed(paths: list[Path]) -> dict[str, dict[str, Any]]:
    """Pages per second and seconds per page (median, p99 over documents) of both extractors."""
    import pypdfium2 as pdfium
    from pypdf import PdfReader

    out: dict[str, dict[str, Any]] = {}
    contents = [p.read_bytes() for p in paths]
    pages = [len(pdfium.PdfDocument(c)) for c in contents]

    def ours(content: bytes) -> None:
        pdf_document(content, Limits(max_uncompressed=64 * MiB))

    def old(content: bytes) -> None:
        for page in PdfReader(io.BytesIO(content)).pages:
            page.extract_text()

    for name, read in (("groundmesh", ours), ("pypdf", old)):
        per_page: list[float] = []
        total = 0.0
        for content, n in zip(contents, pages, strict=True):
            start = time.perf_counter()
            with contextlib.suppress(Exception):  # a refused file still took its time
                read(content)
            spent = time.perf_counter() - start
            total += spent
            per_page.append(spent / max(1, n))
        out[name] = {
            "pages": sum(pages),
            "pages_per_s": sum(pages) / total if total else 0.0,
            "median": statistics.median(per_page) if per_page else 0.0,
            "p99": _p99(per_page),
        }
    return out


def hundred_page_pdf(pages: int = 100) -> bytes:
    """``pages`` pages (100 by default) of English text; page 1 alone holds the word
    :data:`TOKEN`."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(612, 792))
    for page in range(1, pages + 1):
        c.setFont("Helvetica", 10)
        y = 740
        for line in range(45):
            word = TOKEN if page == 1 and line == 3 else "ordinary"
            c.drawString(72, y, f"Page {page} line {line}: the {word} rules of travel and leave.")
            y -= 15
        c.showPage()
    c.save()
    return out.getvalue()


def first_bm25_hit(
    url: str,
    key: str,
    retrieval: str,
    tmp: Path,
    content: bytes | None = None,
    tenant: str = "groundmesh",
    name: str = "hundred.pdf",
    deadline: float = 600.0,
) -> dict[str, float]:
    """Seconds from the upload's 202 to the first BM25 hit of page 1, and to the job's end
    (``content``: :func:`hundred_page_pdf` unless given; ``deadline`` bounds the wait)."""
    content = hundred_page_pdf() if content is None else content
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}) as client:
        start = time.perf_counter()
        r = client.post(
            "/v1/documents", files=[("files", (name, content, "application/pdf"))], timeout=120
        )
        r.raise_for_status()
        job = r.json()["documents"][0]["job"]["job_id"]
        bm25 = done = float("nan")
        with grpc.insecure_channel(retrieval) as channel:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
            request = retrieval_pb2.SearchRequest(
                tenant=tenant, query=TOKEN, top_k=1, mode=retrieval_pb2.SEARCH_MODE_BM25
            )
            while time.perf_counter() - start < deadline / 2:
                hits = stub.Search(request).chunks
                if any(TOKEN in h.text for h in hits):
                    bm25 = time.perf_counter() - start
                    break
                time.sleep(0.05)
        while job and time.perf_counter() - start < deadline:
            state = client.get(f"/v1/jobs/{job}").json().get("state", "")
            if state in {"done", "failed", "cancelled"}:
                done = time.perf_counter() - start
                break
            time.sleep(0.1)
    return {"bm25": bm25, "done": done}
