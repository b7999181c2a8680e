"""A document's own heading: the name its first page gives it, when its title does not.

A question names the organisation or the subject a document is about ("How early should a
first-time patient arrive at Harbourview Community Health Clinic?"), and the document says so
once, on its cover, while its title may be an abbreviation ("HCHC Opening Hours and Fee
Schedule 2025") or a file name. Every passage of the document is about what its cover names:
the grader reads the heading with each passage, the judge counts it with the title, and the
writer does not prefer the cover's line for holding its words.

Ingestion stores the heading in the document's metadata under :data:`KEY`; everything after
reads it from there. It is not indexed (see ``retrieval_svc/engine.py``).
"""

from __future__ import annotations

from collections.abc import Mapping

from mesh.text import content_terms

KEY = "document_heading"
# The heading path's separator (retrieval_svc.chunking: "Chapter › Section").
SEPARATOR = " › "
MAX_CHARS = 200


def own_heading(title: str, first_section: str) -> str:
    """The first heading of a document's first passage when it names what the title does not
    (a word of it missing from the title), else ''."""
    heading = first_section.split(SEPARATOR, 1)[0].strip()[:MAX_CHARS]
    if not heading:
        return ""
    return heading if content_terms(heading) - content_terms(title) else ""


def heading_of(metadata: Mapping[str, str]) -> str:
    """The document heading stored with a passage ('' for documents ingested without one)."""
    return metadata.get(KEY, "")


def context_of(title: str, metadata: Mapping[str, str]) -> str:
    """The words that name what a passage's document is about: its title and its heading."""
    heading = heading_of(metadata)
    return f"{title} {heading}".strip() if heading else title
