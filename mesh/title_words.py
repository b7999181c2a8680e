"""The words of a question that can name a document by its title: "Northgate", "PRCES".

A word names something when it is rare in English (wordfreq's Zipf frequency below
:data:`NAME_ZIPF`: "Northgate" 2.4, "Eastmoor" 1.0; not "Policy" 5.2 or "Council" 5.1). Retrieval
ranks the passages of the documents whose titles hold such a word first
(:mod:`retrieval_svc.title_names`); the agent reads a message naming the document its own search
found as a new question, not a follow-up.
"""

from __future__ import annotations

import re

from wordfreq import zipf_frequency

# Below this Zipf frequency (about once per ten million English words) a word names something.
NAME_ZIPF = 3.0
WORD = re.compile(r"[A-Za-z][A-Za-z0-9]{3,}")


def name_words(text: str) -> frozenset[str]:
    """The words of ``text`` that may name something: rare in English, lower case.

    >>> sorted(name_words("How long does Northgate Polytechnic keep clinical trial data?"))
    ['northgate']
    """
    words = {w.casefold() for w in WORD.findall(text)}
    return frozenset(w for w in words if zipf_frequency(w, "en") < NAME_ZIPF)


def title_words(title: str) -> frozenset[str]:
    """The words of a title (or heading), lower case, as :func:`name_words` compares them."""
    return frozenset(w.casefold() for w in WORD.findall(title))


def names_title(text: str, title: str) -> bool:
    """Whether ``text`` names ``title`` by one of its rare words."""
    return bool(name_words(text) & title_words(title))
