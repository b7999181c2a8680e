"""``groundmesh up`` starts a service that died again, and stops on a crash loop."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cli.launcher import Child, LaunchError
from cli.supervision import RestartBudget, heal


@dataclass
class _Process:
    code: int | None = None

    def poll(self) -> int | None:
        return self.code


@dataclass
class _Launcher:
    """Children that can be made to die; restart revives them (or fails when told to)."""

    children: dict[str, Any] = field(default_factory=dict)
    restarted: list[str] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)

    def add(self, name: str, port: int) -> None:
        self.children[name] = Child(name, _Process(), Path("ready"), Path("log"), port)  # type: ignore[arg-type]

    def die(self, name: str, code: int = -9) -> None:
        self.children[name].process.code = code

    def restart(self, name: str, timeout: float = 120.0) -> int:
        if name in self.broken:
            raise LaunchError(f"{name} exited on restart")
        self.restarted.append(name)
        self.children[name].process.code = None
        port: int = self.children[name].port
        return port

    def log_tail(self, name: str, lines: int = 30) -> str:
        return f"({name} log)"


def _mesh() -> _Launcher:
    launcher = _Launcher()
    for port, name in enumerate(["router_svc", "judge_svc", "gateway"], start=5001):
        launcher.add(name, port)
    return launcher


def test_a_dead_service_is_started_again_on_its_port() -> None:
    launcher = _mesh()
    said: list[str] = []
    launcher.die("judge_svc")
    assert heal(launcher, RestartBudget(), 0.0, said.append) is None
    assert launcher.restarted == ["judge_svc"]
    assert said == [
        "judge_svc exited with -9; starting it again on port 5002",
        "judge_svc is SERVING again",
    ]


def test_nothing_happens_while_everything_runs() -> None:
    launcher = _mesh()
    assert heal(launcher, RestartBudget(), 0.0, lambda _: None) is None
    assert launcher.restarted == []


def test_a_crash_loop_stops_the_mesh_with_the_log() -> None:
    launcher, budget = _mesh(), RestartBudget(limit=3, window=60.0)
    for now in (0.0, 10.0, 20.0):
        launcher.die("router_svc", 1)
        assert heal(launcher, budget, now, lambda _: None) is None
    launcher.die("router_svc", 1)
    failure = heal(launcher, budget, 30.0, lambda _: None)
    assert failure is not None and "4 times within 60s" in failure and "(router_svc log)" in failure


def test_restarts_long_ago_do_not_count() -> None:
    budget = RestartBudget(limit=2, window=60.0)
    assert budget.allow("gateway", 0.0) and budget.allow("gateway", 30.0)
    assert not budget.allow("gateway", 59.0)
    assert budget.allow("gateway", 100.0)
    assert budget.allow("judge_svc", 59.0)  # each service has its own budget


def test_a_failed_restart_stops_the_mesh() -> None:
    launcher = _mesh()
    launcher.broken.add("gateway")
    launcher.die("gateway")
    failure = heal(launcher, RestartBudget(), 0.0, lambda _: None)
    assert failure == "gateway could not be restarted: gateway exited on restart"
