"""Keeping a local mesh up: a service that dies is started again on its port, unless it keeps
dying (a crash loop is not hidden behind endless restarts: ``groundmesh up`` then stops)."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from cli.launcher import Child, LaunchError
from mesh.errors import GroundmeshError

RESTARTS_PER_WINDOW = 3
WINDOW_SECONDS = 60.0


@dataclass
class RestartBudget:
    """At most ``limit`` restarts of one service within any ``window`` seconds."""

    limit: int = RESTARTS_PER_WINDOW
    window: float = WINDOW_SECONDS
    _times: dict[str, deque[float]] = field(default_factory=dict)

    def allow(self, name: str, now: float) -> bool:
        """Whether ``name`` may be restarted at ``now``; counts the restart when it may."""
        times = self._times.setdefault(name, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        return True


class Restartable(Protocol):
    children: dict[str, Child]

    def restart(self, name: str, timeout: float = ...) -> int: ...

    def log_tail(self, name: str, lines: int = ...) -> str: ...


def heal(
    launcher: Restartable, budget: RestartBudget, now: float, say: Callable[[str], None]
) -> str | None:
    """Restart every service that has exited; None when all run again, else why the mesh
    must stop (a crash loop, or a restart that failed)."""
    for name, child in list(launcher.children.items()):
        code = child.process.poll()
        if code is None:
            continue
        if not budget.allow(name, now):
            return (
                f"{name} exited with {code} {budget.limit + 1} times within "
                f"{budget.window:.0f}s; stopping the mesh\n{launcher.log_tail(name)}"
            )
        say(f"{name} exited with {code}; starting it again on port {child.port}")
        try:
            launcher.restart(name)
        except (LaunchError, GroundmeshError, OSError) as exc:
            return f"{name} could not be restarted: {exc}"
        say(f"{name} is SERVING again")
    return None
