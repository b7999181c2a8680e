"""The rehearsal: start the topology, keep the load going, inject the faults, count the cost.

Also the same load against the single-process mesh (one of each service, embedded store) as
the same-run baseline, and ingest throughput with one ingest worker and with two.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.topology.faults import (
    Fault,
    FaultRow,
    PhaseFigures,
    fault_rows,
    full_faults,
    run_faults,
)
from bench.topology.load import GatewayPool, Load, Sample, lost_uploads, upload_corpus
from bench.topology.replicas import Replicas, TopologyLauncher
from cli.launcher import MeshLauncher

PROD_REPLICAS = Replicas()
API_KEY = "k-rehearsal-uploads-0123456789"
USERS = [f"k-rehearsal-user-{i:02d}-0123456789" for i in range(64)]
KEYS = ",".join(f"{key}:rehearsal" for key in [API_KEY, *USERS])  # one tenant, a key per user
INGEST_GUARD_SECONDS = 900.0  # a hang fails the run; nothing waits for it
ENV = {"OTEL_TRACES_EXPORTER": "none", "GROUNDMESH_LOG_LEVEL": "WARNING"}


@dataclass
class Rehearsal:
    """What one run found."""

    baseline: PhaseFigures | None = None
    steady: PhaseFigures | None = None
    rows: list[FaultRow] = field(default_factory=list)
    acked_uploads: int = 0
    lost: list[str] = field(default_factory=list)
    ingest: dict[int, float] = field(default_factory=dict)  # workers → documents per second
    samples: list[Sample] = field(default_factory=list)


def _pool(urls: Sequence[str]) -> GatewayPool:
    return GatewayPool(list(urls), {"Authorization": f"Bearer {API_KEY}"})


async def _loaded(pool: GatewayPool, conversations: int, seconds: float) -> list[Sample]:
    load = Load(pool, conversations=conversations, keys=USERS)
    runner = asyncio.create_task(load.run())
    await asyncio.sleep(seconds)
    load.stop()
    await runner
    return load.samples


async def baseline(workdir: Path, conversations: int, seconds: float) -> PhaseFigures:
    """The same load against the single-process mesh for ``seconds``."""
    launcher = MeshLauncher(workdir / "single", gateway_port=0, api_keys=KEYS, extra_env=ENV)
    await asyncio.to_thread(launcher.start)
    try:
        pool = _pool([launcher.gateway_url])
        await upload_corpus(pool)
        return PhaseFigures.of(await _loaded(pool, conversations, seconds))
    finally:
        await asyncio.to_thread(launcher.stop)


async def ingest_rate(topology: TopologyLauncher, pool: GatewayPool, documents: int) -> float:
    """Documents per second for ``documents`` uploads of a few pages each, until all are done."""
    text = "\n\n".join(
        f"Section {i}. Travel claims of type {i} are filed within {i + 3} days of return, with "
        f"the receipts of every night, and approved by the head of unit {i % 7}."
        for i in range(60)
    )
    async with httpx.AsyncClient() as client:
        began = time.monotonic()
        jobs = []
        for n in range(documents):
            body = f"# Claims {n} {time.time_ns()}\n\n{text}".encode()
            reply = await pool.patiently(
                client, "POST", "/v1/documents", files=[("files", (f"claims-{n}.md", body))]
            )
            reply.raise_for_status()
            jobs.append(reply.json()["documents"][0]["job"]["job_id"])
        deadline = began + INGEST_GUARD_SECONDS
        for job in jobs:
            while True:
                state = (await pool.patiently(client, "GET", f"/v1/jobs/{job}")).json()["state"]
                if state in {"done", "failed", "cancelled"}:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"ingest job {job} still {state} after the guard")
                await asyncio.sleep(0.2)
        return documents / (time.monotonic() - began)


async def rehearse(
    workdir: Path,
    *,
    conversations: int = 20,
    window: float = 15.0,
    faults: Callable[[TopologyLauncher], list[Fault]] = full_faults,
    replicas: Replicas = PROD_REPLICAS,
    with_baseline: bool = True,
    ingest_documents: int = 0,
    say: Callable[[str], None] = print,
) -> Rehearsal:
    """Run the whole rehearsal; the topology is stopped on return."""
    found = Rehearsal()
    if with_baseline:
        say("baseline: the single-process mesh under the same load …")
        found.baseline = await baseline(workdir, conversations, 2 * window)
    topology = TopologyLauncher(
        workdir / "topology", api_keys=KEYS, extra_env=ENV, replicas=replicas
    )
    say("starting the topology (Redis, Weaviate cluster, every replica) …")
    await asyncio.to_thread(topology.start)
    try:
        pool = _pool(topology.gateway_urls)
        await upload_corpus(pool)
        load = Load(pool, conversations=conversations, keys=USERS)
        runner = asyncio.create_task(load.run())
        await load.first_answer()
        steady_from = time.monotonic()
        planned = faults(topology)
        say(f"load running; {len(planned)} faults, {window:.0f} s apart …")
        results = await run_faults(topology, planned, window, pool)
        load.stop()
        await runner
        found.samples = load.samples
        found.steady = PhaseFigures.of(
            [s for s in load.samples if steady_from <= s.started and s.ended <= results[0].began]
        )
        found.rows = fault_rows(results, load.samples)
        found.acked_uploads = sum(s.kind == "upload" and s.outcome == "ok" for s in load.samples)
        say("waiting for every acknowledged upload …")
        found.lost = await lost_uploads(pool, load.samples)
        if ingest_documents:
            found.ingest = await _ingest_scaling(topology, pool, ingest_documents, say)
    finally:
        await asyncio.to_thread(topology.stop)
    return found


async def _ingest_scaling(
    topology: TopologyLauncher, pool: GatewayPool, documents: int, say: Callable[[str], None]
) -> dict[int, float]:
    workers = topology.replicas.names("worker")
    rates = {len(workers): await ingest_rate(topology, pool, documents)}
    say(f"ingest with {len(workers)} workers: {rates[len(workers)]:.2f} documents/s")
    for name in workers[1:]:
        topology.children[name].process.terminate()
        await asyncio.to_thread(topology.children[name].process.wait)
    rates[1] = await ingest_rate(topology, pool, documents)
    say(f"ingest with 1 worker: {rates[1]:.2f} documents/s")
    for name in workers[1:]:
        await asyncio.to_thread(topology.restart, name)
    return rates


def _ms(seconds: float) -> str:
    return "–" if math.isnan(seconds) else f"{seconds * 1000:,.0f}"


def fault_table(found: Rehearsal) -> str:
    """The fault table, Markdown."""
    lines = [
        "| fault | questions during | failed | degraded | p50 / p99 ms before | during | after "
        "| back in s | uploads acked during | follow-ups remembered |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in found.rows:
        b, d, a = row.before, row.during, row.after
        lines.append(
            f"| {row.label} | {d.asked} | {d.failed} | {d.degraded} "
            f"| {_ms(b.p50)} / {_ms(b.p99)} | {_ms(d.p50)} / {_ms(d.p99)} "
            f"| {_ms(a.p50)} / {_ms(a.p99)} | {row.recovery_seconds:.1f} "
            f"| {row.uploads_acked} | {row.remembered} / {row.followups} |"
        )
    for row in found.rows:  # what the failed questions were told
        lines += [f"- {row.label}: {why[:200]}" for why in row.failures]
    return "\n".join(lines)


def summary_table(found: Rehearsal) -> str:
    """Steady state of the topology beside the single-process mesh, and what was lost."""
    lines = ["| | questions | failed | p50 ms | p99 ms |", "|---|---|---|---|---|"]
    for label, fig in (("single-process mesh (baseline)", found.baseline),
                       ("topology, before any fault", found.steady)):  # fmt: skip
        if fig is not None:
            lines.append(
                f"| {label} | {fig.asked} | {fig.failed} | {_ms(fig.p50)} | {_ms(fig.p99)} |"
            )
    lines.append("")
    lines.append(
        f"Acknowledged uploads: {found.acked_uploads}; lost: **{len(found.lost)}**"
        + ("".join(f"\n- {why}" for why in found.lost[:10]))
    )
    if found.ingest:
        one = found.ingest.get(1, float("nan"))
        parts = [
            f"{n} worker(s) {rate:.2f} documents/s" for n, rate in sorted(found.ingest.items())
        ]
        best = max(found.ingest.items())
        lines.append(
            "Ingest throughput: " + ", ".join(parts) + f" ({best[1] / one:.2f} × one worker)"
        )
    return "\n".join(lines)
