"""Scans for ``bench documents --scanned``: each text PDF of the set rasterised into an
image-only PDF with the same file name and pages, as an office scanner would send it.

Every page is rendered by pdfium at :data:`DPI`, turned grey, and about one page in three is
rotated a little (a seeded angle of 0.3–1.5° either way, as a sheet fed slightly askew); the
pages are stored as greyscale JPEG, one image per page at the page's own size, with no text
layer at all. A scan that would not fit in one upload (:data:`MAX_BYTES`, under the gateway's
8 MiB) is made again in black and white (CCITT G4, as scanners store long documents).
"""

from __future__ import annotations

import hashlib
import io
from pathlib import Path
from typing import Any

from PIL import Image

DPI = 200
JPEG_QUALITY = 80
MAX_BYTES = 7 * 1024 * 1024
_INK = 160  # grey level below which a pixel is ink, in black and white scans


def _angle(seed: str, page: int) -> float:
    """The page's seeded tilt in degrees: 0 for two pages in three, else ±0.3–1.5."""
    digest = hashlib.sha256(f"{seed}:{page}".encode()).digest()
    if digest[0] % 3:
        return 0.0
    magnitude = 0.3 + 1.2 * digest[1] / 255
    return magnitude if digest[2] % 2 else -magnitude


def scan_pdf(
    content: bytes, seed: str, dpi: int = DPI, tilt: bool = True, bilevel: bool = False
) -> bytes:
    """``content`` (a PDF) with every page replaced by its picture at ``dpi``: no text layer.
    ``bilevel``: black and white pages instead of grey."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(content)
    try:
        images: list[Image.Image] = []
        for index in range(len(pdf)):
            page = pdf[index]
            image = page.render(scale=dpi / 72).to_pil().convert("L")
            page.close()
            angle = _angle(seed, index + 1) if tilt else 0.0
            if angle:
                image = image.rotate(angle, resample=Image.Resampling.BICUBIC, fillcolor=255)
            if bilevel:
                image = image.point(lambda v: 255 if v > _INK else 0).convert("1")
            images.append(image)
    finally:
        pdf.close()
    out = io.BytesIO()
    extra: dict[str, Any] = {} if bilevel else {"quality": JPEG_QUALITY}
    images[0].save(
        out,
        format="PDF",
        resolution=float(dpi),
        save_all=True,
        append_images=images[1:],
        **extra,
    )
    return out.getvalue()


def scan_fitting(content: bytes, seed: str, max_bytes: int = MAX_BYTES) -> bytes:
    """The grey scan of ``content``, or its black and white scan when the grey one is larger
    than ``max_bytes``."""
    scan = scan_pdf(content, seed)
    return scan if len(scan) <= max_bytes else scan_pdf(content, seed, bilevel=True)


def scan_files(paths: dict[str, Path], out_dir: Path) -> dict[str, Path]:
    """Each PDF of ``paths`` (file → path) scanned into ``out_dir`` under the same name."""
    out_dir.mkdir(parents=True, exist_ok=True)
    scans: dict[str, Path] = {}
    for file, path in paths.items():
        if not file.lower().endswith(".pdf"):
            continue
        target = out_dir / file
        target.write_bytes(scan_fitting(path.read_bytes(), seed=file))
        scans[file] = target
    return scans
