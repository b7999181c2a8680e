"""The ``groundmesh`` command: ``up`` runs the mesh, ``ask`` asks it, ``ingest`` feeds it."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import time
from pathlib import Path
from typing import Annotated

import httpx
import typer
from httpx_sse import connect_sse

from mesh.config import REPO_ROOT
from mesh.errors import GroundmeshError
from mesh.ingest_client import document_count, ingest_files, sample_corpus
from mesh.launcher import LaunchError, MeshLauncher

app = typer.Typer(
    help="Groundmesh: cited answers over your own documents.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

LOCAL_TENANT = "local"
DataDir = Annotated[
    Path,
    typer.Option(envvar="GROUNDMESH_DATA_DIR", help="where the store, logs and the key live"),
]


def _read_run(data_dir: Path) -> dict[str, str]:
    path = data_dir / "run" / "mesh.json"
    if not path.exists():
        raise typer.BadParameter(f"no running mesh found ({path} is missing); run groundmesh up")
    data: dict[str, str] = json.loads(path.read_text())
    return data


def _local_key(data_dir: Path) -> str:
    path = data_dir / "api_key"
    if path.exists():
        return path.read_text().strip()
    key = "gm_" + secrets.token_urlsafe(24)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(key)
    return key


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
    key = _local_key(data_dir)
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


@app.command()
def ask(
    question: Annotated[str, typer.Argument(help="the question, in Chinese or English")],
    data_dir: DataDir = Path(".groundmesh"),
    url: Annotated[str | None, typer.Option(envvar="GROUNDMESH_URL")] = None,
    api_key: Annotated[str | None, typer.Option(envvar="GROUNDMESH_API_KEY")] = None,
) -> None:
    """Stream an answer from a running mesh: steps as they happen, then the answer and sources."""
    data_dir = data_dir.resolve()
    url = url or _read_run(data_dir)["gateway_url"]
    key = api_key or _local_key(data_dir)
    headers = {"Authorization": f"Bearer {key}"}
    done: dict[str, object] | None = None
    with (
        httpx.Client(base_url=url, timeout=httpx.Timeout(10, read=330)) as client,
        connect_sse(
            client, "POST", "/v1/ask/stream", json={"question": question}, headers=headers
        ) as source,
    ):
        if source.response.status_code != 200:
            source.response.read()
            typer.echo(f"error {source.response.status_code}: {source.response.text}", err=True)
            raise typer.Exit(1)
        for sse in source.iter_sse():
            data = json.loads(sse.data) if sse.data else {}
            if sse.event == "reasoning":
                typer.secho(f"· {data.get('step')}: {data.get('text')}", dim=True)
            elif sse.event == "tool_call":
                typer.secho(f"→ {data.get('tool')} {data.get('arguments_json')}", dim=True)
            elif sse.event == "tool_result":
                typer.secho(f"← {data.get('tool')}: {data.get('summary')}", dim=True)
            elif sse.event == "judgement":
                typer.secho(
                    f"⚖ risk {data.get('risk_score')} ({data.get('risk_level')}) → "
                    f"{data.get('decision')}",
                    dim=True,
                )
            elif sse.event == "token":
                pass  # the answer is printed whole below, with its sources
            elif sse.event == "done":
                done = data
            elif sse.event == "error":
                typer.echo(f"error: {data.get('code')}: {data.get('message')}", err=True)
                raise typer.Exit(1)
    if done is None:
        typer.echo("error: the stream ended without an answer", err=True)
        raise typer.Exit(1)
    typer.echo("")
    typer.echo(str(done["answer"]))
    sources = done.get("sources") or []
    if isinstance(sources, list) and sources:
        typer.echo("")
        typer.echo("Sources:")
        for i, s in enumerate(sources, start=1):
            typer.echo(f"  [{i}] {s['chunk_id']} — {s['title']}")
    judgement = done.get("judgement")
    if isinstance(judgement, dict):
        typer.secho(
            f"\njudged: risk {judgement['risk_score']} ({judgement['risk_level']}), "
            f"{judgement['decision']} · trace {done.get('trace_id')}",
            dim=True,
        )


@app.command()
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
    target = _read_run(data_dir.resolve())["retrieval_svc"]
    started = time.monotonic()
    with typer.progressbar(length=len(files), label="ingesting") as bar:
        summary = asyncio.run(
            ingest_files(target, tenant, files, Path.cwd(), on_progress=lambda _: bar.update(1))
        )
    typer.echo(
        f"{summary.documents} documents, {summary.chunks} chunks in "
        f"{time.monotonic() - started:.1f}s"
    )
