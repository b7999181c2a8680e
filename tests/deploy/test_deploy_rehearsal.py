"""Rehearse the dev overlay on loopback: the five processes with exactly the command, arguments
and environment the rendered manifests (and the image) give them, then a question through the
gateway.

What a cluster would provide is stood in for, and nothing else changes:
- each Service ``name[.ns.svc…]:port`` in an env value → ``127.0.0.1:<free port>``, and the
  listening port variable of each container → the same free port;
- a bind address of ``0.0.0.0``/``::`` → ``127.0.0.1``;
- every volume → a directory of a per-container root (ConfigMaps written out as files,
  emptyDir/PVC as empty directories), and absolute paths in env values → that root;
- the image's ``/app`` → this checkout, ``python`` → this interpreter;
- secretKeyRef values → test values (the operator's job), optional ones left unset;
- the OpenTelemetry Collector → an OTLP/gRPC receiver in this process.
Readiness is awaited by running each container's own readinessProbe against it.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent import futures
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import httpx
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

from cli.ingest_client import sample_corpus
from tests.deploy.code_facts import ROOT, SERVICES
from tests.deploy.dockerfile import parse as parse_dockerfile
from tests.deploy.rendering import Obj, Rendered, render, resolve_env, service_module

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

API_KEY = "rehearsal-key"
SECRETS = {"groundmesh-secrets/gateway-api-keys": f"{API_KEY}:acme"}
IMAGE_WORKDIR = "/app"


@dataclass
class Receiver(trace_service_pb2_grpc.TraceServiceServicer):
    """Stands in for the collector: records the service.name of every exported span."""

    services: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def Export(
        self, request: trace_service_pb2.ExportTraceServiceRequest, context: object
    ) -> trace_service_pb2.ExportTraceServiceResponse:
        with self.lock:
            for rs in request.resource_spans:
                for attr in rs.resource.attributes:
                    if attr.key == "service.name":
                        self.services.add(attr.value.string_value)
        return trace_service_pb2.ExportTraceServiceResponse()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Rehearsal:
    rendered: Rendered
    workdir: Path
    collector_port: int
    ports: dict[tuple[str, int], int] = field(default_factory=dict)  # (Service, port) → local

    def __post_init__(self) -> None:
        for service in self.rendered.of_kind("Service"):
            for port in service["spec"]["ports"]:
                name = service["metadata"]["name"]
                local = self.collector_port if name == "otel-collector" else free_port()
                self.ports[(name, int(port["port"]))] = local

    def container_port_map(self, deployment: Obj, container: Obj) -> dict[int, int]:
        """containerPort → local port, through the Services that select the pod."""
        labels = deployment["spec"]["template"]["metadata"]["labels"]
        mapped: dict[int, int] = {}
        for service in self.rendered.of_kind("Service"):
            selector = service["spec"].get("selector") or {}
            if not selector or any(labels.get(k) != v for k, v in selector.items()):
                continue
            for port in service["spec"]["ports"]:
                target = port.get("targetPort", port["port"])
                if isinstance(target, str):
                    target = next(
                        p["containerPort"] for p in container["ports"] if p.get("name") == target
                    )
                mapped[int(target)] = self.ports[(service["metadata"]["name"], int(port["port"]))]
        return mapped

    def materialize_volumes(self, deployment: Obj, container: Obj, root: Path) -> list[str]:
        """Create every mount under ``root``; returns the mount paths."""
        volumes = {v["name"]: v for v in deployment["spec"]["template"]["spec"]["volumes"]}
        paths = []
        for mount in container.get("volumeMounts") or []:
            target = root / mount["mountPath"].lstrip("/")
            target.mkdir(parents=True, exist_ok=True)
            volume = volumes[mount["name"]]
            if "configMap" in volume:
                source = volume["configMap"]
                known = {c["metadata"]["name"] for c in self.rendered.of_kind("ConfigMap")}
                if source.get("optional") and source["name"] not in known:
                    paths.append(mount["mountPath"])
                    continue  # kubelet mounts an absent optional ConfigMap as an empty folder
                cm = self.rendered.get("ConfigMap", source["name"])
                for key, value in (cm.get("data") or {}).items():
                    (target / key).write_text(value)
            else:
                assert {"emptyDir", "persistentVolumeClaim"} & set(volume), volume
            paths.append(mount["mountPath"])
        return paths

    def rewrite(
        self, key: str, value: str, root: Path, mounts: list[str], own: dict[int, int]
    ) -> str:
        if value in {"0.0.0.0", "::"}:
            return "127.0.0.1"
        for (name, port), local in self.ports.items():
            value = re.sub(
                rf"(?<![\w.-]){re.escape(name)}(?:\.[a-z0-9-]+)*(?:\.svc(?:\.cluster\.local)?)?:{port}\b",
                f"127.0.0.1:{local}",
                value,
            )
        if key.endswith("_PORT") and value.isdigit() and int(value) in own:
            return str(own[int(value)])
        if value == IMAGE_WORKDIR or value.startswith(IMAGE_WORKDIR + "/"):
            return str(ROOT) + value[len(IMAGE_WORKDIR) :]
        if value.startswith("/") and any(
            value == m
            or value.startswith(m.rstrip("/") + "/")
            or m.startswith(value.rstrip("/") + "/")
            for m in mounts
        ):
            return str(root) + value
        return value

    def launch(self, deployment: Obj, container: Obj) -> tuple[subprocess.Popen[bytes], Path]:
        module = service_module(container)
        root = self.workdir / module
        mounts = self.materialize_volumes(deployment, container, root)
        own = self.container_port_map(deployment, container)
        dockerfile = parse_dockerfile()
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(root)}
        for key, value in dockerfile.env().items():
            if key != "PATH":
                env[key] = self.rewrite(key, value, root, mounts, own)
        for key, value in resolve_env(self.rendered, container, SECRETS).items():
            env[key] = self.rewrite(key, value, root, mounts, own)
        entrypoint = dockerfile.entrypoint()
        assert entrypoint[0] == "python"
        command = [sys.executable, *entrypoint[1:], *container["args"]]
        log = self.workdir / f"{module}.log"
        with log.open("wb") as out:
            process = subprocess.Popen(
                command,
                env=env,
                cwd=str(ROOT),
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
            )
        return process, log


def probe_passes(probe: Obj, local_port: int) -> bool:
    """Run a readinessProbe (grpc or httpGet) against the local port once."""
    if "grpc" in probe:
        with grpc.insecure_channel(f"127.0.0.1:{local_port}") as channel:
            try:
                reply = health_pb2_grpc.HealthStub(channel).Check(
                    health_pb2.HealthCheckRequest(service=probe["grpc"].get("service", "")),
                    timeout=2,
                )
            except grpc.RpcError:
                return False
            return bool(reply.status == health_pb2.HealthCheckResponse.SERVING)
    path = probe["httpGet"]["path"]
    try:
        return httpx.get(f"http://127.0.0.1:{local_port}{path}", timeout=2).status_code < 400
    except httpx.HTTPError:
        return False


@dataclass
class Running:
    rehearsal: Rehearsal
    receiver: Receiver
    processes: dict[str, subprocess.Popen[bytes]]
    logs: dict[str, Path]
    gateway_url: str


def _tail(path: Path) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-25:])


@pytest.fixture(scope="module")
def dev_mesh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    rendered = render("dev")
    receiver = Receiver()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(  # type: ignore[no-untyped-call]
        receiver, server
    )
    collector_port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    rehearsal = Rehearsal(rendered, tmp_path_factory.mktemp("dev-rehearsal"), collector_port)
    processes: dict[str, subprocess.Popen[bytes]] = {}
    logs: dict[str, Path] = {}
    readiness: dict[str, tuple[Obj, int]] = {}
    try:
        # All at once, as Kubernetes starts them; readiness sorts out the order.
        for deployment, container in rendered.containers():
            if not container.get("args") or container["args"][0] not in SERVICES:
                continue
            module = service_module(container)
            processes[module], logs[module] = rehearsal.launch(deployment, container)
            own = rehearsal.container_port_map(deployment, container)
            probe = container["readinessProbe"]
            action = probe.get("grpc") or probe.get("httpGet")
            assert action is not None
            readiness[module] = (probe, own[int(action["port"])])
        assert sorted(processes) == sorted(SERVICES)
        deadline = time.monotonic() + 240
        pending = set(processes)
        while pending:
            for module in sorted(pending):
                if processes[module].poll() is not None:
                    pytest.fail(f"{module} exited:\n{_tail(logs[module])}")
                probe, port = readiness[module]
                if probe_passes(probe, port):
                    pending.discard(module)
            if pending and time.monotonic() > deadline:
                pytest.fail(
                    "not ready: " + ", ".join(f"{m}:\n{_tail(logs[m])}" for m in sorted(pending))
                )
            time.sleep(0.2)
        gateway = readiness["gateway"][1]
        yield Running(
            rehearsal,
            receiver,
            processes,
            logs,
            f"http://127.0.0.1:{gateway}",
        )
    finally:
        for module in ("gateway", "agent_svc", "judge_svc", "retrieval_svc", "router_svc"):
            process = processes.get(module)
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in processes.values():
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        server.stop(None)


def test_a_question_through_the_gateway_ends_with_an_answer(dev_mesh: Running) -> None:
    auth = {"Authorization": f"Bearer {API_KEY}"}
    # Upload through the gateway (gateway → retrieval_svc, GROUNDMESH_GATEWAY_RETRIEVAL_ADDR).
    files = [("files", (p.name, p.read_bytes(), "text/markdown")) for p in sample_corpus(ROOT)[:2]]
    upload = httpx.post(
        f"{dev_mesh.gateway_url}/v1/documents?wait=true", files=files, headers=auth, timeout=120
    )
    assert upload.status_code == 201, upload.text
    assert upload.json()["chunks"] > 0
    events: list[tuple[str, str]] = []
    with httpx.stream(
        "POST",
        f"{dev_mesh.gateway_url}/v1/ask/stream",
        json={"question": "How does retrieval combine vector search and BM25?"},
        headers=auth,
        timeout=120,
    ) as response:
        assert response.status_code == 200, response.read()
        event = ""
        for line in response.iter_lines():
            if line.startswith("event:"):
                event = line.split(":", 1)[1].strip()
            elif line.startswith("data:"):
                events.append((event, line.split(":", 1)[1].strip()))
    assert events, "no events"
    name, data = events[-1]
    assert name == "done", events[-3:]
    body = json.loads(data)
    assert body["answer"].strip(), body
    assert body["sources"], body


def test_the_embedded_store_lives_on_the_claimed_volume(dev_mesh: Running) -> None:
    store = dev_mesh.rehearsal.workdir / "retrieval_svc" / "var" / "lib" / "groundmesh"
    assert any(p.is_file() for p in store.rglob("*")), "nothing persisted on the PVC mount"


def test_sigterm_drains_every_process_and_flushes_its_traces(dev_mesh: Running) -> None:
    for module in ("gateway", "agent_svc", "judge_svc", "retrieval_svc", "router_svc"):
        dev_mesh.processes[module].send_signal(signal.SIGTERM)
    codes = {module: process.wait(timeout=120) for module, process in dev_mesh.processes.items()}
    grpc_services = set(SERVICES) - {"gateway"}
    for module in grpc_services:
        assert codes[module] == 0, (
            f"{module} exited {codes[module]}:\n{_tail(dev_mesh.logs[module])}"
        )
    # Each gRPC service drained and flushed its spans to the "collector" before exiting.
    assert grpc_services <= dev_mesh.receiver.services
    assert codes["gateway"] == 0, _tail(dev_mesh.logs["gateway"])
    assert "gateway" in dev_mesh.receiver.services
