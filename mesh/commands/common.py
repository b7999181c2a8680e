"""What the ``groundmesh`` sub-commands share: the data directory, the local key, the run file."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated

import typer

LOCAL_TENANT = "local"
DataDir = Annotated[
    Path,
    typer.Option(envvar="GROUNDMESH_DATA_DIR", help="where the store, logs and the key live"),
]


def read_run(data_dir: Path) -> dict[str, str]:
    path = data_dir / "run" / "mesh.json"
    if not path.exists():
        raise typer.BadParameter(f"no running mesh found ({path} is missing); run groundmesh up")
    data: dict[str, str] = json.loads(path.read_text())
    return data


def saved_local_key(data_dir: Path) -> str | None:
    """The local key ``groundmesh up`` saved, None if it made none (configured keys)."""
    path = data_dir / "api_key"
    return path.read_text().strip() or None if path.exists() else None


def local_key(data_dir: Path) -> str:
    """The local key, made and saved (mode 0600) the first time."""
    path = data_dir / "api_key"
    if path.exists():
        return path.read_text().strip()
    key = "gm_" + secrets.token_urlsafe(24)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(key)
    return key
