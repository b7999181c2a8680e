"""Hypothesis properties of citation extraction and the rules over arbitrary text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge_svc.citations import (
    CITATION,
    CitationIndex,
    SourceRef,
    bracket_contents,
    strip_citations,
)
from judge_svc.rules import Source, detect_hallucination
from judge_svc.sentences import split_sentences

pytestmark = pytest.mark.unit

IDS = st.text(
    alphabet=st.characters(
        blacklist_characters="[]【】\n,，、;；", blacklist_categories=("Cc", "Cf", "Cs", "Co")
    ),
    min_size=1,
    max_size=20,
).filter(lambda s: s.strip() == s and s != "")
FILLER = st.lists(
    st.sampled_from([*"ab 請假。.!?[]【】()\n\x00\x1b\u200b,;:", "Source 1", "[x]"]),
    max_size=40,
).map("".join)


@given(st.text(max_size=300))
@settings(max_examples=300, deadline=None)
def test_extraction_never_crashes_and_ids_hold_no_brackets(text: str) -> None:
    for content in bracket_contents(text):
        assert content and "\n" not in content
        assert not set(content) & set("[]【】")
    removed = sum(len(m.group(0)) for m in CITATION.finditer(text))
    assert len(strip_citations(text)) == len(text) - removed


@given(st.lists(IDS, min_size=1, max_size=5, unique=True), st.lists(FILLER, min_size=1, max_size=5))
@settings(max_examples=200, deadline=None)
def test_every_inserted_citation_is_found_and_valid(ids: list[str], fillers: list[str]) -> None:
    # Brackets in the filler would open citations of their own; "(" right after a citation
    # would make it a Markdown link, which is not a citation.
    table = str.maketrans("[]【】(", "<><>{")
    clean = [f.translate(table) for f in fillers]
    text = "".join(f"{clean[i % len(clean)]} [{cid}]" for i, cid in enumerate(ids))
    index = CitationIndex([SourceRef(cid, "") for cid in ids])
    found = index.cited_ids(text)
    assert found == ids
    assert all(index.resolve(c) is not None for c in found)


@given(st.text(max_size=400), st.lists(IDS, max_size=4))
@settings(max_examples=200, deadline=None)
def test_rules_are_total_and_bounded(draft: str, ids: list[str]) -> None:
    r = detect_hallucination(draft, [Source(i, "", "text") for i in ids])
    assert 0.0 <= r.risk_score <= 1.0
    assert r.has_risk == (r.risk_score > 0.3)
    assert len(r.uncited_sentences) <= 3
    assert r.cited_claims <= r.total_claims
    index = CitationIndex([SourceRef(i, "") for i in ids])
    assert all(index.resolve(c) is not None for c in r.valid_citations)
    assert not set(r.valid_citations) & set(r.invalid_citations)
    for bad in r.invalid_citations:
        assert all(ch.isprintable() or ch == " " for ch in bad)


@given(st.text(max_size=300))
@settings(max_examples=200, deadline=None)
def test_splitting_loses_no_letters(text: str) -> None:
    joined = "".join(split_sentences(text))
    assert sorted(c for c in joined if not c.isspace()) == sorted(
        c for c in text if not c.isspace()
    )
