"""The ``bench documents`` set: documents made by ``bench/data/documents/make_*.py`` (written
by a helper who had not read the extractors), the real-world PDFs under
``../shared/data/documents/pdfplumber/`` (nobody here laid them out), and the questions over
them in ``bench/data/documents/questions_*.jsonl``, each with its gold values, page and half
(split by document: every question of a document shares its half)."""

from __future__ import annotations

import importlib.util
import json
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from mesh.config import REPO_ROOT

SET_DIR = REPO_ROOT / "bench" / "data" / "documents"
REAL_WORLD = REPO_ROOT.parent / "shared" / "data" / "documents" / "pdfplumber"
QUESTION_FILES = (
    "questions_pdf.jsonl",
    "questions_office.jsonl",
    "questions_realworld.jsonl",
    "questions_fresh.jsonl",
    "questions_fresh2.jsonl",
    "questions_fresh3.jsonl",
)
GENERATORS = ("make_pdfs.py", "make_office.py", "make_fresh.py", "make_fresh2.py", "make_fresh3.py")


@dataclass(frozen=True)
class DocQuestion:
    id: str
    file: str
    question: str
    language: str
    kind: str
    gold: tuple[str, ...]
    page: int | None
    format: str
    half: str
    source: str  # which questions file: pdf, office or realworld


def fold(text: str) -> str:
    """Text compared for a gold value: NFKC, case-folded, without spaces or thousands marks."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if not ch.isspace() and ch not in ",，")


def holds(text: str, gold: tuple[str, ...]) -> bool:
    """Whether ``text`` holds one of the gold values."""
    folded = fold(text)
    return any(fold(g) and fold(g) in folded for g in gold)


def load_questions(half: str) -> list[DocQuestion]:
    """The questions of ``half`` (tune, report or all) from every questions file present."""
    out: list[DocQuestion] = []
    for name in QUESTION_FILES:
        path = SET_DIR / name
        if not path.exists():
            continue
        source = name.removeprefix("questions_").removesuffix(".jsonl")
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            row = json.loads(line)
            if half != "all" and row["half"] != half:
                continue
            page = row.get("page")
            out.append(
                DocQuestion(
                    id=str(row["id"]),
                    file=str(row["file"]),
                    question=str(row["question"]),
                    language=str(row.get("language", "")),
                    kind=str(row.get("kind", "text")),
                    gold=tuple(str(g) for g in row["gold"]),
                    page=int(page) if page else None,
                    format=str(row.get("format") or Path(row["file"]).suffix.lstrip(".")),
                    half=str(row["half"]),
                    source=source,
                )
            )
    return out


def build_documents(out_dir: Path) -> dict[str, Path]:
    """File name → path of every document of the set: the generated ones written into
    ``out_dir``, the real-world PDFs where they are."""
    files: dict[str, Path] = {}
    for name in GENERATORS:
        script = SET_DIR / name
        if not script.exists():
            continue
        spec = importlib.util.spec_from_file_location(f"_docset_{script.stem}", script)
        if spec is None or spec.loader is None:
            continue
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
        for path in module.build(out_dir):
            files[Path(path).name] = Path(path)
    if REAL_WORLD.exists():
        for path in sorted(REAL_WORLD.glob("*.pdf")):
            files.setdefault(path.name, path)
    return files
