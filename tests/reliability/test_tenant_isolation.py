"""Isolation: no search, answer, citation, document list or error ever shows another tenant's data.

A Hypothesis property through the gateway with real API keys (and retrieval_svc's Search as the
gateway calls it): each tenant owns a document with a unique marker; whatever a tenant asks,
lists, deletes or searches for, no other tenant's marker or document id comes back (beyond the
id the caller itself named). Requests never carry a marker, so an error that echoes the request
cannot fake a pass.
"""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from testkit.faults import TALLY
from tests.reliability.running_mesh import MARKERS, TENANTS, RunningMesh

pytestmark = [pytest.mark.e2e]

PROBES = ("ask", "stream", "ask_doc_ids", "list", "delete", "legacy", "search")
QUERIES = st.one_of(
    st.sampled_from(
        [
            "What port does the zebra telemetry protocol use?",
            "What is the archive label of the zebra telemetry records?",
            "Which key signs every zebra telemetry frame?",
            "Zebra 遙測協定使用哪個連接埠？",
        ]
    ),
    st.sampled_from(TENANTS).map(lambda t: f"What code does {t} use for zebra telemetry?"),
    st.text(alphabet="abcdefghijklmnopqrstuvwxyz 遙測", min_size=3, max_size=40).filter(
        lambda s: s.strip() != ""
    ),
)


def _foreign(tenant: str) -> list[str]:
    """What the caller must never see: other tenants' markers and document ids."""
    return [t for o, m in MARKERS.items() if o != tenant for t in (m, f"zebra-{o}.md")]


def _probe(mesh: RunningMesh, tenant: str, probe: str, query: str, target: str) -> str:
    """Run one probe; returns everything the caller got back, as text."""
    headers = mesh.headers(tenant)
    url = mesh.url
    if probe == "ask":
        r = mesh.http.post(f"{url}/v1/ask", json={"question": query}, headers=headers)
        assert r.status_code == 200, r.text
        return r.text
    if probe == "stream":
        with mesh.http.stream(
            "POST", f"{url}/v1/ask/stream", json={"question": query}, headers=headers
        ) as response:
            return "\n".join(response.iter_lines())
    if probe == "ask_doc_ids":
        r = mesh.http.post(
            f"{url}/v1/ask",
            json={"question": query, "doc_ids": [f"zebra-{target}.md"]},
            headers=headers,
        )
        assert r.status_code == (200 if target == tenant else 404), r.text
        return r.text
    if probe == "list":
        r = mesh.http.get(f"{url}/v1/documents", headers=headers)
        assert r.status_code == 200
        return r.text
    if probe == "delete":
        if target == tenant:
            target = "no-such-doc"  # never delete a tenant's own marker document
        r = mesh.http.delete(f"{url}/v1/documents/zebra-{target}.md", headers=headers)
        assert r.status_code == 404, r.text
        return r.text
    if probe == "legacy":
        r = mesh.http.post(
            f"{url}/api/qa/query",
            json={"document_id": f"zebra-{target}.md", "question": query},
            headers=headers,
        )
        assert r.status_code == (200 if target == tenant else 404), r.text
        return r.text
    with grpc.insecure_channel(mesh.address("retrieval_svc")) as channel:
        reply: Any = retrieval_pb2_grpc.RetrievalServiceStub(channel).Search(
            retrieval_pb2.SearchRequest(tenant=tenant, query=query, top_k=100), timeout=60
        )
    assert all(c.doc_id == f"zebra-{tenant}.md" for c in reply.chunks), reply
    return str(reply)


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    tenant=st.sampled_from(TENANTS),
    target=st.sampled_from(TENANTS),
    probe=st.sampled_from(PROBES),
    query=QUERIES,
)
def test_no_tenant_sees_another_tenants_data(
    healthy_mesh: RunningMesh, tenant: str, target: str, probe: str, query: str
) -> None:
    ok = False
    try:
        seen = _probe(healthy_mesh, tenant, probe, query, target)
        # A document id the caller named may be echoed in its own error ("... not found").
        named = f"zebra-{target}.md"
        leaked = [f for f in _foreign(tenant) if f in seen and f != named]
        assert not leaked, (tenant, probe, query, leaked, seen[:500])
        ok = True
    finally:
        TALLY.record("isolation", ok)


def test_each_tenant_finds_its_own_marker(healthy_mesh: RunningMesh) -> None:
    """The control: the property above is not passing because nothing is ever found."""
    for tenant in (TENANTS[0], TENANTS[-1]):
        r = healthy_mesh.http.post(
            f"{healthy_mesh.url}/v1/ask",
            json={"question": "Which key signs every zebra telemetry frame?"},
            headers=healthy_mesh.headers(tenant),
        )
        assert r.status_code == 200, r.text
        assert MARKERS[tenant] in r.text
