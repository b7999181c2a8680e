"""Does a challenge sentence appear in the training data? Exact and near-duplicate checks.

Texts are compared after NFKC, lower case and with everything but letters, digits and Han
characters removed; a near duplicate shares at least :data:`NEAR_DUPLICATE` of its character
trigrams with a training text (Jaccard similarity). ``groundmesh bench router`` refuses to report
a challenge set that overlaps its training data.
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

NEAR_DUPLICATE = 0.8
_NOT_WORD = re.compile(r"[\W_]+")


@dataclass(frozen=True)
class Overlap:
    """A challenge text found in the training data."""

    challenge: str
    training: str
    similarity: float


def canonical(text: str) -> str:
    """What two texts must share to be the same sentence."""
    return _NOT_WORD.sub("", unicodedata.normalize("NFKC", text).casefold())


def _shingles(text: str) -> frozenset[str]:
    if len(text) < 3:
        return frozenset({text})
    return frozenset(text[i : i + 3] for i in range(len(text) - 2))


def overlaps(
    challenge: Sequence[str], training: Sequence[str], threshold: float = NEAR_DUPLICATE
) -> list[Overlap]:
    """Every challenge text equal or near-equal to a training text."""
    train = [canonical(t) for t in training]
    shingles = [_shingles(t) for t in train]
    index: dict[str, list[int]] = defaultdict(list)
    for i, grams in enumerate(shingles):
        for g in grams:
            index[g].append(i)
    exact = {t: i for i, t in enumerate(train)}
    found: list[Overlap] = []
    for text in challenge:
        c = canonical(text)
        if c in exact:
            found.append(Overlap(text, training[exact[c]], 1.0))
            continue
        grams = _shingles(c)
        shared: dict[int, int] = defaultdict(int)
        for g in grams:
            for i in index.get(g, ()):
                shared[i] += 1
        best = max(
            ((n / len(grams | shingles[i]), i) for i, n in shared.items()), default=(0.0, -1)
        )
        if best[0] >= threshold:
            found.append(Overlap(text, training[best[1]], round(best[0], 3)))
    return found
