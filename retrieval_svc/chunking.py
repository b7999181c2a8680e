"""Structure- and language-aware chunking of a document's blocks: headings, then paragraphs,
then sentences; a table's rows become records that carry their column headers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from retrieval_svc.documents.key_names import key_names, with_key_names
from retrieval_svc.documents.model import Block, Kind, fenced
from retrieval_svc.documents.table_records import table_pieces
from retrieval_svc.text import TOKEN_UNIT, count_tokens, split_sentences

_FENCE = re.compile(r"^\s*(```|~~~)")


@dataclass(frozen=True)
class ChunkDraft:
    """A chunk before it has ids: its text, the heading it sits under, and its page.

    ``ocr_confidence`` is 0 when the text was not read by OCR, else the mean OCR confidence
    of the blocks the chunk was cut from, in (0, 1].
    """

    text: str
    section: str
    page: int = 0
    page_label: str = ""
    ocr_confidence: float = 0.0


def ocr_confidence(blocks: Sequence[Block]) -> float:
    """0 when none of ``blocks`` was read by OCR, else the mean OCR confidence of those that
    were, kept in (0, 1] so that OCR text never reads as "not OCR"."""
    read = [b.confidence for b in blocks if b.confidence is not None]
    if not read:
        return 0.0
    return min(1.0, max(1e-4, round(sum(read) / len(read), 4)))


def _cut(sentence: str, max_tokens: int) -> list[str]:
    """A sentence longer than ``max_tokens`` cut into pieces of at most that many tokens."""
    pieces: list[str] = []
    start = 0
    matches = list(TOKEN_UNIT.finditer(sentence))
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
    """Split Markdown ``text`` into chunks of at most ``max_tokens`` (approximate) tokens
    (see :func:`chunk_blocks`)."""
    from retrieval_svc.documents.markdown import markdown_blocks

    return chunk_blocks(markdown_blocks(text).blocks, max_tokens, overlap_tokens)


def _check(max_tokens: int, overlap_tokens: int) -> None:
    if max_tokens < 16:
        raise ValueError("max_tokens must be at least 16")
    if not 0 <= overlap_tokens <= max_tokens // 2:
        raise ValueError("overlap_tokens must be non-negative and at most half of max_tokens")


def _pack(
    paras: list[str], max_tokens: int, overlap_tokens: int
) -> list[tuple[str, tuple[int, ...]]]:
    """Paragraphs packed into chunks of at most ``max_tokens``, each with the indices of the
    paragraphs it holds; a paragraph over the limit is split at sentence boundaries (a
    sentence over the limit at token boundaries), and a chunk that continues a split
    paragraph starts with the previous chunk's last sentences, up to ``overlap_tokens``, for
    overlap."""
    chunks: list[tuple[str, tuple[int, ...]]] = []
    current: list[str] = []
    held: list[int] = []
    size = 0
    for index, para in enumerate(paras):
        n = count_tokens(para)
        if n <= max_tokens:
            if current and size + n > max_tokens:
                chunks.append(("\n\n".join(current), tuple(held)))
                current, held, size = [], [], 0
            current.append(para)
            held.append(index)
            size += n
            continue
        # A short run before a long paragraph (a plain-text file's title line, a one-line
        # lead-in) opens the paragraph's first chunk: alone it was a chunk of one line that
        # the writer quoted as an answer (「北賽普勒斯土耳其共和國」 for "what is its capital?").
        lead = "\n\n".join(current) if current and size <= max_tokens // 4 else ""
        lead_held = tuple(held) if lead else ()
        if current and not lead:
            chunks.append(("\n\n".join(current), tuple(held)))
        current, held, size = [], [], 0
        if _FENCE.match(para):
            if lead:
                chunks.append((lead, lead_held))
            chunks.extend((code, (index,)) for code in _split_code(para, max_tokens))
            continue
        piece: list[str] = [lead] if lead else []
        piece_size = count_tokens(lead) if lead else 0
        for sentence in _units(para, max_tokens):
            m = count_tokens(sentence)
            if piece and piece_size + m > max_tokens:
                chunks.append(_piece(piece, lead, lead_held, index))
                if lead:  # the lead is not carried over as overlap
                    piece, lead = piece[1:], ""
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
            chunks.append(_piece(piece, lead, lead_held, index))
    if current:
        chunks.append(("\n\n".join(current), tuple(held)))
    return chunks


def _piece(
    piece: list[str], lead: str, lead_held: tuple[int, ...], index: int
) -> tuple[str, tuple[int, ...]]:
    """A piece of paragraph ``index``; the first may open with the short ``lead`` before it."""
    if lead and piece and piece[0] == lead:
        rest = _join(piece[1:])
        return (f"{lead}\n\n{rest}" if rest else lead), ((*lead_held, index) if rest else lead_held)
    return _join(piece), (index,)


def _prose(block: Block) -> str:
    if block.kind is Kind.LIST_ITEM:
        return "- " + block.text
    if block.kind is Kind.CODE:
        return fenced(block.text)
    return block.text


def chunk_blocks(
    blocks: Sequence[Block], max_tokens: int = 256, overlap_tokens: int = 32
) -> list[ChunkDraft]:
    """Chunks of at most ``max_tokens`` (approximate) tokens from a document's blocks.

    Headings start a new chunk and name its section; paragraphs under one heading and on one
    page are packed together (a chunk never spans a page break, so its page is the page of
    all it says, nor mixes OCR text with the file's own, so its ``ocr_confidence`` is the
    mean of the blocks it holds); tables become records (see :func:`table_pieces`), a code
    the document names elsewhere carrying that name (:mod:`~retrieval_svc.documents.key_names`).
    """
    _check(max_tokens, overlap_tokens)
    chunks: list[ChunkDraft] = []
    section = ""
    run: list[Block] = []
    names = key_names(blocks) if any(b.kind is Kind.TABLE for b in blocks) else {}

    def flush() -> None:
        if run:
            first = run[0]
            packed = _pack([_prose(b) for b in run], max_tokens, overlap_tokens)
            chunks.extend(
                ChunkDraft(
                    t, section, first.page, first.page_label, ocr_confidence([run[i] for i in held])
                )
                for t, held in packed
            )
            run.clear()

    for i, block in enumerate(blocks):
        if block.kind is Kind.HEADING:
            flush()
            section = block.text
        elif block.kind is Kind.TABLE:
            flush()
            context = block.text or _lead_in(blocks, i)
            label = " › ".join(p for p in (section, context) if p)
            chunks.extend(
                ChunkDraft(text, label, page, block.page_label, ocr_confidence([block]))
                for text, page in table_pieces(with_key_names(block, names), max_tokens)
            )
        else:
            if run and _where(run[-1]) != _where(block):
                flush()
            run.append(block)
    flush()
    return [c for c in chunks if c.text.strip()]


def _where(block: Block) -> tuple[int, str, bool]:
    """What a chunk may not mix: pages, and OCR text with the file's own."""
    return block.page, block.page_label, block.confidence is not None


def _lead_in(blocks: Sequence[Block], i: int) -> str:
    """The sentence that introduces a table: a short paragraph right before it."""
    if i == 0:
        return ""
    prev = blocks[i - 1]
    if prev.kind in {Kind.PARAGRAPH, Kind.CAPTION} and count_tokens(prev.text) <= 40:
        return prev.text
    return ""
