"""Readiness gates a server's start; an upstream lost later does not take the server away.

The agent turns SERVING once router, retrieval and judge serve. If one of them goes down later
the agent keeps SERVING (it answers degraded, as the error tables say) and only the
``UPSTREAMS_HEALTH`` name follows them; otherwise every caller's health-aware channel would drop
every agent at once and a degraded answer would become UNAVAILABLE.
"""

from __future__ import annotations

import asyncio

from grpc_health.v1 import health, health_pb2

from mesh.grpc_server import UPSTREAMS_HEALTH, _follow

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
NAMES = ["", "groundmesh.v1.AgentService"]
ALL = [*NAMES, UPSTREAMS_HEALTH]


async def _status(servicer: health.aio.HealthServicer, name: str) -> int:  # type: ignore[name-defined]
    reply = await servicer.Check(health_pb2.HealthCheckRequest(service=name), None)
    return int(reply.status)


async def test_names_serve_once_ready_and_stay_serving_when_upstreams_go_down() -> None:
    servicer = health.aio.HealthServicer()  # type: ignore[attr-defined]
    for name in NAMES:
        await servicer.set(name, NOT_SERVING)
    upstreams = [False, False, True, False]  # down, down, up, then one goes down again
    seen: list[bool] = []
    stop = asyncio.Event()
    first_ready: list[int] = []
    snapshots: list[tuple[int, ...]] = []

    async def readiness() -> bool:
        if seen:  # what the previous poll left behind
            snapshots.append(tuple([await _status(servicer, n) for n in ALL]))
        now = upstreams[len(seen)] if len(seen) < len(upstreams) else upstreams[-1]
        seen.append(now)
        if len(seen) > len(upstreams):
            stop.set()
        return now

    await _follow(readiness, servicer, NAMES, lambda: first_ready.append(len(seen)), stop, 0.0)

    assert first_ready == [3], "the ready file is written once, when upstreams first serve"
    assert snapshots[0] == (NOT_SERVING, NOT_SERVING, NOT_SERVING)
    assert snapshots[1] == (NOT_SERVING, NOT_SERVING, NOT_SERVING)
    assert snapshots[2] == (SERVING, SERVING, SERVING)
    # An upstream went down: the server still serves; the upstreams name says they do not.
    assert snapshots[3] == (SERVING, SERVING, NOT_SERVING)


async def test_an_upstreams_name_a_server_does_not_report_counts_as_serving() -> None:
    """A gateway's /readyz reads the agent's upstreams name; an agent from before that name (a
    rolling upgrade) does not report it, and must not make every gateway unready."""
    import grpc
    from grpc_health.v1 import health_pb2_grpc

    from mesh.grpc_client import serving_unless_reported_down

    servicer = health.aio.HealthServicer()  # type: ignore[attr-defined]
    await servicer.set("", SERVING)
    server = grpc.aio.server()
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            assert await serving_unless_reported_down(channel, UPSTREAMS_HEALTH)  # NOT_FOUND
            await servicer.set(UPSTREAMS_HEALTH, NOT_SERVING)
            assert not await serving_unless_reported_down(channel, UPSTREAMS_HEALTH)
            await servicer.set(UPSTREAMS_HEALTH, SERVING)
            assert await serving_unless_reported_down(channel, UPSTREAMS_HEALTH)
        async with grpc.aio.insecure_channel("127.0.0.1:1") as nothing:  # no server: not serving
            assert not await serving_unless_reported_down(nothing, UPSTREAMS_HEALTH, timeout=0.5)
    finally:
        await server.stop(None)
