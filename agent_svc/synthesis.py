"""Pieces of extractive synthesis: passages, quotes, sentence cleaning and the answer layout.

Nothing is written that a source does not say: every sentence of the answer is a sentence of
a retrieved chunk, followed by ``[chunk_id]`` (the choice of sentences is in ``extractive``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_MARKUP = re.compile(r"(\*\*|__|`|^#+\s*|^\s*[-*+]\s+|^\s*\d+[.)]\s+|^>\s*)", re.MULTILINE)
_BRACKETS = str.maketrans({"[": "(", "]": ")"})
_NOISE = re.compile(r"^\s*(\||```|~~~|<)|https?://\S+$")


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
    """Strip Markdown and turn brackets into parentheses so only our citations use brackets."""
    return _MARKUP.sub("", sentence).translate(_BRACKETS).strip()


def is_noise(raw: str) -> bool:
    """Table rows, code fences, HTML and bare links are not sentences to quote."""
    return bool(_NOISE.search(raw))


def compose(lead: str, quotes: list[Quote]) -> str:
    """The answer text: a lead line, then one cited sentence per line."""
    lines = [lead] if lead else []
    lines.extend(f"{q.text} [{q.chunk_id}]" for q in quotes)
    return "\n".join(lines)
