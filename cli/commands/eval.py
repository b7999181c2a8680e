"""``groundmesh eval``: answer quality of a running mesh over a set of questions.

Questions come from a JSONL file (``{"question", "expected_doc_ids"?, "answers"?, "id"?}`` per
line) or from a public retrieval set under ``../shared/data/retrieval/<name>`` (DRCD, CMRC 2018,
SQuAD): its gold paragraphs and some distractors are uploaded through the gateway, asked
about, and deleted again. Every question goes through ``POST /v1/ask``, the path users take.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Annotated, Any

import httpx
import typer

from cli.commands.ask import API_KEY, URL, gateway_client
from cli.commands.common import DataDir
from cli.commands.unanswerable import DEFAULT_FILE, read_unanswerable

CITATION = re.compile(r"\[([^\[\]\n]+)\]")
DATASETS = ("drcd", "cmrc2018", "squad_v1.1")
MAX_DELETE_ATTEMPTS = 5


@dataclass(frozen=True)
class EvalQuestion:
    id: str
    question: str
    expected_doc_ids: tuple[str, ...] = ()
    answers: tuple[str, ...] = ()
    answerable: bool = True


@dataclass(frozen=True)
class Outcome:
    """How one question went."""

    id: str
    ok: bool
    error: str = ""
    latency_ms: float = 0.0
    retrieved: bool | None = None  # a gold document among the sources
    cited_gold: bool | None = None  # a citation names a gold document or its chunk
    contains_answer: bool | None = None  # a gold answer string appears in the answer
    citations_valid: bool = False  # every citation names a returned source
    cited: bool = False  # the answer cites at least once
    accepted: bool = False
    risk_score: float = 0.0
    answerable: bool = True
    refused: bool = False  # the honest "not found": no cited answer sentence
    question: str = ""
    answer: str = ""  # what was answered, for reading a run's misses (--json)


def score(q: EvalQuestion, body: dict[str, Any], latency_ms: float) -> Outcome:
    """Judge one ``/v1/ask`` answer against what was expected."""
    answer = str(body.get("answer", ""))
    sources = body.get("sources") or []
    source_ids = {s["chunk_id"] for s in sources} | {s["doc_id"] for s in sources}
    doc_of = {s["chunk_id"]: s["doc_id"] for s in sources}
    cited = CITATION.findall(answer)
    gold = set(q.expected_doc_ids)
    retrieved = cited_gold = contains = None
    if gold:
        retrieved = any(s["doc_id"] in gold for s in sources)
        cited_gold = any(doc_of.get(c, c) in gold for c in cited)
    if q.answers:
        folded = answer.casefold()
        contains = any(a.casefold() in folded for a in q.answers if a)
    judgement = body.get("judgement") or {}
    return Outcome(
        id=q.id,
        ok=True,
        latency_ms=latency_ms,
        retrieved=retrieved,
        cited_gold=cited_gold,
        contains_answer=contains,
        citations_valid=all(c in source_ids for c in cited),
        cited=bool(cited),
        accepted=judgement.get("decision") == "accept",
        risk_score=float(judgement.get("risk_score", 0.0)),
        answerable=q.answerable,
        refused=not cited,
        question=q.question,
        answer=answer,
    )


def _rate(values: list[bool | None]) -> float | None:
    known = [v for v in values if v is not None]
    return sum(known) / len(known) if known else None


def summarize(outcomes: list[Outcome]) -> dict[str, float | int | None]:
    """The figures of a run: rates over the questions where they apply, latency quantiles."""
    done = [o for o in outcomes if o.ok]
    answerable = [o for o in done if o.answerable]
    unanswerable = [o for o in done if not o.answerable]
    latencies = sorted(o.latency_ms for o in done)
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else None
    return {
        "questions": len(outcomes),
        "errors": len(outcomes) - len(done),
        "unanswerable_questions": len(unanswerable),
        "retrieved_gold": _rate([o.retrieved for o in answerable]),
        "cited_gold": _rate([o.cited_gold for o in answerable]),
        "unanswerable_refused": _rate([o.refused for o in unanswerable]),
        "contains_answer": _rate([o.contains_answer for o in answerable]),
        "cites": _rate([o.cited for o in done]),
        "citations_valid": _rate([o.citations_valid for o in done]),
        "accepted": _rate([o.accepted for o in done]),
        "mean_risk": statistics.fmean(o.risk_score for o in done) if done else None,
        "latency_median_ms": statistics.median(latencies) if latencies else None,
        "latency_p99_ms": p99,
    }


def read_questions(path: Path) -> list[EvalQuestion]:
    """Questions from a JSONL file; a bad line is an error naming the line."""
    questions = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            questions.append(
                EvalQuestion(
                    id=str(row.get("id", n)),
                    question=str(row["question"]),
                    expected_doc_ids=tuple(row.get("expected_doc_ids", ())),
                    answers=tuple(row.get("answers", ())),
                )
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise typer.BadParameter(f"{path}:{n}: not a question object ({exc})") from exc
    if not questions:
        raise typer.BadParameter(f"{path} holds no questions")
    return questions


@dataclass
class DatasetSample:
    questions: list[EvalQuestion]
    documents: dict[str, tuple[str, str]] = field(default_factory=dict)  # doc_id → (title, text)


def load_dataset(root: Path, name: str, limit: int, distractors: int) -> DatasetSample:
    """``limit`` questions, one per paragraph, their gold paragraphs and ``distractors`` more."""
    folder = root / "retrieval" / name
    if not (folder / "corpus.jsonl").exists():
        raise typer.BadParameter(f"{folder} has no corpus.jsonl (is --data-root right?)")
    corpus = {}
    for line in (folder / "corpus.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        corpus[row["id"]] = (row["title"], row["text"])
    gold_of = {}
    for line in (folder / "qrels.tsv").read_text(encoding="utf-8").splitlines()[1:]:
        query_id, doc_id, _ = line.split("\t")
        gold_of[query_id] = doc_id
    sample = DatasetSample([])
    used: set[str] = set()
    for line in (folder / "queries.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        para = gold_of.get(row["id"])
        if para is None or para in used or para not in corpus:
            continue
        used.add(para)
        doc_id = f"{para}.txt"
        sample.documents[doc_id] = corpus[para]
        sample.questions.append(
            EvalQuestion(row["id"], row["text"], (doc_id,), tuple(row.get("answers", ())))
        )
        if len(sample.questions) >= limit:
            break
    for para, doc in corpus.items():
        if len(sample.documents) >= len(sample.questions) + distractors:
            break
        sample.documents.setdefault(f"{para}.txt", doc)
    return sample


def add_unanswerable(sample: DatasetSample, root: Path, name: str, path: Path, split: str) -> int:
    """Add the unanswerable questions of dataset ``name`` and their topic paragraphs."""
    corpus = {}
    for line in (root / "retrieval" / name / "corpus.jsonl").read_text("utf-8").splitlines():
        row = json.loads(line)
        corpus[row["id"]] = (row["title"], row["text"])
    rows = read_unanswerable(path, name, split)
    for row_id, question, topic in rows:
        if topic not in corpus:
            raise typer.BadParameter(f"{path}: {row_id} names paragraph {topic}, not in {name}")
        sample.documents.setdefault(f"{topic}.txt", corpus[topic])
        sample.questions.append(EvalQuestion(row_id, question, answerable=False))
    return len(rows)


def _upload(
    client: httpx.Client, documents: dict[str, tuple[str, str]], stored: dict[str, str]
) -> None:
    """Upload ``documents`` (file name → title, text), filling ``stored`` (file name → the
    doc_id the store gave it: "Fresno,_California-21.txt" is stored as
    "Fresno-_California-21.txt") batch by batch, so a failed upload still cleans up."""
    items = list(documents.items())
    for start in range(0, len(items), 20):
        files = [
            ("files", (doc_id, f"# {title}\n\n{text}".encode(), "text/plain"))
            for doc_id, (title, text) in items[start : start + 20]
        ]
        r = client.post("/v1/documents", params={"wait": "true"}, files=files)
        if r.status_code != 201:
            raise typer.BadParameter(f"upload failed: {r.status_code} {r.text[:300]}")
        for doc in r.json().get("documents", []):
            stored[str(doc["filename"])] = str(doc["doc_id"])


def as_stored(q: EvalQuestion, stored: dict[str, str]) -> EvalQuestion:
    """``q`` expecting the doc_ids its documents were stored under."""
    return replace(q, expected_doc_ids=tuple(stored.get(d, d) for d in q.expected_doc_ids))


def _delete_all(
    client: httpx.Client, doc_ids: list[str], sleep: Callable[[float], None] = time.sleep
) -> list[str]:
    """Delete ``doc_ids``, waiting out the gateway's rate limit (429 + Retry-After) instead of
    leaving documents behind; the ids that could not be deleted."""
    left: list[str] = []
    for doc_id in doc_ids:
        for _ in range(MAX_DELETE_ATTEMPTS):
            try:
                r = client.delete(f"/v1/documents/{doc_id}")
            except httpx.HTTPError:
                continue
            if r.status_code != 429:
                break
            sleep(_retry_after(r.headers.get("retry-after")))
        else:
            left.append(doc_id)
            continue
        if r.status_code not in (200, 204, 404):
            left.append(doc_id)
    return left


def _retry_after(header: str | None) -> float:
    try:
        return min(max(float(header or 1), 0.1), 30.0)
    except ValueError:
        return 1.0


def _fmt(value: float | int | None, percent: bool = False) -> str:
    if value is None:
        return "—"
    if percent:
        return f"{100 * value:.1f} %"
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def eval_command(
    questions: Annotated[
        Path | None,
        typer.Argument(help="JSONL: {question, expected_doc_ids?, answers?, id?} per line"),
    ] = None,
    dataset: Annotated[
        str | None, typer.Option(help=f"a public set instead of a file: {', '.join(DATASETS)}")
    ] = None,
    data_root: Annotated[Path, typer.Option(help="where the shared evaluation data lives")] = Path(
        "../shared/data"
    ),
    limit: Annotated[int, typer.Option(min=1, help="questions to ask")] = 30,
    distractors: Annotated[
        int, typer.Option(min=0, help="extra paragraphs uploaded with --dataset")
    ] = 30,
    keep: Annotated[bool, typer.Option(help="keep the --dataset documents afterwards")] = False,
    unanswerable: Annotated[
        bool,
        typer.Option(help="with --dataset: also ask its unanswerable questions in the same run"),
    ] = False,
    unanswerable_file: Annotated[Path, typer.Option(help="JSONL of unanswerable questions")] = (
        DEFAULT_FILE
    ),
    unanswerable_split: Annotated[
        str, typer.Option(help="report (default), tune or all")
    ] = "report",
    data_dir: DataDir = Path(".groundmesh"),
    url: URL = None,
    api_key: API_KEY = None,
    json_output: Annotated[bool, typer.Option("--json", help="print figures as JSON")] = False,
) -> None:
    """Measure answer quality of a running mesh over a set of questions.

    Reports how often the gold document is retrieved and cited, a gold answer appears, the
    citations are valid and the judge accepts, and the latency (median, p99). With
    --unanswerable, also the share of unanswerable questions refused (no cited answer).

    Examples: groundmesh eval my_questions.jsonl · groundmesh eval --dataset drcd --limit 20
    """
    if (questions is None) == (dataset is None):
        raise typer.BadParameter("give either a questions file or --dataset")
    sample = (
        DatasetSample(read_questions(questions))
        if questions is not None
        else load_dataset(data_root, str(dataset), limit, distractors)
    )
    chosen = sample.questions[:limit]
    if unanswerable:
        if dataset is None:
            raise typer.BadParameter("--unanswerable needs --dataset")
        added = add_unanswerable(sample, data_root, dataset, unanswerable_file, unanswerable_split)
        chosen += sample.questions[-added:] if added else []
    outcomes: list[Outcome] = []
    stored: dict[str, str] = {}
    with gateway_client(data_dir, url, api_key) as client:
        try:
            if sample.documents:
                _upload(client, sample.documents, stored)
            for q in chosen:
                started = time.perf_counter()
                try:
                    r = client.post("/v1/ask", json={"question": q.question})
                except httpx.HTTPError as exc:
                    outcomes.append(Outcome(q.id, ok=False, error=str(exc)))
                    continue
                ms = (time.perf_counter() - started) * 1000
                if r.status_code != 200:
                    outcomes.append(Outcome(q.id, False, f"{r.status_code} {r.text[:200]}", ms))
                    continue
                outcomes.append(score(as_stored(q, stored), r.json(), ms))
                if not json_output:
                    typer.echo(".", nl=False)
        finally:
            if stored and not keep:
                left = _delete_all(client, list(stored.values()))
                if left:
                    typer.secho(
                        f"\nwarning: {len(left)} evaluation documents could not be deleted: "
                        + ", ".join(left[:10]),
                        fg=typer.colors.YELLOW,
                        err=True,
                    )
    figures = summarize(outcomes)
    if json_output:
        typer.echo(json.dumps({"figures": figures, "outcomes": [asdict(o) for o in outcomes]}))
        return
    typer.echo("")
    rows = [
        ("questions", _fmt(figures["questions"])),
        ("errors", _fmt(figures["errors"])),
        ("gold document retrieved", _fmt(figures["retrieved_gold"], True)),
        ("gold document cited (answerable)", _fmt(figures["cited_gold"], True)),
        ("unanswerable questions", _fmt(figures["unanswerable_questions"])),
        ("unanswerable refused", _fmt(figures["unanswerable_refused"], True)),
        ("answer contains a gold answer", _fmt(figures["contains_answer"], True)),
        ("answers with citations", _fmt(figures["cites"], True)),
        ("all citations valid", _fmt(figures["citations_valid"], True)),
        ("accepted by the judge", _fmt(figures["accepted"], True)),
        ("mean risk score", _fmt(figures["mean_risk"])),
        ("latency median (ms)", _fmt(figures["latency_median_ms"])),
        ("latency p99 (ms)", _fmt(figures["latency_p99_ms"])),
    ]
    width = max(len(k) for k, _ in rows)
    for key, value in rows:
        typer.echo(f"  {key:<{width}}  {value:>10}")
    for o in outcomes:
        if not o.ok:
            typer.echo(f"  ! {o.id}: {o.error}", err=True)
