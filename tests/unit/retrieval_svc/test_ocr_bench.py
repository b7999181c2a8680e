"""``bench ocr``'s measures: the edit distance, what CER counts, the halves, the pages."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bench.ocr import levenshtein, squeeze
from bench.ocr_render import find_font, load_pages, photo, render


def _dp(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def test_bit_parallel_edit_distance_matches_the_table() -> None:
    rnd = random.Random(29)
    for _ in range(500):
        a = "".join(rnd.choice("ab週周0o") for _ in range(rnd.randint(0, 70)))
        b = "".join(rnd.choice("ab週周0o") for _ in range(rnd.randint(0, 70)))
        assert levenshtein(a, b) == _dp(a, b)
    assert levenshtein("每週二", "每调二") == 1
    assert levenshtein("管理處辦理", "管理处理") == 2


def test_cer_ignores_whitespace_and_width_only() -> None:
    assert squeeze("NT$ 1,000\n（３０分鐘）") == "NT$1,000(30分鐘)"
    assert squeeze("「週」") == "「週」"


def test_pages_split_into_stable_halves() -> None:
    pages = load_pages("all")
    assert len(pages) == 48
    tune, report = load_pages("tune"), load_pages("report")
    assert {p.id for p in tune}.isdisjoint({p.id for p in report})
    assert len(tune) + len(report) == 48
    assert {p.language for p in tune} == {p.language for p in report}


@pytest.mark.skipif(find_font() is None, reason="no CJK font on this machine")
def test_pages_are_drawn_at_a4_and_photographed_the_same_way_each_run() -> None:
    font = find_font()
    assert font is not None
    page = next(p for p in load_pages("all") if p.kind == "table")
    image = render(page, 150, font)
    assert image.size == (1240, 1754)
    assert photo(image, page.id, 150) == photo(image, page.id, 150)
    turned = Image.open(io.BytesIO(photo(image, page.id, 150)))
    assert turned.format == "JPEG" and turned.size != image.size
