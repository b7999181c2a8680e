"""The ``--split`` option of the benchmarks over ``../shared/data``: the ``tune`` half the code
was chosen on, the ``report`` half the README quotes, or ``all``."""

from __future__ import annotations

from pathlib import Path

import typer

SPLITS = ("report", "tune", "all")


def require_split(split: str, data_root: Path) -> None:
    """Exit with status 2 and a clear message for an unknown split or missing shared data."""
    if split not in SPLITS:
        typer.echo("error: --split must be report, tune or all", err=True)
        raise typer.Exit(2)
    if not data_root.is_dir():
        typer.echo(f"error: {data_root} not found (the shared data)", err=True)
        raise typer.Exit(2)
