"""The corpus of bad inputs: HTTP requests and files that must be refused cleanly.

Every case here is something a user (or an attacker) may send and that Groundmesh must answer
with a 4xx carrying a readable message, changing nothing. Files are made here, in memory:
corrupt and truncated PDFs, DOCX zip bombs, path-traversal names, image bombs and scans with
no text.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Any

from mesh.config import GatewaySettings

MAX_FILES: int = GatewaySettings.model_fields["max_files"].default

MB = 1024 * 1024
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
_CONTENT_TYPES_XML = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    b'<Default Extension="xml" ContentType="application/xml"/>'
    b'<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-'
    b'officedocument.wordprocessingml.document.main+xml"/></Types>'
)


def docx_bomb(uncompressed: int) -> bytes:
    """A DOCX whose document part inflates to ``uncompressed`` bytes of zeros (a zip bomb)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES_XML)
        with z.open("word/document.xml", "w", force_zip64=True) as part:
            block = b"\0" * MB
            for _ in range(uncompressed // MB):
                part.write(block)
    return buf.getvalue()


def docx_many_parts(parts: int) -> bytes:
    """A DOCX with ``parts`` tiny members (a zip of many entries)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES_XML)
        for i in range(parts):
            z.writestr(f"word/p{i}.xml", b"<a/>")
    return buf.getvalue()


def docx_broken_xml() -> bytes:
    """A well-formed zip whose document XML is not XML."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", _CONTENT_TYPES_XML)
        z.writestr("word/document.xml", b"<w:document><unclosed")
    return buf.getvalue()


CORRUPT_PDF = b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ngarbage\x00\xff%%EOF"
TRUNCATED_PDF = (
    b"%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages "
)


@dataclass(frozen=True)
class HttpCase:
    """One bad request: method, path, and what it carries."""

    name: str
    method: str
    path: str
    json: Any = None
    content: bytes | None = None
    files: list[tuple[str, tuple[str, bytes, str]]] | None = None
    data: dict[str, str] | None = None
    headers: dict[str, str] = field(default_factory=dict)
    params: dict[str, str] | None = None
    auth: bool = True


def _ask(name: str, body: Any, path: str = "/v1/ask") -> HttpCase:
    return HttpCase(name, "POST", path, json=body)


def _raw(
    name: str, content: bytes, path: str = "/v1/ask", ctype: str = "application/json"
) -> HttpCase:
    return HttpCase(name, "POST", path, content=content, headers={"Content-Type": ctype})


def _upload(name: str, *files: tuple[str, bytes, str]) -> HttpCase:
    return HttpCase(name, "POST", "/v1/documents", files=[("files", f) for f in files])


_BOUNDARY = "rel1ab1l1ty"


def _multipart_raw(filename: bytes, content: bytes) -> bytes:
    """A multipart body with the file name's bytes exactly as given (httpx would escape them)."""
    return (
        f"--{_BOUNDARY}\r\n".encode()
        + b'Content-Disposition: form-data; name="files"; filename="'
        + filename
        + b'"\r\nContent-Type: text/markdown\r\n\r\n'
        + content
        + f"\r\n--{_BOUNDARY}--\r\n".encode()
    )


GOOD_MD = ("fine.md", b"# Fine\n\nA perfectly good document about ferrets.", "text/markdown")


def png_bomb(width: int = 100_000, height: int = 100_000) -> bytes:
    """A PNG of under 200 bytes whose header declares ``width`` × ``height`` grey pixels (a
    decompression bomb: 10 GB once decoded at the default size)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\0" * 1000))
        + chunk(b"IEND", b"")
    )


def tiff_of_pages(pages: int) -> bytes:
    """A TIFF of ``pages`` one-pixel pages, written directly (Pillow takes seconds to write
    thousands of frames): every page's directory points at the same single pixel."""
    # (tag, type, value): SHORT = 3, LONG = 4; the strip offset is the pixel byte at 8.
    entries = [
        (256, 3, 1), (257, 3, 1), (258, 3, 8), (259, 3, 1), (262, 3, 1),
        (273, 4, 8), (277, 3, 1), (278, 3, 1), (279, 4, 1),
    ]  # fmt: skip
    size = 2 + 12 * len(entries) + 4
    first = 10
    out = bytearray(b"II*\0" + struct.pack("<I", first) + b"\xff\0")
    for page in range(pages):
        out += struct.pack("<H", len(entries))
        for tag, kind, value in entries:
            packed = struct.pack("<HH", value, 0) if kind == 3 else struct.pack("<I", value)
            out += struct.pack("<HHI", tag, kind, 1) + packed
        following = first + (page + 1) * size if page + 1 < pages else 0
        out += struct.pack("<I", following)
    return bytes(out)


def blank_png(width: int = 800, height: int = 600) -> bytes:
    """A white PNG with a red square and no text at all."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (width, height), "white")
    ImageDraw.Draw(image).rectangle((100, 100, 300, 300), fill=(200, 30, 30))
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def noise_jpeg(width: int = 400, height: int = 300) -> bytes:
    """A JPEG of seeded noise (big enough that cutting it in half loses real data)."""
    import random

    from PIL import Image

    rng = random.Random(29)
    image = Image.frombytes("L", (width, height), rng.randbytes(width * height))
    buf = io.BytesIO()
    image.save(buf, format="JPEG", quality=90)
    return buf.getvalue()


def blank_scan_pdf() -> bytes:
    """An image-only PDF of one page scanned blank: it opens, and OCR reads nothing on it."""
    from PIL import Image

    buf = io.BytesIO()
    Image.open(io.BytesIO(blank_png(850, 1100))).save(buf, format="PDF", resolution=100)
    return buf.getvalue()


def image_cases() -> list[HttpCase]:
    """Images and scans that must be refused with a 4xx, storing nothing (issue 29)."""
    png, jpeg, tiff = "image/png", "image/jpeg", "image/tiff"
    good_jpeg = noise_jpeg()
    good_png = blank_png()
    return [
        _upload("PNG bomb: 100k × 100k pixels in 100 bytes", ("bomb.png", png_bomb(), png)),
        _upload("PNG bomb: 10k × 10k pixels", ("bomb10k.png", png_bomb(10_000, 10_000), png)),
        _upload("corrupt PNG", ("broken.png", b"\x89PNG\r\n\x1a\n" + b"x" * 64, png)),
        _upload("truncated PNG", ("cut.png", good_png[: len(good_png) // 2], png)),
        _upload("PNG that is text", ("fake.png", b"just words, not an image", png)),
        _upload("corrupt JPEG", ("broken.jpg", b"\xff\xd8\xff\xe0" + b"\0junk" * 20, jpeg)),
        _upload("truncated JPEG", ("cut.jpg", good_jpeg[: len(good_jpeg) // 2], jpeg)),
        _upload(
            "TIFF of 5,001 pages (the limit is 5,000)", ("long.tif", tiff_of_pages(5001), tiff)
        ),
        # Text is looked for by OCR in the job (test_hostile_http has the failed jobs);
        # wait=true makes the refusal the reply's.
        HttpCase(
            "image with no text (wait=true)",
            "POST",
            "/v1/documents",
            files=[("files", ("blank.png", good_png, png))],
            params={"wait": "true"},
        ),
        HttpCase(
            "scanned PDF with no text (wait=true)",
            "POST",
            "/v1/documents",
            files=[("files", ("blank-scan.pdf", blank_scan_pdf(), "application/pdf"))],
            params={"wait": "true"},
        ),
    ]


def office_cases() -> list[HttpCase]:
    """Uploads of each office format that must be refused at once, storing nothing."""
    from testkit import hostile_documents as hostile

    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    pptx = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
    odt = "application/vnd.oasis.opendocument.text"
    return [
        _upload("encrypted PDF", ("locked.pdf", hostile.encrypted_pdf(), "application/pdf")),
        _upload(
            "PDF page of 100,000 characters",
            ("dense.pdf", hostile.pdf_page_of(100_000), "application/pdf"),
        ),
        _upload(
            "password-protected XLSX", ("locked.xlsx", hostile.password_protected_office(), xlsx)
        ),
        _upload("XLSX zip bomb", ("bomb.xlsx", hostile.zip_bomb("xl/worksheets/sheet1.xml"), xlsx)),
        _upload("XLSX of a million rows", ("rows.xlsx", hostile.xlsx_million_rows(), xlsx)),
        _upload("corrupt XLSX", ("broken.xlsx", b"PK\x03\x04 not a workbook", xlsx)),
        _upload("PPTX zip bomb", ("bomb.pptx", hostile.zip_bomb("ppt/slides/slide1.xml"), pptx)),
        _upload("ODT zip bomb", ("bomb.odt", hostile.zip_bomb("content.xml"), odt)),
        _upload(
            "EPUB zip bomb",
            ("bomb.epub", hostile.zip_bomb("OEBPS/c.xhtml"), "application/epub+zip"),
        ),
        _upload(
            "corrupt ODP",
            ("broken.odp", b"PK\x03\x04 junk", "application/vnd.oasis.opendocument.presentation"),
        ),
        _upload("e-mail without headers", ("note.eml", b"hello there", "message/rfc822")),
    ]


def http_cases() -> list[HttpCase]:
    """The whole HTTP corpus."""
    deep = b'{"question": ' + b"[" * 20_000 + b"]" * 20_000 + b"}"
    cases = [
        # /v1/ask and /v1/ask/stream bodies
        _ask("missing question", {}),
        _ask("empty question", {"question": ""}),
        _ask("whitespace question", {"question": "   \t\n  "}),
        _ask("1 MB question", {"question": "x" * MB}),
        _ask("question over the length limit", {"question": "y" * 5000}),
        _ask("question is a number", {"question": 123}),
        _ask("question is null", {"question": None}),
        _ask("question is a list", {"question": ["a", "b"]}),
        _ask("question is an object", {"question": {"text": "hi"}}),
        _ask("body is a list", ["question"]),
        _ask("body is a string", "question"),
        _ask("control characters only", {"question": "\x00\x01\x02\x1b\x7f"}),
        _ask("session_id traversal", {"question": "hi", "session_id": "../../etc/passwd"}),
        _ask("session_id too long", {"question": "hi", "session_id": "s" * 500}),
        _ask("doc_ids not a list", {"question": "hi", "doc_ids": "zebra-acme.md"}),
        _ask("doc_ids of numbers", {"question": "hi", "doc_ids": [1, 2]}),
        _ask("doc_ids traversal", {"question": "hi", "doc_ids": ["../../etc/passwd"]}),
        _ask("unknown doc_id", {"question": "hi", "doc_ids": ["no-such-document.md"]}),
        _ask("other tenant's doc_id", {"question": "hi", "doc_ids": ["zebra-globex.md"]}),
        _ask("too many doc_ids", {"question": "hi", "doc_ids": [f"d{i}" for i in range(101)]}),
        _ask("trace is an object", {"question": "hi", "trace": {"on": True}}),
        _ask("template traversal", {"question": "hi", "template": "../../prompts/x"}),
        _ask("stream: empty question", {"question": ""}, "/v1/ask/stream"),
        _ask("stream: question is a list", {"question": [1]}, "/v1/ask/stream"),
        _ask("stream: 1 MB question", {"question": "z" * MB}, "/v1/ask/stream"),
        _raw("invalid UTF-8 in JSON", b'{"question": "caf\xc3\x28 \xff\xfe"}'),
        _raw("truncated JSON", b'{"question": "hi'),
        _raw("not JSON", b"question=hi"),
        _raw("JSON nested 20,000 deep", deep),
        _raw("invalid UTF-8, stream", b'{"question": "\xff\xff"}', "/v1/ask/stream"),
        _raw(
            "form body instead of JSON", b"question=hi", ctype="application/x-www-form-urlencoded"
        ),
        HttpCase("GET stream: empty q", "GET", "/v1/ask/stream", params={"q": ""}),
        HttpCase("GET stream: blank q", "GET", "/v1/ask/stream", params={"q": "   "}),
        HttpCase("GET stream: no q", "GET", "/v1/ask/stream"),
        HttpCase("GET stream: long q", "GET", "/v1/ask/stream", params={"q": "q" * 5000}),
        # authentication
        HttpCase("no Authorization", "POST", "/v1/ask", json={"question": "hi"}, auth=False),
        HttpCase(
            "wrong key",
            "POST",
            "/v1/ask",
            json={"question": "hi"},
            headers={"Authorization": "Bearer not-a-key"},
            auth=False,
        ),
        HttpCase(
            "Basic auth",
            "GET",
            "/v1/documents",
            headers={"Authorization": "Basic dXNlcjpwYXNz"},
            auth=False,
        ),
        HttpCase(
            "Bearer without a key",
            "GET",
            "/v1/documents",
            headers={"Authorization": "Bearer"},
            auth=False,
        ),
        # uploads
        HttpCase("upload as JSON", "POST", "/v1/documents", json={"files": ["a.md"]}),
        _raw("multipart without boundary", b"--x\r\n", "/v1/documents", "multipart/form-data"),
        _raw(
            "malformed multipart",
            b'--b0undary\r\nContent-Disposition: form-data; name="files"; filename="a.md"\r\n'
            b"garbage without end",
            "/v1/documents",
            "multipart/form-data; boundary=b0undary",
        ),
        _raw(
            "multipart with no parts",
            b"--b0undary--\r\n",
            "/v1/documents",
            "multipart/form-data; boundary=b0undary",
        ),
        HttpCase("files field as text", "POST", "/v1/documents", data={"files": "hello"}),
        _upload("path traversal name", ("../../etc/passwd.md", b"# x\n\nroot", "text/markdown")),
        _upload("backslash traversal name", ("..\\..\\win.ini.md", b"# x\n\nwin", "text/markdown")),
        _upload("absolute path name", ("/etc/cron.d/evil.md", b"# x\n\ncron", "text/markdown")),
        _raw(
            "NUL in name",
            _multipart_raw(b"a\x00b.md", b"# x\n\nnul"),
            "/v1/documents",
            f"multipart/form-data; boundary={_BOUNDARY}",
        ),
        _upload("empty name", ("", b"# x\n\nnameless", "text/markdown")),
        _upload("dotdot name", ("..", b"# x", "text/markdown")),
        _upload("unsupported type", ("tool.exe", b"MZ\x90\x00", "application/octet-stream")),
        _upload("no extension", ("README", b"plain words", "text/plain")),
        _upload("empty file", ("empty.md", b"", "text/markdown")),
        _upload("whitespace-only file", ("blank.txt", b" \n\t\n   \n", "text/plain")),
        _upload("oversized file", ("big.txt", b"a" * (8 * MB + 1), "text/plain")),
        _upload("corrupt PDF", ("broken.pdf", CORRUPT_PDF, "application/pdf")),
        _upload("truncated PDF", ("cut.pdf", TRUNCATED_PDF, "application/pdf")),
        _upload("PDF that is text", ("fake.pdf", b"just words, not a PDF", "application/pdf")),
        _upload("DOCX zip bomb (100 MB of zeros)", ("bomb.docx", docx_bomb(100 * MB), DOCX)),
        _upload("DOCX of 20,000 parts", ("parts.docx", docx_many_parts(20_000), DOCX)),
        _upload("DOCX with broken XML", ("xml.docx", docx_broken_xml(), DOCX)),
        _upload("DOCX that is not a zip", ("nozip.docx", b"PK\x03\x04 not really", DOCX)),
        *office_cases(),
        *image_cases(),
        _upload("one good file and one bad", GOOD_MD, ("bad.pdf", CORRUPT_PDF, "application/pdf")),
        _upload("the same name twice", GOOD_MD, GOOD_MD),
        _upload(
            "one file more than GROUNDMESH_GATEWAY_MAX_FILES",
            *[(f"f{i}.md", b"# f\n\nferrets", "text/markdown") for i in range(MAX_FILES + 1)],
        ),
        # documents and legacy
        HttpCase("delete unknown document", "DELETE", "/v1/documents/no-such-doc.md"),
        HttpCase("delete other tenant's document", "DELETE", "/v1/documents/zebra-globex.md"),
        HttpCase("delete traversal id", "DELETE", "/v1/documents/..%2F..%2Fetc%2Fpasswd"),
        HttpCase("delete id with spaces", "DELETE", "/v1/documents/a%20b%00c"),
        _ask("legacy: missing document_id", {"question": "hi"}, "/api/qa/query"),
        _ask(
            "legacy: unknown document",
            {"document_id": "nope.md", "question": "hi"},
            "/api/qa/query",
        ),
        _ask("legacy: question is a number", {"document_id": "x", "question": 5}, "/api/qa/query"),
        _ask(
            "legacy: empty question",
            {"document_id": "zebra-acme.md", "question": ""},
            "/api/qa/query",
        ),
        HttpCase("unknown route", "GET", "/v1/nothing-here"),
        HttpCase("wrong method", "PUT", "/v1/ask", json={"question": "hi"}),
    ]
    return cases
