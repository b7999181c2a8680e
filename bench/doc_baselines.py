"""The two baselines ``bench documents`` measures Groundmesh's extraction against, both feeding
the same chunker (their text is uploaded as Markdown):

* ``pypdf``: the extraction Groundmesh had before the document model: pypdf's text per page
  joined (no tables, no pages), DOCX paragraphs then its tables, HTML's text; every other
  format was refused (415), so it gives nothing for them;
* ``markitdown``: Microsoft's converter (``markitdown[pdf,docx,xlsx,pptx]``), run offline on
  the same files; formats it does not read give nothing. Not installed → the column is left out.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

from mesh.text_decoding import decode_text

OLD_FORMATS = {".pdf", ".docx", ".txt", ".md", ".html", ".htm"}


def _old_docx(content: bytes) -> str:
    import docx

    document = docx.Document(io.BytesIO(content))
    blocks = [p.text.strip() for p in document.paragraphs if p.text.strip()]
    for table in document.tables:
        rows = [" | ".join(c.text.strip() for c in row.cells) for row in table.rows]
        blocks.append("\n".join(rows))
    return "\n\n".join(blocks)


def pypdf_text(path: Path) -> str | None:
    """What the pre-blocks extraction read from ``path``; None for a format it refused."""
    suffix = path.suffix.lower()
    if suffix not in OLD_FORMATS:
        return None
    content = path.read_bytes()
    try:
        if suffix == ".pdf":
            from pypdf import PdfReader

            logging.getLogger("pypdf").setLevel(logging.ERROR)
            pages = [p.extract_text() or "" for p in PdfReader(io.BytesIO(content)).pages]
            return "\n\n".join(p.strip() for p in pages if p.strip())
        if suffix == ".docx":
            return _old_docx(content)
        text = decode_text(content, None, html=suffix in {".html", ".htm"}).text
        if suffix in {".html", ".htm"}:
            from bs4 import BeautifulSoup

            soup = BeautifulSoup(text, "lxml")
            for tag in soup(["script", "style"]):
                tag.decompose()
            return soup.get_text("\n")
        return text
    except Exception:  # a baseline that cannot read a file simply gives nothing
        return None


def markitdown_available() -> bool:
    try:
        import markitdown  # noqa: F401
    except ImportError:
        return False
    return True


def markitdown_text(path: Path) -> str | None:
    """MarkItDown's Markdown for ``path``; None when it cannot convert it."""
    from markitdown import MarkItDown

    try:
        return str(MarkItDown(enable_plugins=False).convert(str(path)).text_content)
    except Exception:  # unsupported or failed conversions count as nothing extracted
        return None
