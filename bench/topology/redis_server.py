"""A real ``redis-server`` for the rehearsal: AOF on, as the README asks of production."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from cli.launcher import LaunchError, die_with_parent


def redis_ping(port: int) -> bool:
    """Whether a Redis on ``port`` answers PING."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1.0) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class RedisProcess:
    """One redis-server on a fixed loopback port, its AOF under ``data_dir``."""

    binary: str
    port: int
    data_dir: Path
    process: subprocess.Popen[bytes] | None = None

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self, timeout: float = 20.0) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        args = [
            self.binary,
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--dir", str(self.data_dir),
            "--save", "",
            "--appendonly", "yes",
            "--appendfsync", "everysec",
            "--maxmemory-policy", "noeviction",
        ]  # fmt: skip
        with (self.data_dir / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(
                args, stdout=log, stderr=subprocess.STDOUT, preexec_fn=die_with_parent
            )
        deadline = time.monotonic() + timeout
        while not redis_ping(self.port):
            if self.process.poll() is not None:
                raise LaunchError(f"redis-server exited with {self.process.returncode}")
            if time.monotonic() > deadline:
                raise LaunchError(f"redis-server not ready in {timeout:.0f} s")
            time.sleep(0.05)

    def stop(self, grace: float = 10.0) -> None:
        """SIGTERM (Redis writes its AOF and exits), SIGKILL after ``grace``."""
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(grace)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None
