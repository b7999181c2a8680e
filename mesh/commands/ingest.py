"""``groundmesh ingest``: feed files into a running mesh."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Annotated

import typer

from mesh.commands.common import LOCAL_TENANT, DataDir, read_run
from mesh.ingest_client import ingest_files


def ingest(
    paths: Annotated[list[Path], typer.Argument(help="files or folders (.txt, .md)")],
    data_dir: DataDir = Path(".groundmesh"),
    tenant: Annotated[str, typer.Option(help="tenant to ingest for")] = LOCAL_TENANT,
) -> None:
    """Ingest files into a running mesh, with progress and a summary."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files.extend(f for f in sorted(p.rglob("*")) if f.suffix in {".md", ".txt"})
        elif p.is_file():
            files.append(p)
        else:
            raise typer.BadParameter(f"{p} does not exist")
    if not files:
        raise typer.BadParameter("no .md or .txt files found")
    target = read_run(data_dir.resolve())["retrieval_svc"]
    started = time.monotonic()
    with typer.progressbar(length=len(files), label="ingesting") as bar:
        summary = asyncio.run(
            ingest_files(target, tenant, files, Path.cwd(), on_progress=lambda _: bar.update(1))
        )
    typer.echo(
        f"{summary.documents} documents, {summary.chunks} chunks in "
        f"{time.monotonic() - started:.1f}s"
    )
