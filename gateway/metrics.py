"""The gateway's Prometheus metrics, in a registry of its own."""

from __future__ import annotations

from dataclasses import dataclass, field

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram


@dataclass
class GatewayMetrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        r = self.registry
        self.requests = Counter(
            "groundmesh_requests",
            "HTTP requests by route and status",
            ["route", "status"],
            registry=r,
        )
        self.ask_seconds = Histogram(
            "groundmesh_ask_seconds", "Wall time of answered questions", registry=r
        )
        self.first_event_seconds = Histogram(
            "groundmesh_sse_first_agent_event_seconds",
            "Time from request to the agent's first streamed event",
            registry=r,
        )
        self.streams_open = Gauge(
            "groundmesh_sse_streams_open", "Server-sent event streams now open", registry=r
        )
        self.streams_cancelled = Counter(
            "groundmesh_sse_streams_cancelled",
            "Streams whose client went away before done or error",
            registry=r,
        )
        self.rate_limited = Counter(
            "groundmesh_rate_limited", "Requests refused with 429", registry=r
        )
        self.documents_ingested = Counter(
            "groundmesh_documents_uploaded", "Documents stored through uploads", registry=r
        )
