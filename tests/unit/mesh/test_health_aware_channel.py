"""Health-aware channels: calls go only to replicas whose health says SERVING."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health, health_pb2, health_pb2_grpc

from groundmesh.v1 import router_pb2, router_pb2_grpc
from mesh.grpc_client import IDEMPOTENT_METHODS, open_channel, service_config
from mesh.interceptors import ErrorInterceptor

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


class CountingRouter(router_pb2_grpc.RouterServiceServicer):
    def __init__(self) -> None:
        self.calls = 0

    async def Route(
        self, request: router_pb2.RouteRequest, context: grpc.aio.ServicerContext[Any, Any]
    ) -> router_pb2.RouteResponse:
        self.calls += 1
        return router_pb2.RouteResponse()


class Replica:
    """A router replica on a loopback port with its own health service."""

    def __init__(self) -> None:
        self.router = CountingRouter()
        self.health = health.aio.HealthServicer()  # type: ignore[attr-defined]
        self.server = grpc.aio.server()
        router_pb2_grpc.add_RouterServiceServicer_to_server(self.router, self.server)
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self.server)
        self.port = self.server.add_insecure_port("127.0.0.1:0")

    async def start(self, status: int) -> None:
        await self.health.set("", status)
        await self.server.start()

    async def stop(self) -> None:
        await self.server.stop(None)


async def route(channel: grpc.aio.Channel) -> None:
    stub = router_pb2_grpc.RouterServiceStub(channel)
    await stub.Route(router_pb2.RouteRequest(tenant="t", question="q"), timeout=30)


async def until_routed(channel: grpc.aio.Channel) -> None:
    """Call until a call gets through (the health watch is asynchronous); bounded by attempts."""
    for _ in range(600):
        try:
            await route(channel)
            return
        except grpc.aio.AioRpcError as exc:
            assert exc.code() == grpc.StatusCode.UNAVAILABLE
            await asyncio.sleep(0.05)
    pytest.fail("no call got through to a SERVING replica")


def test_the_service_config_balances_over_healthy_replicas_and_still_retries() -> None:
    config = json.loads(service_config(IDEMPOTENT_METHODS, health_service=""))
    assert config["loadBalancingConfig"] == [{"round_robin": {}}]
    assert config["healthCheckConfig"] == {"serviceName": ""}
    assert config["methodConfig"][0]["retryPolicy"]["retryableStatusCodes"] == ["UNAVAILABLE"]
    assert "healthCheckConfig" not in json.loads(service_config(IDEMPOTENT_METHODS))


async def test_a_not_serving_replica_gets_no_calls_and_they_fail_fast() -> None:
    replica = Replica()
    await replica.start(NOT_SERVING)
    channel = open_channel(f"127.0.0.1:{replica.port}", health_service="")
    try:
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await route(channel)
        assert info.value.code() == grpc.StatusCode.UNAVAILABLE
        assert replica.router.calls == 0
        await replica.health.set("", SERVING)
        await until_routed(channel)
        assert replica.router.calls == 1
    finally:
        await channel.close(None)
        await replica.stop()


async def test_new_calls_go_to_the_replica_that_is_serving() -> None:
    draining, healthy = Replica(), Replica()
    await draining.start(SERVING)
    await healthy.start(SERVING)
    target = f"ipv4:127.0.0.1:{draining.port},127.0.0.1:{healthy.port}"
    channel = open_channel(target, retry_methods=IDEMPOTENT_METHODS, health_service="")
    try:
        await until_routed(channel)
        await draining.health.set("", NOT_SERVING)
        # Round-robin alternates between ready replicas, so two calls in a row that miss the
        # draining one mean the channel has taken it out of the rotation.
        for _ in range(600):
            before = draining.router.calls
            await route(channel)
            await route(channel)
            if draining.router.calls == before:
                break
            await asyncio.sleep(0.05)
        served_by_draining = draining.router.calls
        for _ in range(20):
            await route(channel)
        assert draining.router.calls == served_by_draining
        assert healthy.router.calls >= 20
    finally:
        await channel.close(None)
        await draining.stop()
        await healthy.stop()


async def test_health_watch_streams_through_the_error_interceptor() -> None:
    """grpc_health's Watch writes with ``context.write()``; the interceptor must not break it
    (client-side health checking is built on Watch)."""
    health_servicer = health.aio.HealthServicer()  # type: ignore[attr-defined]
    server = grpc.aio.server(interceptors=[ErrorInterceptor()])
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    port = server.add_insecure_port("127.0.0.1:0")
    await health_servicer.set("", SERVING)
    await server.start()
    channel = grpc.aio.insecure_channel(f"127.0.0.1:{port}")
    try:
        call = health_pb2_grpc.HealthStub(channel).Watch(
            health_pb2.HealthCheckRequest(service=""), timeout=30
        )
        first = await call.read()
        assert first.status == SERVING
        await health_servicer.set("", NOT_SERVING)
        second = await call.read()
        assert second.status == NOT_SERVING
        call.cancel()
    finally:
        await channel.close(None)
        await server.stop(None)
