"""What the ``groundmesh`` sub-commands share: the data directory, the local key, the run file."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated

import typer

LOCAL_TENANT = "local"
KEYS_ENV = "GROUNDMESH_GATEWAY_API_KEYS"
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


def configured_tenants(spec: str) -> tuple[str, ...]:
    """The tenants of a ``key:tenant,…`` spec, in order, each once; BadParameter if malformed
    (the gateway would refuse to start with it)."""
    tenants: list[str] = []
    for item in filter(None, (p.strip() for p in spec.split(","))):
        key, sep, tenant = item.partition(":")
        if not sep or not key or not tenant:
            raise typer.BadParameter(f"{KEYS_ENV} must be comma-separated key:tenant pairs")
        if tenant not in tenants:
            tenants.append(tenant)
    return tuple(tenants)


def tenant_without_key(tenant: str, environ: Mapping[str, str]) -> str | None:
    """A warning when keys are configured and none of them reaches ``tenant`` (documents
    ingested for it could never be asked about through the gateway); None otherwise."""
    spec = environ.get(KEYS_ENV, "").strip()
    if not spec:
        return None
    try:
        tenants = configured_tenants(spec)
    except typer.BadParameter:
        return None
    if not tenants or tenant in tenants:
        return None
    names = ", ".join(repr(t) for t in tenants)
    return (
        f"warning: no key in {KEYS_ENV} belongs to tenant {tenant!r} (the keys' tenants: "
        f"{names}); nobody can ask about these documents through the gateway"
    )
