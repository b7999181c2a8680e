"""The ``groundmesh`` command: ``up`` runs the mesh, ``ask`` asks it, ``ingest`` feeds it,
``bench`` measures it. Each sub-command lives in ``cli.commands`` or ``bench``."""

from __future__ import annotations

import typer

from bench import bench_app
from cli.commands import ask as ask_command
from cli.commands import eval as eval_command
from cli.commands import eval_followups
from cli.commands import ingest as ingest_command
from cli.commands import up as up_command

app = typer.Typer(
    help="Groundmesh: cited answers over your own documents.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


app.command()(up_command.up)
app.command()(ask_command.ask)
app.command()(ingest_command.ingest)
app.command(name="eval")(eval_command.eval_command)
app.command(name="eval-followups")(eval_followups.eval_followups)
app.add_typer(bench_app, name="bench")
