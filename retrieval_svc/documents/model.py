"""The document model between files and chunks: blocks, each with its page and position.

Every format's extractor turns a file into a :class:`Document`, a list of :class:`Block` in
reading order. The chunker works on blocks, so a table stays a table (its rows keep their
column headers) and every chunk knows the page, slide or sheet it came from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from mesh.errors import InvalidInput


class Kind(StrEnum):
    """What a block is."""

    HEADING = "heading"
    PARAGRAPH = "paragraph"
    LIST_ITEM = "list_item"
    TABLE = "table"
    CAPTION = "caption"
    CODE = "code"


@dataclass(frozen=True)
class TableRow:
    """One row of a table: its cells in column order and the page it is printed on."""

    cells: tuple[str, ...]
    page: int = 0


@dataclass(frozen=True)
class Block:
    """A heading, paragraph, list item, caption, code block or table.

    ``page`` is 1-based (a slide's number, a sheet's position) or 0 where the format has no
    pages; ``page_label`` names it where a number is not how a reader finds it (a sheet's
    name). A table's ``header`` holds its column names (empty when it has none) and ``rows``
    its data rows; ``text`` is then the caption or the sentence that introduces it.
    ``confidence`` is the mean OCR confidence (0–1) of a block read from a scan or an image,
    None for text the file itself holds.
    """

    kind: Kind
    text: str
    page: int = 0
    page_label: str = ""
    level: int = 0
    header: tuple[str, ...] = ()
    rows: tuple[TableRow, ...] = ()
    confidence: float | None = None


@dataclass
class Document:
    """A file's blocks in reading order and the title it states (empty when none)."""

    blocks: list[Block] = field(default_factory=list)
    title: str = ""

    def as_markdown(self) -> str:
        """The blocks as Markdown-like text (headings as ``#`` lines, tables as pipe tables):
        what the document says, for previews, titles and the format tests."""
        parts: list[str] = []
        for b in self.blocks:
            if b.kind is Kind.HEADING:
                parts.append("#" * max(1, min(6, b.level or 1)) + " " + b.text)
            elif b.kind is Kind.LIST_ITEM:
                parts.append("- " + b.text)
            elif b.kind is Kind.TABLE:
                if b.text:
                    parts.append(b.text)
                parts.append(markdown_table(b.header, [r.cells for r in b.rows]))
            elif b.kind is Kind.CODE:
                parts.append(fenced(b.text))
            else:
                parts.append(b.text)
        return "\n\n".join(p for p in parts if p.strip())


def fenced(code: str) -> str:
    """A code block in Markdown fences (kept as it is when it brings its own)."""
    return code if code.lstrip().startswith(("```", "~~~")) else "```\n" + code + "\n```"


def clean_cell(text: str) -> str:
    """A cell's text on one line, without the pipe that would end it in a pipe table."""
    return " ".join(str(text).split()).replace("|", "/")


def markdown_table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> str:
    """A pipe table; its first line is the header (the first row when there is none)."""
    body = [tuple(clean_cell(c) for c in r) for r in rows if any(c.strip() for c in r)]
    head = tuple(clean_cell(c) for c in header) if header else (body.pop(0) if body else ())
    if not head:
        return ""
    width = max([len(head), *(len(r) for r in body)])
    lines = ["| " + " | ".join(_pad(head, width)) + " |", "|" + "---|" * width]
    lines.extend("| " + " | ".join(_pad(r, width)) + " |" for r in body)
    return "\n".join(lines)


def _pad(cells: tuple[str, ...], width: int) -> tuple[str, ...]:
    return cells + ("",) * (width - len(cells))


@dataclass(frozen=True)
class Limits:
    """What one document may hold before it is refused as a clear error, not half stored."""

    max_uncompressed: int = 64 * 1024 * 1024
    max_rows: int = 200_000
    max_cells: int = 1_000_000
    max_page_chars: int = 60_000
    max_pages: int = 5_000
    # An image's declared width × height, checked before it is decoded (a decompression
    # bomb: a few KB of PNG can declare 100000 × 100000 pixels). 60 MP is an A2 sheet at
    # 300 dpi.
    max_image_pixels: int = 60_000_000

    def check_cells(self, rows: int, cells: int, where: str) -> None:
        """InvalidInput when a table or sheet is over the row or cell limit."""
        if rows > self.max_rows:
            raise InvalidInput(f"{where} has more than {self.max_rows} rows (the limit)")
        if cells > self.max_cells:
            raise InvalidInput(f"{where} has more than {self.max_cells} cells (the limit)")

    def check_page_chars(self, chars: int, where: str) -> None:
        """InvalidInput when one page holds more characters than a page can."""
        if chars > self.max_page_chars:
            raise InvalidInput(
                f"{where} holds {chars} characters; a page may hold {self.max_page_chars} "
                "(is it a real page?)"
            )


# ``pages_read(done, total, so_far)``: called after each page of a document with pages is
# read; ``so_far()`` builds the Document of the pages read until now (a preview: blocks that
# go on over the next page break, running headers and the body size may still change), for
# a caller that makes the first pages searchable while the rest is read. Calling it costs a
# pass over the pages read; a caller calls it only now and then.
PagesRead = Callable[[int, int, Callable[[], "Document"]], None]
