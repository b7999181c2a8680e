"""Bytes of a text document → str, for the encodings Chinese and English documents come in.

Taiwanese and Hong Kong documents are often Big5 (cp950, Big5-HKSCS), mainland ones GB2312 /
GBK / GB18030, and Windows tools save UTF-16. The order follows what browsers do (WHATWG
"decode"), with one safe step added before guessing:

1. a byte-order mark (UTF-8, UTF-16 and UTF-32, either byte order) decides;
2. else a charset the sender declared (``text/plain; charset=big5``) decides, strictly;
3. else valid UTF-8 is UTF-8 (a legacy CJK text is almost never valid UTF-8 by accident);
4. else the charset an HTML document declares in its ``<meta>``, if it decodes cleanly;
5. else charset-normalizer picks among :data:`CANDIDATES` (:data:`UTF16_CANDIDATES` when the
   bytes hold NULs) by how coherent the decoded text reads, and the whole document must
   decode strictly in the chosen encoding.

Binary data (images, archives, random bytes) fits no candidate, or decodes to mostly control
and unassigned characters, and is refused with
:class:`~mesh.errors.InvalidInput`, as is a document that the declared charset cannot decode.
"""

from __future__ import annotations

import codecs
import unicodedata
from dataclasses import dataclass
from email.message import Message

from mesh.errors import InvalidInput

# What step 5 may choose. GB18030 is a superset of GB2312 and GBK; cp950 and Big5-HKSCS extend
# Big5. cp1252 covers Western European text saved by Windows tools. Japanese and Korean
# encodings are left out: on short Chinese texts they are the usual wrong guesses.
CANDIDATES: tuple[str, ...] = ("big5", "cp950", "big5hkscs", "gb18030", "cp1252")
# Text without a byte-order mark that contains NUL bytes can only be UTF-16 (the NULs are the
# high bytes of ASCII characters); text without NULs is never guessed to be UTF-16, which
# would otherwise "decode" short Big5 or GBK texts into nonsense.
UTF16_CANDIDATES: tuple[str, ...] = ("utf_16_le", "utf_16_be")
# Decoding is done with the superset of what was detected or declared.
_SUPERSETS = {"big5": "cp950", "gb2312": "gb18030", "gbk": "gb18030", "ascii": "utf-8"}
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_META_SNIFF_BYTES = 4096
_SAMPLE_CHARS = 20_000
MAX_UNPRINTABLE_SHARE = 0.05


@dataclass(frozen=True)
class Decoded:
    """A document's text and the encoding it was read in (Python codec name)."""

    text: str
    encoding: str


def declared_charset(content_type: str) -> str | None:
    """The ``charset`` parameter of a Content-Type value, lower-case; None when absent."""
    message = Message()
    message["content-type"] = content_type
    charset = message.get_content_charset()
    return (charset.strip() or None) if charset else None


def _codec(name: str) -> str:
    try:
        canonical = codecs.lookup(name).name
    except LookupError as exc:
        raise InvalidInput(f"unknown charset {name[:40]!r}") from exc
    return _SUPERSETS.get(canonical, canonical)


def _strict(content: bytes, encoding: str) -> str | None:
    try:
        return content.decode(encoding)
    except UnicodeDecodeError:
        return None


def _binary_like(text: str) -> bool:
    """More than :data:`MAX_UNPRINTABLE_SHARE` of the characters are controls (other than
    whitespace), unassigned, private-use or surrogates: bytes that decoded, but are not text."""
    sample = text[:_SAMPLE_CHARS]
    bad = sum(
        1
        for ch in sample
        if ch not in "\t\n\r\f" and unicodedata.category(ch) in {"Cc", "Cn", "Co", "Cs"}
    )
    return bad > MAX_UNPRINTABLE_SHARE * len(sample)


def _html_meta_charset(content: bytes) -> str | None:
    from bs4.dammit import EncodingDetector

    found = EncodingDetector.find_declared_encoding(
        content[:_META_SNIFF_BYTES], is_html=True, search_entire_document=False
    )
    return found if isinstance(found, str) else None


def _detect(content: bytes) -> str | None:
    from charset_normalizer import from_bytes

    candidates = UTF16_CANDIDATES if b"\x00" in content else CANDIDATES
    best = from_bytes(content, cp_isolation=list(candidates)).best()
    return best.encoding if best is not None else None


def decode_text(content: bytes, declared: str | None = None, *, html: bool = False) -> Decoded:
    """The text of ``content`` (see the module docstring for the order); InvalidInput if no
    encoding fits. ``declared`` is the sender's charset; ``html`` also reads ``<meta charset>``."""
    for bom, encoding in _BOMS:
        if content.startswith(bom):
            text = _strict(content, encoding)
            if text is None or _binary_like(text):
                raise InvalidInput(
                    f"the document starts with a {encoding} byte-order mark but is not "
                    f"{encoding} text"
                )
            return Decoded(text, encoding)
    if declared:
        encoding = _codec(declared)
        text = _strict(content, encoding)
        if text is None:
            raise InvalidInput(f"the document is not valid {declared[:40]} (its declared charset)")
        return Decoded(text, encoding)
    text = _strict(content, "utf-8")
    if text is not None:
        return Decoded(text, "utf-8")
    meta = _html_meta_charset(content) if html else None
    if meta:
        try:
            encoding = _codec(meta)
        except InvalidInput:
            encoding = ""
        text = _strict(content, encoding) if encoding else None
        if text is not None:
            return Decoded(text, encoding)
    detected = _detect(content)
    if detected is not None:
        encoding = _codec(detected)
        text = _strict(content, encoding)
        if text is not None and not _binary_like(text):
            return Decoded(text, encoding)
    raise InvalidInput(
        "the document is not text in an encoding Groundmesh reads (UTF-8, UTF-16, Big5, "
        "GB18030/GBK, Windows-1252); save it as UTF-8 or declare its charset"
    )


HEADING_SNIFF_BYTES = 8192


def first_heading(content: bytes, declared: str | None = None) -> str:
    """The first ``# `` heading among a text document's first 20 lines (at most 300
    characters), empty when there is none or the start cannot be decoded.

    Only the first :data:`HEADING_SNIFF_BYTES` are decoded, not the whole file: a client
    naming an upload should not decode megabytes that retrieval_svc decodes anyway. The cut
    may split a multi-byte character, so up to three trailing bytes are dropped until the
    prefix decodes.
    """
    head = content[:HEADING_SNIFF_BYTES]
    text: str | None = None
    for cut in range(4 if len(content) > len(head) else 1):
        try:
            text = decode_text(head[: len(head) - cut], declared).text
            break
        except InvalidInput:
            continue
    for line in (text or "").splitlines()[:20]:
        if line.startswith("# "):
            return line[2:].strip()[:300]
    return ""
