"""Real ``weaviate-server`` and ``redis-server`` processes on free loopback ports, for tests.

A missing binary skips the tests that need it on a laptop, and fails them when ``CI=true``:
CI installs both (``scripts/tools.sh``), so a missing one there is a broken build, not a skip.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

WEAVIATE_READY_SECONDS = 90.0
REDIS_READY_SECONDS = 20.0


def free_port() -> int:
    """A port nobody listens on right now (bound and released on 127.0.0.1)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def free_port_pair() -> int:
    """A port p with p and p + 1 both free (Weaviate derives a node's second port as p + 1)."""
    for _ in range(50):
        first = free_port()
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind(("127.0.0.1", first + 1))
            except OSError:
                continue
        return first
    raise RuntimeError("no two consecutive free ports")


def missing_tool(message: str) -> None:
    """Skip locally; fail in CI, where the tool must be installed."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{message} (CI=true: scripts/tools.sh must install it)", pytrace=False)
    pytest.skip(message)


def find_binary(name: str, extra: Path | None = None) -> str | None:
    """``extra`` if it is executable, else ``name`` on PATH."""
    if extra is not None and os.access(extra, os.X_OK):
        return str(extra)
    return shutil.which(name)


def _stop(proc: subprocess.Popen[bytes], grace: float = 20.0) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@dataclass(frozen=True)
class WeaviateServer:
    """Where a test weaviate-server listens."""

    http_port: int
    grpc_port: int

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"


@contextmanager
def run_weaviate(binary: str, data_dir: Path, log_path: Path) -> Iterator[WeaviateServer]:
    """Start a single-node weaviate-server on loopback; stop it on exit (SIGTERM, then kill)."""
    while True:
        http_port, grpc_port = free_port(), free_port()
        gossip, raft = free_port_pair(), free_port_pair()
        if len({http_port, grpc_port, gossip, gossip + 1, raft, raft + 1}) == 6:
            break
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("CLUSTER_", "RAFT_"))},
        "AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED": "true",
        "PERSISTENCE_DATA_PATH": str(data_dir),
        "DEFAULT_VECTORIZER_MODULE": "none",
        "ENABLE_MODULES": "",
        "DISABLE_TELEMETRY": "true",
        "QUERY_DEFAULTS_LIMIT": "25",
        "CLUSTER_HOSTNAME": "node1",
        "CLUSTER_IN_LOCALHOST": "true",
        "CLUSTER_BIND_ADDR": "127.0.0.1",
        "CLUSTER_ADVERTISE_ADDR": "127.0.0.1",
        "CLUSTER_GOSSIP_BIND_PORT": str(gossip),
        "CLUSTER_DATA_BIND_PORT": str(gossip + 1),
        "RAFT_PORT": str(raft),
        "RAFT_INTERNAL_RPC_PORT": str(raft + 1),
        "GRPC_PORT": str(grpc_port),
        "LOG_LEVEL": "warning",
        "GO_PROFILING_DISABLE": "true",
        "GO_PROFILING_PORT": str(free_port()),
    }
    args = [binary, "--host", "127.0.0.1", "--port", str(http_port), "--scheme", "http"]
    with log_path.open("wb") as log:
        proc = subprocess.Popen(args, env=env, stdout=log, stderr=subprocess.STDOUT)
    server = WeaviateServer(http_port, grpc_port)
    try:
        deadline = time.monotonic() + WEAVIATE_READY_SECONDS
        while True:
            if proc.poll() is not None:
                raise RuntimeError(
                    f"weaviate-server exited with {proc.returncode}; its log:\n"
                    + log_path.read_text(errors="replace")[-3000:]
                )
            try:
                if httpx.get(f"{server.url}/v1/.well-known/ready", timeout=1.0).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"weaviate-server not ready in {WEAVIATE_READY_SECONDS:.0f} s; its log:\n"
                    + log_path.read_text(errors="replace")[-3000:]
                )
            time.sleep(0.2)
        yield server
    finally:
        _stop(proc)


@dataclass
class RedisServer:
    """A running redis-server; ``stop``/``start`` simulate an outage on the same port."""

    binary: str
    port: int
    proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        args = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
        ]  # fmt: skip
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + REDIS_READY_SECONDS
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"redis-server exited with {self.proc.returncode}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1.0) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"redis-server not ready in {REDIS_READY_SECONDS:.0f} s")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.proc is not None:
            _stop(self.proc, grace=10.0)
            self.proc = None
