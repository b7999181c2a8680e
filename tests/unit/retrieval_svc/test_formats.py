"""Unit tests for retrieval_svc.formats: text, Markdown, HTML, PDF and DOCX extraction."""

from __future__ import annotations

import io
import zipfile

import pytest

from mesh.errors import InvalidInput
from retrieval_svc.formats import (
    DOCX,
    HTML,
    MARKDOWN,
    PDF,
    TEXT,
    check_zip,
    extract,
    normalize_content_type,
)
from retrieval_svc.sample_documents import docx_bytes, pdf_bytes, zip_bomb_docx

pytestmark = pytest.mark.unit
LIMIT = 8 * 1024 * 1024


class TestContentTypes:
    @pytest.mark.parametrize(
        ("given", "expected"),
        [
            ("", TEXT),
            ("text/plain; charset=utf-8", TEXT),
            ("Text/Markdown", MARKDOWN),
            ("text/x-markdown", MARKDOWN),
            ("text/html", HTML),
            ("application/pdf", PDF),
            (DOCX, DOCX),
        ],
    )
    def test_supported(self, given: str, expected: str) -> None:
        assert normalize_content_type(given) == expected

    @pytest.mark.parametrize("ctype", ["application/zip", "image/gif", "application/msword"])
    def test_unsupported_is_invalid_input_naming_the_supported(self, ctype: str) -> None:
        with pytest.raises(InvalidInput, match="text/markdown"):
            normalize_content_type(ctype)


class TestText:
    def test_markdown_title_is_its_first_heading(self) -> None:
        out = extract(MARKDOWN, "# 請假規定\n\n三天前申請。".encode(), LIMIT)
        assert out.title == "請假規定"
        assert "三天前申請。" in out.text

    def test_binary_bytes_are_refused(self) -> None:
        with pytest.raises(InvalidInput, match="UTF-8"):
            extract(TEXT, b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01", LIMIT)

    def test_big5_markdown_is_read_with_its_title(self) -> None:
        out = extract(MARKDOWN, "# 請假規定\n\n員工每年有十四天特休假。".encode("big5"), LIMIT)
        assert out.title == "請假規定"
        assert "十四天特休假" in out.text

    def test_declared_charset_is_used(self) -> None:
        out = extract(TEXT, "员工年假".encode("gbk"), LIMIT, charset="gbk")
        assert out.text == "员工年假"

    def test_html_meta_charset_is_read(self) -> None:
        page = '<html><head><meta charset="big5"><title>手冊</title></head><body><p>特休假</p>'
        out = extract(HTML, page.encode("big5"), LIMIT)
        assert (out.title, out.text) == ("手冊", "特休假")


class TestHtml:
    PAGE = (
        "<html><head><title>Handbook</title><style>p{color:red}</style>"
        "<script>var secret = 'do not index';</script></head><body>"
        "<h1>Leave</h1><p>Request leave <b>three days</b> ahead.</p>"
        "<h2>請假</h2><ul><li>病假需證明。</li></ul><div>Loose text<br>on two lines</div>"
        "<noscript>enable js</noscript></body></html>"
    ).encode()

    def test_scripts_and_styles_are_stripped_and_headings_kept(self) -> None:
        out = extract(HTML, self.PAGE, LIMIT)
        assert out.title == "Handbook"
        assert "secret" not in out.text and "color" not in out.text and "js" not in out.text
        assert "# Leave" in out.text.split("\n")
        assert "## 請假" in out.text.split("\n")
        assert "Request leave three days ahead." in out.text
        assert "- 病假需證明。" in out.text
        assert "Loose text on two lines" in out.text


class TestPdf:
    def test_text_and_title_are_read(self) -> None:
        out = extract(PDF, pdf_bytes(["Annual leave (paid)", "Ten days a year."], "Leave"), LIMIT)
        assert out.title == "Leave"
        assert "Annual leave (paid)" in out.text and "Ten days a year." in out.text

    @pytest.mark.parametrize(
        "title", ["10811.exe", "Microsoft Word - leave.docx", "untitled", "2023", "report.pdf"]
    )
    def test_a_title_field_naming_a_file_is_not_the_title(self, title: str) -> None:
        # The real-world transcript's title field says "10811.exe": a citation of it said so.
        out = extract(PDF, pdf_bytes(["Annual leave (paid)", "Ten days a year."], title), LIMIT)
        assert out.title == ""

    @pytest.mark.parametrize(
        "content",
        [b"%PDF-1.4\n1 0 obj garbage", pdf_bytes(["x"])[:60], b"%PDF-" + bytes(range(256))],
    )
    def test_corrupt_pdf_is_a_clear_error(self, content: bytes) -> None:
        with pytest.raises(InvalidInput, match="PDF"):
            extract(PDF, content, LIMIT)

    def test_not_a_pdf_at_all(self) -> None:
        with pytest.raises(InvalidInput, match="not a PDF"):
            extract(PDF, b"hello", LIMIT)


class TestDocx:
    def test_headings_become_markdown_headings(self) -> None:
        content = docx_bytes(
            [
                (1, "請假規定"),
                (0, "員工請假須提前三天申請。"),
                (2, "Sick leave"),
                (0, "Note."),
            ],
            title="HR",
        )
        out = extract(DOCX, content, LIMIT)
        assert out.title == "HR"
        assert out.text.split("\n\n") == [
            "# 請假規定",
            "員工請假須提前三天申請。",
            "## Sick leave",
            "Note.",
        ]

    def test_tables_become_markdown_tables_with_their_header(self) -> None:
        import docx

        document = docx.Document()
        document.add_paragraph("會議室一覽")
        table = document.add_table(rows=3, cols=2)
        for r, (room, projector) in enumerate(
            [("會議室", "投影機"), ("玉山廳", "Epson 雷射"), ("阿里山廳", "")]
        ):
            table.cell(r, 0).text, table.cell(r, 1).text = room, projector
        buffer = io.BytesIO()
        document.save(buffer)
        out = extract(DOCX, buffer.getvalue(), LIMIT)
        assert out.text.split("\n\n") == [
            "會議室一覽",
            "| 會議室 | 投影機 |\n|---|---|\n| 玉山廳 | Epson 雷射 |\n| 阿里山廳 |  |",
        ]

    def test_zip_bomb_is_refused_before_inflating(self) -> None:
        with pytest.raises(InvalidInput, match="zip bomb"):
            extract(DOCX, zip_bomb_docx(20 * 1024 * 1024), LIMIT)

    def test_total_uncompressed_size_is_bounded(self) -> None:
        content = docx_bytes([(0, "x" * 5000)])
        with pytest.raises(InvalidInput, match="decompress to more than"):
            check_zip(content, 1000)

    def test_not_a_zip(self) -> None:
        with pytest.raises(InvalidInput, match="not a valid zip"):
            extract(DOCX, b"plain text", LIMIT)

    def test_zip_without_a_document_is_corrupt(self) -> None:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            z.writestr("hello.txt", "hi")
        with pytest.raises(InvalidInput, match="DOCX"):
            extract(DOCX, out.getvalue(), LIMIT)
