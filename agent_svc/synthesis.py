"""Pieces of extractive synthesis: passages, quotes, sentence cleaning and the answer layout.

Nothing is written that a source does not say: every sentence of the answer is a sentence of
a retrieved chunk, followed by ``[chunk_id]`` (the choice of sentences is in ``extractive``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from groundmesh.v1 import common_pb2
from mesh.records import markdown_rows
from mesh.scripts import line_script, same_language
from mesh.text import split_sentences

_MARKUP = re.compile(r"(\*\*|__|`|^#+\s*|^\s*[-*+]\s+|^\s*\d+[.)]\s+|^>\s*)", re.MULTILINE)
_MD_LINK = re.compile(r"\[([^\[\]\n]+)\]\([^()\s]+\)")
_BRACKETS = str.maketrans({"[": "(", "]": ")"})
# Table rows, fences, HTML, bare links, and shell lines (a command's flags, a continuation).
_NOISE = re.compile(r"^\s*(\||```|~~~|<|\$ |-{1,2}[A-Za-z][\w-]* )|https?://\S+$|\s\\$")


@dataclass(frozen=True)
class Passage:
    """A retrieved chunk, best first."""

    chunk_id: str
    text: str
    rank: int
    # The heading the passage sits under (a course's name over its details, a form's title).
    section: str = ""
    # Its document's title and heading (mesh.document_heading): what every line of it is about.
    context: str = ""


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


MAX_ROW_CHARS = 200


def tables_as_sentences(text: str) -> str:
    r"""Markdown table data rows as lines that can be quoted: the row's cells in the source's
    words and order, joined by `` | `` (the header row, the ``|---|`` rule and rows longer than
    :data:`MAX_ROW_CHARS` go). Rows of a table whose header is not in the text (a chunk that
    starts mid-table) stay out too: without their header they say too little. Headers are not
    woven into the line: the judge checks a quote against its passage word by word, and words
    moved from the header row read as relations the source never states.

    >>> tables_as_sentences("| 年資 | 特休 |\n|---|---|\n| 滿三年 | 14 天 |")
    '滿三年 | 14 天'
    """
    out: list[str] = []
    for line, cells, header in markdown_rows(text):
        if cells is None:
            out.append(line)
            continue
        kept = [c for c in cells if c]
        joined = " | ".join(kept)
        if header and kept and len(joined) <= MAX_ROW_CHARS:
            out.append(joined)
    return "\n".join(out)


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


# Code blocks quoted for a how-to question: shell commands and environment settings, not code.
_COMMAND_LANGUAGES = frozenset(
    ["", *"sh bash shell console zsh powershell ps1 bat cmd env dotenv".split()]
)
MAX_COMMANDS, MAX_COMMAND_CHARS = 6, 160
_TRAILING_COMMENT = re.compile(r"\s{2,}#.*$|\s#\s.*$")


def command_quotes(text: str, section: str = "") -> list[str]:
    r"""Each fenced block of shell commands with the sentence that introduces it, as one line:
    the answer to "how do I configure …" is the block under 「To use Claude:」, which
    :func:`without_code_blocks` keeps out of the sentences (a command is no sentence to quote
    alone). A block right under a heading (or opening a chunk under ``section``) is led by the
    heading. Comment lines and trailing comments are left out; a block without a lead sentence
    ending in a colon (or a heading), or with more than :data:`MAX_COMMANDS` commands, is not
    quoted.

    >>> command_quotes("Intro.\nTo use Claude:\n```sh\n# key\nexport A=1  # secret\nrun.sh\n```")
    ['To use Claude: `export A=1`, `run.sh`']
    """
    lines = text.split("\n")
    fences = [i for i, line in enumerate(lines) if _FENCE.match(line)]
    out: list[str] = []
    for start, end in zip(fences[::2], fences[1::2], strict=False):
        opener = _FENCE.match(lines[start])
        if opener is None or opener.group(2).lower() not in _COMMAND_LANGUAGES:
            continue
        lead = _lead(lines[:start])
        if lead.startswith("#"):  # a block right under a heading: the heading leads it
            lead = clean_sentence(lead) + ":"
        elif not lead and section.strip():  # the chunk opens with it: its section leads it
            lead = section.strip() + ":"
        if not lead.endswith((":", "：")) or is_noise(lead):
            continue
        commands = [_command(ln) for ln in lines[start + 1 : end]]
        commands = [c for c in commands if c]
        if _quotable(commands):
            out.append(clean_sentence(lead) + " " + ", ".join(f"`{c}`" for c in commands))
    return out


# Where a sentence would end inside a command (the judge reads the line sentence by sentence).
_ENDS_INSIDE = re.compile(r"[。！？；!?;]|\.\s")


def _quotable(commands: list[str]) -> bool:
    """A few short commands, none of which the judge would cut into two sentences."""
    return 0 < len(commands) <= MAX_COMMANDS and all(
        len(c) <= MAX_COMMAND_CHARS and not _ENDS_INSIDE.search(c) for c in commands
    )


def _lead(before: list[str]) -> str:
    """The last sentence of the paragraph right before a block (its lines joined)."""
    paragraph: list[str] = []
    for line in reversed(before):
        if not line.strip():
            if paragraph:
                break
            continue
        paragraph.insert(0, line.strip())
    sentences = split_sentences(" ".join(paragraph))
    return sentences[-1].strip() if sentences else ""


def _command(line: str) -> str:
    """A code line without its comment (a "# …" line, or one after the command), or empty."""
    stripped = line.strip()
    return "" if stripped.startswith("#") else _TRAILING_COMMENT.sub("", stripped).strip()


def is_noise(raw: str) -> bool:
    """Table rows, code fences, HTML and bare links are not sentences to quote."""
    return bool(_NOISE.search(raw))


def compose(lead: str, quotes: list[Quote], question: str = "") -> str:
    """The answer text: a lead line, then one cited sentence per line. Given the question, a
    sentence in another language than the question's is marked as a quote (「…」 in a Chinese
    answer, “…” in an English one): it is the source's wording, not a translation."""
    lines = [lead] if lead else []
    lines.extend(f"{_as_quote(q.text, question)} [{q.chunk_id}]" for q in quotes)
    return "\n".join(lines)


def low_confidence(sources: Iterable[common_pb2.Chunk], floor: float) -> set[str]:
    """Ids of the sources read by OCR with a mean confidence below ``floor`` (0 < c < floor):
    searchable, but never quoted without a warning."""
    return {c.chunk_id for c in sources if 0.0 < c.ocr_confidence < floor}


def with_ocr_warnings(text: str, doubtful: set[str], warning: str) -> str:
    r"""``text`` with ``warning`` at the end of each line that cites one of ``doubtful`` (a
    line already carrying it is left alone). The warning goes after the citation, so the
    quoted sentence and its citation stay as the source has them.

    >>> with_ocr_warnings("Deposit 500. [scan#0]\nOpen daily. [memo#1]", {"scan#0"}, "(!)")
    'Deposit 500. [scan#0] (!)\nOpen daily. [memo#1]'
    """
    if not doubtful or not warning:
        return text
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if warning in line or not any(f"[{c}]" in line for c in doubtful):
            continue
        gap = "" if warning[:1] in "（【" else " "
        lines[i] = line.rstrip() + gap + warning
    return "\n".join(lines)


def _as_quote(text: str, question: str) -> str:
    if not question or same_language(question, text):
        return text
    return f"「{text}」" if line_script(question).startswith("zh") else f"“{text}”"
