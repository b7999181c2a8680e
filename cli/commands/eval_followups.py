"""``groundmesh eval-followups``: second questions of a conversation, through a running mesh.

Each row of ``bench/data/followups.jsonl`` is a conversation over a paragraph of the shared
retrieval sets: a first question, then a second message that either leans on it (``followup``:
the subject dropped, "and when did it open?") or stands alone on another paragraph
(``standalone``, a hard negative). The gold paragraphs and some distractors are uploaded; the
first question is asked in a session, the second in the same session (what users do) and once
more without it (the baseline that ignores the conversation). Reported per kind: the gold
paragraph cited, the router's own follow-up decision and the agent's standalone check (trace
steps ``followup`` / ``standalone_check``).

The rows hold questions and paragraph ids only (``first``: the first question; ``text``: the
second message; ``gold_doc_id``: the paragraph that answers it); the paragraphs are read from
``--data-root``. The 120 rows (40 per set, half of each kind) were written by someone who had
not read the router or the agent, from the paragraphs alone.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

from cli.commands.ask import API_KEY, URL, gateway_client
from cli.commands.common import DataDir
from cli.commands.eval import (
    DATASETS,
    EvalQuestion,
    _delete_all,
    _retry_after,
    _upload,
    as_stored,
    score,
)
from cli.commands.unanswerable import SPLITS, in_split
from mesh.config import REPO_ROOT

DEFAULT_FILE = REPO_ROOT / "bench" / "data" / "followups.jsonl"
KINDS = ("followup", "standalone")
MAX_ATTEMPTS = 20


@dataclass(frozen=True)
class Conversation:
    id: str
    dataset: str
    first: str
    text: str
    kind: str
    gold: str


@dataclass(frozen=True)
class Turned:
    """How the second message went, with and without the conversation."""

    conversation: Conversation
    cited_gold: bool
    cited_gold_alone: bool
    router_followup: bool
    check_followup: bool


def read_conversations(path: Path, split: str = "all") -> list[Conversation]:
    """The rows of ``path`` in ``split`` (tune: even CRC-32 of the id, report: odd, or all); a
    bad line is an error naming it."""
    if split not in SPLITS:
        raise typer.BadParameter(f"split must be one of {', '.join(SPLITS)}")
    rows: list[Conversation] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            row = Conversation(
                str(r["id"]),
                r["dataset"],
                str(r["first"]),
                str(r["text"]),
                r["kind"],
                r["gold_doc_id"],
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise typer.BadParameter(f"{path}:{n}: not a conversation row ({exc})") from exc
        if row.kind not in KINDS or row.dataset not in DATASETS:
            raise typer.BadParameter(f"{path}:{n}: kind or dataset unknown")
        if in_split(row.id, split):
            rows.append(row)
    return rows


def documents(root: Path, rows: list[Conversation], distractors: int) -> dict[str, tuple[str, str]]:
    """The gold paragraphs of ``rows`` and ``distractors`` more per dataset."""
    docs: dict[str, tuple[str, str]] = {}
    for name in sorted({r.dataset for r in rows}):
        corpus_file = root / "retrieval" / name / "corpus.jsonl"
        if not corpus_file.exists():
            raise typer.BadParameter(f"{corpus_file} does not exist (is --data-root right?)")
        corpus = {}
        for line in corpus_file.read_text(encoding="utf-8").splitlines():
            p = json.loads(line)
            corpus[p["id"]] = (p["title"], p["text"])
        for r in rows:
            if r.dataset == name:
                if r.gold not in corpus:
                    raise typer.BadParameter(f"{r.id}: paragraph {r.gold} is not in {name}")
                docs[f"{r.gold}.txt"] = corpus[r.gold]
        for extra in list(corpus)[:distractors]:
            docs.setdefault(f"{extra}.txt", corpus[extra])
    return docs


def _ask(
    client: httpx.Client,
    question: str,
    session: str | None,
    sleep: Callable[[float], None] = time.sleep,
) -> dict[str, Any]:
    body: dict[str, Any] = {"question": question, "trace": True}
    if session:
        body["session_id"] = session
    for _ in range(MAX_ATTEMPTS):  # the gateway's rate limit: wait as it says, then ask again
        r = client.post("/v1/ask", json=body)
        if r.status_code != 429:
            break
        sleep(_retry_after(r.headers.get("retry-after")))
    if r.status_code != 200:
        raise typer.BadParameter(f"/v1/ask answered {r.status_code}: {r.text[:200]}")
    out: dict[str, Any] = r.json()
    return out


def converse(client: httpx.Client, row: Conversation, stored: dict[str, str]) -> Turned:
    """Ask the first question, then the second in the same session and alone."""
    session = f"eval-{uuid.uuid4().hex[:12]}"
    _ask(client, row.first, session)
    second = _ask(client, row.text, session)
    alone = _ask(client, row.text, None)
    gold = as_stored(EvalQuestion(row.id, row.text, (f"{row.gold}.txt",)), stored)
    steps = {s["name"]: s["detail"] for s in second.get("intermediate_steps") or []}
    checked = "searched as the follow-up" in steps.get("standalone_check", "")
    return Turned(
        row,
        cited_gold=bool(score(gold, second, 0.0).cited_gold),
        cited_gold_alone=bool(score(gold, alone, 0.0).cited_gold),
        router_followup="followup" in steps and not checked,
        check_followup=checked,
    )


def summarize(turned: list[Turned]) -> dict[str, dict[str, float | int]]:
    """Per kind: rows, gold cited with and without the conversation, follow-up decisions."""
    out: dict[str, dict[str, float | int]] = {}
    for kind in KINDS:
        rows = [t for t in turned if t.conversation.kind == kind]
        n = len(rows) or 1
        out[kind] = {
            "rows": len(rows),
            "cited_gold": sum(t.cited_gold for t in rows) / n,
            "cited_gold_without_history": sum(t.cited_gold_alone for t in rows) / n,
            "router_followup": sum(t.router_followup for t in rows) / n,
            "check_followup": sum(t.check_followup for t in rows) / n,
            "followup_either": sum(t.router_followup or t.check_followup for t in rows) / n,
        }
    return out


def eval_followups(
    file: Annotated[Path, typer.Option(help="JSONL of conversations")] = DEFAULT_FILE,
    data_root: Annotated[Path, typer.Option(help="where the shared evaluation data lives")] = Path(
        "../shared/data"
    ),
    distractors: Annotated[int, typer.Option(min=0, help="extra paragraphs per dataset")] = 30,
    split: Annotated[str, typer.Option(help="report (default), tune or all")] = "report",
    data_dir: DataDir = Path(".groundmesh"),
    url: URL = None,
    api_key: API_KEY = None,
    json_output: Annotated[bool, typer.Option("--json", help="print figures as JSON")] = False,
) -> None:
    """Follow-ups and standalone second questions through a running mesh (issue 17)."""
    rows = read_conversations(file, split)
    docs = documents(data_root, rows, distractors)
    turned: list[Turned] = []
    stored: dict[str, str] = {}
    with gateway_client(data_dir, url, api_key) as client:
        try:
            _upload(client, docs, stored)
            for row in rows:
                turned.append(converse(client, row, stored))
                if not json_output:
                    typer.echo(".", nl=False)
        finally:
            _delete_all(client, list(stored.values()))
    figures = summarize(turned)
    if json_output:
        typer.echo(json.dumps(figures, indent=2))
        return
    typer.echo("")
    typer.echo("kind        rows  gold cited  without history  router follow-up  check follow-up")
    for kind, f in figures.items():
        typer.echo(
            f"{kind:<10} {f['rows']:>5}  {f['cited_gold']:>9.1%}  "
            f"{f['cited_gold_without_history']:>15.1%}  {f['router_followup']:>16.1%}  "
            f"{f['check_followup']:>15.1%}"
        )
