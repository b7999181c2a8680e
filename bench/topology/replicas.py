"""The production topology on loopback: replicas of every service, ingest workers, a Weaviate
cluster behind a Service stand-in, and Redis.

Each replica is the same process as in Kubernetes, started by the CLI's launcher
(:class:`cli.launcher.MeshLauncher`, which supervises and restarts on the same port). A caller
reaches a service's replicas the way a pod reaches a headless Service: one gRPC target that
resolves to every replica (``ipv4:127.0.0.1:a,127.0.0.1:b``), balanced round robin over the
replicas whose health says SERVING by the services' own channel code. Nothing here is a special
path: the settings are the ones the manifests set (role, job queue, Weaviate, Redis).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field

from bench.topology.ports import free_port
from bench.topology.redis_server import RedisProcess
from bench.topology.weaviate_cluster import WeaviateCluster
from cli.launcher import _PREFIXES, LaunchError, MeshLauncher, die_with_parent, service_of


@dataclass(frozen=True)
class Replicas:
    """How many of each process the topology runs (the prod overlay's HPA minimums)."""

    gateway: int = 2
    agent_svc: int = 3
    router_svc: int = 2
    judge_svc: int = 2
    retrieval_svc: int = 2
    worker: int = 2
    weaviate: int = 3
    replication_factor: int = 2

    def names(self, service: str) -> list[str]:
        count = self.worker if service == "worker" else getattr(self, service)
        return [f"{service}-{i + 1}" for i in range(count)]


START_ORDER = ("router_svc", "judge_svc", "retrieval_svc", "worker", "agent_svc", "gateway")
MODULES = {"worker": "retrieval_svc.worker"}


def kind_of(name: str) -> str:
    """``agent_svc-2`` → ``agent_svc``."""
    return name.rsplit("-", 1)[0]


@dataclass
class TopologyLauncher(MeshLauncher):
    """Every replica as a child of this process; Redis and Weaviate beside them."""

    replicas: Replicas = field(default_factory=Replicas)
    redis: RedisProcess | None = None
    weaviate: WeaviateCluster | None = None
    weaviate_http_port: int = 0
    weaviate_grpc_port: int = 0
    _balancer: subprocess.Popen[bytes] | None = None

    def target(self, kind: str) -> str:
        """The gRPC target naming every replica of ``kind`` (a headless Service's DNS name)."""
        ports = [self.children[n].port for n in self.replicas.names(kind)]
        return "ipv4:" + ",".join(f"127.0.0.1:{p}" for p in ports)

    @property
    def gateway_urls(self) -> list[str]:
        return [f"http://127.0.0.1:{self.children[n].port}" for n in self.replicas.names("gateway")]

    @property
    def gateway_url(self) -> str:
        return self.gateway_urls[0]

    def _env_for(self, name: str) -> dict[str, str]:
        kind = kind_of(name)
        service = service_of(MODULES.get(kind, kind))
        prefix = _PREFIXES[service]
        env = {
            **os.environ,
            **self.extra_env,
            "PYTHONUNBUFFERED": "1",
            "OTEL_SERVICE_NAME": service,
        }
        env[f"{prefix}READY_FILE"] = str(self.run_dir / f"{name}.port")
        env[f"{prefix}HOST"] = "127.0.0.1"
        env[f"{prefix}PORT"] = "0"
        assert self.redis is not None
        env["GROUNDMESH_REDIS_URL"] = self.redis.url(0)  # search cache, conversation memory
        if service == "gateway":
            env[f"{prefix}AGENT_ADDR"] = self.target("agent_svc")
            env[f"{prefix}RETRIEVAL_ADDR"] = self.target("retrieval_svc")
            env[f"{prefix}API_KEYS"] = self.api_keys
            env[f"{prefix}NO_AUTH"] = "true" if self.no_auth else "false"
        elif service == "agent_svc":
            for upstream, var in (("router_svc", "ROUTER"), ("retrieval_svc", "RETRIEVAL")):
                env[f"{prefix}{var}_ADDR"] = self.target(upstream)
            env[f"{prefix}JUDGE_ADDR"] = self.target("judge_svc")
        elif service == "retrieval_svc":
            env.update(self._retrieval_env(name, kind))
        return env

    def _retrieval_env(self, name: str, kind: str) -> dict[str, str]:
        assert self.redis is not None
        return {
            "GROUNDMESH_RETRIEVAL_DATA_DIR": str(self.data_dir / "store" / name),
            "GROUNDMESH_RETRIEVAL_BACKEND": "weaviate",
            "GROUNDMESH_RETRIEVAL_WEAVIATE_URL": f"http://127.0.0.1:{self.weaviate_http_port}",
            "GROUNDMESH_RETRIEVAL_WEAVIATE_GRPC_PORT": str(self.weaviate_grpc_port),
            "GROUNDMESH_RETRIEVAL_WEAVIATE_REPLICATION_FACTOR": str(
                self.replicas.replication_factor
            ),
            # With two copies of a shard, QUORUM is both: one node down would fail every read
            # of its shards. ONE reads and writes either copy; async replication repairs the
            # other when its node is back. (Prod runs three copies, where QUORUM survives one.)
            "GROUNDMESH_RETRIEVAL_WEAVIATE_CONSISTENCY_LEVEL": (
                "ONE" if self.replicas.replication_factor == 2 else ""
            ),
            "GROUNDMESH_RETRIEVAL_ROLE": "worker" if kind == "worker" else "search",
            "GROUNDMESH_RETRIEVAL_JOBS_REDIS_URL": self.redis.url(1),
        }

    def _start_weaviate(self, timeout: float) -> None:
        self.weaviate = WeaviateCluster(self.data_dir / "weaviate", nodes=self.replicas.weaviate)
        self.weaviate.start(timeout)
        self.weaviate_http_port, self.weaviate_grpc_port = free_port(), free_port()
        http = ",".join(str(n.http_port) for n in self.weaviate.nodes)
        grpc = ",".join(str(n.grpc_port) for n in self.weaviate.nodes)
        args = [sys.executable, "-m", "bench.topology.tcp_balancer", "--probe", http]
        args += ["--listen", f"{self.weaviate_http_port}={http}"]
        args += ["--listen", f"{self.weaviate_grpc_port}={grpc}"]
        log = (self.data_dir / "logs" / "weaviate-service.log").open("ab")
        self._balancer = subprocess.Popen(
            args, stdout=log, stderr=subprocess.STDOUT, preexec_fn=die_with_parent
        )
        _wait_port(self.weaviate_http_port, timeout)

    def start(self, timeout: float = 300.0) -> str:
        """Redis, Weaviate, then every replica in dependency order; the first gateway's URL."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        (self.data_dir / "logs").mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + timeout
        try:
            binary = shutil.which("redis-server") or "redis-server"
            self.redis = RedisProcess(binary, free_port(), self.data_dir / "redis")
            self.redis.start()
            self._start_weaviate(timeout)
            for kind in START_ORDER:
                spawned = [
                    self._spawn(name, module=MODULES.get(kind, kind))
                    for name in self.replicas.names(kind)
                ]
                for child in spawned:
                    self._wait_ready(child, deadline)
        except BaseException:
            self.stop()
            raise
        return self.gateway_url

    def stop(self, grace: float = 15.0) -> None:
        super().stop(grace)
        if self._balancer is not None:
            self._balancer.terminate()
            self._balancer.wait(5)
            self._balancer = None
        if self.weaviate is not None:
            self.weaviate.stop()
        if self.redis is not None:
            self.redis.stop()


def _wait_port(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1.0):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise LaunchError(f"nothing listens on port {port}") from None
            time.sleep(0.05)
