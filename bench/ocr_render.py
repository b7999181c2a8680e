"""Pages of ``bench/data/ocr/pages.jsonl`` drawn as A4 page images for ``bench ocr``.

A title, then paragraphs wrapped to the A4 text width (CJK breaks between any two characters,
Latin text between words), or a caption and a table drawn as a ruled grid. ``photo`` makes a
phone photograph of the page: turned 2–4°, blurred, lit unevenly and re-encoded as JPEG, all
drawn from a generator seeded by the page id, so every run sees the same pixels.
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

DATA = Path(__file__).resolve().parent / "data" / "ocr"
FONTS = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
)
A4 = (8.27, 11.69)  # inches
MARGIN = 0.9  # inches
_TOKEN = re.compile(
    r"[\u2e80-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]|[^\s\u2e80-\u9fff]+|\s+"
)


@dataclass(frozen=True)
class Page:
    id: str
    language: str
    kind: str
    title: str
    paragraphs: tuple[str, ...] = ()
    caption: str = ""
    rows: tuple[tuple[str, ...], ...] = ()

    @property
    def half(self) -> str:
        """tune or report, by a hash of the id (stable across runs and machines)."""
        return "tune" if hashlib.sha256(self.id.encode()).digest()[0] % 2 == 0 else "report"

    @property
    def known(self) -> str:
        """The page's text in reading order: title, paragraphs or caption and cells."""
        parts = [self.title, *self.paragraphs, self.caption]
        parts += [cell for row in self.rows for cell in row]
        return "\n".join(p for p in parts if p)


def load_pages(half: str = "all") -> list[Page]:
    pages = []
    for line in (DATA / "pages.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        page = Page(
            id=row["id"], language=row["language"], kind=row["kind"], title=row["title"],
            paragraphs=tuple(row.get("paragraphs") or ()), caption=row.get("caption") or "",
            rows=tuple(tuple(str(c) for c in r) for r in row.get("rows") or ()),
        )  # fmt: skip
        if half in ("all", page.half):
            pages.append(page)
    return pages


def find_font() -> str | None:
    """The first CJK TrueType font on the machine, or None."""
    return next((f for f in FONTS if Path(f).is_file()), None)


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for token in _TOKEN.findall(text):
        if token.isspace():
            token = " "
        candidate = line + token
        if font.getlength(candidate) <= width or not line.strip():
            line = candidate
            continue
        lines.append(line.rstrip())
        line = "" if token == " " else token
    if line.strip():
        lines.append(line.rstrip())
    return lines


def render(page: Page, dpi: int, font_path: str) -> Image.Image:
    """The page drawn straight, black on white, at ``dpi``."""
    size = (round(A4[0] * dpi), round(A4[1] * dpi))
    image = Image.new("RGB", size, "white")
    draw = ImageDraw.Draw(image)
    px = dpi / 72  # pixels per point
    left = MARGIN * dpi
    width = size[0] - 2 * left
    y = MARGIN * dpi
    title = ImageFont.truetype(font_path, round(18 * px))
    for line in _wrap(page.title, title, width):
        draw.text((left, y), line, font=title, fill="black")
        y += 18 * px * 1.5
    y += 8 * px
    body = ImageFont.truetype(font_path, round(11 * px))
    for para in page.paragraphs:
        for line in _wrap(para, body, width):
            draw.text((left, y), line, font=body, fill="black")
            y += 11 * px * 1.6
        y += 11 * px * 0.8
    if page.caption:
        for line in _wrap(page.caption, body, width):
            draw.text((left, y), line, font=body, fill="black")
            y += 11 * px * 1.6
        y += 6 * px
    if page.rows:
        _table(draw, page.rows, left, y, width, px, font_path)
    return image


def _table(
    draw: ImageDraw.ImageDraw,
    rows: tuple[tuple[str, ...], ...],
    left: float,
    top: float,
    width: float,
    px: float,
    font_path: str,
) -> None:
    ncols = max(len(r) for r in rows)
    pad = 6 * px
    points = 10.5
    while True:  # the largest size (down to 7 pt) at which every row fits on one line
        font = ImageFont.truetype(font_path, round(points * px))
        cols = [
            max(font.getlength(r[i]) if i < len(r) else 0.0 for r in rows) + 2 * pad
            for i in range(ncols)
        ]
        if sum(cols) <= width or points <= 7:
            break
        points -= 0.5
    spare = max(0.0, width - sum(cols)) / ncols
    cols = [c + spare for c in cols]
    height = points * px * 2.0
    xs = [left]
    for c in cols:
        xs.append(xs[-1] + c)
    y = top
    line_w = max(1, round(px))
    for row in rows:
        draw.line([(left, y), (xs[-1], y)], fill="black", width=line_w)
        for i, cell in enumerate(row):
            draw.text((xs[i] + pad, y + points * px * 0.45), cell, font=font, fill="black")
        y += height
    draw.line([(left, y), (xs[-1], y)], fill="black", width=line_w)
    for x in xs:
        draw.line([(x, top), (x, y)], fill="black", width=line_w)


def photo(image: Image.Image, seed: str, dpi: int) -> bytes:
    """A phone photo of ``image`` as a JPEG file: turned 2–4° either way, blurred, unevenly
    lit."""
    rnd = random.Random(hashlib.sha256(seed.encode()).digest())
    angle = rnd.uniform(2.0, 4.0) * rnd.choice((-1, 1))
    out = image.rotate(angle, resample=Image.Resampling.BICUBIC, expand=True,
                       fillcolor=(235, 232, 225))  # fmt: skip
    out = out.filter(ImageFilter.GaussianBlur(radius=rnd.uniform(0.6, 1.0) * dpi / 150))
    arr = np.asarray(out, dtype=np.float32)
    h, w = arr.shape[:2]
    theta = rnd.uniform(0, 2 * np.pi)
    yy, xx = np.mgrid[0:h, 0:w]
    ramp = (np.cos(theta) * xx / w + np.sin(theta) * yy / h).astype(np.float32)
    ramp = (ramp - ramp.min()) / max(float(ramp.max() - ramp.min()), 1e-6)
    light = 1.0 - rnd.uniform(0.35, 0.5) * ramp  # one corner about half as bright
    arr = np.clip(arr * light[:, :, None], 0, 255).astype(np.uint8)
    buf = io.BytesIO()
    Image.fromarray(arr).save(buf, format="JPEG", quality=rnd.randint(70, 85))
    return buf.getvalue()


def png_bytes(image: Image.Image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()
