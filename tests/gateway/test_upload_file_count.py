"""How many files one upload may hold: a folder's worth by default, stated in the schema, and a
lower configured limit refuses the whole upload with the limit named, storing nothing."""

from __future__ import annotations

import httpx

from mesh.config import GatewaySettings
from tests.gateway.live_gateway import live_gateway


def _files(n: int) -> list[tuple[str, tuple[str, bytes, str]]]:
    return [
        ("files", (f"note-{i}.txt", f"note {i} says {i}".encode(), "text/plain")) for i in range(n)
    ]


def test_the_schema_states_the_limit() -> None:
    with live_gateway() as g:
        schema = httpx.get(f"{g.url}/openapi.json").json()
    body = schema["paths"]["/v1/documents"]["post"]["requestBody"]
    files = body["content"]["multipart/form-data"]["schema"]["properties"]["files"]
    assert files["maxItems"] == GatewaySettings.model_fields["max_files"].default >= 500
    assert "GROUNDMESH_GATEWAY_MAX_FILES" in files["description"]


def test_more_than_twenty_files_go_up_in_one_request() -> None:
    with live_gateway(rate_per_second=1000, rate_burst=1000) as g:
        r = httpx.post(
            f"{g.url}/v1/documents?wait=true", files=_files(25), headers=g.auth(), timeout=60
        )
        assert r.status_code == 201, r.text
        assert len(r.json()["documents"]) == 25


def test_over_the_configured_limit_nothing_is_stored() -> None:
    with live_gateway(rate_per_second=1000, rate_burst=1000, max_files=3) as g:
        r = httpx.post(
            f"{g.url}/v1/documents?wait=true", files=_files(4), headers=g.auth(), timeout=60
        )
        assert r.status_code in (400, 413), r.text
        assert "3" in r.json()["error"]["message"]
        listed = httpx.get(f"{g.url}/v1/documents", headers=g.auth()).json()
        assert not [d for d in listed["documents"] if d["doc_id"].startswith("note-")]
