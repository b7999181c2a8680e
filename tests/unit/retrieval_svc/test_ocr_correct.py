"""OCR corrections (issue 29): zeros read as letters, Simplified characters on Traditional
pages; a character read right is never changed."""

from __future__ import annotations

import hanzidentifier
import pytest

from retrieval_svc.documents.ocr_correct import (
    CONFUSIONS,
    correct_page,
    fix_zeros,
    is_traditional,
    to_traditional,
)

TRADITIONAL_PAGE = [
    "社區活動中心使用須知",
    "開放時間為每週二至週日上午9點至晚上9點，請於使用日前7天至管理處辦理登記。",
    "臺灣的門票與費用：保證金一律NT$1,000，聯絡電話(02)2956-3817。",
]
SIMPLIFIED_PAGE = [
    "社区活动中心使用须知",
    "开放时间为每周二至周日上午9点至晚上9点，请于使用日前7天至管理处办理登记。",
    "台湾的门票与费用：保证金一律1,000元，联系电话(021)5956-3817。",
]


@pytest.mark.parametrize(
    ("read", "fixed"),
    [
        ("5,0o0", "5,000"),
        ("NT$1,O00", "NT$1,000"),
        ("2O26年3月1日", "2026年3月1日"),
        ("1oo5", "1005"),
        ("3.o5 kg", "3.05 kg"),
        ("1,00o", "1,00o"),  # no digit after: left alone
        ("Room 2O", "Room 2O"),
        ("ISO9001", "ISO9001"),
        ("No. 5", "No. 5"),
        ("Go 2 go", "Go 2 go"),
        ("o1o", "o1o"),
        ("Zoo 1, Zone 5", "Zoo 1, Zone 5"),
    ],
)
def test_zeros_between_digits_only(read: str, fixed: str) -> None:
    assert fix_zeros(read) == fixed


def test_simplified_only_characters_become_traditional_in_context() -> None:
    # what PP-OCRv4 reads on Traditional pages: 处 for 處, 预 for 預
    assert to_traditional("管理处") == "管理處"
    assert to_traditional("预算") == "預算"
    assert to_traditional("联络电话") == "聯絡電話"
    assert to_traditional("头发") == "頭髮"  # the word picks 髮, not 發
    assert to_traditional("发展") == "發展"


def test_a_character_valid_in_traditional_is_never_changed() -> None:
    for line in TRADITIONAL_PAGE:
        assert to_traditional(line) == line
    # shared characters stay even where a phrase converter would change them (周 → 週, 台 → 臺)
    assert to_traditional("每周二，台北") == "每周二，台北"
    # on a mixed line only the Simplified-only characters change
    read = "每週二至周日，管理处电话"
    out = to_traditional(read)
    assert out == "每週二至周日，管理處電話"
    for old, new in zip(read, out, strict=True):
        if old != new:
            assert hanzidentifier.identify(old) == hanzidentifier.SIMPLIFIED


def test_page_script_is_decided_by_its_characters() -> None:
    assert is_traditional(TRADITIONAL_PAGE)
    assert not is_traditional(SIMPLIFIED_PAGE)
    assert not is_traditional(["Opening hours 9:00-17:00", "Deposit NT$1,000"])
    assert not is_traditional(["臺"])  # too little to tell


def test_a_simplified_page_is_never_converted() -> None:
    assert correct_page(SIMPLIFIED_PAGE) == SIMPLIFIED_PAGE


def test_a_traditional_page_misread_is_corrected() -> None:
    read = [line.replace("處", "处").replace("預", "预") for line in TRADITIONAL_PAGE]
    read[2] = read[2].replace("1,000", "1,0o0")
    assert correct_page(read) == TRADITIONAL_PAGE


def test_english_and_mixed_lines_keep_everything_but_zeros() -> None:
    lines = ["ASUS ExpertBook B5", "Intel Core Ultra 5 125U", "NT$38,9o0", "1.25 kg"]
    assert correct_page(lines) == ["ASUS ExpertBook B5", "Intel Core Ultra 5 125U",
                                   "NT$38,900", "1.25 kg"]  # fmt: skip


def test_measured_confusions_and_doubles() -> None:
    # 週 is missing from PP-OCRv4's dictionary and is read 调; 調 is read as itself
    assert to_traditional("每调二") == "每週二"
    assert to_traditional("調整") == "調整"
    # a character read twice, both ways, at 300 dpi
    assert to_traditional("測测試") == "測試"
    assert to_traditional("調调查") == "調查"
    assert to_traditional("测測試") == "測試"
    for key, value in CONFUSIONS.items():  # only Simplified-only characters are ever replaced
        assert hanzidentifier.identify(key) == hanzidentifier.SIMPLIFIED
        assert hanzidentifier.identify(value) != hanzidentifier.SIMPLIFIED


def test_ratio_one_page_with_many_misreads_is_still_traditional() -> None:
    # a zh-Hant table page of the tune half read 20 Traditional-only and 16 Simplified-only
    assert is_traditional(["勞動基準法", "應辦理請領", "处理费用预计说明书"])


def test_recognised_lines_are_corrected_text_from_files_is_not() -> None:
    from retrieval_svc.documents.ocr import _lines

    quad = [[0, 0], [100, 0], [100, 10], [0, 10]]
    raw = [(quad, f" {line} ", 0.9) for line in TRADITIONAL_PAGE[:2]]
    raw.append((quad, "保證金NT$1,0o0，管理处", 0.9))
    lines = _lines(raw)
    assert [line.text for line in lines] == [*TRADITIONAL_PAGE[:2], "保證金NT$1,000，管理處"]
    # only OCR goes through the corrections: the text layer of a file is what it holds
    from retrieval_svc.formats import extract

    content = "管理处 NT$1,0o0 每週".encode()
    assert "管理处 NT$1,0o0" in extract("text/plain", content, 1 << 20).text
