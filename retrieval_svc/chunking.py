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


_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_UNIT = re.compile(rf"[{_HAN}]|[^\W{_HAN}]+|[^\w\s]")


def count_tokens(text: str) -> int:
    """Approximate model tokens: one per Han character, word, or punctuation mark."""
    return len(_UNIT.findall(text))


def _cut(sentence: str, max_tokens: int) -> list[str]:
    """A sentence longer than ``max_tokens`` cut into pieces of at most that many tokens."""
    pieces: list[str] = []
    start = 0
    matches = list(_UNIT.finditer(sentence))
    for i in range(0, len(matches), max_tokens):
        group = matches[i : i + max_tokens]
        end = group[-1].end() if i + max_tokens < len(matches) else len(sentence)
        piece = sentence[start:end].strip()
        if piece:
            pieces.append(piece)
        start = end
    return pieces


def _units(para: str, max_tokens: int) -> list[str]:
    """Sentences of a paragraph (``。！？；`` and ``.!?``), none longer than ``max_tokens``."""
    out: list[str] = []
    for sentence in split_sentences(para):
        too_long = count_tokens(sentence) > max_tokens
        out.extend(_cut(sentence, max_tokens) if too_long else [sentence])
    return out


def _split_code(block: str, max_tokens: int) -> list[str]:
    """A fenced code block cut at line breaks, each piece at most ``max_tokens``."""
    pieces: list[str] = []
    lines: list[str] = []
    size = 0
    for line in block.split("\n"):
        n = count_tokens(line)
        if lines and size + n > max_tokens:
            pieces.append("\n".join(lines))
            lines, size = [], 0
        if n > max_tokens:
            pieces.extend(_cut(line, max_tokens))
            continue
        lines.append(line)
        size += n
    if lines:
        pieces.append("\n".join(lines))
    return [p for p in pieces if p.strip()]


def _join(sentences: list[str]) -> str:
    """Join sentences: no space after Chinese punctuation, one space after Western."""
    out = ""
    for s in sentences:
        out += s if not out or out[-1] in "。！？；」』”\n" else " " + s
    return out


def chunk_text(text: str, max_tokens: int = 256, overlap_tokens: int = 32) -> list[ChunkDraft]:
    """Split ``text`` into chunks of at most ``max_tokens`` (approximate) tokens.

    Headings start a new chunk and name its section; paragraphs under one heading are packed
    together; a paragraph over the limit is split at sentence boundaries (a sentence over the
    limit at token boundaries), and a chunk that continues a split paragraph starts with the
    previous chunk's last sentences, up to ``overlap_tokens``, for overlap.
    """
    if max_tokens < 16:
        raise ValueError("max_tokens must be at least 16")
    if not 0 <= overlap_tokens <= max_tokens // 2:
        raise ValueError("overlap_tokens must be non-negative and at most half of max_tokens")
    chunks: list[ChunkDraft] = []
    for section, paras in _sections(text):
        current: list[str] = []
        size = 0
        for para in paras:
            n = count_tokens(para)
            if n <= max_tokens:
                if current and size + n > max_tokens:
                    chunks.append(ChunkDraft("\n\n".join(current), section))
                    current, size = [], 0
                current.append(para)
                size += n
                continue
            if current:
                chunks.append(ChunkDraft("\n\n".join(current), section))
                current, size = [], 0
            if _FENCE.match(para):
                chunks.extend(ChunkDraft(code, section) for code in _split_code(para, max_tokens))
                continue
            piece: list[str] = []
            piece_size = 0
            for sentence in _units(para, max_tokens):
                m = count_tokens(sentence)
                if piece and piece_size + m > max_tokens:
                    chunks.append(ChunkDraft(_join(piece), section))
                    carried: list[str] = []
                    carried_size = 0
                    for prev in reversed(piece):
                        k = count_tokens(prev)
                        if carried_size + k > overlap_tokens or carried_size + k + m > max_tokens:
                            break
                        carried.insert(0, prev)
                        carried_size += k
                    piece, piece_size = carried, carried_size
                piece.append(sentence)
                piece_size += m
            if piece:
                chunks.append(ChunkDraft(_join(piece), section))
        if current:
            chunks.append(ChunkDraft("\n\n".join(current), section))
    return chunks


def _sections(text: str) -> list[tuple[str, list[str]]]:
    """Consecutive paragraphs grouped by the heading they sit under."""
    out: list[tuple[str, list[str]]] = []
    for section, para in _blocks(text):
        if out and out[-1][0] == section:
            out[-1][1].append(para)
        else:
            out.append((section, [para]))
    return out
