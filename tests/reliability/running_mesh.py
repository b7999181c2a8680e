"""The reliability suite's mesh: tenants, keys, marker documents, and a handle on it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import grpc
import httpx
from grpc_health.v1 import health_pb2, health_pb2_grpc

from cli.launcher import SERVICES, MeshLauncher
from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.grpc_server import UPSTREAMS_HEALTH
from testkit.faults import ServiceControl

TENANTS = ("acme", "globex", "initech", "umbrella", "hooli")
KEYS = {t: f"rel-key-{t}-7f3a" for t in TENANTS}
# Each tenant's documents carry a marker no other tenant's data contains.
MARKERS = {t: f"zq{t}marker{i}x" for i, t in enumerate(TENANTS)}
QUESTION = "What port does the zebra telemetry protocol use?"


def doc_for(tenant: str) -> tuple[str, bytes]:
    """A small Markdown document unique to ``tenant``."""
    marker = MARKERS[tenant]
    text = (
        f"# Zebra telemetry at {tenant}\n\n"
        f"The zebra telemetry protocol of {tenant} uses port 4242 and the code {marker}. "
        f"Every zebra telemetry frame is signed with the key {marker} before it is sent.\n\n"
        "## Retention\n\n"
        f"Zebra telemetry records are kept for ninety days; the archive label is {marker}.\n"
    )
    return f"zebra-{tenant}.md", text.encode()


@dataclass
class RunningMesh:
    url: str
    launcher: MeshLauncher
    control: ServiceControl
    doc_ids: dict[str, list[str]] = field(default_factory=dict)
    # One client for the whole suite: a fresh httpx client per call costs ~0.1 s of setup.
    http: httpx.Client = field(default_factory=lambda: httpx.Client(timeout=180))

    def headers(self, tenant: str = "acme") -> dict[str, str]:
        return {"Authorization": f"Bearer {KEYS[tenant]}"}

    def address(self, name: str) -> str:
        return self.launcher.address(name)

    def wait_ready(self, timeout: float = 120.0) -> None:
        """Until the gateway reports every upstream SERVING (bounded, generous)."""
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            try:
                r = self.http.get(f"{self.url}/readyz", timeout=10)
                if r.status_code == 200:
                    return
                last = r.text
            except httpx.HTTPError as exc:
                last = repr(exc)
            time.sleep(0.2)
        raise AssertionError(f"mesh not ready after {timeout}s: {last}")

    def wait_agent_sees_upstream_down(self, timeout: float = 60.0) -> None:
        """Until the agent's health reports an upstream down (it polls them each second)."""
        deadline = time.monotonic() + timeout
        with grpc.insecure_channel(self.address("agent_svc")) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            request = health_pb2.HealthCheckRequest(service=UPSTREAMS_HEALTH)
            while time.monotonic() < deadline:
                reply = stub.Check(request, timeout=10)
                if reply.status == health_pb2.HealthCheckResponse.NOT_SERVING:
                    return
                time.sleep(0.1)
        raise AssertionError(f"the agent did not see an upstream down after {timeout}s")

    def heal(self) -> None:
        """Restart any service a failed test left dead, then wait until ready."""
        for name in SERVICES:
            if not self.control.alive(name):
                self.control.restart(name)
        self.wait_ready()

    def documents(self, tenant: str) -> list[dict[str, object]]:
        r = self.http.get(f"{self.url}/v1/documents", headers=self.headers(tenant), timeout=30)
        assert r.status_code == 200, r.text
        docs: list[dict[str, object]] = r.json()["documents"]
        return docs


def mesh_env() -> dict[str, str]:
    return {
        "OTEL_TRACES_EXPORTER": "none",
        "OTEL_METRICS_EXPORTER": "none",
        "GROUNDMESH_LLM_PROVIDER": "offline",
        # The suite sends hundreds of requests with one key: rate limiting is not under test.
        "GROUNDMESH_GATEWAY_RATE_PER_SECOND": "10000",
        "GROUNDMESH_GATEWAY_RATE_BURST": "100000",
        "GROUNDMESH_AGENT_UPSTREAM_TIMEOUT_SECONDS": "20",
    }


def store_state(
    mesh: RunningMesh, tenants: tuple[str, ...] = ("acme", "globex")
) -> dict[str, object]:
    """The tenants' document lists (HTTP) and counts (gRPC GetStats): equal before and after a
    bad request, or the request changed something."""
    state: dict[str, object] = {}
    with grpc.insecure_channel(mesh.address("retrieval_svc")) as channel:
        stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
        for tenant in tenants:
            stats = stub.GetStats(retrieval_pb2.GetStatsRequest(tenant=tenant), timeout=30)
            state[tenant] = (mesh.documents(tenant), stats.documents, stats.chunks)
    return state


@dataclass
class RetrievalAlone:
    """retrieval_svc alone, with a handle to kill and restart it on its port."""

    launcher: MeshLauncher
    control: ServiceControl

    @property
    def address(self) -> str:
        return self.launcher.address("retrieval_svc")
