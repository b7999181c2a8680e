"""OpenTelemetry set-up shared by every process.

The exporter follows the standard ``OTEL_TRACES_EXPORTER`` variable (``otlp``, ``console`` or
``none``); OTLP honours the standard ``OTEL_EXPORTER_OTLP_*`` variables. When the variable is
unset nothing is exported (the laptop default has no collector), but spans, and so trace ids,
are still made. Tests pass an in-memory exporter instead.

Prompt and answer text goes onto spans only when ``GROUNDMESH_CONTENT_TRACING=true``.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from typing import Any

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import (
    BatchSpanProcessor,
    ConsoleSpanExporter,
    SimpleSpanProcessor,
    SpanExporter,
)

log = logging.getLogger(__name__)

_provider: TracerProvider | None = None


def content_tracing_enabled() -> bool:
    """Whether user text (questions, drafts) may be recorded on spans."""
    return os.environ.get("GROUNDMESH_CONTENT_TRACING", "").lower() in {"1", "true", "yes"}


def _exporters_from_env() -> list[SpanExporter]:
    names = os.environ.get("OTEL_TRACES_EXPORTER", "none")
    exporters: list[SpanExporter] = []
    for name in (n.strip().lower() for n in names.split(",")):
        if name in {"", "none"}:
            continue
        if name == "console":
            exporters.append(ConsoleSpanExporter())
        elif name == "otlp":
            protocol = os.environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") or os.environ.get(
                "OTEL_EXPORTER_OTLP_PROTOCOL", "grpc"
            )
            if protocol != "grpc":
                raise ValueError(
                    f"OTEL_EXPORTER_OTLP_PROTOCOL={protocol!r} is not supported; use grpc"
                )
            from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

            exporters.append(OTLPSpanExporter())
        else:
            raise ValueError(f"OTEL_TRACES_EXPORTER={name!r} is not one of otlp, console, none")
    return exporters


def setup_tracing(
    service_name: str, exporters: Sequence[SpanExporter] | None = None
) -> TracerProvider:
    """Install the process's tracer provider once; later calls return the same provider.

    ``exporters`` replaces the environment's choice (tests pass an in-memory exporter, which is
    attached with a synchronous processor so spans are visible as soon as they end).
    """
    global _provider
    if _provider is not None:
        return _provider
    resource = Resource.create({"service.name": os.environ.get("OTEL_SERVICE_NAME", service_name)})
    provider = TracerProvider(resource=resource)
    if exporters is not None:
        for exporter in exporters:
            provider.add_span_processor(SimpleSpanProcessor(exporter))
    else:
        for exporter in _exporters_from_env():
            provider.add_span_processor(BatchSpanProcessor(exporter))
    trace.set_tracer_provider(provider)
    _provider = provider
    return provider


def shutdown_tracing() -> None:
    """Flush and stop exporting; called on graceful shutdown."""
    if _provider is not None:
        _provider.shutdown()


def grpc_server_interceptors() -> list[Any]:
    """The OTel aio server interceptor, ignoring the health service."""
    from opentelemetry.instrumentation.grpc import aio_server_interceptor, filters

    return [
        aio_server_interceptor(  # type: ignore[no-untyped-call]
            filter_=filters.negate(filters.health_check())
        )
    ]


def grpc_client_interceptors() -> list[Any]:
    """The OTel aio client interceptors, ignoring the health service."""
    from opentelemetry.instrumentation.grpc import aio_client_interceptors, filters

    return list(
        aio_client_interceptors(  # type: ignore[no-untyped-call]
            filter_=filters.negate(filters.health_check())
        )
    )


def current_trace_id() -> str:
    """The current span's trace id as 32 hex digits, or an empty string outside a span."""
    ctx = trace.get_current_span().get_span_context()
    return format(ctx.trace_id, "032x") if ctx.is_valid else ""
