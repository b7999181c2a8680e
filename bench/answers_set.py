"""The answers set (``bench/data/answers/questions.jsonl``): loading, the corpus, and line scoring.

The set was written from ``bench/data/answers/GUIDE.md`` by a helper who had not read the writer
or the judge. Each question names the sentences of its source that answer it (``gold``), those
acceptable beside them (``context``) and the short answer (``key``); spans into the shared
corpora are character offsets, so no shared text is stored in the project.

Halves are split by source document (a paragraph, a docs file; tool questions by id), so no
paragraph is in both: ``tune`` is what the line rules were chosen on, ``report`` what the README
quotes.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mesh.config import REPO_ROOT
from mesh.scripts import EN, ZH, ZH_HANS, ZH_HANT, line_script

SET = REPO_ROOT / "bench" / "data" / "answers" / "questions.jsonl"
# 96 more questions by another helper (twenty-seventh session), over paragraphs of the same
# corpus that no question of SET is about: a check neither half was tuned on. Not in tune or
# report; asked with `--half dev`.
DEV_SET = REPO_ROOT / "bench" / "data" / "answers" / "questions_dev.jsonl"
SHARED = REPO_ROOT.parent / "shared" / "data" / "retrieval"
FOLDERS = {"drcd": "drcd", "cmrc2018": "cmrc2018", "squad": "squad_v1.1"}
DOCS = ("overview.zh-Hant.md", "architecture.md")
# Paragraphs of each shared corpus uploaded beside the gold ones (other articles: distractors),
# and the gold paragraph's neighbours in its own article (same subject: the near misses).
DISTRACTORS = 60
NEIGHBOURS = 2
# A line matches a sentence when this share of the shorter one's character bigrams is in the
# other (the writer may quote a sentence without its trailing clause or markup).
MATCH_SHARE = 0.7
_CITATION = re.compile(r"\s*\[[^\[\]\n]+\]")
_QUOTES = str.maketrans("", "", '「」“”"')


@dataclass(frozen=True)
class AnswerQuestion:
    id: str
    corpus: str
    doc: str | None
    language: str
    shape: str
    style: str
    question: str
    gold: tuple[str, ...]
    context: tuple[str, ...]
    keys: tuple[str, ...]
    tool_result: str = ""

    @property
    def half(self) -> str:
        # Two docs files only: their questions are split by id, like the tool questions.
        basis = self.doc if self.doc and self.corpus in FOLDERS else self.id
        return "tune" if hashlib.sha1(basis.encode()).digest()[0] % 2 == 0 else "report"


@dataclass
class Corpus:
    """The files uploaded: shared paragraphs as Markdown, and the sample corpus."""

    files: dict[str, bytes] = field(default_factory=dict)


def _span(span: dict[str, Any], text: str) -> str:
    if "text" in span:
        return str(span["text"])
    return text[int(span["start"]) : int(span["end"])]


def _paragraphs(corpus: str) -> dict[str, dict[str, str]]:
    path = SHARED / FOLDERS[corpus] / "corpus.jsonl"
    rows = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line)
    return {r["id"]: r for r in rows}


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def load(half: str) -> tuple[list[AnswerQuestion], Corpus]:
    """The questions of ``half`` (tune, report, all, or dev: :data:`DEV_SET`) and the corpus
    they are asked over (the same for every half)."""
    paragraphs = {c: _paragraphs(c) for c in FOLDERS}
    out = _questions(_rows(SET), paragraphs)
    corpus = _corpus(out, paragraphs)
    if half == "dev":
        return _questions(_rows(DEV_SET), paragraphs), corpus
    return [q for q in out if half == "all" or q.half == half], corpus


def _questions(
    rows: list[dict[str, Any]], paragraphs: dict[str, dict[str, dict[str, str]]]
) -> list[AnswerQuestion]:
    docs = {name: (REPO_ROOT / "docs" / name).read_text(encoding="utf-8") for name in DOCS}
    out: list[AnswerQuestion] = []
    for r in rows:
        corpus, doc = str(r["corpus"]), r.get("doc")
        shared = corpus in FOLDERS and doc is not None
        text = paragraphs[corpus][str(doc)]["text"] if shared else docs.get(doc or "", "")
        out.append(
            AnswerQuestion(
                id=r["id"],
                corpus=corpus,
                doc=doc,
                language=r["language"],
                shape=r["shape"],
                style=r.get("style", ""),
                question=r["question"],
                gold=tuple(_span(s, text) for s in r["gold"]),
                context=tuple(_span(s, text) for s in r["context"]),
                keys=tuple(_span(s, text) for s in r["key"]),
                tool_result=str(r.get("tool_result", "")),
            )
        )
    return out


def _corpus(
    questions: list[AnswerQuestion], paragraphs: dict[str, dict[str, dict[str, str]]]
) -> Corpus:
    """Every gold paragraph (both halves: the other half's paragraphs are distractors too), the
    other paragraphs of their articles, a seeded sample of other articles, README and docs."""
    corpus = Corpus()
    rng = random.Random(20261126)
    for name, rows in paragraphs.items():
        gold = {q.doc for q in questions if q.corpus == name and q.doc}
        ids = list(rows)
        keep: set[str] = set()
        for d in gold:
            at = ids.index(d)
            near = ids[max(at - NEIGHBOURS, 0) : at + NEIGHBOURS + 1]
            keep.update(i for i in near if rows[i]["title"] == rows[d]["title"])
        others = sorted(i for i in rows if i not in keep)
        keep.update(rng.sample(others, min(DISTRACTORS, len(others))))
        for i in sorted(keep):
            r = rows[i]
            corpus.files[f"{name}-{i}.md"] = f"# {r['title']}\n\n{r['text']}\n".encode()
    for path in [REPO_ROOT / "README.md", *(REPO_ROOT / "docs" / n for n in DOCS)]:
        corpus.files[path.name] = path.read_bytes()
    return corpus


def _norm(text: str) -> str:
    text = unicodedata.normalize("NFKC", _CITATION.sub("", text)).translate(_QUOTES).casefold()
    return "".join(ch for ch in text if ch.isalnum())


def _bigrams(text: str) -> set[str]:
    return {text[i : i + 2] for i in range(len(text) - 1)} or ({text} if text else set())


def matches(line: str, sentence: str) -> bool:
    """Whether an answer line quotes ``sentence`` (or most of it, or it most of the line)."""
    a, b = _bigrams(_norm(line)), _bigrams(_norm(sentence))
    if not a or not b:
        return False
    return len(a & b) >= MATCH_SHARE * min(len(a), len(b))


def holds_key(line: str, key: str) -> bool:
    k = _norm(key)
    return bool(k) and k in _norm(line)


@dataclass(frozen=True)
class LineScore:
    text: str
    addresses: bool
    wrong_language: bool
    marked_quote: bool


def answer_lines(answer: str) -> list[str]:
    """The answer's quoted lines: lead-ins ("From your documents:") and blank lines left out."""
    out: list[str] = []
    for line in answer.split("\n"):
        bare = _CITATION.sub("", line).strip()
        if not bare or (bare.endswith((":", "：")) and not _CITATION.search(line)):
            continue
        out.append(line.strip())
    return out


def score_line(q: AnswerQuestion, line: str) -> LineScore:
    if q.corpus == "tool":
        addresses = _norm(q.tool_result) in _norm(line)
    else:
        addresses = any(matches(line, s) for s in (*q.gold, *q.context)) or any(
            holds_key(line, k) for k in q.keys
        )
    marked = line.startswith(("「", "“"))
    return LineScore(line, addresses, _other_language(q.language, line), marked)


def _other_language(language: str, line: str) -> bool:
    script = line_script(_CITATION.sub("", line))
    if not script:
        return False
    if language == EN:
        return script != EN
    if script == EN:
        return True
    return (language, script) in {(ZH_HANT, ZH_HANS), (ZH_HANS, ZH_HANT)} and script != ZH


def holds_gold(q: AnswerQuestion, lines: list[str]) -> bool:
    """Whether the answer holds a gold line (or its key, or the tool's result)."""
    if q.corpus == "tool":
        return any(_norm(q.tool_result) in _norm(line) for line in lines)
    return any(
        any(matches(line, s) for s in q.gold) or any(holds_key(line, k) for k in q.keys)
        for line in lines
    )
