"""What an uploaded file may be: its name, type and size, checked before anything is stored."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from mesh.document_ids import doc_id_for_name
from mesh.document_types import EXTENSIONS, TEXT_TYPES
from mesh.errors import InvalidInput
from mesh.text_decoding import first_heading

CONTENT_TYPES = EXTENSIONS
_TEXT_TYPES = TEXT_TYPES
_CHARSET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,39}")
_MAX_NAME = 255


class UnsupportedType(InvalidInput):
    """The file's type is not one Groundmesh can read (HTTP 415)."""


class TooLarge(InvalidInput):
    """A file or the whole upload is over its size limit (HTTP 413)."""


@dataclass(frozen=True)
class UploadName:
    """A checked file name and what follows from it."""

    filename: str
    doc_id: str
    content_type: str


def check_filename(raw: str | None) -> UploadName:
    """The upload's name, or InvalidInput: a bare file name (no directories, no ``..``, no
    control characters) with a supported extension."""
    if raw is None or not raw.strip():
        raise InvalidInput("every file part needs a file name")
    name = unicodedata.normalize("NFC", raw.strip())
    if len(name) > _MAX_NAME:
        raise InvalidInput(f"file name is longer than {_MAX_NAME} characters")
    if any(unicodedata.category(ch) in {"Cc", "Cf"} for ch in name):
        raise InvalidInput(f"file name {name[:80]!r} contains control characters")
    if "/" in name or "\\" in name or name in {".", ".."} or name.startswith(".."):
        raise InvalidInput(
            f"file name {name[:80]!r} must be a bare name without directories or '..'"
        )
    dot = name.rfind(".")
    ext = name[dot:].lower() if dot > 0 else ""
    content_type = CONTENT_TYPES.get(ext)
    if content_type is None:
        supported = ", ".join(sorted({e.lstrip(".") for e in CONTENT_TYPES}))
        raise UnsupportedType(f"{name[:80]!r}: unsupported file type; use one of {supported}")
    return UploadName(name, doc_id_for_name(name), content_type)


def title_for(content: bytes, content_type: str, charset: str | None = None) -> str:
    """The first ``# `` heading of a text or Markdown file, else empty: retrieval_svc then
    takes the document's own title (HTML ``<title>``, DOCX and PDF properties, a DOCX
    heading) or, failing that, the file name. An undecodable file gets no title here;
    retrieval_svc refuses it with the reason."""
    if content_type in {"text/markdown", "text/plain"}:
        return first_heading(content, charset)
    return ""


def with_charset(content_type: str, charset: str | None) -> str:
    """``content_type`` carrying the charset the client declared for a text file's part
    (``text/plain; charset=big5``), so retrieval_svc decodes it so; InvalidInput for a
    charset that is not a plausible name. PDF and DOCX carry no charset."""
    if not charset or content_type not in _TEXT_TYPES:
        return content_type
    if not _CHARSET_NAME.fullmatch(charset):
        raise InvalidInput(f"charset {charset[:40]!r} is not a charset name")
    return f"{content_type}; charset={charset}"


def check_content(name: str, content: bytes, max_bytes: int) -> None:
    """InvalidInput for an empty file, TooLarge for one over ``max_bytes``. ``content`` may
    be only the first ``max_bytes + 1`` bytes of the file (all the gateway reads), so the
    message names the limit, not the file's size."""
    if not content:
        raise InvalidInput(f"{name[:80]!r} is empty")
    if len(content) > max_bytes:
        raise TooLarge(f"{name[:80]!r} is larger than the limit of {max_bytes} bytes")
