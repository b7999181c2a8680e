"""Documents a query names by a word of their title: "Northgate", "Eastmoor", "PRCES".

A question that names an organisation ("How long does Northgate Polytechnic keep clinical trial
data?") means that organisation's documents. Their titles (and cover headings,
:mod:`mesh.document_heading`) name it; their passages mostly do not: a row of a retention
schedule says "Clinical trial data | 25 years", not "Northgate". So BM25 ranked another school's
passages above every Northgate one. A word names a document when it is rare in English
(:func:`mesh.title_words.name_words`) and at most :data:`MAX_NAMED` documents' titles hold it.
Chinese names written in pinyin ("Hualan") are matched by :mod:`retrieval_svc.cross_language`.
"""

from __future__ import annotations

from collections.abc import Iterable

from mesh.document_heading import context_of
from mesh.title_words import name_words, title_words
from retrieval_svc.store import DocumentRecord

__all__ = ["MAX_NAMED", "documents_named", "name_words"]

# A word more titles hold than this names a kind of document, not one organisation's.
MAX_NAMED = 3


def documents_named(query: str, documents: Iterable[DocumentRecord]) -> frozenset[str]:
    """The ids of the documents whose title or heading holds a word the query names them by."""
    names = name_words(query)
    if not names:
        return frozenset()
    holders: dict[str, set[str]] = {}
    for d in documents:
        for name in names & title_words(context_of(d.title, d.metadata)):
            holders.setdefault(name, set()).add(d.doc_id)
    return frozenset(
        doc_id for docs in holders.values() if len(docs) <= MAX_NAMED for doc_id in docs
    )
