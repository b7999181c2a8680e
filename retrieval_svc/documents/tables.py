"""Table helpers shared by the extractors: which rows are the header, dropping empty columns."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

_RULE = re.compile(r"^[\s\-=_—–·.]*$")
_NUMBERISH = re.compile(r"^[\s\d.,:%$€¥￥元/+\-()（）NT]*$")


def _looks_like_header(row: tuple[str, ...], next_row: tuple[str, ...] | None) -> bool:
    """A first row is a header when its cells are filled, short and not numbers, while the
    row under it has numbers where it has words (or there is no row under it to compare)."""
    filled = [c for c in row if c.strip()]
    if len(filled) < max(1, len(row) // 2) or any(len(c) > 60 for c in filled):
        return False
    if any(is_numeric(c) for c in filled):
        return False
    return next_row is None or row != next_row


def _numbered_columns(rows: Sequence[tuple[str, ...]]) -> bool:
    """A header of numbered columns: 「Train | 2101 | 2103 | 2105」 over a timetable, 「項目 |
    2024 | 2025」 over a budget. Its first cell is a word, the rest are plain whole numbers that
    rise from left to right, and every row under it starts with a word too."""
    head = rows[0]
    if len(rows) < 2 or len(head) < 3 or not head[0].strip() or head[0].strip().isdigit():
        return False
    numbers = [c.strip() for c in head[1:] if c.strip()]
    if len(numbers) < 2 or not all(n.isdigit() for n in numbers):
        return False
    values = [int(n) for n in numbers]
    if any(b <= a for a, b in itertools.pairwise(values)):
        return False
    return all(r[0].strip() and not r[0].strip().isdigit() for r in rows[1:])


def is_numeric(cell: str) -> bool:
    """A value rather than a name: digits make up two fifths of it at least ("S$320",
    "HK$1,900", "JPY 28,000", "2025年9月13日"), or it is only a number with its marks."""
    chars = [ch for ch in cell if not ch.isspace()]
    digits = sum(ch.isdigit() for ch in chars)
    if not digits:
        return False
    return bool(_NUMBERISH.match(cell)) or digits >= 0.4 * len(chars)


def split_header(
    rows: Sequence[tuple[str, ...]],
) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """(header, data rows): the first row when it reads as column names, else no header."""
    rows = drop_empty_columns([r for r in rows if not all(_RULE.match(c) for c in r)])
    if not rows:
        return (), []
    nxt = rows[1] if len(rows) > 1 else None
    if _numbered_columns(rows):
        return rows[0], rows[1:]
    if not _looks_like_header(rows[0], nxt):
        return (), rows
    if len(rows) > 2 and _spans(rows[0]) and _under_spanned(rows[0], rows[1], rows[2]):
        return _two_level(rows[0], rows[1]), rows[2:]
    if len(rows) > 2 and _looks_like_header(rows[1], rows[2]) and _in_pairs(rows[2:]):
        return rows[0] + rows[1], [a + b for a, b in zip(rows[2::2], rows[3::2], strict=True)]
    return rows[0], rows[1:]


# A word in at least this share of one kind of row and at most 1 − it of the other.
PAIR_SHARE = 0.9
_WORD = re.compile(r"[A-Za-z]+#?|[\u4e00-\u9fff]+")


def _in_pairs(body: Sequence[tuple[str, ...]]) -> bool:
    """Whether each record takes two lines, under a header of two lines: a police listing's
    「PISTOL SEMI-AUTOMATIC | CARL WALTHER PPK 7.65 FOUND」 over 「832229 Tag#:SJ4664-1 | GO SJ
    2012-122960284 WA-GR/GD-SCCCL」. The lines alternate in kind: a word (「Tag#」, "FOUND")
    is on (nearly) every line of one kind and (nearly) none of the other."""
    if len(body) < 4 or len(body) % 2:
        return False
    words = [set(_WORD.findall(" ".join(row))) for row in body]
    first, second = words[0::2], words[1::2]

    def share(word: str, rows: list[set[str]]) -> float:
        return sum(word in r for r in rows) / len(rows)

    for ours, theirs in ((first, second), (second, first)):
        for word in set().union(*ours):
            if share(word, ours) >= PAIR_SHARE and share(word, theirs) <= 1 - PAIR_SHARE:
                return True
    return False


def _spans(row: tuple[str, ...]) -> bool:
    """A header row with merged cells: a cell repeated over the columns it spans (as Word and
    HTML tables give it) or left empty after its first column (as ODF covers it)."""
    return any(a == b or (a and not b) for a, b in itertools.pairwise(row))


def _under_spanned(top: tuple[str, ...], sub: tuple[str, ...], after: tuple[str, ...]) -> bool:
    """Whether ``sub`` is the second row of a header whose first row ``top`` has merged cells:
    it reads as column names, or it repeats ``top``'s first cell (a cell spanning both rows, as
    HTML and Word repeat it) over the numbers of the columns ("Day | Departure times ×5" over
    "Day | 1 | 2 | 3 | 4 | 5": the sailings of a timetable)."""
    if _looks_like_header(sub, after):
        return True
    return bool(top and sub and top[0].strip()) and top[0] == sub[0] and sub != after


def _two_level(top: tuple[str, ...], sub: tuple[str, ...]) -> tuple[str, ...]:
    """Two header rows as one: 「住宿费上限 其他员工」 where a merged cell spans sub-columns."""
    filled: list[str] = []
    for cell in top:
        filled.append(cell or (filled[-1] if filled else ""))
    return tuple(
        a if not b or a == b else (b if not a else f"{a} {b}")
        for a, b in itertools.zip_longest(filled, sub, fillvalue="")
    )


def drop_empty_columns(rows: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Rows padded to one width, without the columns that are empty in every row."""
    if not rows:
        return []
    width = max(len(r) for r in rows)
    padded = [r + ("",) * (width - len(r)) for r in rows]
    keep = [i for i in range(width) if any(r[i].strip() for r in padded)]
    return [tuple(r[i] for i in keep) for r in padded]
