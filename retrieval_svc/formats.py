"""Document formats → Markdown-like text (headings as ``#`` lines, blank lines between blocks).

Plain text, Markdown, HTML (in UTF-8, UTF-16, Big5, GB18030/GBK or Windows-1252: see
:mod:`mesh.text_decoding`; scripts and styles stripped, headings kept), PDF (pypdf) and DOCX
(python-docx, after a zip-bomb check of the archive's declared sizes). Every failure is an
:class:`~mesh.errors.InvalidInput` with a readable message; nothing here writes anything.
"""

from __future__ import annotations

import io
import logging
import re
import zipfile
from dataclasses import dataclass

from mesh.errors import InvalidInput
from mesh.text_decoding import decode_text
from retrieval_svc.text import clean_text

TEXT = "text/plain"
MARKDOWN = "text/markdown"
HTML = "text/html"
PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
_ALIASES = {
    "": TEXT,
    "text/x-markdown": MARKDOWN,
    "application/xhtml+xml": HTML,
    "application/x-pdf": PDF,
}
SUPPORTED = (TEXT, MARKDOWN, HTML, PDF, DOCX)
MAX_ZIP_RATIO = 100
MAX_ZIP_MEMBERS = 2000
_BLANK_LINE = re.compile(r"\n\s*\n")

logging.getLogger("pypdf").setLevel(logging.ERROR)


@dataclass(frozen=True)
class Extracted:
    """A document's text and the title it states (empty when it states none)."""

    text: str
    title: str


def normalize_content_type(content_type: str) -> str:
    """The bare, lower-case MIME type, aliases resolved; InvalidInput if unsupported."""
    ctype = content_type.split(";")[0].strip().lower()
    ctype = _ALIASES.get(ctype, ctype)
    if ctype not in SUPPORTED:
        raise InvalidInput(
            f"content type {content_type[:100]!r} is not supported; use one of "
            + ", ".join(SUPPORTED)
        )
    return ctype


def _first_heading(text: str) -> str:
    for line in text.splitlines()[:40]:
        if line.startswith("# "):
            return line[2:].strip()
    return ""


def _decode(content: bytes, charset: str | None, *, html: bool = False) -> str:
    return clean_text(decode_text(content, charset, html=html).text)


_HTML_BLOCKS = [
    "p", "div", "section", "article", "main", "header", "footer", "aside", "nav", "table",
    "tr", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre", "figure", "figcaption", "form",
]  # fmt: skip


def _html(content: bytes, charset: str | None) -> Extracted:
    from bs4 import BeautifulSoup

    soup = BeautifulSoup(_decode(content, charset, html=True), "lxml")
    for tag in soup(["script", "style", "noscript", "template", "svg", "iframe", "object"]):
        tag.decompose()
    title_tag = soup.find("title")
    title = title_tag.get_text(" ", strip=True) if title_tag else ""
    if soup.head:
        soup.head.decompose()
    for level in range(1, 7):
        for heading in soup.find_all(f"h{level}"):
            text = " ".join(heading.get_text(" ").split())
            heading.replace_with(f"\n\n{'#' * level} {text}\n\n" if text else "")
    for item in soup.find_all("li"):
        item.insert_before("\n\n- ")
        item.insert_after("\n\n")
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for block in soup.find_all(_HTML_BLOCKS):
        block.insert_before("\n\n")
        block.insert_after("\n\n")
    paragraphs = (" ".join(p.split()) for p in _BLANK_LINE.split(soup.get_text()))
    text = clean_text("\n\n".join(p for p in paragraphs if p and p != "-"))
    return Extracted(text, title or _first_heading(text))


def _pdf(content: bytes) -> Extracted:
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    if not content.lstrip()[:5] == b"%PDF-":
        raise InvalidInput("the document is not a PDF (it does not start with %PDF-)")
    try:
        reader = PdfReader(io.BytesIO(content), strict=False)
        if reader.is_encrypted:
            raise InvalidInput("the PDF is encrypted")
        pages = [page.extract_text() or "" for page in reader.pages]
        meta_title = ""
        if reader.metadata is not None and reader.metadata.title:
            meta_title = str(reader.metadata.title)
    except InvalidInput:
        raise
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
        raise InvalidInput(f"the PDF is corrupt or unreadable: {exc}"[:300]) from exc
    text = clean_text("\n\n".join(p.strip() for p in pages if p.strip()))
    return Extracted(text, meta_title.strip())


def check_zip(content: bytes, max_uncompressed: int) -> None:
    """Refuse an archive whose declared sizes add up past the limit, or that compresses
    suspiciously well, before anything is decompressed."""
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise InvalidInput("the DOCX is not a valid zip archive") from exc
    if len(members) > MAX_ZIP_MEMBERS:
        raise InvalidInput(f"the DOCX has more than {MAX_ZIP_MEMBERS} parts")
    total = 0
    for m in members:
        total += m.file_size
        if total > max_uncompressed:
            raise InvalidInput(
                f"the DOCX would decompress to more than {max_uncompressed} bytes (zip bomb?)"
            )
        if m.file_size > 1_000_000 and m.file_size > MAX_ZIP_RATIO * max(m.compress_size, 1):
            raise InvalidInput(
                f"the DOCX part {m.filename[:80]!r} compresses more than {MAX_ZIP_RATIO}:1 "
                "(zip bomb?)"
            )


def _markdown_table(rows: list[list[str]]) -> str:
    """A DOCX table as a Markdown table, its first row the header (empty rows dropped), so
    each row keeps the names of its columns for whoever reads it later."""
    rows = [[" ".join(c.split()).replace("|", "/") for c in r] for r in rows if any(r)]
    if not rows:
        return ""
    lines = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines.extend("| " + " | ".join(r) + " |" for r in rows[1:])
    return "\n".join(lines)


def _docx(content: bytes, max_uncompressed: int) -> Extracted:
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    check_zip(content, max_uncompressed)
    try:
        document = docx.Document(io.BytesIO(content))
    except (PackageNotFoundError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise InvalidInput(f"the DOCX is corrupt or unreadable: {exc}"[:300]) from exc
    except Exception as exc:  # lxml raises its own syntax errors for broken XML parts
        raise InvalidInput(f"the DOCX is corrupt or unreadable: {exc}"[:300]) from exc
    blocks: list[str] = []
    for para in document.paragraphs:
        text = para.text.strip()
        if not text:
            continue
        style = (para.style.name if para.style is not None else "") or ""
        if style == "Title":
            blocks.append("# " + text)
        elif style.startswith("Heading") and style[7:].strip().isdigit():
            blocks.append("#" * min(6, int(style[7:].strip())) + " " + text)
        else:
            blocks.append(text)
    for table in document.tables:
        blocks.append(_markdown_table([[c.text.strip() for c in row.cells] for row in table.rows]))
    title = str(document.core_properties.title or "").strip()
    text = clean_text("\n\n".join(b for b in blocks if b))
    return Extracted(text, title or _first_heading(text))


def extract(
    content_type: str, content: bytes, max_docx_uncompressed: int, charset: str | None = None
) -> Extracted:
    """The text of ``content`` read as ``content_type`` (already normalized). ``charset`` is
    the sender's declared charset for text, Markdown and HTML (see :mod:`mesh.text_decoding`)."""
    if content_type == HTML:
        return _html(content, charset)
    if content_type == PDF:
        return _pdf(content)
    if content_type == DOCX:
        return _docx(content, max_docx_uncompressed)
    text = _decode(content, charset)
    return Extracted(text, _first_heading(text) if content_type == MARKDOWN else "")


def screen(
    content_type: str, content: bytes, max_docx_uncompressed: int, charset: str | None = None
) -> None:
    """The quick checks an upload passes before it is accepted as a job (InvalidInput if
    not): text that decodes to something, a PDF that opens and whose first page reads, a DOCX
    that is a sane zip and opens. Full extraction runs later, in the job; a PDF whose pages
    hold no text is found there."""
    if content_type == PDF:
        from pypdf import PdfReader
        from pypdf.errors import PyPdfError

        if not content.lstrip()[:5] == b"%PDF-":
            raise InvalidInput("the document is not a PDF (it does not start with %PDF-)")
        try:
            reader = PdfReader(io.BytesIO(content), strict=False)
            if reader.is_encrypted:
                raise InvalidInput("the PDF is encrypted")
            if not reader.pages:
                raise InvalidInput("the PDF has no pages")
            reader.pages[0].extract_text()
        except InvalidInput:
            raise
        except (PyPdfError, ValueError, KeyError, TypeError, AttributeError, OSError) as exc:
            raise InvalidInput(f"the PDF is corrupt or unreadable: {exc}"[:300]) from exc
        return
    if content_type == DOCX:
        _docx(content, max_docx_uncompressed)
        return
    if not _decode(content, charset, html=content_type == HTML).strip():
        raise InvalidInput("the document has no text")
