"""``groundmesh bench dates``: date questions computed by the agent's date_calculator tool.

``bench/data/dates/questions.jsonl`` was written from a guide (``bench/data/dates/GUIDE.md``) by
a helper who had not read the code: date arithmetic, weekdays and days between dates in zh-Hant,
zh-Hans and English, written in many ways, and questions that only mention a date and must not
be computed. Halves by id; the parser was adjusted on the **tune** half only.

A row is right when the planner's reading of the question (:func:`find_date_question`) computes
the expected value, or computes nothing for a row that asks no computation. Baseline from the
same run: no date tool (what the agent did before: nothing is computed).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from agent_svc.tools.dates import compute, find_date_question

DATA = Path(__file__).parent / "data" / "dates" / "questions.jsonl"
KINDS = ("add", "weekday", "between", "none")


@dataclass(frozen=True)
class Row:
    id: str
    language: str
    kind: str
    question: str
    expected: str

    @property
    def half(self) -> str:
        return "tune" if hashlib.sha1(self.id.encode()).digest()[0] % 2 == 0 else "report"


def load(half: str) -> list[Row]:
    rows = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line]
    out = [
        Row(r["id"], r["language"], r["kind"], r["question"], str(r.get("expected", "")))
        for r in rows
    ]
    return [r for r in out if half == "all" or r.half == half]


def answer(question: str) -> str:
    """The tool's line for the question, or "" when the planner computes nothing."""
    found = find_date_question(question)
    if found is None:
        return ""
    try:
        return compute(found.arguments())
    except ValueError as exc:
        return f"error: {exc}"


def right(row: Row, line: str) -> bool:
    if row.kind == "none":
        return not line
    if row.kind == "between":
        return line.endswith(f": {row.expected} days")
    return bool(line) and row.expected in line


def register(app: typer.Typer) -> None:
    @app.command()
    def dates(
        half: Annotated[str, typer.Option(help="tune, report or all")] = "report",
        misses: Annotated[bool, typer.Option(help="list the rows computed wrong")] = False,
    ) -> None:
        """Date questions computed by the date_calculator tool, against no tool."""
        if half not in {"tune", "report", "all"}:
            raise typer.BadParameter("half is tune, report or all")
        rows = load(half)
        typer.echo(f"\ndate questions, {half} half ({len(rows)} rows)")
        cols = ["all", *KINDS, "zh-Hant", "zh-Hans", "en"]
        typer.echo("system         " + "  ".join(c.rjust(8) for c in cols))
        wrong: list[tuple[Row, str]] = []
        for name, system in (("date tool", answer), ("no tool", lambda _q: "")):
            ok: Counter[str] = Counter()
            n: Counter[str] = Counter()
            for row in rows:
                line = system(row.question)
                good = right(row, line)
                for g in ("all", row.kind, row.language):
                    n[g] += 1
                    ok[g] += good
                if name == "date tool" and not good:
                    wrong.append((row, line))
            cells = [f"{100 * ok[c] / n[c]:6.1f} %" if n[c] else "     –  " for c in cols]
            typer.echo(name.ljust(15) + "  ".join(cells))
        if misses:
            for row, line in wrong:
                typer.echo(
                    f"  {row.id} [{row.kind}] {row.question} → {line!r} (want {row.expected})"
                )
