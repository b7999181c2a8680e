"""A table keyed by codes the document names elsewhere: each code's row carries that name.

A course catalogue describes each course under its heading (「## 财务报表分析」, then 「课程编号：
QH-FN-220 …」) and lists the classrooms in a table keyed by code alone (「QH-FN-220｜周日
13:30-17:00｜904」). A question names the course, not its code: the row that answers it shares
no word with it. Here the code's cell becomes 「QH-FN-220（财务报表分析）」, the name taken from
the one section whose text states the code, so BM25, vectors and the writer see the name in
the row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from mesh.codes import query_codes
from retrieval_svc.documents.model import Block, Kind, TableRow
from retrieval_svc.text import is_cjk

MAX_NAME_CHARS = 60


def key_names(blocks: Sequence[Block]) -> dict[str, str]:
    """Code (lower-cased) → the heading of the one section whose prose states it."""
    sections: dict[str, set[str]] = {}
    heading = ""
    for block in blocks:
        if block.kind is Kind.HEADING:
            heading = " ".join(block.text.split())
            continue
        if block.kind is Kind.TABLE or not heading or len(heading) > MAX_NAME_CHARS:
            continue
        for code in query_codes(block.text):
            sections.setdefault(code, set()).add(heading)
    return {code: next(iter(names)) for code, names in sections.items() if len(names) == 1}


def with_key_names(block: Block, names: dict[str, str]) -> Block:
    """``block`` (a table) with each cell that is one of ``names``' codes followed by its name,
    unless the row already says it."""
    if block.kind is not Kind.TABLE or not names:
        return block
    rows = tuple(_named(row, names) for row in block.rows)
    return block if rows == block.rows else replace(block, rows=rows)


def _named(row: TableRow, names: dict[str, str]) -> TableRow:
    cells = list(row.cells)
    for i, cell in enumerate(cells):
        name = names.get(cell.strip().lower())
        if name is None or any(name in other for other in cells):
            continue
        cjk = any(is_cjk(ch) for ch in name)
        cells[i] = f"{cell.strip()}（{name}）" if cjk else f"{cell.strip()} ({name})"
    return replace(row, cells=tuple(cells))
