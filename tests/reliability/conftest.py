"""The reliability suite's mesh: five real processes on loopback, several tenants with keys.

The session prints :data:`testkit.faults.TALLY` at the end (faults survived, bad inputs rejected,
isolation cases, kill points, anything lost), so the figures can be quoted from the test run.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cli.launcher import MeshLauncher
from testkit.faults import TALLY, ServiceControl
from tests.reliability.running_mesh import KEYS, TENANTS, RunningMesh, doc_for, mesh_env


@pytest.fixture(scope="session")
def mesh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningMesh]:
    data_dir: Path = tmp_path_factory.mktemp("reliability-mesh")
    launcher = MeshLauncher(
        data_dir,
        gateway_port=0,
        api_keys=",".join(f"{k}:{t}" for t, k in KEYS.items()),
        extra_env=mesh_env(),
    )
    url = launcher.start()
    running = RunningMesh(url, launcher, ServiceControl(launcher))
    try:
        for tenant in TENANTS:
            name, content = doc_for(tenant)
            r = running.http.post(
                f"{url}/v1/documents?wait=true",
                headers=running.headers(tenant),
                files=[("files", (name, content, "text/markdown"))],
                timeout=120,
            )
            assert r.status_code == 201, r.text
            running.doc_ids[tenant] = [d["doc_id"] for d in r.json()["documents"]]
        yield running
    finally:
        running.http.close()
        launcher.stop()


@pytest.fixture
def healthy_mesh(mesh: RunningMesh) -> RunningMesh:
    """The session mesh with every service up (a failed fault test cannot poison the next)."""
    mesh.heal()
    return mesh


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and report.skipped and hasattr(report, "wasxfail"):
        TALLY.record_known_bug()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not TALLY.tried:
        return
    terminalreporter.section("Groundmesh reliability figures")
    for line in TALLY.table().splitlines():
        terminalreporter.write_line(line)
