"""Faults injected into a running topology while the load runs, and what each one cost.

Each fault is what the cluster would see: ``kill -9`` of one replica, which the kubelet starts
again at once; SIGTERM of one replica (a rollout or a drained node), started again once it has
exited; one Weaviate node killed and restarted; Redis restarted. The figures of a fault come
from the load's own requests: those that overlapped the fault (from the signal until the
replica was SERVING again), and those in equal windows before and after.
"""

from __future__ import annotations

import asyncio
import signal
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench.topology.load import GatewayPool, Sample
from bench.topology.replicas import TopologyLauncher


@dataclass(frozen=True)
class Fault:
    label: str
    kind: str  # "kill", "drain", "weaviate", "redis"
    target: str = ""  # a replica's name, or a Weaviate node's index


def full_faults(topology: TopologyLauncher) -> list[Fault]:
    """kill -9 of one replica of each kind and of one Weaviate node, SIGTERM of a gateway and
    an agent, a Redis restart."""
    names = topology.replicas.names
    faults = [
        Fault(f"kill -9 {names(kind)[0]}", "kill", names(kind)[0])
        for kind in ("gateway", "agent_svc", "router_svc", "judge_svc", "retrieval_svc", "worker")
    ]
    last = len(topology.weaviate.nodes) - 1 if topology.weaviate else 0
    faults.append(Fault(f"kill -9 Weaviate node {last + 1}", "weaviate", str(last)))
    faults += [
        Fault(f"SIGTERM {names(kind)[-1]} (drain)", "drain", names(kind)[-1])
        for kind in ("gateway", "agent_svc")
    ]
    faults.append(Fault("restart Redis", "redis"))
    return faults


# What a gateway pod's termination waits between leaving the endpoints and SIGTERM, scaled
# down: the manifests' preStop sleep (90 s) covers the ingress's endpoint refresh; the stand-in
# refreshes at once, so a second covers requests it had already routed.
PRESTOP_SECONDS = 1.0


def inject(topology: TopologyLauncher, fault: Fault, pool: GatewayPool | None = None) -> float:
    """Cause ``fault`` and bring the part back; seconds from the fault until it serves again.
    A drained gateway leaves ``pool`` (the ingress) first, as Kubernetes takes a terminating
    pod out of its Service. Blocking: run it in a thread while the load goes on."""
    began = time.monotonic()
    if fault.kind in {"kill", "drain"}:
        process = topology.children[fault.target].process
        url = f"http://127.0.0.1:{topology.children[fault.target].port}"
        endpoint = pool is not None and fault.kind == "drain" and url in pool.urls
        if endpoint:
            assert pool is not None
            pool.take_out(url)
            time.sleep(PRESTOP_SECONDS)
        process.send_signal(signal.SIGKILL if fault.kind == "kill" else signal.SIGTERM)
        process.wait()
        topology.restart(fault.target)
        if endpoint:
            assert pool is not None
            pool.put_back(url)
    elif fault.kind == "weaviate":
        assert topology.weaviate is not None
        topology.weaviate.kill(int(fault.target))
        topology.weaviate.restart(int(fault.target))
    elif fault.kind == "redis":
        assert topology.redis is not None
        topology.redis.stop()
        topology.redis.start()
    else:
        raise ValueError(f"unknown fault kind {fault.kind!r}")
    return time.monotonic() - began


@dataclass(frozen=True)
class FaultResult:
    fault: Fault
    began: float
    recovered: float
    window: float

    @property
    def recovery_seconds(self) -> float:
        return self.recovered - self.began


async def run_faults(
    topology: TopologyLauncher,
    faults: Sequence[Fault],
    window: float,
    pool: GatewayPool | None = None,
) -> list[FaultResult]:
    """Each fault in turn, ``window`` seconds of steady load before and after it."""
    results = []
    for fault in faults:
        await asyncio.sleep(window)
        began = time.monotonic()
        await asyncio.to_thread(inject, topology, fault, pool)
        results.append(FaultResult(fault, began, time.monotonic(), window))
    await asyncio.sleep(window)
    return results


def _overlaps(sample: Sample, start: float, end: float) -> bool:
    return sample.started < end and sample.ended > start


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


@dataclass(frozen=True)
class PhaseFigures:
    asked: int
    failed: int
    degraded: int
    p50: float
    p99: float

    @classmethod
    def of(cls, samples: Sequence[Sample]) -> PhaseFigures:
        asks = [s for s in samples if s.kind == "ask"]
        ok = [s.seconds for s in asks if s.outcome != "failed"]
        return cls(
            asked=len(asks),
            failed=sum(s.outcome == "failed" for s in asks),
            degraded=sum(s.outcome == "degraded" for s in asks),
            p50=_pct(ok, 50),
            p99=_pct(ok, 99),
        )


@dataclass(frozen=True)
class FaultRow:
    """One line of the fault table."""

    label: str
    before: PhaseFigures
    during: PhaseFigures
    after: PhaseFigures
    recovery_seconds: float
    uploads_acked: int
    uploads_failed: int
    followups: int
    remembered: int
    failures: tuple[str, ...]


def fault_rows(results: Sequence[FaultResult], samples: Sequence[Sample]) -> list[FaultRow]:
    rows = []
    for r in results:
        before = [s for s in samples if r.began - r.window <= s.started and s.ended <= r.began]
        during = [s for s in samples if _overlaps(s, r.began, r.recovered)]
        # Ended within the window: the next fault comes right after it.
        after = [
            s for s in samples if r.recovered <= s.started and s.ended <= r.recovered + r.window
        ]
        uploads = [s for s in during if s.kind == "upload"]
        follow = [s for s in during if s.memory is not None]
        rows.append(
            FaultRow(
                label=r.fault.label,
                before=PhaseFigures.of(before),
                during=PhaseFigures.of(during),
                after=PhaseFigures.of(after),
                recovery_seconds=r.recovery_seconds,
                uploads_acked=sum(s.outcome == "ok" for s in uploads),
                uploads_failed=sum(s.outcome == "failed" for s in uploads),
                followups=len(follow),
                remembered=sum(bool(s.memory) for s in follow),
                failures=tuple(s.detail for s in during if s.outcome == "failed")[:3],
            )
        )
    return rows
