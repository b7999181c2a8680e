"""The contracts: committed stubs are fresh and buf lint passes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _buf() -> str | None:
    found = shutil.which("buf")
    if found:
        return found
    gobin = Path(os.environ.get("GOBIN") or Path.home() / "go" / "bin") / "buf"
    return str(gobin) if gobin.exists() else None


class TestStubs:
    def test_committed_stubs_match_the_protos(self, tmp_path: Path) -> None:
        subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "gen_protos.py"), "--out", str(tmp_path)],
            check=True,
            capture_output=True,
        )
        fresh = sorted(p.name for p in (tmp_path / "groundmesh" / "v1").iterdir())
        committed = sorted(
            p.name for p in (ROOT / "groundmesh" / "v1").iterdir() if p.suffix in {".py", ".pyi"}
        )
        assert fresh == committed, "run: python scripts/gen_protos.py"
        for name in fresh:
            new = (tmp_path / "groundmesh" / "v1" / name).read_bytes()
            old = (ROOT / "groundmesh" / "v1" / name).read_bytes()
            assert new == old, f"groundmesh/v1/{name} is stale; run: python scripts/gen_protos.py"


class TestBufLint:
    def test_buf_lint_passes(self) -> None:
        buf = _buf()
        if buf is None:
            if os.environ.get("CI") == "true":
                pytest.fail("buf is not installed; scripts/test.sh installs it")
            pytest.skip("buf is not installed (scripts/test.sh installs it)")
        result = subprocess.run([buf, "lint"], cwd=ROOT, capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
