"""Running headers, footers and page numbers: lines in a page's top or bottom band that
recur across pages (digits aside), or that are only a page number."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

_PAGE_NUMBER = re.compile(
    r"^\s*([-–—]\s*\d+\s*[-–—]|第\s*\d+\s*[頁页](\s*[,，/]?\s*共\s*\d+\s*[頁页])?"
    r"|(page|p\.)\s*\d+(\s*(of|/)\s*\d+)?|\d+\s*/\s*\d+|\d{1,6}"
    r"|共\s*\d+\s*[頁页]\s*第\s*\d+\s*[頁页])\s*$",
    re.IGNORECASE,
)
BAND = 0.11


@dataclass(frozen=True)
class MarginLine:
    """A line's page, position (0 top to 1 bottom) and text, for the running-line test."""

    page: int
    position: float
    text: str


def _key(text: str) -> str:
    return re.sub(r"\d+", "#", re.sub(r"\s+", "", text)).lower()


def is_page_number(text: str) -> bool:
    """Only a page number, in any of the forms offices print them."""
    return bool(_PAGE_NUMBER.match(text))


def running_lines(lines: Sequence[MarginLine], page_count: int) -> set[tuple[int, str]]:
    """(page, text) of the lines to drop: page numbers in a band, and band lines whose text
    (digits aside) recurs in the same band on at least half the pages (two at least)."""
    in_band = [ln for ln in lines if ln.position < BAND or ln.position > 1 - BAND]
    pages_with: dict[tuple[bool, str], set[int]] = {}
    for ln in in_band:
        pages_with.setdefault((ln.position < 0.5, _key(ln.text)), set()).add(ln.page)
    need = max(2, (page_count + 1) // 2) if page_count > 1 else 10**9
    drop: set[tuple[int, str]] = set()
    for ln in in_band:
        recurring = len(pages_with[(ln.position < 0.5, _key(ln.text))]) >= need
        if recurring or is_page_number(ln.text):
            drop.add((ln.page, ln.text))
    return drop
