"""``groundmesh bench topology``: the production topology rehearsed on loopback, with faults.

Two gateways, three agents, two routers, two judges, two retrieval replicas and two ingest
workers, a three-node Weaviate cluster (replication factor 2) and Redis, all real processes on
this machine, under a bounded load of conversations and uploads. Prints the fault table, the
steady state beside the single-process mesh (same run, same load), ingest throughput with one
worker and with two, and the scale table (hybrid search on the Weaviate cluster and on the
embedded store at 100k and more chunks).
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer


def register(app: typer.Typer) -> None:
    @app.command("topology")
    def topology(
        conversations: Annotated[int, typer.Option(help="conversations kept going")] = 20,
        window: Annotated[
            float, typer.Option(help="seconds of steady load before and after each fault")
        ] = 15.0,
        ingest_documents: Annotated[
            int, typer.Option(help="uploads timed with one ingest worker and with two (0: skip)")
        ] = 24,
        scale_embedded: Annotated[
            str, typer.Option(help="embedded store sizes of the scale table, in chunks ('': skip)")
        ] = "100000,1000000",
        scale_weaviate: Annotated[
            str,
            typer.Option(
                help="Weaviate cluster sizes of the scale table ('': skip); 1M takes ~30-45 min "
                "and ~15 GB here"
            ),
        ] = "100000",
        workdir: Annotated[
            Path | None, typer.Option(help="where the processes keep their data (default: temp)")
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="print the figures as JSON")] = False,
    ) -> None:
        """Replicas, a Weaviate cluster and Redis on loopback; faults under load; scale."""
        from bench.topology.rehearsal import fault_table, rehearse, summary_table

        root = workdir or Path(tempfile.mkdtemp(prefix="groundmesh-topology-"))
        found = asyncio.run(
            rehearse(
                root,
                conversations=conversations,
                window=window,
                ingest_documents=ingest_documents,
                say=lambda m: typer.echo(m, err=True),
            )
        )
        from bench.topology.scale import run_scale, scale_table

        scale_rows = []
        for store, sizes in (("embedded", scale_embedded), ("weaviate", scale_weaviate)):
            counts = [int(n) for n in sizes.split(",") if n.strip()]
            if counts:
                scale_rows += run_scale(counts, root / "scale", stores=(store,))
        if as_json:
            figures = {
                "baseline": found.baseline and asdict(found.baseline),
                "steady": found.steady and asdict(found.steady),
                "faults": [asdict(r) for r in found.rows],
                "acked_uploads": found.acked_uploads,
                "lost": found.lost,
                "ingest_documents_per_second": found.ingest,
                "scale": [asdict(r) for r in scale_rows],
            }
            typer.echo(json.dumps(figures, indent=2, default=str))
            return
        typer.echo(summary_table(found))
        typer.echo("")
        typer.echo(fault_table(found))
        if scale_rows:
            typer.echo("")
            typer.echo(scale_table(scale_rows))
        if found.lost:
            raise typer.Exit(1)
