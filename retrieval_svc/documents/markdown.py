"""Plain text and Markdown as blocks: ``#`` headings, paragraphs, fenced code, pipe tables."""

from __future__ import annotations

import re

from retrieval_svc.documents.model import Block, Document, Kind, TableRow

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def _cells(line: str) -> tuple[str, ...]:
    match = _TABLE_ROW.match(line)
    inner = match.group(1) if match else line
    return tuple(c.strip() for c in inner.split("|"))


def _paragraph(lines: list[str]) -> list[Block]:
    """A run of lines: a pipe table when its second line is a rule, else one paragraph."""
    if len(lines) >= 2 and _TABLE_ROW.match(lines[0]) and _TABLE_RULE.match(lines[1]):
        rows = tuple(TableRow(_cells(x)) for x in lines[2:] if _TABLE_ROW.match(x))
        return [Block(Kind.TABLE, "", header=_cells(lines[0]), rows=rows)]
    text = "\n".join(lines).strip()
    return [Block(Kind.PARAGRAPH, text)] if text else []


def markdown_blocks(text: str, headings: bool = True) -> Document:
    """The blocks of Markdown (or of plain text, with ``headings=False``: a line starting
    with ``#`` is then just a line). The title is the first level-one heading."""
    doc = Document()
    lines: list[str] = []
    code: list[str] | None = None  # the lines of an open fence, the fence lines included

    def flush() -> None:
        doc.blocks.extend(_paragraph(lines))
        lines.clear()

    for line in text.split("\n"):
        if code is not None:
            code.append(line)
            if _FENCE.match(line):
                doc.blocks.append(Block(Kind.CODE, "\n".join(code)))
                code = None
            continue
        if _FENCE.match(line):
            flush()
            code = [line]
            continue
        heading = _HEADING.match(line) if headings else None
        if heading:
            flush()
            level, title = len(heading.group(1)), heading.group(2).strip()
            if title:
                doc.blocks.append(Block(Kind.HEADING, title, level=level))
                if not doc.title and level == 1:
                    doc.title = title
        elif not line.strip():
            flush()
        else:
            lines.append(line)
    flush()
    if code:
        doc.blocks.append(Block(Kind.CODE, "\n".join(code)))
    return doc
