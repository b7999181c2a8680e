"""Unit tests for router_svc.language: script and language detection, normalization."""

from __future__ import annotations

import pytest

from router_svc.language import (
    EN,
    MIXED,
    ZH_HANS,
    ZH_HANT,
    LanguageGuess,
    chinese_script,
    detect_language,
    dominant_language,
    normalize,
)

pytestmark = pytest.mark.unit


class TestNormalize:
    def test_full_width_letters_digits_and_punctuation_become_half_width(self) -> None:
        assert normalize("ＡＰＩ１２３？！") == "API123?!"

    def test_ideographic_space_and_runs_of_whitespace_collapse_to_one_space(self) -> None:
        assert normalize("  ＡＰＩ　金鑰？ ") == "API 金鑰?"
        assert normalize("a \t\n  b\r\nc") == "a b c"

    def test_han_characters_are_untouched(self) -> None:
        assert normalize("請問員工請假要怎麼申請") == "請問員工請假要怎麼申請"
        assert normalize("请问员工请假要怎么申请") == "请问员工请假要怎么申请"

    def test_blank_text_becomes_empty(self) -> None:
        assert normalize(" \u3000\t\n ") == ""

    def test_is_idempotent(self) -> None:
        once = normalize("  Ｈｅｌｌｏ，　世界！ ")
        assert normalize(once) == once


class TestChineseScript:
    def test_traditional_question(self) -> None:
        assert chinese_script("請問員工請假要怎麼申請") == ZH_HANT

    def test_simplified_question(self) -> None:
        assert chinese_script("请问员工请假要怎么申请") == ZH_HANS

    @pytest.mark.parametrize("default", [ZH_HANT, ZH_HANS])
    def test_shared_characters_only_fall_back_to_the_default(self, default: str) -> None:
        assert chinese_script("我是人", default=default) == default
        assert chinese_script("公司的年假是多少天？", default=default) == default

    @pytest.mark.parametrize("default", [ZH_HANT, ZH_HANS])
    def test_text_without_han_gets_the_default(self, default: str) -> None:
        assert chinese_script("hello 123", default=default) == default

    def test_mixed_scripts_follow_the_majority_of_distinctive_characters(self) -> None:
        assert chinese_script("請假请假請") == ZH_HANT
        assert chinese_script("請请请", default=ZH_HANT) == ZH_HANS

    def test_mixed_scripts_with_a_tie_fall_back_to_the_default(self) -> None:
        assert chinese_script("學习", default=ZH_HANS) == ZH_HANS
        assert chinese_script("學习", default=ZH_HANT) == ZH_HANT

    def test_simplified_me_particle_is_recognised_as_simplified(self) -> None:
        assert chinese_script("年假怎么算？", default=ZH_HANT) == ZH_HANS


class TestDetectLanguage:
    def test_traditional_and_simplified_questions_are_not_confused(self) -> None:
        hant = detect_language("請問員工請假要怎麼申請")
        hans = detect_language("请问员工请假要怎么申请")
        assert (hant.language, hant.answer_language) == (ZH_HANT, ZH_HANT)
        assert (hans.language, hans.answer_language) == (ZH_HANS, ZH_HANS)

    @pytest.mark.parametrize("default", [ZH_HANT, ZH_HANS])
    def test_distinctive_characters_beat_the_default(self, default: str) -> None:
        assert detect_language("請問員工請假要怎麼申請", default).language == ZH_HANT
        assert detect_language("请问员工请假要怎么申请", default).language == ZH_HANS

    def test_english(self) -> None:
        guess = detect_language("How do I apply for annual leave?")
        assert guess == LanguageGuess(EN, EN, 0.0)

    def test_text_without_words_is_english(self) -> None:
        assert detect_language("") == LanguageGuess(EN, EN, 0.0)
        assert detect_language("123 ?!").language == EN

    def test_chinese_sentence_with_an_english_product_name_stays_chinese(self) -> None:
        guess = detect_language("API 金鑰在哪裡設定？")
        assert guess.language == ZH_HANT
        assert guess.answer_language == ZH_HANT

    def test_english_sentence_with_a_chinese_term_stays_english(self) -> None:
        guess = detect_language("How do I reset the API 金鑰?")
        assert guess.language == EN
        assert guess.han_share <= 0.3

    def test_mixed_mostly_chinese_answers_in_chinese(self) -> None:
        guess = detect_language("我想 deploy 到 production server 要怎麼做")
        assert guess.language == MIXED
        assert guess.answer_language == ZH_HANT
        assert 0.5 <= guess.han_share < 0.7

    def test_mixed_mostly_english_answers_in_english(self) -> None:
        guess = detect_language("請問 Kubernetes 的 API gateway 怎麼設定 rate limit")
        assert guess.language == MIXED
        assert guess.answer_language == EN
        assert 0.3 < guess.han_share < 0.5

    def test_mixed_simplified_answers_in_simplified(self) -> None:
        guess = detect_language("怎么设定 rate limit")
        assert guess.language == MIXED
        assert guess.answer_language == ZH_HANS

    def test_han_share_counts_a_latin_word_as_one_and_a_half(self) -> None:
        # 2 Han units against 1 word * 1.5 units.
        assert detect_language("金鑰 key").han_share == pytest.approx(2 / 3.5)


class TestDominantLanguage:
    def test_majority_wins(self) -> None:
        assert dominant_language(["hello there", "請問年假", "how are you"]) == EN
        assert dominant_language(["請問年假", "特休怎麼算", "hello"]) == ZH_HANT

    def test_no_texts_is_english(self) -> None:
        assert dominant_language([]) == EN
