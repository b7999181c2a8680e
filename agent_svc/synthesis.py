"""Pieces of extractive synthesis: passages, quotes, sentence cleaning and the answer layout.

Nothing is written that a source does not say: every sentence of the answer is a sentence of
a retrieved chunk, followed by ``[chunk_id]`` (the choice of sentences is in ``extractive``).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

_MARKUP = re.compile(r"(\*\*|__|`|^#+\s*|^\s*[-*+]\s+|^\s*\d+[.)]\s+|^>\s*)", re.MULTILINE)
_MD_LINK = re.compile(r"\[([^\[\]\n]+)\]\([^()\s]+\)")
# A piece that does not end a sentence: a semicolon, or a common abbreviation's period.
_OPEN_END = re.compile(r"([;；]|\b(e\.g|i\.e|etc|vs|cf|approx|incl|no|dr|mr|mrs|ms)\.)\s*$", re.I)
_BRACKETS = str.maketrans({"[": "(", "]": ")"})
# Table rows, fences, HTML, bare links, and shell lines (a command's flags, a continuation).
_NOISE = re.compile(r"^\s*(\||```|~~~|<|\$ |-{1,2}[A-Za-z][\w-]* )|https?://\S+$|\s\\$")


@dataclass(frozen=True)
class Passage:
    """A retrieved chunk, best first."""

    chunk_id: str
    text: str
    rank: int


@dataclass(frozen=True)
class Quote:
    """One sentence chosen for the answer."""

    text: str
    chunk_id: str
    score: float


def clean_sentence(sentence: str) -> str:
    """Strip Markdown (a link keeps its text) and turn brackets into parentheses so only our
    citations use brackets.

    >>> clean_sentence("Details in [`gateway/README.md`](gateway/README.md).")
    'Details in gateway/README.md.'
    """
    unlinked = _MD_LINK.sub(r"\1", sentence)
    return _MARKUP.sub("", unlinked).translate(_BRACKETS).strip()


def join_clauses(pieces: list[str]) -> list[str]:
    """Sentences for quoting from :func:`mesh.text.split_sentences`' pieces: a piece that ends
    at a semicolon or an abbreviation (``e.g.``, ``i.e.``, ``etc.``) is joined to the next, so
    no answer line stops mid-sentence.

    >>> join_clauses(["Errors are 4xx (e.g.", "422); details below;", "see the README."])
    ['Errors are 4xx (e.g. 422); details below; see the README.']
    """
    out: list[str] = []
    carry = ""
    for piece in pieces:
        text = f"{carry}{'' if carry.endswith('；') else ' '}{piece}" if carry else piece
        if _OPEN_END.search(text):
            carry = text
            continue
        out.append(text)
        carry = ""
    if carry:
        out.append(carry)
    return out


_TABLE_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


def tables_as_sentences(text: str) -> str:
    r"""Markdown table rows as sentences that can be quoted: each data row becomes
    ``header: cell, header: cell.`` (the header row and the ``|---|`` rule go). Rows of a
    table whose header is not in the text (a chunk that starts mid-table) stay out: without
    their headers they say too little.

    >>> tables_as_sentences("| 年資 | 特休 |\n|---|---|\n| 滿三年 | 14 天 |")
    '年資：滿三年，特休：14 天。'
    >>> tables_as_sentences("| variable | default |\n|---|---|\n| RATE | 5 |")
    'variable: RATE, default: 5.'
    """
    lines = text.split("\n")
    out: list[str] = []
    header: list[str] = []
    for i, line in enumerate(lines):
        row = _TABLE_ROW.match(line)
        if row is None:
            header = []
            out.append(line)
            continue
        if _TABLE_RULE.match(line):
            continue
        cells = [c.strip() for c in row.group(1).split("|")]
        if i + 1 < len(lines) and _TABLE_RULE.match(lines[i + 1]):
            header = cells
            continue
        if header and any(cells):
            out.append(_row_sentence(header, cells))
    return "\n".join(out)


def _row_sentence(header: list[str], cells: list[str]) -> str:
    zh = any("\u3400" <= ch <= "\u9fff" for ch in "".join(cells + header))
    colon, comma, stop = ("：", "，", "。") if zh else (": ", ", ", ".")
    named = itertools.zip_longest(header, cells, fillvalue="")
    return comma.join(f"{h}{colon}{c}" if h else c for h, c in named if c) + stop


_FENCE = re.compile(r"^\s*(```|~~~)(\S*)")


def without_code_blocks(text: str) -> str:
    r"""The text without its fenced code blocks: code, shell commands and JSON are not sentences
    to quote. A fence that opens with a language (```sh) and is not closed in this chunk runs to
    its end; a bare unmatched fence (the chunk may start inside a block) is dropped alone.

    >>> without_code_blocks("Run it:\n```sh\ncurl -d '{}' x\n```\nIt answers.")
    'Run it:\n\n\n\nIt answers.'
    """
    lines = text.split("\n")
    fences = [i for i, line in enumerate(lines) if _FENCE.match(line)]
    drop: set[int] = set(fences)
    for start, end in zip(fences[::2], fences[1::2], strict=False):
        drop.update(range(start, end))
    if len(fences) % 2:
        last = fences[-1]
        opener = _FENCE.match(lines[last])
        if opener is not None and opener.group(2):
            drop.update(range(last, len(lines)))
    # A dropped line leaves a blank one: the prose around a block stays separate paragraphs.
    return "\n".join("" if i in drop else line for i, line in enumerate(lines))


def is_noise(raw: str) -> bool:
    """Table rows, code fences, HTML and bare links are not sentences to quote."""
    return bool(_NOISE.search(raw))


def compose(lead: str, quotes: list[Quote]) -> str:
    """The answer text: a lead line, then one cited sentence per line."""
    lines = [lead] if lead else []
    lines.extend(f"{q.text} [{q.chunk_id}]" for q in quotes)
    return "\n".join(lines)
