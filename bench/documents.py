"""``groundmesh bench documents``: questions over office documents, answered through the real
mesh, with Groundmesh's extraction against two baselines feeding the same chunker.

The set (:mod:`bench.documents_set`) is built into a temporary folder; the mesh starts with one
tenant per extraction:

* ``groundmesh``: the files uploaded as they are (``POST /v1/documents``), the user's path;
* ``pypdf``: the extraction before the document model (:func:`doc_baselines.pypdf_text`);
* ``markitdown``: Microsoft's converter run offline (when installed).

A baseline's text is uploaded as Markdown. Every question of the chosen half goes through
``POST /v1/ask`` for each tenant. An answer is right when it holds a gold value and cites the
right file and, where the question has one, the right page. Also printed: the same by kind and
format, the extractors' table-cell recall (gold cell values found in the extracted text), PDF
pages per second against pypdf, and the seconds to the first BM25 hit of a 100-page PDF.

With ``--scanned`` only the questions over PDFs are asked, and one more tenant, ``scanned``, gets
every PDF rasterised into an image-only PDF of the same name and pages
(:mod:`bench.documents_scan`), read by OCR in the ingest job: its answers are printed beside the
text PDFs' for the same questions from the same run, with the seconds from uploading a 50-page
scan to the first BM25 hit of its page 1.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

from bench.doc_baselines import markitdown_available, markitdown_text, pypdf_text
from bench.documents_scan import scan_files, scan_pdf
from bench.documents_set import DocQuestion, build_documents, holds, load_questions
from bench.documents_speed import first_bm25_hit, hundred_page_pdf, pdf_speed
from cli.commands.eval import CITATION
from cli.launcher import MeshLauncher
from mesh.config import MiB
from mesh.document_types import EXTENSIONS
from retrieval_svc.formats import extract, normalize_content_type

SYSTEMS = ("groundmesh", "pypdf", "markitdown")
SCANNED = "scanned"  # the tenant given the image-only PDFs (``--scanned``)


@dataclass
class Scored:
    question: DocQuestion
    system: str
    value: bool = False
    file: bool = False
    page: bool = False
    error: str = ""
    answer: str = ""

    @property
    def right(self) -> bool:
        return self.value and self.file and self.page


@dataclass
class SystemRun:
    name: str
    texts: dict[str, str | None] = field(default_factory=dict)  # file → extracted text
    doc_ids: dict[str, str] = field(default_factory=dict)  # file → stored doc_id
    refused: dict[str, str] = field(default_factory=dict)  # file → why
    paths: dict[str, Path] = field(
        default_factory=dict
    )  # file → what is uploaded, if not the set's


def _ours(path: Path) -> str | None:
    try:
        ctype = normalize_content_type(EXTENSIONS.get(path.suffix.lower(), "text/plain"))
        return extract(ctype, path.read_bytes(), 64 * MiB).text
    except Exception:  # a file Groundmesh refuses has no text here; the upload says why
        return None


def _upload_one(client: httpx.Client, run: SystemRun, file: str, path: Path) -> None:
    if run.name in ("groundmesh", SCANNED):
        path = run.paths.get(file, path)
        ctype = EXTENSIONS.get(path.suffix.lower(), "application/octet-stream")
        part = (file, path.read_bytes(), ctype)
    else:
        text = run.texts.get(file)
        if not text or not text.strip():
            run.refused[file] = "nothing extracted"
            return
        part = (f"{file}.md", f"# {file}\n\n{text}".encode(), "text/markdown")
    r = client.post("/v1/documents", params={"wait": "true"}, files=[("files", part)], timeout=1800)
    if r.status_code != 201:
        run.refused[file] = f"{r.status_code} {r.text[:160]}"
        return
    for doc in r.json().get("documents", []):
        run.doc_ids[file] = str(doc["doc_id"])


def _score(q: DocQuestion, system: str, doc_id: str | None, body: dict[str, Any]) -> Scored:
    answer = str(body.get("answer", ""))
    sources = {s["chunk_id"]: s for s in body.get("sources") or []}
    cited = [sources[c] for c in CITATION.findall(answer) if c in sources]
    in_file = [s for s in cited if doc_id is not None and s["doc_id"] == doc_id]
    page_ok = q.page is None or any(s.get("page") == q.page for s in in_file)
    return Scored(q, system, holds(answer, q.gold), bool(in_file), page_ok, answer=answer)


def _ask_all(
    url: str, key: str, run: SystemRun, questions: list[DocQuestion], workers: int
) -> list[Scored]:
    def one(q: DocQuestion) -> Scored:
        doc_id = run.doc_ids.get(q.file)
        with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {key}"}) as c:
            try:
                r = c.post("/v1/ask", json={"question": q.question}, timeout=330)
            except httpx.HTTPError as exc:
                return Scored(q, run.name, error=str(exc)[:100])
        if r.status_code != 200:
            return Scored(q, run.name, error=f"HTTP {r.status_code}")
        return _score(q, run.name, doc_id, r.json())

    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        return list(pool.map(one, questions))


def _rate(rows: list[Scored], test: Callable[[Scored], bool]) -> str:
    if not rows:
        return "—"
    return f"{100 * sum(map(test, rows)) / len(rows):.1f} % ({sum(map(test, rows))}/{len(rows)})"


def _table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    typer.echo(f"\n{title}")
    for r in [header, ["-" * w for w in widths], *rows]:
        typer.echo("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)))


def _report(
    scored: dict[str, list[Scored]], runs: dict[str, SystemRun], qs: list[DocQuestion]
) -> dict[str, Any]:
    names = list(scored)
    _table(
        f"answers over {len(qs)} questions (value + right file + right page)",
        ["measure", *names],
        [
            ["right answer", *(_rate(scored[n], lambda s: s.right) for n in names)],
            ["holds the value", *(_rate(scored[n], lambda s: s.value) for n in names)],
            [
                "value + right file",
                *(_rate(scored[n], lambda s: s.value and s.file) for n in names),
            ],
            ["cites the file", *(_rate(scored[n], lambda s: s.file) for n in names)],
            ["files refused", *(str(len(runs[n].refused)) for n in names)],
        ],
    )
    groups: dict[str, Callable[[DocQuestion], str]] = {
        "kind": lambda q: q.kind,
        "format": lambda q: q.format,
        "language": lambda q: q.language,
        "source": lambda q: q.source,
    }
    by: dict[str, Any] = {}
    for label, key in groups.items():
        values = sorted({key(q) for q in qs})
        rows = [
            [
                v,
                *(
                    _rate([s for s in scored[n] if key(s.question) == v], lambda s: s.right)
                    for n in names
                ),
            ]
            for v in values
        ]
        _table(f"right answers by {label}", [label, *names], rows)
        by[label] = rows
    cells = [q for q in qs if q.kind == "table_cell"]
    extracted = [n for n in names if runs[n].texts]  # the scans are read by the mesh only
    recall = {
        n: sum(1 for q in cells if holds(runs[n].texts.get(q.file) or "", q.gold))
        / max(1, len(cells))
        for n in extracted
    }
    _table(
        f"table-cell recall of the extractor ({len(cells)} gold cells)",
        ["extractor", "recall"],
        [[n, f"{100 * recall[n]:.1f} %"] for n in extracted],
    )
    return {
        "questions": len(qs),
        "right": {n: sum(s.right for s in scored[n]) / max(1, len(scored[n])) for n in names},
        "value": {n: sum(s.value for s in scored[n]) / max(1, len(scored[n])) for n in names},
        "value_file": {
            n: sum(s.value and s.file for s in scored[n]) / max(1, len(scored[n])) for n in names
        },
        "cell_recall": recall,
        "refused": {n: runs[n].refused for n in names},
        "by": by,
    }


def _scanned_report(scored: dict[str, list[Scored]], runs: dict[str, SystemRun]) -> dict[str, Any]:
    """The same questions over the text PDFs and over their scans, side by side."""
    pairs = ("groundmesh", SCANNED)
    measures: dict[str, Callable[[Scored], bool]] = {
        "right (value + file + page)": lambda s: s.right,
        "holds the value": lambda s: s.value,
        "value + right file": lambda s: s.value and s.file,
    }
    n = len(scored[SCANNED])
    _table(
        f"the same {n} questions over the text PDFs and over their scans (same run)",
        ["measure", "text PDF", "scanned PDF"],
        [[label, *(_rate(scored[p], test) for p in pairs)] for label, test in measures.items()]
        + [["files refused", *(str(len(runs[p].refused)) for p in pairs)]],
    )
    return {
        label: {p: sum(map(test, scored[p])) / max(1, len(scored[p])) for p in pairs}
        for label, test in measures.items()
    } | {"questions": n}


def _misses(rows: list[Scored], system: str = "groundmesh") -> None:
    typer.echo(f"\nmissed ({system}):")
    for s in rows:
        if not s.right:
            flags = "".join(
                c if ok else "-" for c, ok in zip("vfp", (s.value, s.file, s.page), strict=True)
            )
            answer = " ".join(s.answer.split())[:160]
            typer.echo(
                f"  {s.question.id} [{flags}] p{s.question.page} {s.question.question}  → {answer}"
            )


def run_bench(
    half: str,
    workers: int,
    systems: list[str],
    limit: int,
    misses: bool = False,
    scanned: bool = False,
) -> dict[str, Any]:
    qs = load_questions(half)
    with tempfile.TemporaryDirectory(prefix="gm-docs-") as tmp:
        files = build_documents(Path(tmp) / "docs")
        missing = sorted({q.file for q in qs if q.file not in files})
        if scanned:
            qs = [q for q in qs if q.file.lower().endswith(".pdf")]
        qs = [q for q in qs if q.file in files][: limit or None]
        if missing:
            typer.echo(f"questions over missing files skipped: {', '.join(missing)}", err=True)
        used = sorted({q.file for q in qs})
        readers: dict[str, Callable[[Path], str | None]] = {
            "groundmesh": _ours, "pypdf": pypdf_text, "markitdown": markitdown_text,
        }  # fmt: skip
        runs = {n: SystemRun(n) for n in systems}
        for run in runs.values():
            typer.echo(f"extracting with {run.name} …", err=True)
            run.texts = {f: readers[run.name](files[f]) for f in used}
        if scanned:
            typer.echo(f"scanning {len(used)} PDFs …", err=True)
            scans = scan_files({f: files[f] for f in used}, Path(tmp) / "scans")
            runs[SCANNED] = SystemRun(SCANNED, paths=scans)
        speed = pdf_speed([files[f] for f in used if f.endswith(".pdf")])
        keys = {n: f"bench-{n}-key-0123456789" for n in runs}
        launcher = MeshLauncher(
            Path(tmp) / "mesh",
            gateway_port=0,
            api_keys=",".join(f"{k}:{n}" for n, k in keys.items()),
            extra_env={
                "OTEL_TRACES_EXPORTER": os.environ.get("OTEL_TRACES_EXPORTER", "none"),
                "GROUNDMESH_LOG_LEVEL": "WARNING",
                "GROUNDMESH_GATEWAY_RATE_PER_SECOND": "1000000",
                "GROUNDMESH_GATEWAY_RATE_BURST": "1000000",
            },
        )
        typer.echo("starting the mesh …", err=True)
        url = launcher.start()
        try:
            for name, run in runs.items():
                typer.echo(f"uploading for {name} …", err=True)
                with httpx.Client(
                    base_url=url, headers={"Authorization": f"Bearer {keys[name]}"}
                ) as c:
                    for f in used:
                        _upload_one(c, run, f, files[f])
            scored: dict[str, list[Scored]] = {}
            for name, run in runs.items():
                typer.echo(f"asking {len(qs)} questions of {name} …", err=True)
                scored[name] = _ask_all(url, keys[name], run, qs, workers)
            first_hit = first_bm25_hit(
                url, keys["groundmesh"], launcher.address("retrieval_svc"), Path(tmp)
            )
            scan_hit: dict[str, float] = {}
            if scanned:
                typer.echo("uploading a 50-page scan …", err=True)
                scan_hit = first_bm25_hit(
                    url,
                    keys[SCANNED],
                    launcher.address("retrieval_svc"),
                    Path(tmp),
                    content=scan_pdf(hundred_page_pdf(50), seed="fifty", bilevel=True),
                    tenant=SCANNED,
                    name="fifty-scanned.pdf",
                    deadline=1800,
                )
        finally:
            launcher.stop()
    result = _report(scored, runs, qs)
    if scanned:
        result["scanned"] = _scanned_report(scored, runs)
    if misses:
        _misses(scored["groundmesh"])
        if scanned:
            _misses(scored[SCANNED], SCANNED)
    _table(
        "text-PDF extraction speed (same files, same run)",
        ["extractor", "pages", "pages/s", "median s/page", "p99 s/page"],
        [
            [n, str(v["pages"]), f"{v['pages_per_s']:.1f}", f"{v['median']:.3f}", f"{v['p99']:.3f}"]
            for n, v in speed.items()
        ],
    )
    typer.echo(
        f"\nseconds from upload to the first BM25 hit of a 100-page PDF: {first_hit['bm25']:.2f} "
        f"(whole document searchable with vectors: {first_hit['done']:.2f})"
    )
    if scanned:
        typer.echo(
            "seconds from upload to the first BM25 hit of page 1 of a 50-page scan (200 dpi, "
            f"black and white): {scan_hit['bm25']:.2f} (whole scan read, embedded and stored: "
            f"{scan_hit['done']:.2f})"
        )
    result.update(speed=speed, first_hit=first_hit, half=half, scan_first_hit=scan_hit)
    return result


def register(app: typer.Typer) -> None:
    @app.command()
    def documents(
        half: Annotated[str, typer.Option(help="tune, report or all")] = "report",
        workers: Annotated[int, typer.Option(min=1, max=8, help="questions asked at once")] = 3,
        baselines: Annotated[
            bool, typer.Option(help="also run the pypdf and markitdown baselines")
        ] = True,
        limit: Annotated[int, typer.Option(min=0, help="ask at most this many (0: all)")] = 0,
        misses: Annotated[bool, typer.Option(help="list the questions Groundmesh missed")] = False,
        scanned: Annotated[
            bool,
            typer.Option(
                help="ask only the questions over PDFs, also of a tenant given their scans "
                "(image-only PDFs, 200 dpi), and time a 50-page scan to its first BM25 hit"
            ),
        ] = False,
        json_out: Annotated[
            Path | None, typer.Option("--json", help="also write the figures here")
        ] = None,
    ) -> None:
        """Answers over office documents (PDF, Word, Excel, PowerPoint, ODF, HTML, EPUB,
        e-mail) through the real mesh, against the pypdf and markitdown baselines."""
        if half not in {"tune", "report", "all"}:
            raise typer.BadParameter("half is tune, report or all")
        systems = ["groundmesh"]
        if baselines:
            systems.append("pypdf")
            if markitdown_available():
                systems.append("markitdown")
            else:
                typer.echo("markitdown is not installed: its column is left out", err=True)
        result = run_bench(half, workers, systems, limit, misses, scanned)
        if json_out is not None:
            json_out.write_text(json.dumps(result, ensure_ascii=False, indent=1, default=str))
