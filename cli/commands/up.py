"""``groundmesh up``: run the whole mesh on loopback until Ctrl-C or SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from cli.commands.common import KEYS_ENV, LOCAL_TENANT, DataDir, configured_tenants, local_key
from cli.ingest_client import document_count, ingest_files, sample_corpus
from cli.launcher import LaunchError, MeshLauncher
from cli.supervision import RestartBudget, heal
from mesh.config import REPO_ROOT
from mesh.errors import GroundmeshError


@dataclass(frozen=True)
class GatewayKeys:
    """The keys the gateway will accept, and what ``up`` tells the user about them."""

    spec: str  # key:tenant pairs handed to the gateway
    local_key: str | None  # the generated local key, None when configured keys are in use
    tenants: tuple[str, ...]

    def describe(self) -> list[str]:
        if self.local_key is not None:
            return [f"  API key   {self.local_key}   (tenant {LOCAL_TENANT!r})"]
        names = ", ".join(repr(t) for t in self.tenants)
        return [
            f"  API keys  the configured {KEYS_ENV} (tenants {names}); no local key is made",
            "            groundmesh ask needs --api-key KEY or GROUNDMESH_API_KEY=KEY",
        ]


def gateway_keys(data_dir: Path, environ: Mapping[str, str]) -> GatewayKeys:
    """The configured keys when ``GROUNDMESH_GATEWAY_API_KEYS`` is set (nothing generated or
    saved: a local key would be rejected), else the local key (made and saved once)."""
    spec = environ.get(KEYS_ENV, "").strip()
    if spec:
        tenants = configured_tenants(spec)
        if tenants:
            return GatewayKeys(spec, None, tenants)
    key = local_key(data_dir)
    return GatewayKeys(f"{key}:{LOCAL_TENANT}", key, (LOCAL_TENANT,))


def up(
    data_dir: DataDir = Path(".groundmesh"),
    host: Annotated[str, typer.Option(help="gateway interface")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="gateway port (0 picks one)")] = 8080,
    no_auth: Annotated[bool, typer.Option(help="accept calls without a key (loopback)")] = False,
    sample: Annotated[bool, typer.Option(help="ingest the project's docs when empty")] = True,
) -> None:
    """Start all five services on loopback and keep them running until Ctrl-C or SIGTERM.

    A service that exits is started again on its port (the others reconnect); one that exits
    more than three times in a minute stops the mesh, with its log.

    The gateway accepts the keys in GROUNDMESH_GATEWAY_API_KEYS when it is set; otherwise a
    local key (tenant 'local') is made once, saved in the data directory and printed.
    """
    data_dir = data_dir.resolve()
    keys = gateway_keys(data_dir, os.environ)
    launcher = MeshLauncher(data_dir, host, port, api_keys=keys.spec, no_auth=no_auth)
    stopping = False

    def _stop(signum: int, _frame: object) -> None:
        nonlocal stopping
        if not stopping:
            stopping = True
            raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, _stop)
    started = time.monotonic()
    typer.echo(f"starting Groundmesh (data in {data_dir}) …")
    try:
        url = launcher.start()
        typer.echo(f"all five services are SERVING ({time.monotonic() - started:.1f}s)")
        if sample:
            retrieval = launcher.address("retrieval_svc")
            tenant = keys.tenants[0]  # the local tenant, or the first configured one
            if asyncio.run(document_count(retrieval, tenant)) == 0:
                files = sample_corpus(REPO_ROOT)
                summary = asyncio.run(ingest_files(retrieval, tenant, files, REPO_ROOT))
                typer.echo(
                    f"ingested the sample corpus: {summary.documents} documents, "
                    f"{summary.chunks} chunks (tenant {tenant!r})"
                )
        typer.echo("")
        typer.echo(f"  gateway   {url}")
        for line in keys.describe():
            typer.echo(line)
        typer.echo(f"  logs      {data_dir / 'logs'}")
        typer.echo("")
        typer.echo(f'  try: groundmesh ask "What is Groundmesh?"   (or curl {url}/v1/ask)')
        typer.echo("  Ctrl-C stops every service.")
        budget = RestartBudget()
        while True:
            time.sleep(0.5)
            failure = heal(launcher, budget, time.monotonic(), lambda m: typer.echo(m, err=True))
            if failure is not None:
                typer.echo(failure, err=True)
                raise typer.Exit(1)
    except KeyboardInterrupt:
        typer.echo("stopping …")
    except (LaunchError, GroundmeshError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc
    finally:
        launcher.stop()
        typer.echo("stopped")
