"""Table helpers shared by the extractors: which rows are the header, dropping empty columns."""

from __future__ import annotations

import re

_RULE = re.compile(r"^[\s\-=_—–·.]*$")
_NUMBERISH = re.compile(r"^[\s\d.,:%$€¥￥元/+\-()（）NT]*$")


def _looks_like_header(row: tuple[str, ...], next_row: tuple[str, ...] | None) -> bool:
    """A first row is a header when its cells are filled, short and not numbers, while the
    row under it has numbers where it has words (or there is no row under it to compare)."""
    filled = [c for c in row if c.strip()]
    if len(filled) < max(1, len(row) // 2) or any(len(c) > 60 for c in filled):
        return False
    if any(_NUMBERISH.match(c) and any(ch.isdigit() for ch in c) for c in filled):
        return False
    return next_row is None or row != next_row


def split_header(rows: list[tuple[str, ...]]) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """(header, data rows): the first row when it reads as column names, else no header."""
    rows = drop_empty_columns([r for r in rows if not all(_RULE.match(c) for c in r)])
    if not rows:
        return (), []
    nxt = rows[1] if len(rows) > 1 else None
    if _looks_like_header(rows[0], nxt):
        return rows[0], rows[1:]
    return (), rows


def drop_empty_columns(rows: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Rows padded to one width, without the columns that are empty in every row."""
    if not rows:
        return []
    width = max(len(r) for r in rows)
    padded = [r + ("",) * (width - len(r)) for r in rows]
    keep = [i for i in range(width) if any(r[i].strip() for r in padded)]
    return [tuple(r[i] for i in keep) for r in padded]
