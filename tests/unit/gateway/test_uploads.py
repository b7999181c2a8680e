"""Unit tests for gateway.uploads: names, types and sizes of uploaded files."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gateway.uploads import (
    CONTENT_TYPES,
    TooLarge,
    UnsupportedType,
    check_content,
    check_filename,
    title_for,
    with_charset,
)
from mesh.document_ids import doc_id_for_name
from mesh.errors import InvalidInput

pytestmark = pytest.mark.unit

DOC_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$")


@pytest.mark.parametrize(
    ("name", "doc_id", "ctype"),
    [
        ("notes.txt", "notes.txt", "text/plain"),
        ("Leave policy.md", "Leave-policy.md", "text/markdown"),
        ("REPORT.PDF", "REPORT.pdf", "application/pdf"),
        ("page.htm", "page.htm", "text/html"),
        ("spec.v2.docx", "spec.v2.docx", CONTENT_TYPES[".docx"]),
    ],
)
def test_good_names(name: str, doc_id: str, ctype: str) -> None:
    checked = check_filename(name)
    assert (checked.doc_id, checked.content_type, checked.filename) == (doc_id, ctype, name)


@pytest.mark.parametrize(
    "name",
    [
        "../etc/passwd.txt",
        "..\\windows\\x.md",
        "a/b.md",
        "/abs.md",
        "..",
        "..md",
        "x\x00.md",
        "x\n.md",
        "\u202eevil.md",
        "",
        "   ",
        None,
        "x" * 300 + ".md",
    ],
)
def test_unsafe_names_are_refused_with_a_message(name: str | None) -> None:
    with pytest.raises(InvalidInput) as err:
        check_filename(name)
    assert err.value.message


@pytest.mark.parametrize("name", ["x.exe", "archive.zip", "noext", ".md", "image.gif"])
def test_unsupported_types_are_415_errors(name: str) -> None:
    with pytest.raises(UnsupportedType) as err:
        check_filename(name)
    assert "txt" in err.value.message


def test_chinese_names_get_distinct_valid_ids() -> None:
    a, b = doc_id_for_name("請假規定.md"), doc_id_for_name("保險規定.md")
    assert a != b and DOC_ID.match(a) and DOC_ID.match(b) and a.endswith(".md")
    assert doc_id_for_name("請假規定.md") == a


@given(st.text(min_size=1, max_size=300))
def test_every_accepted_name_gives_a_valid_doc_id_and_no_path(name: str) -> None:
    try:
        checked = check_filename(name + ".md")
    except InvalidInput:
        return
    assert DOC_ID.match(checked.doc_id)
    assert "/" not in checked.filename and "\\" not in checked.filename
    assert not checked.filename.startswith("..")


def test_empty_and_oversized_content() -> None:
    with pytest.raises(InvalidInput, match="empty"):
        check_content("a.md", b"", 10)
    with pytest.raises(TooLarge) as too_large:
        check_content("a.md", b"x" * 11, 10)
    assert too_large.value.message == "'a.md' is larger than the limit of 10 bytes"
    check_content("a.md", b"x" * 10, 10)


def test_oversized_message_does_not_claim_the_size_of_what_was_read() -> None:
    # The gateway reads at most limit + 1 bytes of a file, so that count is not the file's size.
    with pytest.raises(TooLarge) as too_large:
        check_content("big.txt", b"x" * 8_388_609, 8_388_608)
    assert "8388609" not in too_large.value.message
    assert "larger than the limit of 8388608 bytes" in too_large.value.message


def test_title_is_the_first_heading_else_left_to_retrieval() -> None:
    assert title_for("# 請假規定\n\n內容".encode(), "text/markdown") == "請假規定"
    assert title_for(b"no heading", "text/markdown") == ""
    assert title_for(b"# looks like one", "application/pdf") == ""


def test_title_of_a_big5_or_gbk_file() -> None:
    assert title_for("# 請假規定\n\n員工特休".encode("big5"), "text/markdown") == "請假規定"
    assert title_for("# 请假规定\n\n员工年假".encode("gbk"), "text/plain", "gbk") == "请假规定"
    assert title_for(b"\x89PNG\r\n\x1a\n\x00\x00", "text/plain") == ""


def test_a_declared_charset_travels_with_text_files_only() -> None:
    assert with_charset("text/plain", "big5") == "text/plain; charset=big5"
    assert with_charset("text/markdown", None) == "text/markdown"
    assert with_charset("application/pdf", "big5") == "application/pdf"
    with pytest.raises(InvalidInput, match="not a charset name"):
        with_charset("text/html", "big5\r\nX-Evil: 1")
