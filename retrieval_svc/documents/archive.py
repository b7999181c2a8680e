"""Zip-based formats (DOCX, XLSX, PPTX, ODF, EPUB): refuse bombs before anything inflates."""

from __future__ import annotations

import io
import zipfile

from mesh.errors import InvalidInput

MAX_ZIP_RATIO = 100
MAX_ZIP_MEMBERS = 5000


def check_zip(content: bytes, max_uncompressed: int, what: str = "DOCX") -> None:
    """Refuse an archive whose declared sizes add up past the limit, that compresses
    suspiciously well, or that is encrypted, before anything is decompressed. Macro parts
    (``vbaProject.bin``, ODF ``Basic/``) are allowed: they are never read, let alone run."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError, EOFError) as exc:
        raise InvalidInput(f"the {what} is not a valid zip archive") from exc
    if len(members) > MAX_ZIP_MEMBERS:
        raise InvalidInput(f"the {what} has more than {MAX_ZIP_MEMBERS} parts")
    total = 0
    for m in members:
        if m.flag_bits & 0x1:
            raise InvalidInput(f"the {what} is encrypted (password-protected)")
        total += m.file_size
        if total > max_uncompressed:
            raise InvalidInput(
                f"the {what} would decompress to more than {max_uncompressed} bytes (zip bomb?)"
            )
        if m.file_size > 1_000_000 and m.file_size > MAX_ZIP_RATIO * max(m.compress_size, 1):
            raise InvalidInput(
                f"the {what} part {m.filename[:80]!r} compresses more than {MAX_ZIP_RATIO}:1 "
                "(zip bomb?)"
            )


def is_ole_encrypted(content: bytes) -> bool:
    """An OOXML file saved with a password is an OLE compound file, not a zip."""
    return content[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def refuse_ole(content: bytes, what: str) -> None:
    """InvalidInput for a password-protected OOXML file or a legacy binary Office file."""
    if is_ole_encrypted(content):
        raise InvalidInput(
            f"the {what} is password-protected or in the old binary Office format; "
            "save it without a password as a current Office file"
        )


def read_member(content: bytes, name: str, max_bytes: int) -> bytes | None:
    """One member of a (checked) archive, or None when it has none of that name."""
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        try:
            info = archive.getinfo(name)
        except KeyError:
            return None
        if info.file_size > max_bytes:
            raise InvalidInput(f"the archive member {name!r} is over {max_bytes} bytes")
        return archive.read(info)
