"""schemathesis against the gateway's own OpenAPI schema: generated requests (valid and not)
never get a 5xx, and every response matches the schema — status, content type, body."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.gateway.live_gateway import LiveGateway, live_gateway

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]


@pytest.fixture(scope="module")
def live() -> Iterator[LiveGateway]:
    with live_gateway(rate_per_second=10_000, rate_burst=10_000) as g:
        r = httpx.post(
            f"{g.url}/v1/documents?wait=true",
            files=[("files", ("handbook.md", b"# Handbook\n\nPasswords rotate every 90 days."))],
            headers=g.auth(),
        )
        assert r.status_code == 201
        yield g


@pytest.fixture(scope="module")
def api_schema(live: LiveGateway) -> Any:
    return schemathesis.openapi.from_url(f"{live.url}/openapi.json")


WITHOUT_INPUT = {"GET /healthz", "GET /readyz", "GET /metrics", "GET /"}
OPERATIONS = [
    "POST /v1/ask",
    "POST /v1/ask/stream",
    "GET /v1/ask/stream",
    "POST /v1/documents",
    "GET /v1/documents",
    "DELETE /v1/documents/{doc_id}",
    "GET /v1/jobs/{job_id}",
    "GET /v1/jobs/{job_id}/events",
    "DELETE /v1/jobs/{job_id}",
    "POST /api/qa/query",
    "GET /healthz",
    "GET /readyz",
    "GET /metrics",
    "GET /",
]


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
@pytest.mark.parametrize("label", OPERATIONS)
def test_every_operation_conforms(
    label: str, mode: GenerationMode, api_schema: Any, live: LiveGateway
) -> None:
    operation = api_schema.find_operation_by_label(label)
    assert operation is not None, f"{label} is missing from the schema"
    if mode is GenerationMode.NEGATIVE and label in WITHOUT_INPUT:
        pytest.skip("no parameters or body: there is no invalid request to generate")

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(
        max_examples=12,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    def run(case: Any) -> None:
        case.call_and_validate(headers=live.auth(), checks=CHECKS, timeout=30)

    run()
