"""Small, real documents of every supported format, built in memory (tests and demos).

``pdf_bytes`` writes a genuine one-page PDF (Helvetica, ASCII text) with a correct xref table;
``docx_bytes`` uses python-docx itself; ``zip_bomb_docx`` is a valid zip whose one part inflates
far beyond its compressed size.
"""

from __future__ import annotations

import io
import zipfile


def _pdf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def pdf_bytes(lines: list[str], title: str = "") -> bytes:
    """A one-page PDF showing ``lines`` (ASCII) top to bottom."""
    ops = ["BT", "/F1 11 Tf", "14 TL", "72 760 Td"]
    for line in lines:
        ops.append(f"({_pdf_escape(line)}) Tj T*")
    ops.append("ET")
    stream = "\n".join(ops).encode("latin-1")
    info = f"<< /Title ({_pdf_escape(title)}) >>" if title else "<< >>"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        b"<< /Length " + str(len(stream)).encode() + b" >>\nstream\n" + stream + b"\nendstream",
        info.encode("latin-1"),
    ]
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets: list[int] = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n".encode() + body + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(
        f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R /Info {len(objects)} 0 R >>\n"
        f"startxref\n{xref}\n%%EOF\n".encode()
    )
    return out.getvalue()


def docx_bytes(blocks: list[tuple[int, str]], title: str = "") -> bytes:
    """A DOCX of headings (level 1-6) and paragraphs (level 0)."""
    import docx

    document = docx.Document()
    if title:
        document.core_properties.title = title
    for level, text in blocks:
        if level:
            document.add_heading(text, level=level)
        else:
            document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def zip_bomb_docx(inflated_bytes: int = 50 * 1024 * 1024) -> bytes:
    """A zip named like a DOCX whose document part inflates to ``inflated_bytes`` of zeros."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("word/document.xml", "w", force_zip64=True) as part:
            block = b"\0" * (1024 * 1024)
            for _ in range(inflated_bytes // len(block)):
                part.write(block)
    return out.getvalue()
