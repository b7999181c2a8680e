"""Plain text and Markdown as blocks: ``#`` headings, paragraphs (pipe tables among them), and
fenced code."""

from __future__ import annotations

import re

from retrieval_svc.documents.model import Block, Document, Kind

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _paragraph(lines: list[str]) -> list[Block]:
    """A run of lines as one paragraph. A pipe table stays text among its section's prose:
    written by hand in Markdown, its rows are mostly figures beside an explanation (a README's
    benchmark tables), and as one record a row they outranked the prose that answers (measured
    on the sample corpus: 「How does retrieval combine vector search and BM25?」 then met only
    benchmark rows). Tables in office formats, HTML and PDF do become records."""
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
