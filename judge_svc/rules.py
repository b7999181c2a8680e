"""Rule-based hallucination checks from the seeds (000, 004), for Chinese and English drafts.

1. extract citations ``[id]``; 2. validate them against the collected chunks *and their
parents*; 3. find long sentences without a citation; 4. compute the citation ratio. On top of
the seeds' steps, each cited claim is checked for lexical support by the chunks it cites.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from mesh.text import content_terms

CITATION = re.compile(r"\[([^\[\]\n]{1,200})\]")
_SENTENCE_END = re.compile(r"(?<=[。！？；!?;])|(?<=\.)(?=\s|$|\[)|\n+")


@dataclass(frozen=True)
class Source:
    """A collected chunk a draft may cite."""

    chunk_id: str
    doc_id: str
    text: str


@dataclass
class RuleFindings:
    """What the rules found in one draft."""

    valid_citations: list[str] = field(default_factory=list)
    invalid_citations: list[str] = field(default_factory=list)
    uncited_sentences: list[str] = field(default_factory=list)
    unsupported_claims: list[str] = field(default_factory=list)
    claims: int = 0
    cited_claims: int = 0
    supported_claims: int = 0

    @property
    def citation_ratio(self) -> float:
        """Share of claims carrying at least one valid citation."""
        return self.cited_claims / self.claims if self.claims else 0.0

    @property
    def support_ratio(self) -> float:
        """Share of validly cited claims that their sources support."""
        return self.supported_claims / self.cited_claims if self.cited_claims else 0.0


def display_length(text: str) -> int:
    """Length in Latin-character units: a wide (CJK) character counts as two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def split_claims(draft: str) -> list[str]:
    """Sentences of a draft, Chinese or English; a citation stays with its sentence."""
    parts: list[str] = []
    start = 0
    for m in _SENTENCE_END.finditer(draft):
        piece = draft[start : m.end()]
        if piece.strip():
            parts.append(piece)
        start = m.end()
    if draft[start:].strip():
        parts.append(draft[start:])
    # A citation right after the period belongs to the sentence before it.
    merged: list[str] = []
    for p in parts:
        stripped = p.strip()
        if merged and CITATION.fullmatch(stripped.rstrip("。.")) is not None:
            merged[-1] = merged[-1].rstrip() + stripped
            continue
        lead = CITATION.match(stripped) if merged else None
        if lead is not None:
            merged[-1] = merged[-1].rstrip() + lead.group(0)
            rest = stripped[lead.end() :].strip()
            if rest:
                merged.append(rest)
        else:
            merged.append(stripped)
    return merged


def support(claim: str, sources: list[str]) -> float:
    """Share of the claim's content terms that appear in the cited sources."""
    claim_terms = content_terms(CITATION.sub("", claim))
    if not claim_terms:
        return 1.0
    source_terms: set[str] = set()
    for s in sources:
        source_terms |= content_terms(s)
    return len(claim_terms & source_terms) / len(claim_terms)


def check_draft(
    draft: str,
    sources: list[Source],
    long_sentence: int = 50,
    claim_min: int = 20,
    support_threshold: float = 0.5,
) -> RuleFindings:
    """Run every rule over ``draft``."""
    by_id: dict[str, list[str]] = {}
    for s in sources:
        by_id.setdefault(s.chunk_id, []).append(s.text)
        by_id.setdefault(s.doc_id, []).append(s.text)
    findings = RuleFindings()
    seen_valid: dict[str, None] = {}
    seen_invalid: dict[str, None] = {}
    for sentence in split_claims(draft):
        cited = [c.strip() for c in CITATION.findall(sentence)]
        valid = [c for c in cited if c in by_id]
        for c in cited:
            (seen_valid if c in by_id else seen_invalid)[c] = None
        bare = CITATION.sub("", sentence).strip()
        size = display_length(bare)
        if size > long_sentence and not cited:
            findings.uncited_sentences.append(bare[:100])
        if size <= claim_min:
            continue
        findings.claims += 1
        if not valid:
            continue
        findings.cited_claims += 1
        texts = [t for c in valid for t in by_id[c]]
        if support(bare, texts) >= support_threshold:
            findings.supported_claims += 1
        else:
            findings.unsupported_claims.append(bare[:100])
    findings.valid_citations = list(seen_valid)
    findings.invalid_citations = list(seen_invalid)
    return findings
