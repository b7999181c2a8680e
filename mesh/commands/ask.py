"""``groundmesh ask``: stream an answer from a running mesh."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import httpx
import typer
from httpx_sse import connect_sse

from mesh.commands.common import DataDir, local_key, read_run


def ask(
    question: Annotated[str, typer.Argument(help="the question, in Chinese or English")],
    data_dir: DataDir = Path(".groundmesh"),
    url: Annotated[str | None, typer.Option(envvar="GROUNDMESH_URL")] = None,
    api_key: Annotated[str | None, typer.Option(envvar="GROUNDMESH_API_KEY")] = None,
) -> None:
    """Stream an answer from a running mesh: steps as they happen, then the answer and sources."""
    data_dir = data_dir.resolve()
    url = url or read_run(data_dir)["gateway_url"]
    key = api_key or local_key(data_dir)
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
