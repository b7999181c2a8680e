"""A question's misspelt English words, and the documents' words they were meant as.

People type "minbus" for "minibus" and "reponse tme" for "response time". No passage holds the
misspelling, so the word a question turns on weighs the most and no sentence covers it. A
question word counts as the document word it misspells when the two are close in spelling
(difflib's ratio, which needs no table) and the document's word is far more common in English
(wordfreq): "contract" beside "contact" is two words, not a misspelling, and stays itself.
"""

from __future__ import annotations

import difflib
import functools
from collections.abc import Iterable

import wordfreq

# difflib's similarity ratio a misspelling keeps with its word: one letter dropped from a word
# of six ("minbus") is 0.92, from a word of four ("tme") 0.86; "contract"/"contact" is 0.93, so
# the frequency gap, not the ratio, tells a misspelling from another word.
MIN_RATIO = 0.85
# How much more common (in wordfreq's Zipf scale: log10 of uses per billion words) the document's
# word must be: 1.5 is about thirty times. "minbus" 0.0 against "minibus" 2.75, "reponse" 1.92
# against "response" 4.9; "contract" 4.94 against "contact" 4.99 is no gap.
MIN_ZIPF_GAP = 1.5


@functools.lru_cache(maxsize=8192)
def _zipf(word: str) -> float:
    return float(wordfreq.zipf_frequency(word, "en"))


def meant(word: str, vocabulary: Iterable[str]) -> str | None:
    """The word of ``vocabulary`` (lower case) that ``word`` misspells, or None.

    >>> meant("minbus", ["minibus", "notice", "booking"])
    'minibus'
    >>> meant("contract", ["contact"]) is None
    True
    """
    word = word.lower()
    if len(word) < 3:
        return None
    n = len(word)
    # difflib's ratio is at most 2·min(len) / (sum of lengths): words too long or too short to
    # reach MIN_RATIO are left out before it is computed (a judgement asks for every unsaid word).
    words = [
        w
        for w in set(vocabulary)
        if w[:1] == word[:1] and w != word and 2 * min(len(w), n) >= MIN_RATIO * (len(w) + n)
    ]
    for close in difflib.get_close_matches(word, words, n=3, cutoff=MIN_RATIO):
        if _zipf(close) - _zipf(word) >= MIN_ZIPF_GAP:
            return close
    return None
