"""Starts the five processes on loopback in dependency order and stops them all cleanly.

Each child binds port 0 and writes its port to a ready file once it is SERVING, so the mesh
never races for fixed ports; dependents learn the addresses of what they call. Children die
with the launcher (``PR_SET_PDEATHSIG``), so even ``kill -9`` of the launcher leaves no orphans.
"""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

SERVICES = ("router_svc", "retrieval_svc", "judge_svc", "agent_svc", "gateway")
_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Ask the kernel to SIGTERM this process when its parent dies (runs between fork and exec)."""
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:
        pass


def service_of(module: str) -> str:
    """The service a ``python -m`` module belongs to (``retrieval_svc.worker`` → retrieval_svc)."""
    return module.split(".", 1)[0]


class LaunchError(RuntimeError):
    """A child failed to start; the message carries the tail of its log."""


_PREFIXES = {
    "router_svc": "GROUNDMESH_ROUTER_",
    "retrieval_svc": "GROUNDMESH_RETRIEVAL_",
    "judge_svc": "GROUNDMESH_JUDGE_",
    "agent_svc": "GROUNDMESH_AGENT_",
    "gateway": "GROUNDMESH_GATEWAY_",
}


@dataclass
class Child:
    """One running service."""

    name: str
    process: subprocess.Popen[bytes]
    ready_file: Path
    log_file: Path
    port: int = 0
    module: str = ""  # what ``python -m`` runs; the name when empty (one process per service)

    @property
    def entry(self) -> str:
        return self.module or self.name


@dataclass
class MeshLauncher:
    """The whole mesh as child processes of this one."""

    data_dir: Path
    gateway_host: str = "127.0.0.1"
    gateway_port: int = 8080
    api_keys: str = ""
    no_auth: bool = False
    extra_env: dict[str, str] = field(default_factory=dict)
    children: dict[str, Child] = field(default_factory=dict)

    @property
    def run_dir(self) -> Path:
        return self.data_dir / "run"

    def address(self, name: str) -> str:
        return f"127.0.0.1:{self.children[name].port}"

    @property
    def gateway_url(self) -> str:
        host = self.gateway_host if self.gateway_host not in {"0.0.0.0", "::"} else "127.0.0.1"
        return f"http://{host}:{self.children['gateway'].port}"

    def _env_for(self, name: str) -> dict[str, str]:
        env = {**os.environ, **self.extra_env, "PYTHONUNBUFFERED": "1"}
        prefix = _PREFIXES[name]
        env[f"{prefix}READY_FILE"] = str(self.run_dir / f"{name}.port")
        env["OTEL_SERVICE_NAME"] = name
        if name == "gateway":
            env[f"{prefix}HOST"] = self.gateway_host
            env[f"{prefix}PORT"] = str(self.gateway_port)
            env[f"{prefix}AGENT_ADDR"] = self.address("agent_svc")
            env[f"{prefix}RETRIEVAL_ADDR"] = self.address("retrieval_svc")
            env[f"{prefix}API_KEYS"] = self.api_keys
            env[f"{prefix}NO_AUTH"] = "true" if self.no_auth else "false"
        else:
            env[f"{prefix}HOST"] = "127.0.0.1"
            env[f"{prefix}PORT"] = "0"
        if name == "retrieval_svc":
            env["GROUNDMESH_RETRIEVAL_DATA_DIR"] = str(self.data_dir / "store")
        if name == "agent_svc":
            env["GROUNDMESH_AGENT_ROUTER_ADDR"] = self.address("router_svc")
            env["GROUNDMESH_AGENT_RETRIEVAL_ADDR"] = self.address("retrieval_svc")
            env["GROUNDMESH_AGENT_JUDGE_ADDR"] = self.address("judge_svc")
        return env

    def restart(self, name: str, timeout: float = 120.0) -> int:
        """Start ``name`` again on the port it had, so its callers' channels reconnect to it;
        returns the port. LaunchError if it exits or is not SERVING within ``timeout``."""
        old = self.children[name]
        if old.process.poll() is None:
            raise RuntimeError(f"{name} is still running")
        env = self._env_for(name)
        env[f"{_PREFIXES[service_of(old.entry)]}PORT"] = str(old.port)
        child = self._spawn(name, env, old.module)
        self._wait_ready(child, time.monotonic() + timeout)
        if child.port != old.port:
            raise LaunchError(f"{name} restarted on port {child.port}, not {old.port}")
        return child.port

    def _spawn(self, name: str, env: dict[str, str] | None = None, module: str = "") -> Child:
        ready = self.run_dir / f"{name}.port"
        ready.unlink(missing_ok=True)
        log_file = self.data_dir / "logs" / f"{name}.log"
        log_file.parent.mkdir(parents=True, exist_ok=True)
        with log_file.open("ab") as out:
            process = subprocess.Popen(
                [sys.executable, "-m", module or name],
                env=env if env is not None else self._env_for(name),
                stdout=out,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                preexec_fn=die_with_parent,
            )
        child = Child(name, process, ready, log_file, module=module)
        self.children[name] = child
        return child

    def _wait_ready(self, child: Child, deadline: float) -> None:
        while not child.ready_file.exists():
            if child.process.poll() is not None:
                raise LaunchError(
                    f"{child.name} exited with {child.process.returncode}:\n"
                    + self.log_tail(child.name)
                )
            if time.monotonic() > deadline:
                raise LaunchError(
                    f"{child.name} did not become ready:\n" + self.log_tail(child.name)
                )
            time.sleep(0.05)
        child.port = int(child.ready_file.read_text())

    def log_tail(self, name: str, lines: int = 30) -> str:
        """The last lines of a child's log."""
        path = self.data_dir / "logs" / f"{name}.log"
        if not path.exists():
            return "(no log)"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])

    def start(self, timeout: float = 180.0) -> str:
        """Start all five in order, each waited for until SERVING; returns the gateway URL."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + timeout
        try:
            first = [self._spawn(n) for n in ("router_svc", "retrieval_svc", "judge_svc")]
            for child in first:
                self._wait_ready(child, deadline)
            for name in ("agent_svc", "gateway"):
                self._wait_ready(self._spawn(name), deadline)
        except BaseException:
            self.stop()
            raise
        info = {n: self.address(n) for n in SERVICES if n != "gateway"}
        info["gateway_url"] = self.gateway_url
        (self.run_dir / "mesh.json").write_text(json.dumps(info, indent=2))
        return self.gateway_url

    def stop(self, grace: float = 15.0) -> None:
        """SIGTERM every child, last started (the gateway) first; SIGKILL whatever outlives
        ``grace``."""
        started = list(reversed(self.children.values()))
        for child in started:
            if child.process.poll() is None:
                child.process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace
        for child in started:
            try:
                child.process.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                child.process.kill()
                child.process.wait()
        (self.run_dir / "mesh.json").unlink(missing_ok=True)
        self.children.clear()
