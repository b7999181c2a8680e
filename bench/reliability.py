"""``groundmesh bench reliability``: the reliability suite, run once, as one table.

Runs the same checks as ``pytest tests/reliability`` (real processes on loopback: services
killed mid-question and restarted, bad inputs at the HTTP edge and on every gRPC method,
Hypothesis fuzzing of the parsers, prompt injection, tenant isolation, ``kill -9`` during
ingest) and prints faults injected and survived, bad inputs tried and rejected cleanly,
isolation cases, kill points, and acknowledged documents lost (which must be zero).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from mesh.config import REPO_ROOT
from testkit.faults import ROWS, TALLY

SUITE = REPO_ROOT / "tests" / "reliability"


def run_suite(keyword: str = "", verbose: bool = False) -> int:
    """Run the suite in this process (so its tally is this module's); pytest's exit code."""
    import pytest  # a dev dependency: imported only when the benchmark runs

    if not SUITE.is_dir():
        raise typer.BadParameter(f"{SUITE} not found: run from a source checkout")
    args = [str(SUITE), "-p", "no:cacheprovider", "--rootdir", str(REPO_ROOT)]
    args += ["-v"] if verbose else ["-q", "--no-header"]
    if keyword:
        args += ["-k", keyword]
    TALLY.reset()
    return int(pytest.main(args))


def register(app: typer.Typer) -> None:
    @app.command("reliability")
    def reliability(
        keyword: Annotated[
            str, typer.Option("-k", help="only the checks whose names match (pytest -k)")
        ] = "",
        verbose: Annotated[bool, typer.Option(help="show pytest's own output")] = False,
        as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    ) -> None:
        """Faults, bad input, hostile documents and kill -9 against a real mesh, as one table.

        Exits non-zero if any check failed or anything acknowledged was lost.
        """
        code = run_suite(keyword, verbose)
        if as_json:
            figures = {
                row: {"tried": TALLY.tried.get(row, 0), "passed": TALLY.passed.get(row, 0)}
                for row, _, _ in ROWS
            }
            typer.echo(json.dumps({**figures, "failures": TALLY.failures, "lost": TALLY.lost}))
        else:
            typer.echo("Groundmesh reliability (offline engine, five processes on loopback)")
            typer.echo(TALLY.table())
            typer.echo(
                "expected failures: checks marked xfail record bugs found in the services "
                "(see the suite's BUGS tables)"
            )
        if code not in (0, 5) or TALLY.lost:
            raise typer.Exit(1)
