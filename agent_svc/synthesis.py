"""Extractive synthesis (the offline engine): sentences chosen from the sources, each cited.

Nothing is written that a source does not say: every sentence of the answer is a sentence of
a retrieved chunk, followed by ``[chunk_id]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mesh.text import content_terms, split_sentences, unwrap_lines

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


def choose_quotes(question: str, passages: list[Passage], limit: int = 3) -> list[Quote]:
    """The ``limit`` sentences that best answer ``question``, in source order.

    A sentence scores by the share of the question's terms it contains, plus a small prior for
    coming from a higher-ranked chunk; sentences that share nothing with the question are used
    only from the best chunk, so an answer is never empty when a relevant chunk exists.
    """
    q_terms = content_terms(question)
    scored: list[tuple[float, int, int, Quote]] = []
    for p in passages:
        for position, raw in enumerate(split_sentences(unwrap_lines(p.text))):
            if _NOISE.search(raw):
                continue
            text = clean_sentence(raw)
            if len(text) < 8 or len(text) > 400:
                continue
            overlap = len(q_terms & content_terms(text)) / len(q_terms) if q_terms else 0.0
            prior = 0.3 / (1 + p.rank)
            if overlap == 0 and p.rank > 0:
                continue
            score = overlap + prior
            scored.append((score, p.rank, position, Quote(text, p.chunk_id, score)))
    scored.sort(key=lambda t: (-t[0], t[1], t[2]))
    chosen: list[tuple[float, int, int, Quote]] = []
    seen: set[str] = set()
    for item in scored:
        key = item[3].text.casefold()
        if key in seen:
            continue
        seen.add(key)
        chosen.append(item)
        if len(chosen) == limit:
            break
    chosen.sort(key=lambda t: (t[1], t[2]))
    return [c[3] for c in chosen]


def compose(lead: str, quotes: list[Quote]) -> str:
    """The answer text: a lead line, then one cited sentence per line."""
    lines = [lead] if lead else []
    lines.extend(f"{q.text} [{q.chunk_id}]" for q in quotes)
    return "\n".join(lines)
