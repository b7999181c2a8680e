"""``groundmesh ingest``: feed files into a running mesh."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Annotated

import typer

from cli.commands.common import LOCAL_TENANT, DataDir, read_run, tenant_without_key
from cli.ingest_client import SUPPORTED_SUFFIXES, doc_id_for, ingest_files
from groundmesh.v1 import retrieval_pb2
from mesh.errors import GroundmeshError

_KINDS = ", ".join(sorted(SUPPORTED_SUFFIXES))


def collect_files(paths: list[Path]) -> dict[str, Path]:
    """The files to ingest by document id: each file named keeps its base name as id
    (``notes.txt``); a file inside a folder named gets its path relative to that folder
    (``a/notes.txt`` → ``a-notes.txt``), so files that share a base name stay separate.
    Two files that would get the same id are refused before anything is sent."""
    by_id: dict[str, Path] = {}
    seen: set[Path] = set()

    def add(file: Path, root: Path | None) -> None:
        resolved = file.resolve()
        if resolved in seen:
            return
        seen.add(resolved)
        doc_id = doc_id_for(file, root)
        other = by_id.get(doc_id)
        if other is not None:
            raise typer.BadParameter(
                f"{other} and {file} would both be stored as document {doc_id!r}; "
                "rename one or ingest them separately"
            )
        by_id[doc_id] = file

    for p in paths:
        if p.is_dir():
            for f in sorted(p.rglob("*")):
                if f.is_file() and f.suffix.lower() in SUPPORTED_SUFFIXES:
                    add(f, p)
        elif p.is_file():
            add(p, None)
        else:
            raise typer.BadParameter(f"{p} does not exist")
    if not by_id:
        raise typer.BadParameter(f"no supported files found ({_KINDS})")
    return by_id


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
                ingest_files(
                    target,
                    tenant,
                    list(files.values()),
                    Path.cwd(),  # the "source" metadata is relative to it
                    on_progress=progress,
                    doc_ids=list(files),
                )
            )
        except GroundmeshError as exc:
            typer.secho(f"ingest failed: {exc.message}", fg=typer.colors.RED, err=True)
            raise typer.Exit(1) from exc
    seconds = time.monotonic() - started
    typer.echo(
        f"{summary.documents} documents, {summary.chunks} chunks for tenant {tenant!r} in "
        f"{seconds:.1f}s ({summary.bytes_sent / 1e6:.1f} MB)"
    )
    unreachable = tenant_without_key(tenant, os.environ)
    if unreachable:
        typer.secho(unreachable, fg=typer.colors.YELLOW, err=True)
