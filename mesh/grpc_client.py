"""Channels to upstream services, with telemetry, size limits, retries and health checks."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from mesh.config import MiB
from mesh.grpc_server import channel_options
from mesh.telemetry import grpc_client_interceptors

# Methods of the mesh that may be sent twice without harm (reads, or verdicts recomputed from
# the request alone), by full service name. Ingest and DeleteDocument change state: never here.
IDEMPOTENT_METHODS: Mapping[str, tuple[str, ...]] = {
    "groundmesh.v1.RouterService": ("Route",),
    "groundmesh.v1.RetrievalService": ("Search", "ListDocuments", "GetStats", "GetIngestJob"),
    "groundmesh.v1.JudgeService": ("Judge", "GradeDocuments"),
}


@dataclass(frozen=True)
class RetryPolicy:
    """A gRPC retryPolicy: attempts in all (gRPC caps them at 5) and exponential backoff."""

    max_attempts: int = 5
    initial_backoff_seconds: float = 0.2
    max_backoff_seconds: float = 2.0
    backoff_multiplier: float = 2.0
    retryable_status_codes: tuple[str, ...] = ("UNAVAILABLE",)
    # How soon a channel whose server went away tries to connect again (gRPC's defaults start
    # at 1 s and grow to 120 s: far too slow for a restarted neighbour on a private network).
    max_reconnect_backoff_ms: int = 1000

    def __post_init__(self) -> None:
        if not 2 <= self.max_attempts <= 5:
            raise ValueError("max_attempts must be between 2 and 5")
        if not 0 < self.initial_backoff_seconds <= self.max_backoff_seconds:
            raise ValueError("backoffs must be positive, initial <= max")
        if self.backoff_multiplier < 1 or not self.retryable_status_codes:
            raise ValueError("multiplier must be >= 1 and some status code retryable")


def service_config(
    methods: Mapping[str, Sequence[str]] | None = None,
    policy: RetryPolicy = RetryPolicy(),
    health_service: str | None = None,
) -> str:
    """The JSON gRPC service config of a channel.

    ``methods`` ({service: [method, ...]}) are retried on the policy's codes. With
    ``health_service``, the channel balances round-robin over every address the target resolves
    to (each replica behind a Kubernetes headless Service) and sends calls only to those whose
    health service reports ``health_service`` SERVING (gRPC client-side health checking): a
    replica that is draining (NOT_SERVING) gets no new calls, and when none is SERVING a call
    fails fast with UNAVAILABLE instead of waiting on a dead connection.
    """
    config: dict[str, Any] = {}
    if methods:
        names = [{"service": s, "method": m} for s, ms in methods.items() for m in ms]
        config["methodConfig"] = [
            {
                "name": names,
                "retryPolicy": {
                    "maxAttempts": policy.max_attempts,
                    "initialBackoff": f"{policy.initial_backoff_seconds:g}s",
                    "maxBackoff": f"{policy.max_backoff_seconds:g}s",
                    "backoffMultiplier": policy.backoff_multiplier,
                    "retryableStatusCodes": list(policy.retryable_status_codes),
                },
            }
        ]
    if health_service is not None:
        config["loadBalancingConfig"] = [{"round_robin": {}}]
        config["healthCheckConfig"] = {"serviceName": health_service}
    return json.dumps(config)


def open_channel(
    target: str,
    max_message_bytes: int = 16 * MiB,
    *,
    retry_methods: Mapping[str, Sequence[str]] | None = None,
    retry_policy: RetryPolicy = RetryPolicy(),
    health_service: str | None = None,
) -> grpc.aio.Channel:
    """An insecure aio channel (the mesh runs on a private network) with OTel interceptors.

    With ``retry_methods`` (only idempotent ones, e.g. from :data:`IDEMPOTENT_METHODS`), calls
    to them that fail UNAVAILABLE are retried with backoff within their deadline, and the
    channel reconnects quickly to a restarted server. With ``health_service`` the channel is
    health-aware (see :func:`service_config`).
    """
    options = channel_options(max_message_bytes)
    if retry_methods or health_service is not None:
        options += [
            ("grpc.service_config", service_config(retry_methods, retry_policy, health_service)),
            ("grpc.initial_reconnect_backoff_ms", 100),
            # Not grpc.min_reconnect_backoff_ms: gRPC also takes it as the connect timeout, and
            # at 100 ms a handshake with a busy (or briefly paused) server failed every call
            # queued on it. A dead server refuses at once; the backoff above paces the retries.
            ("grpc.max_reconnect_backoff_ms", retry_policy.max_reconnect_backoff_ms),
        ]
    if retry_methods:
        options.append(("grpc.enable_retries", 1))
    return grpc.aio.insecure_channel(
        target, options=options, interceptors=grpc_client_interceptors()
    )


async def serving_unless_reported_down(
    channel: grpc.aio.Channel, service: str, timeout: float = 2.0
) -> bool:
    """Whether the server reports ``service`` SERVING, or does not report it at all (NOT_FOUND:
    a server from before that health name, as in a rolling upgrade)."""
    stub = health_pb2_grpc.HealthStub(channel)
    try:
        reply = await stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
    except grpc.aio.AioRpcError as exc:
        return bool(exc.code() == grpc.StatusCode.NOT_FOUND)
    return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)


async def is_serving(channel: grpc.aio.Channel, service: str = "", timeout: float = 2.0) -> bool:
    """Whether the server behind ``channel`` reports ``service`` as SERVING."""
    stub = health_pb2_grpc.HealthStub(channel)
    try:
        reply = await stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout)
    except grpc.aio.AioRpcError:
        return False
    return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)
