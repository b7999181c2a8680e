"""Reading text documents in the encodings Chinese and English users have them in."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from mesh.errors import InvalidInput
from mesh.text_decoding import declared_charset, decode_text

ZH_HANT = "請問員工每年有幾天特休假？依規定，到職滿一年者享有七天特休假，滿三年者十四天。"
ZH_HANS = "请问员工每年有几天年假？根据规定，入职满一年者享有五天年假，满十年者十天。"
EN = "Employees get fourteen days of paid leave — “résumé” and café included."


@pytest.mark.parametrize(
    ("text", "encoding", "read_as"),
    [
        (ZH_HANT, "big5", "cp950"),
        (ZH_HANT, "cp950", "cp950"),
        (ZH_HANS, "gb2312", "gb18030"),
        (ZH_HANS, "gbk", "gb18030"),
        (ZH_HANS, "gb18030", "gb18030"),
        (ZH_HANT, "utf_16_le", "utf-16-le"),
        (EN, "cp1252", "cp1252"),
    ],
)
def test_legacy_encodings_are_recognised_without_a_declaration(
    text: str, encoding: str, read_as: str
) -> None:
    decoded = decode_text(text.encode(encoding))
    assert decoded.text == text
    assert decoded.encoding == read_as


def test_a_short_gb2312_text_is_not_mistaken_for_korean() -> None:
    assert decode_text("员工年假".encode("gb2312")).text == "员工年假"


@pytest.mark.parametrize("bom_codec", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32"])
def test_a_byte_order_mark_decides(bom_codec: str) -> None:
    content = ZH_HANT.encode(bom_codec)
    if bom_codec == "utf-16-be":
        content = codecs.BOM_UTF16_BE + content
    assert decode_text(content).text == ZH_HANT


def test_a_declared_charset_beats_guessing() -> None:
    # These bytes are valid UTF-8 ("é") and valid cp1252 ("Ã©"); the sender said cp1252.
    assert decode_text("é".encode(), "windows-1252").text == "Ã©"


def test_a_declared_charset_that_does_not_fit_is_refused() -> None:
    with pytest.raises(InvalidInput, match="declared charset"):
        decode_text(ZH_HANT.encode("big5"), "utf-8")


def test_an_unknown_charset_is_refused() -> None:
    with pytest.raises(InvalidInput, match="unknown charset"):
        decode_text(b"text", "klingon-8")


def test_html_meta_charset_is_read_when_not_utf8() -> None:
    page = f'<html><head><meta charset="gbk"></head><body>{ZH_HANS}</body></html>'
    decoded = decode_text(page.encode("gbk"), html=True)
    assert ZH_HANS in decoded.text


@pytest.mark.parametrize(
    "content",
    [
        bytes(range(256)) * 4,
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x02",
        b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(range(200)),
        codecs.BOM_UTF16_LE + b"\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00",
    ],
    ids=["all bytes", "png", "zip", "utf-16 BOM then controls"],
)
def test_binary_data_is_refused(content: bytes) -> None:
    with pytest.raises(InvalidInput, match=r"encoding|byte-order mark"):
        decode_text(content)


@pytest.mark.parametrize(
    ("header", "charset"),
    [
        ("text/plain; charset=Big5", "big5"),
        ('text/markdown; charset="GBK"', "gbk"),
        ("text/plain", None),
        ("", None),
    ],
)
def test_declared_charset_is_read_from_the_content_type(header: str, charset: str | None) -> None:
    assert declared_charset(header) == charset


@given(st.text())
def test_any_utf8_text_round_trips(text: str) -> None:
    try:
        content = text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates have no UTF-8 form
        return
    assert decode_text(content).text == text.removeprefix("\ufeff")


@given(st.text(min_size=1))
def test_any_text_with_a_utf16_bom_round_trips_or_is_refused_as_binary(text: str) -> None:
    # FF FE 00 00 is also UTF-32-LE's byte-order mark: a UTF-16 text that opens with a NUL is
    # read as UTF-32, and no reader can tell the two apart.
    assume(not text.startswith("\x00"))
    try:
        content = text.encode("utf-16")
    except UnicodeEncodeError:
        return
    try:
        assert decode_text(content).text == text
    except InvalidInput as exc:
        assert "byte-order mark" in exc.message


def test_first_heading_reads_only_the_start_even_when_the_cut_splits_a_character() -> None:
    from mesh.text_decoding import HEADING_SNIFF_BYTES, first_heading

    lead = "# 請假規定\n\nA".encode("big5")  # 13 bytes: two-byte characters follow
    body = lead + ("員工特休" * 5000).encode("big5")
    assert len(body) > HEADING_SNIFF_BYTES and (HEADING_SNIFF_BYTES - len(lead)) % 2 == 1
    assert first_heading(body) == "請假規定"
    assert first_heading(b"\x89PNG\r\n\x1a\n\x00\x00") == ""
