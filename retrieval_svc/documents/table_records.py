"""A table as chunks a question about one cell can find: each row a record that names its
columns (「假別：婚假｜每年日數：八日｜薪資：照常發給」), a small table also whole, and a table
of thousands of rows in groups of rows under their header, so it does not flood the index."""

from __future__ import annotations

from itertools import zip_longest

from retrieval_svc.documents.model import Block, TableRow, markdown_table
from retrieval_svc.text import count_tokens, is_cjk

RECORDS_UP_TO = 2000
MAX_CELL_CHARS = 300


def record(header: tuple[str, ...], cells: tuple[str, ...]) -> str:
    """A row as ``column: value`` pairs (empty cells left out); CJK tables use ``：`` and
    ``｜``, others ``: `` and `` | ``. A table without a header gives its cells alone."""
    pairs = [
        (" ".join(h.split()), " ".join(c.split())[:MAX_CELL_CHARS])
        for h, c in zip_longest(header, cells, fillvalue="")
    ]
    pairs = [(h, c) for h, c in pairs if c]
    cjk = any(is_cjk(ch) for h, c in pairs for ch in h + c)
    colon, bar = ("：", "｜") if cjk else (": ", " | ")
    return bar.join(f"{h}{colon}{c}" if h and h != c else c for h, c in pairs)


def _row_page(row: TableRow, block: Block) -> int:
    return row.page or block.page


def _groups(block: Block, max_tokens: int) -> list[tuple[str, int]]:
    """Rows under their header, as many as fit in a chunk, never across a page break."""
    out: list[tuple[str, int]] = []
    group: list[TableRow] = []
    size = count_tokens(" ".join(block.header))

    def close() -> None:
        if group:
            text = markdown_table(block.header, [r.cells for r in group])
            out.append((text, _row_page(group[0], block)))
            group.clear()

    for row in block.rows:
        n = count_tokens(" ".join(row.cells))
        crosses = group and _row_page(group[0], block) != _row_page(row, block)
        if group and (crosses or size + n > max_tokens):
            close()
            size = count_tokens(" ".join(block.header))
        group.append(row)
        size += n
    close()
    return out


def table_pieces(block: Block, max_tokens: int) -> list[tuple[str, int]]:
    """(text, page) of the chunks a table becomes: a record per row (or groups of rows for a
    table over :data:`RECORDS_UP_TO` rows), then the whole table when it fits in one chunk."""
    if len(block.rows) > RECORDS_UP_TO:
        return _groups(block, max_tokens)
    pieces = [(record(block.header, r.cells), _row_page(r, block)) for r in block.rows]
    pieces = [(t, p) for t, p in pieces if t]
    whole = markdown_table(block.header, [r.cells for r in block.rows])
    if len(block.rows) > 1 and count_tokens(whole) <= max_tokens:
        first = block.rows[0] if block.rows else None
        pieces.append((whole, _row_page(first, block) if first else block.page))
    if not block.rows and block.header:
        pieces.append((record((), block.header), block.page))
    return pieces
