"""Documents a query names by a word of their title: "Northgate", "Eastmoor", "PRCES".

A question that names an organisation ("How long does Northgate Polytechnic keep clinical trial
data?") means that organisation's documents. Their titles (and cover headings,
:mod:`mesh.document_heading`) name it; their passages mostly do not: a row of a retention
schedule says "Clinical trial data | 25 years", not "Northgate". So BM25 ranked another school's
passages above every Northgate one. A word names a document when it is rare in English (a
name, not "Policy" or "Council": wordfreq's Zipf frequency below :data:`NAME_ZIPF`) and at most
:data:`MAX_NAMED` documents' titles hold it. Chinese names written in pinyin ("Hualan") are
matched by :mod:`retrieval_svc.cross_language`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from wordfreq import zipf_frequency

from mesh.document_heading import context_of
from retrieval_svc.store import DocumentRecord

# Below this Zipf frequency (about once per ten million English words) a word names something.
NAME_ZIPF = 3.0
# A word more titles hold than this names a kind of document, not one organisation's.
MAX_NAMED = 3
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]{3,}")


def name_words(query: str) -> frozenset[str]:
    """The query's words that may name something: rare in English, lower case.

    >>> sorted(name_words("How long does Northgate Polytechnic keep clinical trial data?"))
    ['northgate']
    """
    words = {w.casefold() for w in _WORD.findall(query)}
    return frozenset(w for w in words if zipf_frequency(w, "en") < NAME_ZIPF)


def documents_named(query: str, documents: Iterable[DocumentRecord]) -> frozenset[str]:
    """The ids of the documents whose title or heading holds a word the query names them by."""
    names = name_words(query)
    if not names:
        return frozenset()
    holders: dict[str, set[str]] = {}
    for d in documents:
        words = {w.casefold() for w in _WORD.findall(context_of(d.title, d.metadata))}
        for name in names & words:
            holders.setdefault(name, set()).add(d.doc_id)
    return frozenset(
        doc_id for docs in holders.values() if len(docs) <= MAX_NAMED for doc_id in docs
    )
