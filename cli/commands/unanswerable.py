"""Unanswerable questions for ``groundmesh eval --unanswerable``: asked in the same run as the
answerable ones, over the same uploaded paragraphs plus each question's topic paragraph.

``bench/data/unanswerable.jsonl`` holds 120 of them (40 DRCD zh-Hant, 40 CMRC 2018 zh-Hans,
40 SQuAD en), written by an engineer who had not read the judge or the agent: each asks about
the entity of a paragraph for a fact stated in no paragraph of the corpus (checked by search;
``why_unanswerable`` says what is missing). The rows hold questions and paragraph ids only,
no dataset text. Half of them (even CRC-32 of the id) are for tuning, the other half is
reported (``--unanswerable-split``).
"""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import typer

from mesh.config import REPO_ROOT

DEFAULT_FILE = REPO_ROOT / "bench" / "data" / "unanswerable.jsonl"
# The file's dataset names → the folders under ../shared/data/retrieval.
FOLDERS = {"drcd": "drcd", "cmrc2018": "cmrc2018", "squad": "squad_v1.1"}
SPLITS = ("report", "tune", "all")


def in_split(row_id: str, split: str) -> bool:
    """Even CRC-32 of the id → tune, odd → report."""
    if split == "all":
        return True
    even = zlib.crc32(row_id.encode("utf-8")) % 2 == 0
    return even if split == "tune" else not even


def read_unanswerable(path: Path, folder: str, split: str) -> list[tuple[str, str, str]]:
    """(id, question, topic paragraph id) of the rows for dataset ``folder`` in ``split``."""
    if split not in SPLITS:
        raise typer.BadParameter(f"split must be one of {', '.join(SPLITS)}")
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            row_id, question, topic = str(row["id"]), str(row["question"]), row["topic_doc_id"]
            dataset = FOLDERS.get(str(row["dataset"]))
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise typer.BadParameter(f"{path}:{n}: not an unanswerable row ({exc})") from exc
        if dataset == folder and in_split(row_id, split):
            rows.append((row_id, question, str(topic)))
    return rows
