"""Which written language a quoted line is in (issue 28: one language per answer)."""

from __future__ import annotations

import pytest

from mesh.scripts import EN, ZH, ZH_HANS, ZH_HANT, line_script, same_language


@pytest.mark.parametrize(
    ("text", "script"),
    [
        ("婚假可以請幾天？", ZH_HANT),
        ("婚假可以请几天？", ZH_HANS),
        ("中文", ZH),
        ("Groundmesh answers questions over your own documents.", EN),
        ("請問 Groundmesh 的判斷服務會檢查什麼？", ZH_HANT),
        ("7*7 → 49", ""),
        ("", ""),
    ],
)
def test_line_script(text: str, script: str) -> None:
    assert line_script(text) == script


def test_same_language() -> None:
    q = "請問 Groundmesh 的判斷服務會檢查什麼？"
    assert not same_language(q, "Groundmesh answers questions over your own documents.")
    assert not same_language(q, "回答送出之前，会先交给判断服务检查是否有幻觉。")  # Simplified
    assert same_language(q, "回答送出之前，會先交給判斷服務檢查是否有幻覺。")
    assert same_language(q, "中文")  # shared by both scripts
    assert same_language("What is 7*7?", "7*7 → 49")  # no letters: any language
