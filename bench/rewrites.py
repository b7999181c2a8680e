"""``groundmesh bench rewrites``: follow-ups that put a new entity in the old one's place.

After 「婚假可以請幾天？」, 「那病假呢？薪水怎麼算？」 stands for 「病假可以請幾天？」 and
「病假的薪水怎麼算？」. The set (``bench/data/answers/substitutions.jsonl``, written from
``SUBSTITUTIONS.md`` by a helper who had not read the router) gives the first question, the
follow-up and the standalone question(s) a person would write; about a fifth are controls that
keep the old entity.

The offline router (in process, the learned model as shipped) routes the follow-up with the
first question as history. A row is right when every expected question is matched by one of the
router's standalone parts: the part names the new entity and not the old one (controls: the old
entity), and holds at least ``MIN_TERM_SHARE`` of the expected question's key terms. Two trivial
baselines are scored the same way: the message as typed, and the message with the last
question's topic put in front (「關於婚假，那病假呢」, what the router did before issue 28).
Halves by row id hash: ``tune`` (the rules were written against it) and ``report``.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from mesh.config import REPO_ROOT
from router_svc.decision import HistoryTurn
from router_svc.followup import topic_of
from router_svc.offline import LexiconRouter
from router_svc.rewrite import key_terms, split_parts

SET = REPO_ROOT / "bench" / "data" / "answers" / "substitutions.jsonl"
MIN_TERM_SHARE = 0.6


@dataclass(frozen=True)
class Row:
    id: str
    language: str
    first: str
    text: str
    substitution: bool
    old: str
    new: str
    expected: tuple[str, ...]

    @property
    def half(self) -> str:
        return "tune" if hashlib.sha1(self.id.encode()).digest()[0] % 2 == 0 else "report"


def load(half: str) -> list[Row]:
    rows = []
    for line in SET.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        rows.append(
            Row(
                r["id"],
                r["language"],
                r["first"],
                r["text"],
                bool(r["substitution"]),
                r.get("old") or "",
                r.get("new") or "",
                tuple(r["expected"]),
            )
        )
    return [r for r in rows if half == "all" or r.half == half]


def _norm(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def _terms(text: str) -> set[str]:
    terms: set[str] = set()
    for word in key_terms(text).split():
        w = _norm(word)
        if any("\u3400" <= c <= "\u9fff" for c in w):
            terms.update(w[i : i + 2] for i in range(max(len(w) - 1, 1)))
        else:
            terms.add(w)
    return terms


def matches(row: Row, part: str, expected: str) -> bool:
    """Whether ``part`` stands for ``expected``: the right entity, most of its terms."""
    p = _norm(part)
    if row.substitution:
        if _norm(row.new) not in p or (
            _norm(row.old) in p and _norm(row.old) not in _norm(row.new)
        ):
            return False
    elif row.old and _norm(row.old) not in p:
        return False
    want = _terms(expected)
    return not want or len(want & _terms(part)) >= MIN_TERM_SHARE * len(want)


def right(row: Row, parts: list[str]) -> bool:
    return all(any(matches(row, p, e) for p in parts) for e in row.expected)


def _parts(standalone: str) -> list[str]:
    return split_parts(standalone) or [standalone]


def systems() -> dict[str, Callable[[Row], list[str]]]:
    router = LexiconRouter()

    def ours(row: Row) -> list[str]:
        history = [HistoryTurn("user", row.first), HistoryTurn("assistant", "……")]
        decision = router.route(row.text, history)
        # The agent searches the standalone question, and the contextual one beside the message
        # when the router did not call it a follow-up (its standalone check picks by evidence).
        standalone = decision.standalone_question or row.text
        contextual = decision.contextual_question
        extra = [contextual, *_parts(contextual)] if contextual else []
        return [standalone, *_parts(standalone), *decision.sub_queries, *extra]

    def as_typed(row: Row) -> list[str]:
        return _parts(row.text)

    def topic_prefix(row: Row) -> list[str]:
        topic = topic_of(row.first)
        if row.language == "en":
            return [f"{p} (about {topic})" for p in _parts(row.text)]
        about = "关于" if row.language == "zh-Hans" else "關於"
        return [f"{about}{topic}，{p}" for p in _parts(row.text)]

    return {"groundmesh": ours, "as typed": as_typed, "topic prefix": topic_prefix}


def register(app: typer.Typer) -> None:
    @app.command()
    def rewrites(
        half: Annotated[str, typer.Option(help="tune, report or all")] = "report",
        misses: Annotated[bool, typer.Option(help="list the rows the router got wrong")] = False,
        json_out: Annotated[
            Path | None, typer.Option("--json", help="write the figures here")
        ] = None,
    ) -> None:
        """Follow-ups rewritten as the question they stand for (entity substitution)."""
        if half not in {"tune", "report", "all"}:
            raise typer.BadParameter("half is tune, report or all")
        rows = load(half)
        figures: dict[str, dict[str, float]] = {}
        typer.echo(f"\nfollow-up rewrites, {half} half ({len(rows)} rows)")
        typer.echo("system        all     substitutions  controls  two-part  zh-Hant  zh-Hans  en")
        wrong: list[tuple[Row, list[str]]] = []
        for name, system in systems().items():
            ok: Counter[str] = Counter()
            n: Counter[str] = Counter()
            for row in rows:
                parts = system(row)
                good = right(row, parts)
                groups = ["all", "substitutions" if row.substitution else "controls", row.language]
                if len(row.expected) > 1:
                    groups.append("two-part")
                for g in groups:
                    n[g] += 1
                    ok[g] += good
                if name == "groundmesh" and not good:
                    wrong.append((row, parts))
            share = {g: ok[g] / n[g] for g in n}
            figures[name] = share
            cols = ["all", "substitutions", "controls", "two-part", "zh-Hant", "zh-Hans", "en"]
            typer.echo(name.ljust(13) + " ".join(f"{100 * share.get(c, 0):6.1f} %" for c in cols))
        if misses:
            for row, parts in wrong:
                typer.echo(f"- {row.id} {row.first} → {row.text}")
                typer.echo(f"    want {list(row.expected)}\n    got  {parts}")
        if json_out is not None:
            json_out.write_text(json.dumps({"half": half, **figures}, indent=2) + "\n")
