"""``groundmesh bench ocr``: character accuracy and speed of OCR on pages drawn from known text.

Every page of ``bench/data/ocr/pages.jsonl`` (written apart from the code, see its GUIDE.md) is
drawn (:mod:`bench.ocr_render`) at each chosen dpi, straight (a PNG) and as a phone photo (a
JPEG: turned, blurred, unevenly lit), and read two ways in the same run:

* ``groundmesh``: the real extraction path, :func:`retrieval_svc.formats.extract` on the file's
  bytes (straightening, layout, script and digit correction);
* ``rapidocr``: the baseline, the engine as shipped: ``RapidOCR()`` with its defaults, called
  on the decoded image, its lines joined in the order it returns them.

Character accuracy is 1 − CER: the edit distance between the recognised and the known text,
both NFKC-normalised (full-width forms such as （３） count as (3)) with all whitespace removed,
summed over the pages of a group and divided by their known characters. Also printed: seconds
per page (median and p99) and, for the 48 questions, whether the recognised text of the page
holds the gold value (NFKC, whitespace removed, case folded).

Pages are split into ``tune`` and ``report`` halves by a hash of their id; the README quotes
the report half.
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer

from bench.ocr_render import DATA, Page, find_font, load_pages, photo, png_bytes, render

SYSTEMS = ("groundmesh", "rapidocr")
LANGUAGES = ("zh-Hant", "zh-Hans", "en", "mixed")
TARGETS = {"zh-Hant": 0.95, "zh-Hans": 0.97, "en": 0.97}  # at 300 dpi, straight


def levenshtein(a: str, b: str) -> int:
    """Edit distance between ``a`` and ``b`` (Myers/Hyyrö bit-parallel, one pass over b)."""
    if not a:
        return len(b)
    if not b:
        return len(a)
    peq: dict[str, int] = {}
    for i, ch in enumerate(a):
        peq[ch] = peq.get(ch, 0) | (1 << i)
    mask = (1 << len(a)) - 1
    last = 1 << (len(a) - 1)
    pv, mv, score = mask, 0, len(a)
    for ch in b:
        eq = peq.get(ch, 0)
        xv = eq | mv
        xh = (((eq & pv) + pv) ^ pv) | eq
        ph = mv | ~(xh | pv)
        mh = pv & xh
        if ph & last:
            score += 1
        elif mh & last:
            score -= 1
        ph = (ph << 1) | 1
        mh <<= 1
        pv = (mh | ~(xv | ph)) & mask
        mv = ph & xv & mask
    return score


def squeeze(text: str) -> str:
    """NFKC with every whitespace character removed: what CER is counted over."""
    return "".join(unicodedata.normalize("NFKC", text).split())


@dataclass
class Reading:
    page: Page
    dpi: int
    condition: str  # "straight" or "photo"
    system: str
    text: str
    seconds: float
    error: str = ""

    @property
    def column(self) -> str:
        return f"{self.condition}-{self.dpi}" if self.condition == "photo" else str(self.dpi)

    @property
    def distance(self) -> int:
        return levenshtein(squeeze(self.page.known), squeeze(self.text))

    @property
    def size(self) -> int:
        return len(squeeze(self.page.known))


def _ours(content: bytes, content_type: str) -> str:
    from mesh.config import MiB
    from retrieval_svc.formats import extract

    document = extract(content_type, content, 64 * MiB).document
    parts: list[str] = []
    for block in document.blocks:
        parts.append(block.text)
        parts.extend(block.header)
        parts.extend(cell for row in block.rows for cell in row.cells)
    return "\n".join(p for p in parts if p)


class _Baseline:
    def __init__(self) -> None:
        self._engine: Any = None

    def __call__(self, content: bytes, content_type: str) -> str:
        import numpy as np
        from PIL import Image

        if self._engine is None:
            from rapidocr_onnxruntime import RapidOCR

            self._engine = RapidOCR()
        image = np.asarray(Image.open(io.BytesIO(content)).convert("RGB"))[:, :, ::-1].copy()
        result, _ = self._engine(image)
        return "\n".join(str(r[1]) for r in result or [])


def read_pages(
    pages: list[Page],
    straight_dpis: list[int],
    photo_dpis: list[int],
    systems: list[str],
    font: str,
) -> list[Reading]:
    """Every page drawn at each dpi, read straight at ``straight_dpis`` and photographed at
    ``photo_dpis``, by each system."""
    readers: dict[str, Callable[[bytes, str], str]] = {"groundmesh": _ours, "rapidocr": _Baseline()}
    out: list[Reading] = []
    jobs = [(d, "straight") for d in straight_dpis] + [(d, "photo") for d in photo_dpis]
    dpis = sorted({d for d, _ in jobs})
    total = len(pages) * len(jobs)
    done = 0
    for page in pages:
        for dpi in dpis:
            image = render(page, dpi, font)
            for condition in ("straight", "photo"):
                if (dpi, condition) not in jobs:
                    continue
                if condition == "photo":
                    content, ctype = photo(image, f"{page.id}/{dpi}", dpi), "image/jpeg"
                else:
                    content, ctype = png_bytes(image), "image/png"
                for system in systems:
                    start = time.perf_counter()
                    try:
                        text, error = readers[system](content, ctype), ""
                    except Exception as exc:  # a refused page reads as nothing
                        text, error = "", f"{type(exc).__name__}: {exc}"[:160]
                    seconds = time.perf_counter() - start
                    out.append(Reading(page, dpi, condition, system, text, seconds, error))
                done += 1
                typer.echo(f"  [{done}/{total}] {page.id} {dpi} dpi {condition}", err=True)
    return out


def _acc(rows: list[Reading]) -> float | None:
    size = sum(r.size for r in rows)
    return None if not size else 1 - sum(r.distance for r in rows) / size


def _pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f} %"


def _table(title: str, header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    typer.echo(f"\n{title}")
    for r in [header, ["-" * w for w in widths], *rows]:
        typer.echo("  ".join(str(c).ljust(w) for c, w in zip(r, widths, strict=True)))


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _normal(text: str) -> str:
    return squeeze(text).casefold()


def report(readings: list[Reading], systems: list[str], half: str) -> dict[str, Any]:
    columns = sorted({r.column for r in readings}, key=lambda c: (c.startswith("photo"), c))
    result: dict[str, Any] = {"half": half, "accuracy": {}, "speed": {}, "questions": {}}
    for system in systems:
        mine = [r for r in readings if r.system == system]
        rows: list[list[str]] = []
        for language in LANGUAGES:
            for kind in ("body", "table", "all"):
                group = [
                    r for r in mine
                    if r.page.language == language and kind in ("all", r.page.kind)
                ]  # fmt: skip
                if not group:
                    continue
                figures = {c: _acc([r for r in group if r.column == c]) for c in columns}
                result["accuracy"].setdefault(system, {})[f"{language}/{kind}"] = figures
                pages = len({r.page.id for r in group})
                rows.append([language, kind, str(pages), *(_pct(figures[c]) for c in columns)])
        everything = {c: _acc([r for r in mine if r.column == c]) for c in columns}
        result["accuracy"].setdefault(system, {})["all"] = everything
        rows.append(["all", "all", str(len({r.page.id for r in mine})),
                     *(_pct(everything[c]) for c in columns)])  # fmt: skip
        _table(
            f"character accuracy (1 − CER), {system}, {half} half",
            ["language", "kind", "pages", *columns],
            rows,
        )
    if any(r.column == "300" for r in readings):
        rows = []
        for language, target in TARGETS.items():
            line = [language, f"≥ {100 * target:.0f} %"]
            for system in systems:
                acc = _acc([r for r in readings if r.system == system and r.column == "300"
                            and r.page.language == language])  # fmt: skip
                mark = "" if acc is None else (" ✓" if acc >= target else " ✗")
                line.append(_pct(acc) + mark)
            rows.append(line)
        _table("targets at 300 dpi, straight pages", ["language", "target", *systems], rows)
    rows = []
    for system in systems:
        for column in columns:
            secs = [r.seconds for r in readings if r.system == system and r.column == column]
            if secs:
                result["speed"].setdefault(system, {})[column] = {
                    "median": statistics.median(secs), "p99": _p99(secs), "pages": len(secs),
                }  # fmt: skip
                rows.append([system, column, str(len(secs)),
                             f"{statistics.median(secs):.2f}", f"{_p99(secs):.2f}"])  # fmt: skip
    _table("seconds per page", ["system", "condition", "pages", "median", "p99"], rows)
    questions = _questions({r.page.id for r in readings})
    if questions:
        rows = []
        for system in systems:
            line = [system]
            for column in columns:
                texts = {
                    r.page.id: _normal(r.text)
                    for r in readings if r.system == system and r.column == column
                }  # fmt: skip
                hits = sum(
                    any(_normal(g) in texts.get(q["page"], "") for g in q["gold"])
                    for q in questions
                )
                result["questions"].setdefault(system, {})[column] = hits / len(questions)
                line.append(f"{100 * hits / len(questions):.1f} % ({hits}/{len(questions)})")
            rows.append(line)
        _table(
            f"gold value found in the page's recognised text ({len(questions)} questions)",
            ["system", *columns],
            rows,
        )
    errors = [r for r in readings if r.error]
    for r in errors:
        typer.echo(f"refused: {r.system} {r.page.id} {r.column}: {r.error}", err=True)
    result["refused"] = len(errors)
    return result


def _questions(page_ids: set[str]) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in (DATA / "questions.jsonl").read_text().splitlines()
            if line.strip()]  # fmt: skip
    return [q for q in rows if q["page"] in page_ids]


def register(app: typer.Typer) -> None:
    @app.command()
    def ocr(
        half: Annotated[str, typer.Option(help="tune, report or all")] = "report",
        dpi: Annotated[
            list[int] | None,
            typer.Option(
                help="dpi to read straight pages at (repeat; default 150 and 300; 0: none)"
            ),
        ] = None,
        photo_dpi: Annotated[
            list[int] | None,
            typer.Option(help="dpi to photograph at (repeat; default 300; 0: no photos)"),
        ] = None,
        baseline: Annotated[
            bool, typer.Option(help="also read every page with rapidocr as shipped")
        ] = True,
        limit: Annotated[int, typer.Option(min=0, help="read at most this many pages")] = 0,
        misses: Annotated[bool, typer.Option(help="print each page's text diff summary")] = False,
        json_out: Annotated[
            Path | None, typer.Option("--json", help="also write the figures here")
        ] = None,
    ) -> None:
        """Character accuracy (1 − CER) and seconds per page of OCR on pages drawn from known
        zh-Hant, zh-Hans, English and mixed text, straight and photographed, against rapidocr
        as shipped."""
        if half not in {"tune", "report", "all"}:
            raise typer.BadParameter("half is tune, report or all")
        font = find_font()
        if font is None:
            typer.echo(
                "error: no CJK TrueType font found (tried WenQuanYi, Noto CJK, AR PL); "
                "install one, e.g. apt-get install fonts-wqy-microhei",
                err=True,
            )
            raise typer.Exit(2)
        straight = sorted({d for d in (dpi or [150, 300]) if d > 0})
        pages = load_pages(half)[: limit or None]
        systems = ["groundmesh", "rapidocr"] if baseline else ["groundmesh"]
        photos = sorted({d for d in (photo_dpi or [300]) if d > 0})
        typer.echo(f"{len(pages)} pages of the {half} half, font {font}", err=True)
        readings = read_pages(pages, straight, photos, systems, font)
        result = report(readings, systems, half)
        if misses:
            for r in readings:
                if r.system == "groundmesh" and r.distance:
                    typer.echo(f"\n{r.page.id} {r.column}: {r.distance}/{r.size}", err=True)
                    typer.echo(f"  known: {squeeze(r.page.known)[:300]}", err=True)
                    typer.echo(f"  read:  {squeeze(r.text)[:300]}", err=True)
        if json_out is not None:
            result["pages"] = [
                {"id": r.page.id, "system": r.system, "column": r.column, "text": r.text,
                 "distance": r.distance, "size": r.size, "seconds": r.seconds}
                for r in readings
            ]  # fmt: skip
            json_out.write_text(json.dumps(result, ensure_ascii=False, indent=1))
        sys.stdout.flush()
