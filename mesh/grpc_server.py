"""One way to build, run and drain a gRPC aio server with health, reflection and telemetry."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from mesh.config import GrpcServerSettings
from mesh.interceptors import DrainGate, ErrorInterceptor
from mesh.telemetry import grpc_server_interceptors, shutdown_tracing

log = logging.getLogger(__name__)

Register = Callable[[grpc.aio.Server], None]
# grpc_health ships no type information for its aio servicer.
HealthServicer = Any

# After the calls in flight finished, the server keeps refusing new calls until none has come
# for QUIET_SECONDS (at most SETTLE_SECONDS): calls the transport accepted meanwhile reach the
# drain gate and get UNAVAILABLE, where stopping the server would cancel them.
QUIET_SECONDS = 0.1
# The health name that says whether a server's upstreams all serve right now (the agent's
# router, retrieval and judge); the gateway's /readyz reads it. Not a gRPC service.
UPSTREAMS_HEALTH = "groundmesh.upstreams"
SETTLE_SECONDS = 2.0
# What ``server.stop`` then grants the calls it still holds (refusals being sent, health
# Watch streams, which never end by themselves) before it cancels them.
STOP_GRACE_SECONDS = 1.0


def channel_options(max_message_bytes: int) -> list[tuple[str, Any]]:
    """Message size limits applied to servers and channels alike."""
    return [
        ("grpc.max_send_message_length", max_message_bytes),
        ("grpc.max_receive_message_length", max_message_bytes),
    ]


async def create_server(
    settings: GrpcServerSettings,
    register: Register,
    service_names: Iterable[str],
    gate: DrainGate | None = None,
) -> tuple[grpc.aio.Server, int, HealthServicer]:
    """Build a started server; health starts NOT_SERVING until the caller marks it ready.

    ``service_names`` are the full names of the services ``register`` adds, used for
    reflection and per-service health. With a ``gate``, the server can be drained by
    :func:`drain_and_stop`.
    """
    gates = [] if gate is None else [gate]
    server = grpc.aio.server(
        interceptors=[*gates, *grpc_server_interceptors(), ErrorInterceptor()],
        options=channel_options(settings.max_message_bytes),
    )
    register(server)
    health_servicer = health.aio.HealthServicer()  # type: ignore[attr-defined]
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    names = list(service_names)
    reflection.enable_server_reflection(
        [
            *names,
            health_pb2.DESCRIPTOR.services_by_name["Health"].full_name,
            reflection.SERVICE_NAME,
        ],
        server,
    )
    port = server.add_insecure_port(f"{settings.host}:{settings.port}")
    if port == 0:
        raise OSError(f"could not bind {settings.host}:{settings.port}")
    await server.start()
    for name in ["", *names]:
        await health_servicer.set(name, health_pb2.HealthCheckResponse.NOT_SERVING)
    return server, port, health_servicer


async def set_serving(
    health_servicer: HealthServicer, service_names: Iterable[str], serving: bool
) -> None:
    """Report every service (and the server as a whole) as SERVING or NOT_SERVING."""
    for name in ["", *service_names]:
        await health_servicer.set(name, _status(serving))


def _status(serving: bool) -> health_pb2.HealthCheckResponse.ServingStatus.ValueType:
    return (
        health_pb2.HealthCheckResponse.SERVING
        if serving
        else health_pb2.HealthCheckResponse.NOT_SERVING
    )


def write_ready_file(path: Path | None, port: int) -> None:
    """Atomically write the bound port where a launcher waits for it."""
    if path is None:
        return
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(str(port))
    tmp.replace(path)


async def _follow(
    readiness: Callable[[], Awaitable[bool]],
    health_servicer: HealthServicer,
    names: list[str],
    on_first_ready: Callable[[], None],
    stop: asyncio.Event,
    poll_seconds: float,
) -> None:
    """Turn ``names`` SERVING once ``readiness()`` first holds; keep :data:`UPSTREAMS_HEALTH`
    equal to it until ``stop`` is set.

    Readiness gates the start only: a server whose upstreams go down later keeps serving,
    degraded as the seeds' error tables say (router down: DOCUMENT_QA; judge down: unjudged;
    retrieval down: "not found"). Were its own health to follow them, every caller's
    health-aware channel would drop every replica at once and turn a degraded answer into
    UNAVAILABLE. Whether the upstreams are up right now is :data:`UPSTREAMS_HEALTH`.
    """
    serving: bool | None = None
    ever_ready = False
    while not stop.is_set():
        now = await readiness()
        if now != serving:
            await health_servicer.set(UPSTREAMS_HEALTH, _status(now))
            log.info("upstreams %s", "SERVING" if now else "NOT_SERVING")
            serving = now
            if now and not ever_ready:
                ever_ready = True
                await set_serving(health_servicer, names, True)
                on_first_ready()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), poll_seconds)


async def _settle(gate: DrainGate, limit: float) -> None:
    """Keep refusing until no new call arrived for :data:`QUIET_SECONDS` (or ``limit`` s)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        seen = gate.refused
        await asyncio.sleep(min(QUIET_SECONDS, max(0.0, deadline - time.monotonic())))
        if gate.refused == seen:
            return


async def drain_and_stop(
    server: grpc.aio.Server,
    health_servicer: HealthServicer,
    gate: DrainGate,
    grace: float,
) -> bool:
    """Drain, then stop: whether every call in flight finished within ``grace`` seconds.

    Health turns NOT_SERVING and every new call — including one the transport accepted but
    whose handler had not started — is refused with UNAVAILABLE (so callers fail over), while
    the calls in flight, streams included, get up to ``grace`` seconds to finish. Only then is
    the gRPC server stopped; a call still running at the end of the grace is cancelled.
    """
    started = time.monotonic()
    gate.close()
    await health_servicer.enter_graceful_shutdown()
    drained = await gate.wait_idle(grace)
    if drained:
        left = grace - (time.monotonic() - started)
        await _settle(gate, min(SETTLE_SECONDS, max(0.0, left)))
        await server.stop(min(STOP_GRACE_SECONDS, max(0.0, left)))
    else:
        log.warning("%d call(s) still running after %.1fs: cancelling", gate.in_flight, grace)
        await server.stop(None)
    return drained


async def serve(
    name: str,
    settings: GrpcServerSettings,
    register: Register,
    service_names: Iterable[str],
    warm_up: Callable[[], Awaitable[None]] | None = None,
    readiness: Callable[[], Awaitable[bool]] | None = None,
    on_stop: Callable[[], Awaitable[None]] | None = None,
    poll_seconds: float = 1.0,
) -> None:
    """Run a service until SIGTERM or SIGINT, then drain (:func:`drain_and_stop`) and stop.

    Health turns SERVING only after ``warm_up`` finished (index loaded, model ready); when
    ``readiness`` is given, health turns SERVING once it holds (the agent, once its upstreams
    serve) and :data:`UPSTREAMS_HEALTH` follows it from then on.
    """
    names = list(service_names)
    gate = DrainGate()
    server, port, health_servicer = await create_server(settings, register, names, gate)
    log.info("%s listening on %s:%d", name, settings.host, port)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)

    if warm_up is not None:
        await warm_up()
    watcher: asyncio.Task[None] | None = None
    if readiness is None:
        await set_serving(health_servicer, names, True)
        write_ready_file(settings.ready_file, port)
        log.info("%s is SERVING", name)
    else:
        watcher = asyncio.create_task(
            _follow(
                readiness,
                health_servicer,
                names,
                lambda: write_ready_file(settings.ready_file, port),
                stop,
                poll_seconds,
            )
        )

    await stop.wait()
    gate.close()  # from now on every new call is refused with UNAVAILABLE
    log.info("%s draining (grace %.1fs)", name, settings.drain_seconds)
    if watcher is not None:
        await watcher
    await drain_and_stop(server, health_servicer, gate, settings.drain_seconds)
    if on_stop is not None:
        await on_stop()
    shutdown_tracing()
    log.info("%s stopped", name)
