"""Citations in a draft: ``[chunk_id]``, ``[id1, id2]``, ``[Source N]`` (and ``【id】``).

Extraction follows the seed (``re.findall(r'\\[([^\\]]+)\\]', answer)``) with three fixes a real
draft needs: a bracket may hold several ids separated by commas (``[a, b]``, ``[a，b]``,
``[a、b]``); ``[Source N]`` / ``[來源 N]`` names the N-th collected source; a Markdown link
``[text](url)`` is not a citation. Brackets never nest or cross a line, so ``[a[b]c]`` cites
``b``. An id carrying control characters can name nothing and is reported escaped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

MAX_ID_CHARS = 200

# ``[...]`` or the CJK lenticular ``【...】``; not followed by ``(`` (a Markdown link).
CITATION = re.compile(r"(?:\[([^\[\]\n]{1,200})\]|【([^【】\n]{1,200})】)(?!\()")
_SOURCE_N = re.compile(r"^(?:source|src|ref|來源|来源|資料|资料|文件)\s*#?\s*(\d{1,4})$", re.I)
_ID_SEPARATORS = re.compile(r"\s*[,，、;；]\s*")


@dataclass(frozen=True)
class SourceRef:
    """What a citation can point at: a collected chunk's id and its parent's id."""

    chunk_id: str
    parent_id: str


def printable(text: str) -> str:
    """``text`` with every unprintable character but the space escaped (``\\x00`` → ``\\u0000``)."""
    return "".join(ch if ch.isprintable() or ch == " " else f"\\u{ord(ch):04x}" for ch in text)


def bracket_contents(text: str) -> list[str]:
    """The raw content of every citation bracket, in order."""
    return [m.group(1) if m.group(1) is not None else m.group(2) for m in CITATION.finditer(text)]


def strip_citations(text: str) -> str:
    """``text`` without its citation brackets."""
    return CITATION.sub("", text)


class CitationIndex:
    """Resolves cited ids against the collected sources (their ids and their parents' ids)."""

    def __init__(self, sources: Sequence[SourceRef]) -> None:
        self._targets: dict[str, list[int]] = {}
        for i, s in enumerate(sources):
            for key in (s.chunk_id, s.parent_id):
                if key:
                    self._targets.setdefault(key, []).append(i)
        self._count = len(sources)

    def ids_in(self, content: str) -> list[str]:
        """The ids one bracket cites: the whole content when it names a source, else its parts."""
        whole = content.strip()
        if whole in self._targets:
            return [whole]
        return [p for p in _ID_SEPARATORS.split(whole) if p]

    def resolve(self, cited: str) -> list[int] | None:
        """Indices of the sources ``cited`` names, or None when it names nothing collected."""
        if any(unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co"} for ch in cited):
            return None
        hit = self._targets.get(cited)
        if hit is not None:
            return hit
        n = _SOURCE_N.match(cited)
        if n is not None and 1 <= int(n.group(1)) <= self._count:
            return [int(n.group(1)) - 1]
        return None

    def cited_ids(self, text: str) -> list[str]:
        """Every id cited in ``text``, in order, repeats kept."""
        return [i for content in bracket_contents(text) for i in self.ids_in(content)]


def unique(items: Iterable[str]) -> list[str]:
    """``items`` without repeats, first occurrence order."""
    return list(dict.fromkeys(items))
