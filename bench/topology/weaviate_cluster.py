"""A real multi-node Weaviate cluster on loopback, for rehearsing the production topology.

Each node is one ``weaviate-server`` process (``/root/go/bin/weaviate-server`` or the one on
PATH) with its own data directory under ``data_dir/<name>`` and its log in
``data_dir/<name>.log``. Weaviate's *localhost* cluster mode (``CLUSTER_IN_LOCALHOST=true``)
lets the nodes share 127.0.0.1:

* memberlist gossip on ``CLUSTER_GOSSIP_BIND_PORT``; the node-to-node data API on
  ``CLUSTER_DATA_BIND_PORT``, which must be the gossip port + 1 (peers fall back to that
  convention when they cannot read a node's metadata);
* Raft on ``RAFT_PORT``; the Raft internal RPC on ``RAFT_INTERNAL_RPC_PORT``, which must be
  ``RAFT_PORT`` + 1 (in localhost mode a peer computes it that way);
* ``RAFT_JOIN=node0:<raft port>,node1:<raft port>,...`` on every node: in localhost mode the
  ``name:port`` pairs are how a node learns every other node's Raft port;
  ``RAFT_BOOTSTRAP_EXPECT`` = the number of nodes;
* ``CLUSTER_JOIN``: the first start of node 0 joins nobody, every other start (and any
  restart) joins the gossip ports of the nodes that are alive.

Ports are chosen free at :meth:`WeaviateCluster.start` and kept across restarts. The children get
``PR_SET_PDEATHSIG`` (``cli.launcher.die_with_parent``): they die with this process.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from cli.launcher import die_with_parent

DEFAULT_BINARY = Path("/root/go/bin/weaviate-server")


def find_weaviate_binary() -> str | None:
    """``/root/go/bin/weaviate-server`` (or ``~/go/bin``) if executable, else the one on PATH."""
    for candidate in (DEFAULT_BINARY, Path.home() / "go" / "bin" / "weaviate-server"):
        if os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("weaviate-server")


class ClusterError(RuntimeError):
    """A node failed to start or the cluster did not form; the message carries log tails."""


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _port_free(port: int) -> bool:
    for kind in (socket.SOCK_STREAM, socket.SOCK_DGRAM):  # memberlist gossips on TCP and UDP
        with socket.socket(socket.AF_INET, kind) as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                return False
    return True


def _free_ports(count: int, pairs: int) -> tuple[list[int], list[int]]:
    """``count`` single free ports and ``pairs`` ports p with p and p + 1 free, all distinct."""
    taken: set[int] = set()
    singles: list[int] = []
    firsts: list[int] = []
    for _ in range(2000):
        if len(singles) == count and len(firsts) == pairs:
            return singles, firsts
        port = _free_port()
        if len(singles) < count:
            if port not in taken and _port_free(port):
                singles.append(port)
                taken.add(port)
            continue
        if {port, port + 1} & taken or not (_port_free(port) and _port_free(port + 1)):
            continue
        firsts.append(port)
        taken |= {port, port + 1}
    raise ClusterError("could not find enough free loopback ports")


@dataclass
class WeaviateNode:
    """One node of the cluster: its name, its ports and its process (None while down)."""

    name: str
    http_port: int
    grpc_port: int
    gossip_port: int = 0  # the data port is gossip_port + 1
    raft_port: int = 0  # the internal RPC port is raft_port + 1
    profiling_port: int = 0
    data_path: Path = field(default_factory=Path)
    log_path: Path = field(default_factory=Path)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.http_port}"

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None


class WeaviateCluster:
    """``nodes`` weaviate-server processes forming one Raft/memberlist cluster on 127.0.0.1."""

    def __init__(self, data_dir: Path, nodes: int = 3, binary: str | None = None) -> None:
        if nodes < 1:
            raise ValueError("a cluster needs at least one node")
        found = binary or find_weaviate_binary()
        if found is None:
            raise FileNotFoundError("weaviate-server is not installed (scripts/tools.sh builds it)")
        self.binary = found
        self.data_dir = Path(data_dir)
        self.size = nodes
        self.nodes: list[WeaviateNode] = []
        self.log_level = "warning"
        # Extra environment for every node (e.g. {"GOMEMLIMIT": "4GiB"}), set before start().
        self.extra_env: dict[str, str] = {}

    # -- lifecycle ---------------------------------------------------------------------------

    def _allocate(self) -> None:
        singles, firsts = _free_ports(3 * self.size, 2 * self.size)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.nodes = []
        for i in range(self.size):
            name = f"node{i}"
            self.nodes.append(
                WeaviateNode(
                    name=name,
                    http_port=singles[3 * i],
                    grpc_port=singles[3 * i + 1],
                    profiling_port=singles[3 * i + 2],
                    gossip_port=firsts[2 * i],
                    raft_port=firsts[2 * i + 1],
                    data_path=self.data_dir / name,
                    log_path=self.data_dir / f"{name}.log",
                )
            )

    def _env(self, node: WeaviateNode, join: list[WeaviateNode]) -> dict[str, str]:
        inherited = {k: v for k, v in os.environ.items() if not k.startswith(("CLUSTER_", "RAFT_"))}
        raft_join = ",".join(f"{n.name}:{n.raft_port}" for n in self.nodes)
        env = {
            **inherited,
            "AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED": "true",
            "PERSISTENCE_DATA_PATH": str(node.data_path),
            "DEFAULT_VECTORIZER_MODULE": "none",
            "ENABLE_MODULES": "",
            "DISABLE_TELEMETRY": "true",
            "QUERY_DEFAULTS_LIMIT": "25",
            "GRPC_PORT": str(node.grpc_port),
            "CLUSTER_HOSTNAME": node.name,
            "CLUSTER_IN_LOCALHOST": "true",
            "CLUSTER_BIND_ADDR": "127.0.0.1",
            "CLUSTER_ADVERTISE_ADDR": "127.0.0.1",
            "CLUSTER_GOSSIP_BIND_PORT": str(node.gossip_port),
            "CLUSTER_DATA_BIND_PORT": str(node.gossip_port + 1),
            "RAFT_PORT": str(node.raft_port),
            "RAFT_INTERNAL_RPC_PORT": str(node.raft_port + 1),
            "RAFT_JOIN": raft_join,
            "RAFT_BOOTSTRAP_EXPECT": str(self.size),
            # A killed node is declared dead (and its name reclaimable) in seconds, not a minute.
            "MEMBERLIST_FAST_FAILURE_DETECTION": "true",
            "LOG_LEVEL": self.log_level,
            "GO_PROFILING_DISABLE": "true",
            "GO_PROFILING_PORT": str(node.profiling_port),
            **self.extra_env,
        }
        if join:
            env["CLUSTER_JOIN"] = ",".join(f"127.0.0.1:{n.gossip_port}" for n in join)
        return env

    def _spawn(self, node: WeaviateNode, join: list[WeaviateNode]) -> None:
        node.data_path.mkdir(parents=True, exist_ok=True)
        args = [self.binary, "--host", "127.0.0.1", "--port", str(node.http_port)]
        args += ["--scheme", "http"]
        with node.log_path.open("ab") as log:
            log.write(f"\n=== start {node.name} at {time.strftime('%H:%M:%S')} ===\n".encode())
            log.flush()
            node.process = subprocess.Popen(
                args,
                env=self._env(node, join),
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                preexec_fn=die_with_parent,
            )

    def start(self, timeout: float = 120.0) -> None:
        """Start every node; return once all are ready, a Raft leader is elected and every node
        sees all ``nodes`` nodes healthy in ``GET /v1/nodes``."""
        if any(n.alive for n in self.nodes):
            raise ClusterError("the cluster is already running")
        if not self.nodes:
            self._allocate()
        deadline = time.monotonic() + timeout
        try:
            first = self.nodes[0]
            self._spawn(first, [])
            # Let node 0's memberlist listen before the others join it.
            self._wait_port(first, first.gossip_port, deadline)
            for node in self.nodes[1:]:
                self._spawn(node, [first])
            self._wait_cluster(self.nodes, deadline)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        """SIGTERM every node, then SIGKILL those still running after a grace period."""
        running = [n for n in self.nodes if n.process is not None]
        for node in running:
            if node.alive:
                assert node.process is not None
                node.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 20.0
        for node in running:
            assert node.process is not None
            try:
                node.process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                node.process.kill()
                node.process.wait(10)
            node.process = None

    def kill(self, index: int) -> None:
        """SIGKILL one node (its ports and data are kept for :meth:`restart`)."""
        node = self.nodes[index]
        if node.process is not None:
            if node.process.poll() is None:
                node.process.kill()
            node.process.wait(10)
            node.process = None

    def restart(self, index: int, timeout: float = 120.0) -> float:
        """Start a stopped node again with its ports and data; return the seconds until it is
        ready and every live node (itself included) sees it healthy in the cluster."""
        node = self.nodes[index]
        if node.alive:
            raise ClusterError(f"{node.name} is running")
        t0 = time.monotonic()
        deadline = t0 + timeout
        others = [n for n in self.live_nodes() if n is not node]
        self._spawn(node, others)
        self._wait_cluster(self.live_nodes(), deadline)
        return time.monotonic() - t0

    def wait_settled(self, timeout: float = 120.0) -> float:
        """Wait until the live nodes agree on a live Raft leader and each reports every live
        node HEALTHY; return the seconds waited. After a kill, Weaviate needs this before a
        write is safe to send: a batch sent while the killed node was still the Raft leader
        (or not yet declared dead) hung until the client's deadline in our runs, while reads at
        consistency ONE answered at once."""
        t0 = time.monotonic()
        self._wait_cluster(self.live_nodes(), t0 + timeout)
        return time.monotonic() - t0

    def live_nodes(self) -> list[WeaviateNode]:
        return [n for n in self.nodes if n.alive]

    def __enter__(self) -> WeaviateCluster:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- observation -------------------------------------------------------------------------

    def log_tail(self, node: WeaviateNode, chars: int = 3000) -> str:
        try:
            return node.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    def rss_bytes(self) -> int:
        """The resident memory of every live node, summed (from /proc)."""
        total = 0
        for node in self.live_nodes():
            assert node.process is not None
            total += _rss_of(node.process.pid)
        return total

    def leader(self) -> str | None:
        """The Raft leader's node name, when the live nodes that answer agree on one."""
        live = {n.name for n in self.live_nodes()}
        for node in self.live_nodes():
            try:
                body = httpx.get(f"{node.url}/v1/cluster/statistics", timeout=5.0).json()
            except (httpx.HTTPError, ValueError):
                continue
            stats = [s for s in body.get("statistics") or [] if s.get("name") in live]
            leaders = {str(s.get("leaderId") or "") for s in stats}
            if len(stats) == len(live) and len(leaders) == 1:
                leader = leaders.pop()
                return leader if leader in live else None
        return None

    def healthy_names(self, node: WeaviateNode) -> set[str]:
        """The names of the nodes ``node`` reports HEALTHY in ``GET /v1/nodes``."""
        body = httpx.get(f"{node.url}/v1/nodes", timeout=5.0).json()
        return {str(n["name"]) for n in body.get("nodes", []) if n.get("status") == "HEALTHY"}

    def _check_alive(self, nodes: list[WeaviateNode]) -> None:
        for node in nodes:
            if node.process is not None and node.process.poll() is not None:
                raise ClusterError(
                    f"{node.name} exited with {node.process.returncode}; its log:\n"
                    + self.log_tail(node)
                )

    def _wait_port(self, node: WeaviateNode, port: int, deadline: float) -> None:
        while True:
            self._check_alive([node])
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise ClusterError(f"{node.name} never listened on {port}:\n" + self.log_tail(node))
            time.sleep(0.1)

    def _wait_cluster(self, live: list[WeaviateNode], deadline: float) -> None:
        want = {n.name for n in live}
        pending = "starting"
        while True:
            self._check_alive(live)
            try:
                pending = self._pending(live, want)
            except (httpx.HTTPError, ValueError, KeyError) as exc:
                pending = f"{type(exc).__name__}: {exc}"
            if not pending:
                return
            if time.monotonic() > deadline:
                tails = "\n".join(f"--- {n.name}\n{self.log_tail(n, 1500)}" for n in live)
                raise ClusterError(f"the cluster did not form ({pending}):\n{tails}")
            time.sleep(0.25)

    def _pending(self, live: list[WeaviateNode], want: set[str]) -> str:
        """What is still missing ("" when the cluster is formed)."""
        for node in live:
            r = httpx.get(f"{node.url}/v1/.well-known/ready", timeout=2.0)
            if r.status_code != 200:
                return f"{node.name} not ready ({r.status_code})"
        for node in live:
            seen = self.healthy_names(node)
            if not want <= seen:
                return f"{node.name} sees {sorted(seen)} healthy, wants {sorted(want)}"
        leader = self.leader()
        if leader is None:
            return "no Raft leader"
        return ""


def _rss_of(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
