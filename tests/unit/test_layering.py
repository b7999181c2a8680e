"""The layering holds: ``mesh`` imports no service, services never import each other, and only
the CLI, the benchmarks and the test kit sit on top. The contracts live in pyproject.toml
(``[tool.importlinter]``); import-linter checks every import, lazy ones included."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest
from importlinter import cli

ROOT = Path(__file__).resolve().parents[2]
SERVICES = {"router_svc", "retrieval_svc", "agent_svc", "judge_svc", "gateway"}


def test_the_import_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert cli.lint_imports(no_cache=True) == 0, "run `.venv/bin/lint-imports` to see which import"


def test_every_service_package_is_under_the_contracts() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    packages = {p.name for p in ROOT.iterdir() if (p / "server.py").is_file()}
    assert packages == SERVICES
    independence = next(c for c in config["contracts"] if c["type"] == "independence")
    assert set(independence["modules"]) == SERVICES
    assert SERVICES | {"mesh", "cli", "bench", "testkit"} <= set(config["root_packages"])


def test_mesh_holds_no_cli_benchmark_or_test_server() -> None:
    leftovers = {"commands", "bench", "testing", "cli.py", "launcher.py", "faults.py"}
    assert not leftovers & set(os.listdir(ROOT / "mesh"))
