"""Which written language a quoted line is in (issue 28: one language per answer)."""

from __future__ import annotations

import pytest

from mesh.scripts import (
    EN,
    ZH,
    ZH_HANS,
    ZH_HANT,
    fold_accents,
    fold_script,
    line_script,
    same_language,
)


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


class TestFoldAccents:
    def test_latin_letters_lose_their_marks(self) -> None:
        assert fold_accents("Bélanger, démolition, São Paulo, Zürich") == (
            "Belanger, demolition, Sao Paulo, Zurich"
        )

    def test_letters_that_do_not_decompose_are_spelled_out(self) -> None:
        assert fold_accents("Straße, Æsop, Łódź, Øresund") == "Strasse, AEsop, Lodz, Oresund"

    def test_other_scripts_and_signs_are_left_alone(self) -> None:
        text = "試用期 3×2 ÷ がぎ №5"
        assert fold_accents(text) == text


def test_an_accented_word_is_one_term_everywhere() -> None:
    """Documents set (rw-021): jieba cut "Bélanger" into "b" · "é" · "langer", so the
    secretary of a French meeting was no term of her minutes."""
    from judge_svc.grading import question_aspects
    from judge_svc.terms import content_terms as claim_terms
    from mesh.text import content_terms
    from retrieval_svc.text import tokenize

    line = "Ariane Bélanger agit comme secrétaire"
    assert "belang" in tokenize(line)
    assert {"belanger", "secretaire"} <= content_terms(line)
    assert "belanger" in claim_terms(line)
    assert "belanger" in question_aspects("Who is Ariane Bélanger?")


def test_account_is_one_word_in_both_scripts() -> None:
    """OpenCC folds 「帳戶」 to 「帐户」; a zh-Hans question writes 「账户」 (the documents
    benchmark's tune half lost the childcare subsidy's payment day to it)."""
    assert fold_script("打到账户") == fold_script("撥入帳戶").replace("拨入", "打到")
    assert fold_script("帳戶") == fold_script("账户") == "帐户"
