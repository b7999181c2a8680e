"""The document formats Groundmesh reads: MIME types, their aliases, and file extensions.

Shared by the gateway (uploads), the CLI (folders) and retrieval (extraction), so a format is
added in one place.
"""

from __future__ import annotations

from mesh.errors import InvalidInput

TEXT = "text/plain"
MARKDOWN = "text/markdown"
HTML = "text/html"
CSV = "text/csv"
PDF = "application/pdf"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
XLS = "application/vnd.ms-excel"
PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
ODT = "application/vnd.oasis.opendocument.text"
ODS = "application/vnd.oasis.opendocument.spreadsheet"
ODP = "application/vnd.oasis.opendocument.presentation"
EPUB = "application/epub+zip"
EML = "message/rfc822"
# Images are read by OCR; a TIFF's every frame is a page.
PNG = "image/png"
JPEG = "image/jpeg"
TIFF = "image/tiff"
WEBP = "image/webp"
BMP = "image/bmp"

IMAGE_TYPES = frozenset({PNG, JPEG, TIFF, WEBP, BMP})
SUPPORTED = (
    TEXT, MARKDOWN, HTML, CSV, PDF, DOCX, XLSX, XLS, PPTX, ODT, ODS, ODP, EPUB, EML,
    PNG, JPEG, TIFF, WEBP, BMP,
)  # fmt: skip
TEXT_TYPES = frozenset({TEXT, MARKDOWN, HTML, CSV})

_ALIASES = {
    "": TEXT,
    "text/x-markdown": MARKDOWN,
    "application/xhtml+xml": HTML,
    "application/x-pdf": PDF,
    "text/tab-separated-values": CSV,
    "application/csv": CSV,
    "image/jpg": JPEG,
    "image/pjpeg": JPEG,
    "image/x-png": PNG,
    "image/tif": TIFF,
    "image/x-tiff": TIFF,
    "image/x-ms-bmp": BMP,
    "image/x-bmp": BMP,
}

EXTENSIONS = {
    ".txt": TEXT,
    ".md": MARKDOWN,
    ".markdown": MARKDOWN,
    ".html": HTML,
    ".htm": HTML,
    ".csv": CSV,
    ".tsv": CSV,
    ".pdf": PDF,
    ".docx": DOCX,
    ".xlsx": XLSX,
    ".xlsm": XLSX,
    ".xls": XLS,
    ".pptx": PPTX,
    ".odt": ODT,
    ".ods": ODS,
    ".odp": ODP,
    ".epub": EPUB,
    ".eml": EML,
    ".png": PNG,
    ".jpg": JPEG,
    ".jpeg": JPEG,
    ".tif": TIFF,
    ".tiff": TIFF,
    ".webp": WEBP,
    ".bmp": BMP,
}


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
