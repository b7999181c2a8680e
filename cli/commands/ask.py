"""``groundmesh ask``: stream an answer from a running mesh, readable or as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer
from httpx_sse import connect_sse

from cli.commands.common import DataDir, read_run, saved_local_key

URL = Annotated[
    str | None,
    typer.Option(envvar="GROUNDMESH_URL", help="gateway URL (default: the running mesh's)"),
]
API_KEY = Annotated[
    str | None,
    typer.Option(envvar="GROUNDMESH_API_KEY", help="API key (default: the local key)"),
]


NO_KEY_HINT = (
    "hint: pass --api-key KEY or set GROUNDMESH_API_KEY (when the gateway runs with "
    "GROUNDMESH_GATEWAY_API_KEYS, `groundmesh up` makes no local key)"
)


def gateway_client(data_dir: Path, url: str | None, api_key: str | None) -> httpx.Client:
    """An HTTP client for the gateway, authenticated with the given key, else the local key
    ``groundmesh up`` saved; without either it sends no key (fine for ``up --no-auth``)."""
    data_dir = data_dir.resolve()
    url = url or read_run(data_dir)["gateway_url"]
    key = api_key or saved_local_key(data_dir)
    return httpx.Client(
        base_url=url,
        headers={"Authorization": f"Bearer {key}"} if key else {},
        timeout=httpx.Timeout(10, read=330),
    )


def transport_failure(url: str, exc: httpx.TransportError) -> str:
    """One readable line for a gateway that could not be reached or stopped answering."""
    text = str(exc).strip()
    if isinstance(exc, httpx.TimeoutException):
        kind = {
            httpx.ConnectTimeout: "connect timeout",
            httpx.ReadTimeout: "read timeout",
            httpx.WriteTimeout: "write timeout",
            httpx.PoolTimeout: "pool timeout",
        }.get(type(exc), "timeout")
        return f"the gateway at {url} did not answer in time ({kind}); is `groundmesh up` running?"
    if isinstance(exc, httpx.ConnectError):
        reason = "connection refused" if "refused" in text.lower() else (text or "connect error")
        return f"cannot reach the gateway at {url} ({reason}); is `groundmesh up` running?"
    reason = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return f"the connection to the gateway at {url} failed ({reason}); is `groundmesh up` running?"


def _step_line(event: str, data: dict[str, Any]) -> str | None:
    if event == "reasoning":
        return f"· {data.get('step')}: {data.get('text')}"
    if event == "tool_call":
        return f"→ {data.get('tool')} {data.get('arguments_json')}"
    if event == "tool_result":
        mark = "←" if data.get("ok", True) else "✗"
        return f"{mark} {data.get('tool')}: {data.get('summary')}"
    if event == "judgement":
        return (
            f"⚖ risk {data.get('risk_score')} ({data.get('risk_level')}) → {data.get('decision')}"
        )
    return None


def page_note(source: dict[str, Any]) -> str:
    """Where a reader finds a source: "p. 3", "sheet: Rates 2026", "scanned p. 3", or "" when
    the document has no pages (an older gateway sends no ``page`` at all)."""
    page = source.get("page") or 0
    label = str(source.get("page_label") or "").strip()
    if source.get("scanned") or label == "scanned":
        return f"scanned p. {page}" if page else "scanned"
    if label:
        return f"sheet: {label}"
    return f"p. {page}" if page else ""


def source_line(index: int, source: dict[str, Any]) -> str:
    """One line of the Sources list: ``[1] doc#3 — Leave policy, p. 3``."""
    note = page_note(source)
    return f"  [{index}] {source['chunk_id']} — {source['title']}" + (f", {note}" if note else "")


def print_answer(done: dict[str, Any], streamed: str) -> None:
    """The final answer (again only if it differs from what streamed), sources and verdict."""
    answer = str(done.get("answer", ""))
    if "".join(streamed.split()) != "".join(answer.split()):
        typer.echo("" if not streamed else "\n(final answer)")
        typer.echo(answer)
    else:
        typer.echo("")
    sources = done.get("sources") or []
    if sources:
        typer.echo("\nSources:")
        for i, s in enumerate(sources, start=1):
            typer.echo(source_line(i, s))
    steps = done.get("intermediate_steps") or []
    if steps:
        typer.echo("\nSteps:")
        for s in steps:
            typer.echo(f"  {s['latency_ms']:9.1f} ms  {s['name']}: {s['detail']}")
    j = done.get("judgement") or {}
    typer.secho(
        f"\njudged: risk {j.get('risk_score')} ({j.get('risk_level')}), {j.get('decision')}"
        f" · {done.get('model_used')} · {done.get('total_latency_ms')} ms"
        f" · trace {done.get('trace_id')}",
        dim=True,
    )


def http_error(status: int, body: str) -> str:
    """One line for a failed call: the gateway's ``{"error": {"code", "message"}}`` read out,
    or the start of whatever else came back."""
    try:
        error = json.loads(body)["error"]
        return f"error {status} {error['code']}: {error['message']}"
    except (ValueError, KeyError, TypeError):
        return f"error {status}: {body[:300]}"


def _stream(
    client: httpx.Client, body: dict[str, Any], *, events: bool, quiet: bool
) -> tuple[dict[str, Any] | None, str]:
    """POST the question and print the events as they arrive; the done event's data (None if
    the stream ended without one) and the streamed answer text."""
    done: dict[str, Any] | None = None
    streamed = ""
    with connect_sse(client, "POST", "/v1/ask/stream", json=body) as source:
        if source.response.status_code != 200:
            source.response.read()
            typer.echo(http_error(source.response.status_code, source.response.text), err=True)
            if source.response.status_code == 401:
                typer.echo(NO_KEY_HINT, err=True)
            raise typer.Exit(1)
        for sse in source.iter_sse():
            data = json.loads(sse.data) if sse.data else {}
            if events:
                typer.echo(json.dumps({"event": sse.event, "id": sse.id, "data": data}))
            if sse.event == "done":
                done = data
                break
            if sse.event == "error":
                typer.echo(f"error: {data.get('code')}: {data.get('message')}", err=True)
                raise typer.Exit(1)
            if quiet:
                continue
            if sse.event == "token":
                if not streamed:
                    typer.echo("")
                streamed += str(data.get("text", ""))
                typer.echo(data.get("text", ""), nl=False)
            else:
                line = _step_line(sse.event, data)
                if line:
                    typer.secho(line, dim=True)
    return done, streamed


def ask(
    question: Annotated[str, typer.Argument(help="the question, in Chinese or English")],
    data_dir: DataDir = Path(".groundmesh"),
    url: URL = None,
    api_key: API_KEY = None,
    session: Annotated[
        str | None, typer.Option(help="conversation id: follow-ups with the same id see history")
    ] = None,
    doc: Annotated[
        list[str] | None, typer.Option(help="restrict to this doc_id (repeatable)")
    ] = None,
    trace: Annotated[bool, typer.Option(help="show each step's latency and the trace")] = False,
    json_output: Annotated[
        bool,
        typer.Option("--json", help="print only the final answer as one JSON object (scripts)"),
    ] = False,
    events: Annotated[
        bool, typer.Option("--events", help="print every event as one JSON line (scripts)")
    ] = False,
) -> None:
    """Ask a running mesh; stream the steps, the answer, its sources and the verdict.

    The agent's steps print as they happen, the answer as it is written, then its sources and
    the judge's verdict. --json prints only the final answer; --events every event.

    Examples: groundmesh ask "How are results fused?" · groundmesh ask "病假怎麼請？" --json
    """
    body: dict[str, Any] = {"question": question, "trace": trace}
    if session:
        body["session_id"] = session
    if doc:
        body["doc_ids"] = doc
    quiet = json_output or events
    client = gateway_client(data_dir, url, api_key)
    try:
        done, streamed = _stream(client, body, events=events, quiet=quiet)
    except httpx.TransportError as exc:
        typer.secho(transport_failure(str(client.base_url).rstrip("/"), exc), fg="red", err=True)
        raise typer.Exit(1) from None
    finally:
        client.close()
    if done is None:
        typer.echo("error: the stream ended without an answer", err=True)
        raise typer.Exit(1)
    if json_output:
        typer.echo(json.dumps(done, ensure_ascii=False, indent=2))
    elif not events:
        print_answer(done, streamed)
