"""Structure- and language-aware chunking: headings, then paragraphs, then sentences."""

from __future__ import annotations

import re
from dataclasses import dataclass

from retrieval_svc.text import split_sentences

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class ChunkDraft:
    """A chunk before it has ids: its text and the heading it sits under."""

    text: str
    section: str


def _blocks(text: str) -> list[tuple[str, str]]:
    """(section heading, paragraph) pairs; a heading closes the paragraph before it."""
    section = ""
    blocks: list[tuple[str, str]] = []
    lines: list[str] = []
    in_fence = False

    def flush() -> None:
        if lines:
            para = "\n".join(lines).strip()
            if para:
                blocks.append((section, para))
            lines.clear()

    for line in text.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
            lines.append(line)
            continue
        heading = None if in_fence else _HEADING.match(line)
        if heading:
            flush()
            section = heading.group(2).strip()
        elif not in_fence and not line.strip():
            flush()
        else:
            lines.append(line)
    flush()
    return blocks


def _bounded_sentences(text: str, max_chars: int) -> list[str]:
    """Sentences of ``text``; one longer than twice ``max_chars`` is cut into pieces (at a space
    where there is one), never dropped."""
    out: list[str] = []
    limit = 2 * max_chars
    for sentence in split_sentences(text):
        while len(sentence) > limit:
            cut = sentence.rfind(" ", max_chars, limit)
            cut = cut if cut > 0 else limit
            out.append(sentence[:cut].strip())
            sentence = sentence[cut:].strip()
        if sentence:
            out.append(sentence)
    return out


def _split_code(block: str, max_chars: int) -> list[str]:
    """A fenced code block cut at line breaks, each piece at most about ``max_chars``."""
    pieces: list[str] = []
    lines: list[str] = []
    for line in block.split("\n"):
        if lines and sum(len(x) + 1 for x in lines) + len(line) > max_chars:
            pieces.append("\n".join(lines))
            lines = []
        while len(line) > max_chars:
            pieces.append(line[:max_chars])
            line = line[max_chars:]
        lines.append(line)
    if lines:
        pieces.append("\n".join(lines))
    return [p for p in pieces if p.strip()]


def _join(sentences: list[str]) -> str:
    """Join sentences: no space after Chinese punctuation, one space after Western."""
    out = ""
    for s in sentences:
        out += s if not out or out[-1] in "。！？；」』”" else " " + s
    return out


def chunk_text(text: str, max_chars: int = 600) -> list[ChunkDraft]:
    """Split ``text`` into chunks of at most about ``max_chars`` characters.

    Paragraphs under the same heading are packed together; a paragraph longer than the limit
    is split at sentence boundaries, and the next piece repeats the last sentence for overlap.
    """
    if max_chars < 50:
        raise ValueError("max_chars must be at least 50")
    chunks: list[ChunkDraft] = []
    current: list[str] = []
    current_section = ""

    def emit() -> None:
        if current:
            chunks.append(ChunkDraft("\n\n".join(current), current_section))
            current.clear()

    for section, para in _blocks(text):
        if section != current_section:
            emit()
            current_section = section
        if len(para) > max_chars and _FENCE.match(para):
            emit()
            chunks.extend(ChunkDraft(code, section) for code in _split_code(para, max_chars))
            continue
        if len(para) > max_chars:
            emit()
            piece: list[str] = []
            for sentence in _bounded_sentences(para, max_chars):
                if piece and sum(len(s) for s in piece) + len(sentence) > max_chars:
                    chunks.append(ChunkDraft(_join(piece), section))
                    piece = [piece[-1]] if len(piece[-1]) < max_chars // 3 else []
                piece.append(sentence)
            if piece:
                chunks.append(ChunkDraft(_join(piece), section))
            continue
        if current and sum(len(p) for p in current) + len(para) > max_chars:
            emit()
        current.append(para)
    emit()
    return chunks
