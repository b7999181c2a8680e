"""Fault injection for the reliability suite and ``groundmesh bench reliability``.

Two things live here: a tally of what the suite tried (faults injected and survived, bad inputs
rejected cleanly, isolation cases, kill points, anything lost) rendered as one table, and
control of one service process of a running :class:`~cli.launcher.MeshLauncher` — kill it with
a signal and start it again on the same port, so its callers' channels reconnect to it.
"""

from __future__ import annotations

import signal
import subprocess
import threading
from dataclasses import dataclass, field

from cli.launcher import MeshLauncher

# The rows of the report, in order: (key, what was tried, what counts as a success).
ROWS: tuple[tuple[str, str, str], ...] = (
    ("faults", "faults injected (service killed)", "survived"),
    ("deadlines", "short deadlines set", "cut off cleanly"),
    ("bad_http", "bad inputs at the HTTP edge", "rejected cleanly"),
    ("bad_grpc", "bad inputs on gRPC methods", "rejected cleanly"),
    ("fuzz", "fuzzed parser inputs (Hypothesis)", "no crash"),
    ("injection", "prompt-injection cases", "held"),
    ("isolation", "isolation cases (tenants x probes)", "no leak"),
    ("kill_points", "kill -9 points during ingest", "store intact"),
)


@dataclass
class Tally:
    """Counts of cases tried and passed per row, and of acknowledged things lost."""

    tried: dict[str, int] = field(default_factory=dict)
    passed: dict[str, int] = field(default_factory=dict)
    lost: int = 0
    known_bugs: int = 0  # checks marked xfail: bugs found and reported, not yet fixed
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def record(self, row: str, ok: bool, n: int = 1) -> None:
        """Count ``n`` cases of ``row``; ``ok`` says whether they passed."""
        if row not in {r for r, _, _ in ROWS}:
            raise KeyError(f"unknown tally row {row!r}")
        with self._lock:
            self.tried[row] = self.tried.get(row, 0) + n
            if ok:
                self.passed[row] = self.passed.get(row, 0) + n

    def record_lost(self, n: int) -> None:
        """Acknowledged documents found missing or half there."""
        with self._lock:
            self.lost += n

    def record_known_bug(self) -> None:
        with self._lock:
            self.known_bugs += 1

    def reset(self) -> None:
        with self._lock:
            self.tried.clear()
            self.passed.clear()
            self.lost = 0
            self.known_bugs = 0

    @property
    def failures(self) -> int:
        return sum(self.tried.get(r, 0) - self.passed.get(r, 0) for r, _, _ in ROWS)

    def table(self) -> str:
        """The report: one line per row, then failures and losses."""
        width = max(len(what) for _, what, _ in ROWS) + 2
        lines = [f"{'case':<{width}}{'tried':>8}  {'passed':>8}  meaning of passed"]
        for row, what, ok in ROWS:
            lines.append(
                f"{what:<{width}}{self.tried.get(row, 0):>8}  {self.passed.get(row, 0):>8}  {ok}"
            )
        lines.append(f"{'failures':<{width}}{self.failures:>8}")
        lines.append(f"{'  of which known bugs (xfail)':<{width}}{self.known_bugs:>8}")
        lines.append(f"{'acknowledged documents lost':<{width}}{self.lost:>8}  (must be 0)")
        return "\n".join(lines)


TALLY = Tally()


@dataclass
class ServiceControl:
    """Kill and restart one child of a running launcher, keeping its port."""

    launcher: MeshLauncher

    def pid(self, name: str) -> int:
        return self.launcher.children[name].process.pid

    def alive(self, name: str) -> bool:
        child = self.launcher.children.get(name)
        return child is not None and child.process.poll() is None

    def kill(self, name: str, sig: signal.Signals = signal.SIGKILL, wait: float = 60.0) -> int:
        """Send ``sig`` to the service and wait for it to exit; returns its exit code."""
        child = self.launcher.children[name]
        if child.process.poll() is None:
            child.process.send_signal(sig)
        try:
            return child.process.wait(wait)
        except subprocess.TimeoutExpired:
            child.process.kill()
            return child.process.wait()

    def restart(self, name: str, timeout: float = 120.0) -> int:
        """Start ``name`` again on the port it had (its callers' channels reconnect)."""
        return self.launcher.restart(name, timeout)
