"""Fixtures shared by every test layer."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from mesh.telemetry import setup_tracing

_EXPORTER = InMemorySpanExporter()
setup_tracing("groundmesh-tests", exporters=[_EXPORTER])


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    """The in-memory exporter of this process's spans, emptied around each test."""
    _EXPORTER.clear()
    yield _EXPORTER
    _EXPORTER.clear()
