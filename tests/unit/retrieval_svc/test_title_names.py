"""Documents a query names by a rare word of their title."""

from __future__ import annotations

from retrieval_svc.store import DocumentRecord
from retrieval_svc.title_names import MAX_NAMED, documents_named, name_words


def _doc(doc_id: str, title: str, heading: str = "") -> DocumentRecord:
    metadata = {"document_heading": heading} if heading else {}
    return DocumentRecord(doc_id, title, "text/plain", metadata, 0.0, 1)


def test_names_are_rare_words_not_common_ones() -> None:
    assert name_words("Eastmoor Council pool vehicle fuel policy") == {"eastmoor"}
    assert name_words("PRCES 2025 late fee") == {"prces"}
    assert name_words("what is the policy on travel?") == frozenset()
    assert name_words("婚假可以請幾天？") == frozenset()


def test_a_title_or_a_cover_heading_names_its_document() -> None:
    docs = [
        _doc("fleet", "Eastmoor County Council Fleet Vehicle Use Policy"),
        _doc("clinic", "HCHC fees 2025", heading="Harbourview Community Health Clinic"),
        _doc("travel", "Travel Policy"),
    ]
    assert documents_named("Eastmoor minibus notice?", docs) == {"fleet"}
    assert documents_named("harbourview home visit fee", docs) == {"clinic"}
    assert documents_named("How soon must I file a travel claim?", docs) == frozenset()


def test_a_word_many_titles_hold_names_none_of_them() -> None:
    docs = [_doc(f"d{i}", f"Zorblat form {i}") for i in range(MAX_NAMED + 1)]
    assert documents_named("zorblat deadline", docs) == frozenset()
    assert documents_named("zorblat deadline", docs[:MAX_NAMED]) == {
        d.doc_id for d in docs[:MAX_NAMED]
    }
