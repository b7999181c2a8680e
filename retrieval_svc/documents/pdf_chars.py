"""A PDF page's words from PDFium (pypdfium2): text, box, font size and weight.

PDFium decodes the CID fonts that Chinese office PDFs use (UniCNS-UCS2-H, UniGB-UCS2-H) where
pdfminer, under pdfplumber, turns them into other characters; and it reads a page's characters
about ten times faster. Words are cut at spaces and at gaps wider than a quarter of the font
size; the boxes are turned into top-left coordinates, as pdfplumber's are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from retrieval_svc.documents.pdf_lines import Word
from retrieval_svc.text import is_cjk

_BREAKS = frozenset(" \t\r\n\u00a0\u3000")
# PDFium marks a hyphen that ends a line as U+0002 (or U+FFFE); a soft hyphen is U+00AD.
_HYPHENS = frozenset("\x02\ufffe\u00ad")


def page_words(page: Any) -> list[Word]:
    """The words of a pypdfium2 page, in content order."""
    import pypdfium2.raw as raw

    to_page = _display(page)
    textpage = page.get_textpage()
    words: list[Word] = []
    text: list[str] = []
    box = [0.0, 0.0, 0.0, 0.0]  # x0, top, x1, bottom
    size = 10.0
    bold = False

    def close() -> None:
        if text:
            words.append(Word("".join(text), box[0], box[2], box[1], box[3], size, bold))
            text.clear()

    try:
        for i in range(textpage.count_chars()):
            ch = chr(raw.FPDFText_GetUnicode(textpage.raw, i))
            ch = "-" if ch in _HYPHENS else ch
            if ch in _BREAKS or not ch.isprintable():
                close()
                continue
            left, y0, right, y1 = to_page(*textpage.get_charbox(i, loose=True))
            # The loose box is the font's line height: the size as seen on the page, even when
            # the font is set at size 1 and scaled by the text matrix, as many producers do.
            char_size = (y1 - y0) / 1.15 if y1 > y0 else 10.0
            if text:
                gap = left - box[2]
                mid, word_mid = (y0 + y1) / 2, (box[1] + box[3]) / 2
                far = gap > 0.25 * char_size or gap < -char_size
                off_line = abs(mid - word_mid) > 0.5 * max(1.0, box[3] - box[1], y1 - y0)
                if far or off_line or (is_cjk(ch) != is_cjk(text[-1]) and gap > 0.1 * char_size):
                    close()
            if not text:
                box = [left, y0, right, y1]
                size = char_size
                bold = raw.FPDFText_GetFontWeight(textpage.raw, i) >= 600
            text.append(ch)
            box = [min(box[0], left), min(box[1], y0), max(box[2], right), max(box[3], y1)]
        close()
    finally:
        textpage.close()
    return words


Box = tuple[float, float, float, float]


def _display(page: Any) -> Callable[[float, float, float, float], Box]:
    """Maps a character's box in PDF space (left, bottom, right, top) to the page as it is
    shown, top-left origin (x0, top, x1, bottom), minding the page's /Rotate."""
    left, bottom, right, top = page.get_mediabox()
    rotation = page.get_rotation() % 360

    def point(x: float, y: float) -> tuple[float, float]:
        if rotation == 90:
            return y - bottom, x - left
        if rotation == 180:
            return right - x, y - bottom
        if rotation == 270:
            return top - y, right - x
        return x - left, top - y

    def box(x0: float, y0: float, x1: float, y1: float) -> Box:
        (ax, ay), (bx, by) = point(x0, y0), point(x1, y1)
        return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)

    return box


def path_count(page: Any, enough: int = 4) -> int:
    """How many vector paths (rules, boxes) a page draws, counting up to ``enough``: a page
    with fewer draws no ruled table, and pdfplumber's table finder is skipped for it."""
    import pypdfium2.raw as raw

    count = 0
    for obj in page.get_objects(max_depth=2):
        if obj.type == raw.FPDF_PAGEOBJ_PATH:
            count += 1
            if count >= enough:
                break
    return count
