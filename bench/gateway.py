"""``groundmesh bench gateway``: many concurrent SSE streams through the real mesh on loopback.

Starts the five services (offline engine) in a temporary data directory, ingests the sample
corpus, then holds each concurrency level for a bounded time: every worker asks, reads the
stream to its end, and asks again. Prints the time to the first event (the gateway's), to the
agent's first event and to ``done`` (median and p99), errors, throughput, and the gateway's
memory before and after — against a baseline of one stream at a time, measured in the same run.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Annotated
from urllib.parse import urlsplit

import psutil
import typer

from cli.ingest_client import ingest_files, sample_corpus
from cli.launcher import MeshLauncher
from mesh.config import REPO_ROOT

KEY = "bench-key-0123456789"
QUESTIONS = (
    "How does retrieval combine vector search and BM25?",
    "What does the judge check in a draft?",
    "Groundmesh 的檢索服務如何合併向量搜尋與 BM25？",
    "What are the limits of an agent run?",
    "代理的執行有哪些限制？",
    "How do I start the mesh?",
)


@dataclass
class LevelResult:
    concurrency: int
    seconds: float
    streams: int = 0
    errors: int = 0
    first_event_ms: list[float] = field(default_factory=list)
    first_agent_event_ms: list[float] = field(default_factory=list)
    done_ms: list[float] = field(default_factory=list)
    rss_before_mb: float = 0.0
    rss_after_mb: float = 0.0
    unfinished: int = 0
    error_samples: list[str] = field(default_factory=list)


def quantile(values: list[float], q: float) -> float:
    """The q-quantile by nearest rank (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


async def sse_event_names(
    host: str, port: int, body: bytes, timeout: float, key: str = KEY
) -> AsyncIterator[str]:
    """POST /v1/ask/stream over a bare HTTP/1.1 connection and yield each event's name
    (``error`` comes with its data).

    A minimal client on purpose: a general one (httpx) costs more CPU per event than the
    gateway does, and on a 2-core machine that would be measured as gateway latency."""
    reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), timeout)
    try:
        writer.write(
            (
                f"POST /v1/ask/stream HTTP/1.1\r\nHost: {host}:{port}\r\n"
                f"Authorization: Bearer {key}\r\nContent-Type: application/json\r\n"
                f"Accept: text/event-stream\r\nContent-Length: {len(body)}\r\n"
                "Connection: close\r\n\r\n"
            ).encode()
            + body
        )
        await writer.drain()
        status = await asyncio.wait_for(reader.readline(), timeout)
        if b" 200 " not in status:
            raise RuntimeError(f"HTTP {status.decode(errors='replace').strip()}")
        chunked = False
        while (line := await reader.readline()) not in {b"\r\n", b"\n", b""}:
            if line.lower().startswith(b"transfer-encoding:") and b"chunked" in line.lower():
                chunked = True
        pending = b""
        name = ""
        while True:
            if chunked:
                size = int((await asyncio.wait_for(reader.readline(), timeout)).strip(), 16)
                if size == 0:
                    return
                data = (await asyncio.wait_for(reader.readexactly(size + 2), timeout))[:-2]
            else:
                data = await asyncio.wait_for(reader.read(65536), timeout)
                if not data:
                    return
            *lines, pending = (pending + data).split(b"\n")
            for raw in lines:
                if raw.startswith(b"event:"):
                    name = raw[6:].strip().decode()
                    if name != "error":
                        yield name
                elif raw.startswith(b"data:") and name == "error":
                    yield "error " + raw[5:].strip().decode(errors="replace")[:160]
    finally:
        writer.close()


async def one_stream(
    host: str, port: int, question: str, result: LevelResult, key: str = KEY
) -> None:
    """Ask once and read the stream to its end, recording its times."""
    started = time.perf_counter()
    events = 0
    last = ""
    body = json.dumps({"question": question}).encode()
    try:
        async for name in sse_event_names(host, port, body, timeout=120, key=key):
            last = name
            events += 1
            ms = (time.perf_counter() - started) * 1000
            if events == 1:
                result.first_event_ms.append(ms)
            elif events == 2:
                result.first_agent_event_ms.append(ms)
            if name == "done" or name.startswith("error"):
                break
        if last != "done":
            raise RuntimeError(f"stream ended with {last or 'nothing'}")
        result.done_ms.append((time.perf_counter() - started) * 1000)
        result.streams += 1
    except (OSError, RuntimeError, ValueError, asyncio.IncompleteReadError) as exc:
        result.errors += 1
        if len(result.error_samples) < 3:
            result.error_samples.append(f"{type(exc).__name__}: {exc}")
    except TimeoutError:
        result.errors += 1
        if len(result.error_samples) < 3:
            result.error_samples.append("timed out")


async def run_level(
    url: str, concurrency: int, seconds: float, pid: int, key: str = KEY
) -> LevelResult:
    """``concurrency`` workers asking back to back for ``seconds``; streams still running
    when the level ends get ``seconds`` more to finish, then count as unfinished."""
    result = LevelResult(concurrency, seconds)
    gateway = psutil.Process(pid)
    result.rss_before_mb = gateway.memory_info().rss / 2**20
    parsed = urlsplit(url)
    host, port = parsed.hostname or "127.0.0.1", parsed.port or 80
    deadline = time.monotonic() + seconds

    async def worker(n: int) -> None:
        i = n
        while time.monotonic() < deadline:
            await one_stream(host, port, QUESTIONS[i % len(QUESTIONS)], result, key)
            i += 1

    tasks = [asyncio.create_task(worker(n)) for n in range(concurrency)]
    _, unfinished = await asyncio.wait(tasks, timeout=2 * seconds + 30)
    for task in unfinished:
        task.cancel()
    await asyncio.gather(*unfinished, return_exceptions=True)
    result.unfinished = len(unfinished)
    result.rss_after_mb = gateway.memory_info().rss / 2**20
    return result


def _row(r: LevelResult, base: LevelResult | None) -> list[str]:
    ttfe_p99 = quantile(r.first_event_ms, 0.99)
    ratio = ttfe_p99 / quantile(base.first_event_ms, 0.99) if base and base.first_event_ms else 1
    return [
        str(r.concurrency),
        str(r.streams),
        str(r.errors),
        str(r.unfinished),
        f"{r.streams / r.seconds:.1f}",
        f"{statistics.median(r.first_event_ms or [0]):.1f}",
        f"{ttfe_p99:.1f}",
        f"{ratio:.1f}x",
        f"{statistics.median(r.first_agent_event_ms or [0]):.1f}",
        f"{quantile(r.first_agent_event_ms, 0.99):.1f}",
        f"{statistics.median(r.done_ms or [0]):.0f}",
        f"{quantile(r.done_ms, 0.99):.0f}",
        f"{r.rss_before_mb:.0f}→{r.rss_after_mb:.0f}",
    ]


HEADER = [
    "streams at once",
    "done",
    "errors",
    "cut off",
    "per s",
    "first event p50 ms",
    "p99 ms",
    "p99 vs 1",
    "agent's first p50",
    "p99",
    "done p50 ms",
    "p99",
    "gateway RSS MB",
]


def print_table(results: list[LevelResult], load: tuple[float, float, float]) -> None:
    base = results[0] if results and results[0].concurrency == 1 else None
    rows = [HEADER] + [_row(r, base) for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEADER))]
    for n, row in enumerate(rows):
        typer.echo("  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)))
        if n == 0:
            typer.echo("  ".join("-" * w for w in widths))
    typer.echo(
        f"(machine load average before the run: {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}"
        f" on {os.cpu_count()} cores)"
    )
    for r in results:
        for sample in r.error_samples:
            typer.echo(f"  ! {r.concurrency} streams: {sample}", err=True)


def register(app: typer.Typer) -> None:
    @app.command()
    def gateway(
        concurrency: Annotated[
            str, typer.Option(help="comma-separated concurrent stream counts")
        ] = "50,200",
        seconds: Annotated[float, typer.Option(min=1, help="how long each level is held")] = 30.0,
        baseline_seconds: Annotated[
            float, typer.Option(min=1, help="how long one stream at a time is measured")
        ] = 5.0,
        json_output: Annotated[bool, typer.Option("--json", help="figures as JSON")] = False,
    ) -> None:
        """Load the gateway with concurrent SSE streams (offline engine, loopback).

        Prints time to first event, to the agent's first event and to done (median, p99),
        errors, throughput and the gateway's memory before and after each level. Target: no
        errors and p99 time to first event ≤ 250 ms at 50 concurrent streams.
        """
        levels = [int(c) for c in concurrency.split(",") if c.strip()]
        if not levels or min(levels) < 1:
            raise typer.BadParameter("--concurrency needs positive numbers, e.g. 50,200")
        with tempfile.TemporaryDirectory(prefix="gm-bench-") as tmp:
            launcher = MeshLauncher(
                Path(tmp),
                gateway_port=0,
                api_keys=f"{KEY}:bench",
                extra_env={
                    "OTEL_TRACES_EXPORTER": os.environ.get("OTEL_TRACES_EXPORTER", "none"),
                    "GROUNDMESH_LOG_LEVEL": "WARNING",
                    "GROUNDMESH_GATEWAY_RATE_PER_SECOND": "1000000",
                    "GROUNDMESH_GATEWAY_RATE_BURST": "1000000",
                },
            )
            load = os.getloadavg()
            typer.echo("starting the mesh …", err=True)
            url = launcher.start()
            try:
                retrieval = launcher.address("retrieval_svc")
                asyncio.run(ingest_files(retrieval, "bench", sample_corpus(REPO_ROOT), REPO_ROOT))
                pid = launcher.children["gateway"].process.pid
                typer.echo(f"warming up; then 1 stream for {baseline_seconds:.0f}s", err=True)
                asyncio.run(run_level(url, 4, 2.0, pid))
                results = [asyncio.run(run_level(url, 1, baseline_seconds, pid))]
                for level in levels:
                    typer.echo(f"{level} concurrent streams for {seconds:.0f}s …", err=True)
                    results.append(asyncio.run(run_level(url, level, seconds, pid)))
            finally:
                launcher.stop()
        if json_output:
            typer.echo(json.dumps({"load": load, "levels": [asdict(r) for r in results]}))
        else:
            print_table(results, load)
