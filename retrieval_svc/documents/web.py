"""HTML (BeautifulSoup + lxml), EPUB (ebooklib: its chapters' HTML in spine order) and e-mail
(the standard library's ``email``: the headers a reader looks for, then the plain or HTML body).
Tables stay tables; scripts, styles, navigation menus and page footers are left out."""

from __future__ import annotations

import email
import email.policy
import warnings
from email.message import EmailMessage
from typing import Any

from mesh.errors import InvalidInput
from mesh.text_decoding import decode_text
from retrieval_svc.documents.archive import check_zip
from retrieval_svc.documents.markdown import markdown_blocks
from retrieval_svc.documents.model import Block, Document, Kind, Limits, TableRow
from retrieval_svc.documents.tables import split_header

_DROP = ["script", "style", "noscript", "template", "svg", "iframe", "object", "nav", "footer"]
_HEADINGS = {f"h{i}": i for i in range(1, 7)}
_BLOCKS = {
    "p", "div", "section", "article", "main", "header", "aside", "dl", "dt", "dd",
    "blockquote", "figure", "form", "body", "center", "address", "details", "summary", "tr",
}  # fmt: skip


class _Walker:
    """Turns an element tree into blocks; inline text gathers until a block boundary."""

    def __init__(self, limits: Limits) -> None:
        self.blocks: list[Block] = []
        self.limits = limits
        self._inline: list[str] = []

    def flush(self, kind: Kind = Kind.PARAGRAPH) -> None:
        text = " ".join("".join(self._inline).split())
        self._inline.clear()
        if text:
            self.blocks.append(Block(kind, text))

    def walk(self, element: Any) -> None:
        from bs4.element import NavigableString, Tag

        for child in element.children:
            if isinstance(child, NavigableString):
                if type(child) is NavigableString:  # not a comment, CDATA or doctype
                    self._inline.append(str(child))
                continue
            if not isinstance(child, Tag):
                continue
            name = child.name
            if name in _HEADINGS:
                self.flush()
                text = " ".join(child.get_text(" ").split())
                if text:
                    self.blocks.append(Block(Kind.HEADING, text, level=_HEADINGS[name]))
            elif name == "table":
                self.flush()
                self.table(child)
            elif name in {"ul", "ol"}:
                self.flush()
                self.list(child)
            elif name == "pre":
                self.flush()
                text = child.get_text().strip("\n")
                if text.strip():
                    self.blocks.append(Block(Kind.CODE, text))
            elif name == "br":
                self._inline.append(" ")
            elif name in _BLOCKS or name == "li":
                self.flush()
                self.walk(child)
                self.flush()
            else:
                self.walk(child)

    def list(self, element: Any) -> None:
        for item in element.find_all("li", recursive=False):
            nested = item.find_all(["ul", "ol"], recursive=False)
            for n in nested:
                n.extract()
            self.walk(item)
            self.flush(Kind.LIST_ITEM)
            for n in nested:
                self.list(n)

    def table(self, element: Any) -> None:
        caption_tag = element.find("caption")
        caption = " ".join(caption_tag.get_text(" ").split()) if caption_tag else ""
        rows: list[tuple[str, ...]] = []
        below: dict[int, tuple[str, int]] = {}  # column → (text, rows it still spans)
        for tr in element.find_all("tr"):
            if tr.find_parent("table") is not element:
                continue  # a nested table's rows belong to it
            row = _grid_row(tr.find_all(["th", "td"], recursive=False), below)
            rows.append(row)
            self.limits.check_cells(len(rows), len(rows) * len(row), "an HTML table")
        header, body = split_header([r for r in rows if any(r)])
        if header or body:
            self.blocks.append(
                Block(Kind.TABLE, caption, header=header, rows=tuple(TableRow(r) for r in body))
            )


def _span(cell: Any, name: str) -> int:
    try:
        return max(1, min(100, int(str(cell.get(name, 1)))))
    except ValueError:
        return 1


def _grid_row(cells: list[Any], below: dict[int, tuple[str, int]]) -> tuple[str, ...]:
    """A row's cells laid on the table's grid: a ``colspan`` cell repeated over its columns,
    a ``rowspan`` cell carried down into the rows under it (``below`` holds those)."""
    out: list[str] = []
    queue = list(cells)
    column = 0
    while queue or any(c >= column for c in below):
        if column in below:
            text, left = below.pop(column)
            if left > 1:
                below[column] = (text, left - 1)
            out.append(text)
            column += 1
            continue
        if not queue:
            break
        cell = queue.pop(0)
        text = " ".join(cell.get_text(" ").split())
        rowspan = _span(cell, "rowspan")
        for _ in range(_span(cell, "colspan")):
            if rowspan > 1:
                below[column] = (text, rowspan - 1)
            out.append(text)
            column += 1
    return tuple(out)


def html_document(html: str, limits: Limits) -> Document:
    """The blocks of an HTML page; its title is ``<title>``, else its first heading."""
    from bs4 import BeautifulSoup, XMLParsedAsHTMLWarning

    with warnings.catch_warnings():  # EPUB chapters are XHTML; read as HTML on purpose
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        soup = BeautifulSoup(html, "lxml")
    for tag in soup(_DROP):
        tag.decompose()
    for tag in soup.select('[role="navigation"]'):
        tag.decompose()
    title_tag = soup.find("title")
    title = " ".join(title_tag.get_text(" ").split()) if title_tag else ""
    if soup.head:
        soup.head.decompose()
    walker = _Walker(limits)
    walker.walk(soup)
    walker.flush()
    doc = Document(blocks=walker.blocks, title=title)
    if not doc.title:
        doc.title = next((b.text for b in doc.blocks if b.kind is Kind.HEADING), "")
    return doc


def epub_document(content: bytes, limits: Limits) -> Document:
    """The chapters of an EPUB in reading (spine) order."""
    import ebooklib
    from ebooklib import epub

    check_zip(content, limits.max_uncompressed, "EPUB")
    import io

    try:
        book = epub.read_epub(io.BytesIO(content), options={"ignore_ncx": True})
        titles = book.get_metadata("DC", "title")
        doc = Document(title=str(titles[0][0]).strip() if titles else "")
        items = {item.get_id(): item for item in book.get_items()}
        for entry in book.spine:
            item = items.get(entry[0] if isinstance(entry, tuple) else entry)
            if item is None or item.get_type() != ebooklib.ITEM_DOCUMENT:
                continue
            html = decode_text(item.get_content(), None, html=True).text
            doc.blocks.extend(html_document(html, limits).blocks)
    except InvalidInput:
        raise
    except Exception as exc:  # ebooklib raises bare exceptions and lxml errors
        raise InvalidInput(f"the EPUB is corrupt or unreadable: {exc}"[:300]) from exc
    return doc


def eml_document(content: bytes, limits: Limits) -> Document:
    """An e-mail: its subject as the title, who sent it when, and its body (the plain-text
    part, else the HTML part). Attachments are not read."""
    try:
        message = email.message_from_bytes(content, policy=email.policy.default)
    except Exception as exc:  # the parser is lenient; this is for the truly broken
        raise InvalidInput(f"the e-mail is unreadable: {exc}"[:300]) from exc
    if not isinstance(message, EmailMessage) or not (message["From"] or message["Subject"]):
        raise InvalidInput("the e-mail has no From or Subject header (is it an e-mail?)")
    subject = " ".join(str(message["Subject"] or "").split())
    doc = Document(title=subject)
    fields = [(k, message[k]) for k in ("From", "To", "Date", "Subject") if message[k]]
    doc.blocks.extend(Block(Kind.PARAGRAPH, f"{k}: {' '.join(str(v).split())}") for k, v in fields)
    body = message.get_body(preferencelist=("plain", "html"))
    if body is None:
        return doc
    try:
        text = body.get_content()
    except (LookupError, ValueError) as exc:
        raise InvalidInput(f"the e-mail's body cannot be decoded: {exc}"[:300]) from exc
    if body.get_content_type() == "text/html":
        doc.blocks.extend(html_document(str(text), limits).blocks)
    else:
        doc.blocks.extend(markdown_blocks(str(text), headings=False).blocks)
    return doc
