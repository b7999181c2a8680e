"""The ``groundmesh`` command: ``up`` runs the mesh, ``ask`` asks it, ``ingest`` feeds it,
``bench`` measures it. Each sub-command lives in ``mesh.commands`` or ``mesh.bench``."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Annotated

import typer

from mesh.bench import bench_app
from mesh.commands import ask as ask_command
from mesh.commands import eval as eval_command
from mesh.commands import ingest as ingest_command
from mesh.commands.common import LOCAL_TENANT, DataDir, local_key
from mesh.config import REPO_ROOT
from mesh.errors import GroundmeshError
from mesh.ingest_client import document_count, ingest_files, sample_corpus
from mesh.launcher import LaunchError, MeshLauncher

app = typer.Typer(
    help="Groundmesh: cited answers over your own documents.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


@app.command()
def up(
    data_dir: DataDir = Path(".groundmesh"),
    host: Annotated[str, typer.Option(help="gateway interface")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="gateway port (0 picks one)")] = 8080,
    no_auth: Annotated[bool, typer.Option(help="accept calls without a key (loopback)")] = False,
    sample: Annotated[bool, typer.Option(help="ingest the project's docs when empty")] = True,
) -> None:
    """Start all five services on loopback and keep them running until Ctrl-C or SIGTERM."""
    data_dir = data_dir.resolve()
    key = local_key(data_dir)
    keys = os.environ.get("GROUNDMESH_GATEWAY_API_KEYS") or f"{key}:{LOCAL_TENANT}"
    launcher = MeshLauncher(data_dir, host, port, api_keys=keys, no_auth=no_auth)
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
            if asyncio.run(document_count(retrieval, LOCAL_TENANT)) == 0:
                files = sample_corpus(REPO_ROOT)
                summary = asyncio.run(ingest_files(retrieval, LOCAL_TENANT, files, REPO_ROOT))
                typer.echo(
                    f"ingested the sample corpus: {summary.documents} documents, "
                    f"{summary.chunks} chunks"
                )
        typer.echo("")
        typer.echo(f"  gateway   {url}")
        typer.echo(f"  API key   {key}   (tenant {LOCAL_TENANT!r})")
        typer.echo(f"  logs      {data_dir / 'logs'}")
        typer.echo("")
        typer.echo(f'  try: groundmesh ask "What is Groundmesh?"   (or curl {url}/v1/ask)')
        typer.echo("  Ctrl-C stops every service.")
        while all(c.process.poll() is None for c in launcher.children.values()):
            time.sleep(0.5)
        dead = [n for n, c in launcher.children.items() if c.process.poll() is not None]
        typer.echo(f"{', '.join(dead)} exited; stopping the mesh", err=True)
        for name in dead:
            typer.echo(launcher.log_tail(name), err=True)
        raise typer.Exit(1)
    except KeyboardInterrupt:
        typer.echo("stopping …")
    except (LaunchError, GroundmeshError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc
    finally:
        launcher.stop()
        typer.echo("stopped")


app.command()(ask_command.ask)
app.command()(ingest_command.ingest)
app.command(name="eval")(eval_command.eval_command)
app.add_typer(bench_app, name="bench")
