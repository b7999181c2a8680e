"""Document formats: which content types Groundmesh reads, and the extractor for each.

Every extractor (in :mod:`retrieval_svc.documents`) turns a file into blocks with their pages;
:func:`extract` also renders them as Markdown-like text. Text, Markdown and HTML may be in
UTF-8, UTF-16, Big5, GB18030/GBK or Windows-1252 (see :mod:`mesh.text_decoding`). Every failure
is an :class:`~mesh.errors.InvalidInput` with a readable message; nothing here writes anything.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field

from mesh.document_types import (
    BMP,
    CSV,
    DOCX,
    EML,
    EPUB,
    HTML,
    IMAGE_TYPES,
    JPEG,
    MARKDOWN,
    ODP,
    ODS,
    ODT,
    PDF,
    PNG,
    PPTX,
    TEXT,
    TIFF,
    WEBP,
    XLS,
    XLSX,
    normalize_content_type,
)
from mesh.errors import InvalidInput
from mesh.text_decoding import decode_text
from retrieval_svc.documents.archive import check_zip
from retrieval_svc.documents.images import image_document, screen_image
from retrieval_svc.documents.markdown import markdown_blocks
from retrieval_svc.documents.model import Document, Limits, PagesRead
from retrieval_svc.documents.opendocument import odt_document
from retrieval_svc.documents.pdf import Progress, pdf_document, pdf_error
from retrieval_svc.documents.sheets import csv_document, workbook_document
from retrieval_svc.documents.slides import odp_document, pptx_document
from retrieval_svc.documents.web import eml_document, epub_document, html_document
from retrieval_svc.documents.word import docx_document
from retrieval_svc.text import clean_text

__all__ = [
    "BMP", "CSV", "DOCX", "EML", "EPUB", "HTML", "JPEG", "MARKDOWN", "ODP", "ODS", "ODT",
    "PDF", "PNG", "PPTX", "TEXT", "TIFF", "WEBP", "XLS", "XLSX", "Extracted", "check_zip",
    "extract", "normalize_content_type", "screen",
]  # fmt: skip


@dataclass(frozen=True)
class Extracted:
    """A document's blocks, their text as Markdown, and the title it states (or empty)."""

    text: str
    title: str
    document: Document = field(default_factory=Document)


# ``pages_read(done, total, so_far)`` of :func:`extract`: ``so_far()`` extracts the pages read.
ExtractedSoFar = Callable[[int, int, Callable[[], Extracted]], None]


def _decode(content: bytes, charset: str | None, *, html: bool = False) -> str:
    return clean_text(decode_text(content, charset, html=html).text)


def _document(
    content_type: str,
    content: bytes,
    limits: Limits,
    charset: str | None,
    progress: Progress | None,
    pages_read: PagesRead | None = None,
) -> Document:
    readers: dict[str, Callable[[], Document]] = {
        HTML: lambda: html_document(_decode(content, charset, html=True), limits),
        PDF: lambda: pdf_document(content, limits, progress, pages_read),
        DOCX: lambda: docx_document(content, limits),
        XLSX: lambda: workbook_document(content, "XLSX", limits),
        XLS: lambda: workbook_document(content, "XLS", limits),
        ODS: lambda: workbook_document(content, "ODS", limits),
        CSV: lambda: csv_document(content, charset, limits),
        PPTX: lambda: pptx_document(content, limits),
        ODP: lambda: odp_document(content, limits),
        ODT: lambda: odt_document(content, limits),
        EPUB: lambda: epub_document(content, limits),
        EML: lambda: eml_document(content, limits),
        MARKDOWN: lambda: markdown_blocks(_decode(content, charset)),
    }
    for image_type in IMAGE_TYPES:
        readers[image_type] = lambda: image_document(content, limits, progress, pages_read)
    reader = readers.get(content_type)
    if reader is not None:
        return reader()
    return markdown_blocks(_decode(content, charset), headings=False)


def extract(
    content_type: str,
    content: bytes,
    max_docx_uncompressed: int,
    charset: str | None = None,
    progress: Progress | None = None,
    pages_read: ExtractedSoFar | None = None,
) -> Extracted:
    """The blocks of ``content`` read as ``content_type`` (already normalized). ``charset``
    is the sender's declared charset for text formats; ``max_docx_uncompressed`` bounds what
    any zip-based format (DOCX, XLSX, PPTX, ODF, EPUB) may inflate to. For a PDF or an
    image, ``pages_read(done, total, so_far)`` hears of each page read, ``so_far()`` giving
    what the pages read until now extract to (as this function would return it)."""
    limits = Limits(max_uncompressed=max_docx_uncompressed)
    inner: PagesRead | None = None
    if pages_read is not None:
        told = pages_read

        def inner(done: int, total: int, so_far: Callable[[], Document]) -> None:
            told(done, total, lambda: _extracted(so_far()))

    return _extracted(_document(content_type, content, limits, charset, progress, inner))


def _extracted(document: Document) -> Extracted:
    document.blocks = [b for b in document.blocks if b.text.strip() or b.rows or b.header]
    text = clean_text(document.as_markdown())
    return Extracted(text, clean_text(document.title).strip(), document)


def screen(
    content_type: str, content: bytes, max_docx_uncompressed: int, charset: str | None = None
) -> None:
    """The quick checks an upload passes before it is accepted as a job (InvalidInput if
    not): a PDF that opens, is not encrypted, is within the page limit and whose first page
    reads; an image that opens, is within the page and pixel limits and whose first frame
    decodes (:func:`screen_image`: no OCR here, which runs in the job, on the ingest workers);
    any other format read whole. A PDF or image that holds no text is found in the job."""
    if content_type in IMAGE_TYPES:
        screen_image(content, Limits(max_uncompressed=max_docx_uncompressed))
        return
    if content_type != PDF:
        if not extract(content_type, content, max_docx_uncompressed, charset).document.blocks:
            raise InvalidInput("the document has no text")
        return
    import pdfplumber

    if content.lstrip()[:5] != b"%PDF-":
        raise InvalidInput("the document is not a PDF (it does not start with %PDF-)")
    limits = Limits(max_uncompressed=max_docx_uncompressed)
    try:
        with pdfplumber.open(io.BytesIO(content)) as pdf:
            if not pdf.pages:
                raise InvalidInput("the PDF has no pages")
            if len(pdf.pages) > limits.max_pages:
                raise InvalidInput(
                    f"the PDF has {len(pdf.pages)} pages; the limit is {limits.max_pages}"
                )
            first = pdf.pages[0]
            limits.check_page_chars(len(first.chars), "page 1")
            first.extract_words()
    except InvalidInput:
        raise
    except Exception as exc:  # pdfminer's errors: encrypted, syntax, broken streams
        raise pdf_error(exc) from exc
