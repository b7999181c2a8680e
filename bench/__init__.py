"""``groundmesh bench``: one module per benchmark, each exposing ``register(app)``.

Every benchmark prints a table (median, p99, and a ratio against a baseline measured in the same
run) and, with ``--json``, the same figures for scripts.
"""

from __future__ import annotations

import importlib
import importlib.util

import typer

BENCHMARKS = (
    "retrieval",
    "ingest",
    "router",
    "judge",
    "relevance",
    "grade",
    "gateway",
    "reliability",
    "agent",
    "documents",
    "answers",
    "rewrites",
    "dates",
    "scripts",
    "ocr",
    "topology",
)

bench_app = typer.Typer(
    help="Measure Groundmesh: each benchmark prints a table with its baseline.",
    no_args_is_help=True,
)

for _name in BENCHMARKS:
    _module_name = f"{__name__}.{_name}"
    if importlib.util.find_spec(_module_name) is not None:
        importlib.import_module(_module_name).register(bench_app)
