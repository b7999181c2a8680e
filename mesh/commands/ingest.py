"""``groundmesh ingest``: feed files into a running mesh."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Annotated

import typer

from groundmesh.v1 import retrieval_pb2
from mesh.commands.common import LOCAL_TENANT, DataDir, read_run
from mesh.errors import GroundmeshError
from mesh.ingest_client import SUPPORTED_SUFFIXES, ingest_files

_KINDS = ", ".join(sorted(SUPPORTED_SUFFIXES))


def collect_files(paths: list[Path]) -> list[Path]:
    """The files named, and the supported files under the folders named."""
    files: list[Path] = []
    for p in paths:
        if p.is_dir():
            files.extend(
                f
                for f in sorted(p.rglob("*"))
                if f.is_file() and f.suffix.lower() in SUPPORTED_SUFFIXES
            )
        elif p.is_file():
            files.append(p)
        else:
            raise typer.BadParameter(f"{p} does not exist")
    if not files:
        raise typer.BadParameter(f"no supported files found ({_KINDS})")
    return files


def ingest(
    paths: Annotated[list[Path], typer.Argument(help=f"files or folders ({_KINDS})")],
    data_dir: DataDir = Path(".groundmesh"),
    tenant: Annotated[str, typer.Option(help="tenant to ingest for")] = LOCAL_TENANT,
) -> None:
    """Ingest files into a running mesh, with a progress bar and a summary."""
    files = collect_files(paths)
    target = read_run(data_dir.resolve())["retrieval_svc"]
    started = time.monotonic()
    with typer.progressbar(length=len(files), label="ingesting", show_pos=True) as bar:

        def progress(ack: retrieval_pb2.IngestResponse) -> None:
            if not ack.in_progress:
                bar.update(1)
            else:
                bar.label = f"{ack.doc_id} {ack.chunks_embedded}/{ack.chunks_total} chunks"

        try:
            summary = asyncio.run(
                ingest_files(target, tenant, files, Path.cwd(), on_progress=progress)
            )
        except GroundmeshError as exc:
            typer.secho(f"ingest failed: {exc.message}", fg=typer.colors.RED, err=True)
            raise typer.Exit(1) from exc
    seconds = time.monotonic() - started
    typer.echo(
        f"{summary.documents} documents, {summary.chunks} chunks in {seconds:.1f}s "
        f"({summary.bytes_sent / 1e6:.1f} MB)"
    )
