"""``groundmesh bench answers``: does every line of an answer earn its place?

The answers set (:mod:`bench.answers_set`) is asked through the real mesh (offline engine) twice,
each time on a fresh mesh over the same corpus (the set's gold paragraphs, their neighbours, a
seeded sample of other paragraphs of DRCD, CMRC 2018 and SQuAD, and the README and docs):

* ``before``: the writer and judge as they were before issue 28
  (``GROUNDMESH_AGENT_FOCUSED_ANSWERS=false``, ``GROUNDMESH_JUDGE_REFINE_OFF_TOPIC_LINES=false``);
* ``focused``: the defaults: lines in the question's language, the judge's per-line verdicts,
  the off-topic lines dropped.

Figures per system: **line precision** (answer lines that quote a gold or context sentence, or
hold the key or the tool's result, over all answer lines), **answer recall** (questions whose
answer holds a gold line, its key or the tool's result), lines per answer (median, p90),
wrong-language lines per 100 answers (unmarked, and marked as quotes), and refusals.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import statistics
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

from bench.answers_set import AnswerQuestion, LineScore, answer_lines, holds_gold, load, score_line
from cli.launcher import MeshLauncher

SYSTEMS: dict[str, dict[str, str]] = {
    "before": {
        "GROUNDMESH_AGENT_FOCUSED_ANSWERS": "false",
        "GROUNDMESH_JUDGE_REFINE_OFF_TOPIC_LINES": "false",
    },
    "focused": {},
}
KEY = "bench-answers-key-0123456789"
UPLOAD_BATCH = 40


@dataclass
class Asked:
    question: AnswerQuestion
    answer: str = ""
    lines: list[LineScore] = field(default_factory=list)
    gold: bool = False
    error: str = ""
    sources: list[dict[str, Any]] = field(default_factory=list)


def _upload(client: httpx.Client, files: dict[str, bytes]) -> None:
    names = sorted(files)
    for start in range(0, len(names), UPLOAD_BATCH):
        batch = [
            ("files", (n, files[n], "text/markdown")) for n in names[start : start + UPLOAD_BATCH]
        ]
        r = client.post("/v1/documents", params={"wait": "true"}, files=batch, timeout=900)
        if r.status_code != 201:
            raise RuntimeError(f"upload failed: {r.status_code} {r.text[:200]}")


def _ask(url: str, q: AnswerQuestion) -> Asked:
    with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {KEY}"}) as c:
        try:
            r = c.post("/v1/ask", json={"question": q.question}, timeout=330)
        except httpx.HTTPError as exc:
            return Asked(q, error=str(exc)[:100])
    if r.status_code != 200:
        return Asked(q, error=f"HTTP {r.status_code}")
    body = r.json()
    answer = str(body.get("answer", ""))
    lines = [line for line in answer_lines(answer) if "[" in line]
    scored = [score_line(q, line) for line in lines]
    return Asked(q, answer, scored, holds_gold(q, lines), sources=list(body.get("sources") or []))


def run_system(
    name: str, files: dict[str, bytes], qs: list[AnswerQuestion], workers: int
) -> list[Asked]:
    with tempfile.TemporaryDirectory(prefix=f"gm-answers-{name}-") as tmp:
        launcher = MeshLauncher(
            Path(tmp),
            gateway_port=0,
            api_keys=f"{KEY}:answers",
            extra_env={
                "OTEL_TRACES_EXPORTER": os.environ.get("OTEL_TRACES_EXPORTER", "none"),
                "GROUNDMESH_LOG_LEVEL": "WARNING",
                "GROUNDMESH_GATEWAY_RATE_PER_SECOND": "1000000",
                "GROUNDMESH_GATEWAY_RATE_BURST": "1000000",
                **SYSTEMS[name],
            },
        )
        typer.echo(f"[{name}] starting the mesh and uploading {len(files)} files …", err=True)
        url = launcher.start()
        try:
            with httpx.Client(base_url=url, headers={"Authorization": f"Bearer {KEY}"}) as c:
                _upload(c, files)
            typer.echo(f"[{name}] asking {len(qs)} questions …", err=True)
            with concurrent.futures.ThreadPoolExecutor(workers) as pool:
                return list(pool.map(lambda q: _ask(url, q), qs))
        finally:
            launcher.stop()


def figures(rows: list[Asked]) -> dict[str, Any]:
    answered = [r for r in rows if r.lines]
    lines = [s for r in answered for s in r.lines]
    counts = sorted(len(r.lines) for r in answered) or [0]
    p90 = counts[min(len(counts) - 1, int(0.9 * len(counts)))]
    per_100 = 100 / max(len(answered), 1)
    return {
        "questions": len(rows),
        "answered": len(answered),
        "line_precision": sum(s.addresses for s in lines) / max(len(lines), 1),
        "answer_recall": sum(r.gold for r in rows) / max(len(rows), 1),
        "lines_median": statistics.median(counts),
        "lines_p90": p90,
        "wrong_language_per_100": per_100
        * sum(s.wrong_language and not s.marked_quote for s in lines),
        "quoted_other_language_per_100": per_100
        * sum(s.wrong_language and s.marked_quote for s in lines),
        "errors": sum(bool(r.error) for r in rows),
    }


def _print(results: dict[str, list[Asked]], half: str) -> None:
    header = ["system", "line precision", "answer recall", "lines med/p90", "wrong-lang /100",
              "quoted other-lang /100", "answered", "errors"]  # fmt: skip
    rows = []
    for name, asked in results.items():
        f = figures(asked)
        rows.append([
            name, f"{100 * f['line_precision']:.1f} %", f"{100 * f['answer_recall']:.1f} %",
            f"{f['lines_median']:g} / {f['lines_p90']}", f"{f['wrong_language_per_100']:.1f}",
            f"{f['quoted_other_language_per_100']:.1f}", f"{f['answered']}/{f['questions']}",
            str(f["errors"]),
        ])  # fmt: skip
    _table(f"answers, {half} half (before = the writer before issue 28, same run)", header, rows)
    for name, asked in results.items():
        corpora = sorted({a.question.corpus for a in asked})
        by = []
        for corpus in corpora:
            f = figures([a for a in asked if a.question.corpus == corpus])
            precision, recall = (
                f"{100 * f['line_precision']:.1f} %",
                f"{100 * f['answer_recall']:.1f} %",
            )
            lines = f"{f['lines_median']:g} / {f['lines_p90']}"
            by.append([corpus, precision, recall, lines, str(f["questions"])])
        _table(f"{name} by corpus", ["corpus", "line precision", "answer recall", "lines", "n"], by)


def _table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    typer.echo(f"\n{title}")
    for r in [header, ["-" * w for w in widths], *rows]:
        typer.echo("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)))


def _misses(asked: list[Asked]) -> None:
    typer.echo("\noff lines and misses (focused):")
    for a in asked:
        off = [s.text for s in a.lines if not s.addresses]
        if off or not a.gold:
            typer.echo(f"- {a.question.id} [{a.question.shape}] {a.question.question}")
            for s in a.lines:
                typer.echo(f"    {'+' if s.addresses else '-'} {s.text[:150]}")
            if not a.lines:
                typer.echo(f"    (no answer) {' '.join(a.answer.split())[:150]}")


def register(app: typer.Typer) -> None:
    @app.command()
    def answers(
        half: Annotated[str, typer.Option(help="tune, report, all or dev")] = "report",
        workers: Annotated[int, typer.Option(min=1, max=8, help="questions asked at once")] = 3,
        baseline: Annotated[bool, typer.Option(help="also run the writer before issue 28")] = True,
        limit: Annotated[int, typer.Option(min=0, help="ask at most this many (0: all)")] = 0,
        misses: Annotated[bool, typer.Option(help="list off lines and misses")] = False,
        json_out: Annotated[
            Path | None, typer.Option("--json", help="also write the figures here")
        ] = None,
        dump: Annotated[
            Path | None, typer.Option(help="write every answer and its sources here (JSON Lines)")
        ] = None,
    ) -> None:
        """Line precision and answer recall of answers, against the writer before issue 28."""
        if half not in {"tune", "report", "all", "dev"}:
            raise typer.BadParameter("half is tune, report, all or dev")
        qs, corpus = load(half)
        qs = qs[: limit or None]
        systems = ["before", "focused"] if baseline else ["focused"]
        results = {name: run_system(name, corpus.files, qs, workers) for name in systems}
        _print(results, half)
        if misses:
            _misses(results["focused"])
        if dump is not None:
            with dump.open("w", encoding="utf-8") as f:
                for name, rows in results.items():
                    for a in rows:
                        row = {"system": name, "id": a.question.id, "answer": a.answer,
                               "sources": a.sources}  # fmt: skip
                        f.write(json.dumps(row, ensure_ascii=False) + "\n")
        if json_out is not None:
            out = {name: figures(rows) for name, rows in results.items()}
            json_out.write_text(json.dumps({"half": half, **out}, indent=2) + "\n")
