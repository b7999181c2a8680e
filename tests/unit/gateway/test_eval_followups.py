"""groundmesh eval-followups: reading conversations, and what its figures count."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer

from cli.commands.eval_followups import (
    Conversation,
    Turned,
    documents,
    read_conversations,
    summarize,
)

pytestmark = pytest.mark.unit

ROW = {
    "id": "fu-drcd-001",
    "dataset": "drcd",
    "first": "A?",
    "text": "那它呢？",
    "kind": "followup",
    "gold_doc_id": "p1",
}


def _write(tmp_path: Path, *rows: object) -> Path:
    path = tmp_path / "c.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), "utf-8")
    return path


def test_a_row_is_read(tmp_path: Path) -> None:
    [row] = read_conversations(_write(tmp_path, ROW))
    assert (row.first, row.text, row.kind, row.gold) == ("A?", "那它呢？", "followup", "p1")


@pytest.mark.parametrize(
    "bad",
    [
        {**ROW, "kind": "maybe"},
        {**ROW, "dataset": "wiki"},
        {k: v for k, v in ROW.items() if k != "first"},
        {k: v for k, v in ROW.items() if k != "gold_doc_id"},
        "not an object",
    ],
)
def test_a_bad_row_names_its_line(tmp_path: Path, bad: object) -> None:
    with pytest.raises(typer.BadParameter, match=":1:"):
        read_conversations(_write(tmp_path, bad))


def test_an_unknown_paragraph_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "retrieval" / "drcd"
    folder.mkdir(parents=True)
    (folder / "corpus.jsonl").write_text(json.dumps({"id": "p2", "title": "t", "text": "x"}))
    rows = read_conversations(_write(tmp_path, ROW))
    with pytest.raises(typer.BadParameter, match="p1"):
        documents(tmp_path, rows, 0)


def test_figures_per_kind() -> None:
    def turned(kind: str, cited: bool, router: bool, check: bool) -> Turned:
        c = Conversation("x", "drcd", "A?", "B?", kind, "p")
        return Turned(c, cited, False, router, check)

    figures = summarize(
        [
            turned("followup", True, True, False),
            turned("followup", True, False, True),
            turned("followup", False, False, False),
            turned("standalone", True, False, True),
        ]
    )
    assert figures["followup"]["rows"] == 3
    assert figures["followup"]["followup_either"] == pytest.approx(2 / 3)
    assert figures["followup"]["check_followup"] == pytest.approx(1 / 3)
    assert figures["standalone"]["check_followup"] == 1.0
    assert figures["standalone"]["cited_gold_without_history"] == 0.0
