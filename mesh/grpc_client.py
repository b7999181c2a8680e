"""Channels to upstream services, with telemetry, size limits and health checks."""

from __future__ import annotations

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from mesh.config import MiB
from mesh.grpc_server import channel_options
from mesh.telemetry import grpc_client_interceptors


def open_channel(target: str, max_message_bytes: int = 16 * MiB) -> grpc.aio.Channel:
    """An insecure aio channel (the mesh runs on a private network) with OTel interceptors."""
    return grpc.aio.insecure_channel(
        target,
        options=channel_options(max_message_bytes),
        interceptors=grpc_client_interceptors(),
    )


async def is_serving(channel: grpc.aio.Channel, service: str = "", timeout: float = 2.0) -> bool:
    """Whether the server behind ``channel`` reports ``service`` as SERVING."""
    stub = health_pb2_grpc.HealthStub(channel)
    try:
        reply = await stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
    except grpc.aio.AioRpcError:
        return False
    return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)
