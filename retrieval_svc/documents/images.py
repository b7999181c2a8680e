"""Images (PNG, JPEG, TIFF with every frame a page, WebP, BMP) read by OCR.

Every check that needs no decoding comes first (:func:`screen_image`, also run on upload): the
file opens as one of these formats, it declares no more pixels per frame than
``Limits.max_image_pixels`` (a decompression bomb is refused before a pixel is decoded) and no
more frames than ``Limits.max_pages``. Then each frame is decoded, turned upright by its EXIF
orientation, recognised (:mod:`ocr`) and laid out (:mod:`ocr_layout`).
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Iterator
from typing import Any

from PIL import Image, ImageOps, UnidentifiedImageError

from mesh.errors import InvalidInput
from retrieval_svc.documents.model import Block, Document, Limits, PagesRead
from retrieval_svc.documents.ocr import recognise
from retrieval_svc.documents.ocr_layout import page_blocks

Progress = Callable[[int, int], None]

# The decoders Pillow may use: nothing else is even tried on an upload.
FORMATS = ("PNG", "JPEG", "TIFF", "WEBP", "BMP", "DIB")


def _open(content: bytes) -> Any:
    try:
        # Pillow's own bomb check raises only past twice its limit; ours is applied below
        return Image.open(io.BytesIO(content), formats=FORMATS)
    except Image.DecompressionBombError as exc:
        message = f"the image declares too many pixels (a decompression bomb?): {exc}"
        raise InvalidInput(message[:300]) from exc
    except UnidentifiedImageError as exc:
        raise InvalidInput(
            "the image is corrupt or not a PNG, JPEG, TIFF, WebP or BMP image"
        ) from exc
    except Exception as exc:  # a broken header raises whatever its parser met
        raise InvalidInput(f"the image is corrupt or unreadable: {exc}"[:300]) from exc


def _check_size(image: Any, limits: Limits, where: str) -> None:
    width, height = image.size
    if width <= 0 or height <= 0:
        raise InvalidInput(f"{where} has no pixels ({width} × {height})")
    if width * height > limits.max_image_pixels:
        raise InvalidInput(
            f"{where} declares {width} × {height} pixels; the limit is "
            f"{limits.max_image_pixels:,} pixels (a decompression bomb?)"
        )


def _frame_count(image: Any, limits: Limits) -> int:
    try:
        count = int(getattr(image, "n_frames", 1))
    except Exception as exc:
        raise InvalidInput(f"the image is corrupt or unreadable: {exc}"[:300]) from exc
    if count > limits.max_pages:
        raise InvalidInput(f"the image has {count} pages; the limit is {limits.max_pages}")
    return count


def screen_image(content: bytes, limits: Limits) -> None:
    """The checks an upload passes before it becomes a job (InvalidInput if one fails), all
    quick and none of them OCR: the image opens, is within the page limit, no frame declares
    more pixels than the limit, and the first frame decodes (a truncated or corrupt file is
    refused at once). Whether it holds any text is found in the job."""
    with _open(content) as image:
        count = _frame_count(image, limits)
        for index in range(count):
            _seek(image, index)
            _check_size(image, limits, f"page {index + 1}" if count > 1 else "the image")
        _seek(image, 0)
        where = "page 1" if count > 1 else "the image"
        try:
            image.load()
        except Exception as exc:  # truncated or broken data: Pillow's OSError, etc.
            raise InvalidInput(f"{where} is corrupt or unreadable: {exc}"[:300]) from exc


def _seek(image: Any, index: int) -> None:
    try:
        image.seek(index)
    except Exception as exc:
        raise InvalidInput(f"page {index + 1} of the image is unreadable: {exc}"[:300]) from exc


def _frames(content: bytes, limits: Limits) -> Iterator[tuple[int, int, Image.Image]]:
    """(page, pages, upright RGB frame) for every frame, each checked before it is decoded."""
    with _open(content) as image:
        count = _frame_count(image, limits)
        for index in range(count):
            _seek(image, index)
            where = f"page {index + 1}" if count > 1 else "the image"
            _check_size(image, limits, where)
            try:
                image.load()
                frame = ImageOps.exif_transpose(image.copy()) or image.copy()
                if frame.mode in ("RGBA", "LA", "PA") or "transparency" in frame.info:
                    rgba = frame.convert("RGBA")
                    white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
                    frame = Image.alpha_composite(white, rgba)
                frame = frame.convert("RGB")
            except InvalidInput:
                raise
            except Exception as exc:  # truncated or broken data: Pillow's OSError, etc.
                raise InvalidInput(f"{where} is corrupt or unreadable: {exc}"[:300]) from exc
            yield index + 1, count, frame


def image_document(
    content: bytes,
    limits: Limits,
    progress: Progress | None = None,
    pages_read: PagesRead | None = None,
) -> Document:
    """The blocks OCR finds on every page of an image (InvalidInput if it is corrupt, a
    decompression bomb, over the page limit, or holds no text). ``progress(page, pages)`` is
    called after each page is read, then ``pages_read`` (the pages read so far, on demand)."""
    blocks: list[Block] = []
    for page, pages, frame in _frames(content, limits):
        lines = recognise(frame)
        limits.check_page_chars(sum(len(line.text) for line in lines), f"page {page}")
        blocks.extend(page_blocks(lines, page))
        if progress is not None:
            progress(page, pages)
        if pages_read is not None:
            pages_read(page, pages, functools.partial(Document, list(blocks)))
    if not blocks:
        raise InvalidInput("no text was found in the image (OCR read nothing)")
    return Document(blocks=blocks)
