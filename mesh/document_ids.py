"""Document ids from file names, the same for every way in (HTTP upload, ``groundmesh ingest``).

A document id is at most 128 characters of ``[A-Za-z0-9._:-]`` (what retrieval_svc accepts and
what a citation ``[doc_id#n]`` can carry), so a name is slugged: ``Leave policy.md`` →
``Leave-policy.md``. A name that is not all ASCII (``請假規定.md``) gets a short digest of the
whole name in front of what is left of it (``doc-3f2a9c01de.md``), so two different Chinese
names never become the same id and silently replace each other. The extension is lower-cased.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

MAX_DOC_ID = 128
_UNSAFE_ID = re.compile(r"[^A-Za-z0-9._:-]+")
_EXTENSION = re.compile(r"(\.[a-z0-9]{1,10})?")


def doc_id_for_name(name: str) -> str:
    """The document id of a file called ``name`` (a bare name, or path parts joined by ``-``)."""
    name = unicodedata.normalize("NFC", name)
    dot = name.rfind(".")
    stem, ext = (name[:dot], name[dot:].lower()) if dot > 0 else (name, "")
    if not _EXTENSION.fullmatch(ext):
        stem, ext = name, ""  # "a.b c", "notes.": no extension to keep
    slug = _UNSAFE_ID.sub("-", stem).strip("-.")
    if not stem.isascii() or not slug or not slug[0].isalnum():
        digest = hashlib.sha256(name.encode("utf-8", errors="surrogatepass")).hexdigest()[:10]
        slug = f"doc-{digest}-{slug}".rstrip("-.") if slug else f"doc-{digest}"
    return (slug[: MAX_DOC_ID - len(ext)] + ext)[:MAX_DOC_ID]
