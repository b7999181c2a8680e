"""Unit tests for router_svc.language: script and language detection, normalization."""

from __future__ import annotations

import hanzidentifier
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from router_svc.language import (
    EN,
    MIXED,
    ZH_HANS,
    ZH_HANT,
    LanguageGuess,
    chinese_script,
    conversation_language,
    detect_language,
    dominant_language,
    normalize,
    script_is_ambiguous,
    strip_controls,
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

    def test_english_sentence_with_a_chinese_term_is_english(self) -> None:
        # The labelling guide: the dominant language decides.
        guess = detect_language("How do I reset the API 金鑰?")
        assert guess.language == EN
        assert guess.answer_language == EN
        assert guess.han_share <= 0.2

    def test_one_han_character_in_english_stays_english(self) -> None:
        assert detect_language("What does 的 mean in this form?").language == EN

    def test_chinese_with_a_few_english_words_is_chinese(self) -> None:
        guess = detect_language("我想 deploy 到 production server 要怎麼做")
        assert guess.language == ZH_HANT
        assert guess.answer_language == ZH_HANT
        assert 0.55 <= guess.han_share < 0.7

    def test_mixed_mostly_english_answers_in_english(self) -> None:
        guess = detect_language("請問 Kubernetes 的 API gateway 怎麼設定 rate limit")
        assert guess.language == MIXED
        assert guess.answer_language == EN
        assert 0.3 < guess.han_share < 0.5

    def test_simplified_with_english_words_is_simplified(self) -> None:
        guess = detect_language("怎么设定 rate limit")
        assert guess.language == ZH_HANS
        assert guess.answer_language == ZH_HANS

    def test_balanced_text_is_mixed(self) -> None:
        guess = detect_language("please help 我 check 一下 my 學習時數 record")
        assert guess.language == MIXED

    def test_han_share_counts_a_latin_word_as_one_and_a_half(self) -> None:
        # 2 Han units against 1 word * 1.5 units.
        assert detect_language("金鑰 key").han_share == pytest.approx(2 / 3.5)


class TestDominantLanguage:
    def test_majority_wins(self) -> None:
        assert dominant_language(["hello there", "請問年假", "how are you"]) == EN
        assert dominant_language(["請問年假", "特休怎麼算", "hello"]) == ZH_HANT

    def test_no_texts_is_english(self) -> None:
        assert dominant_language([]) == EN


class TestNormalizeMore:
    def test_control_and_invisible_characters_are_removed(self) -> None:
        assert normalize("年假\x00有\u200b幾天\x1b?") == "年假有幾天?"
        assert strip_controls("a\tb\nc\x07") == "a\tb\nc"

    def test_repeated_punctuation_collapses(self) -> None:
        assert normalize("真的嗎？？？！！") == "真的嗎?!"
        assert normalize("what... ok!!") == "what. ok!"


class TestConversationLanguage:
    def test_a_message_in_one_language_is_answered_in_it(self) -> None:
        guess = conversation_language("那病假呢？", ["How many days of leave do I get?"])
        assert guess.answer_language == ZH_HANT

    def test_a_mixed_message_takes_the_conversations_language(self) -> None:
        guess = conversation_language("那 sick leave 呢?", ["请问年假有几天？"])
        assert guess.language == MIXED and guess.answer_language == ZH_HANS

    def test_a_language_neutral_message_takes_the_conversations_language(self) -> None:
        assert conversation_language("VPN", ["请问怎么连线？"]).answer_language == ZH_HANS
        assert conversation_language("VPN", []).answer_language == EN

    def test_ambiguous_chinese_takes_the_conversations_script(self) -> None:
        assert conversation_language("年假", ["报销要多久？"]).language == ZH_HANS
        assert conversation_language("年假", ["報帳要多久？"]).language == ZH_HANT
        assert conversation_language("年假", [], default_chinese=ZH_HANS).language == ZH_HANS

    def test_code_switching_takes_the_dominant_language(self) -> None:
        assert detect_language("請問 VPN 的 password 要怎麼 reset？").language == ZH_HANT
        assert detect_language("我的 password 忘記了").language == ZH_HANT
        assert detect_language("幫我搜尋 Python 3.13 的新功能").language == ZH_HANT
        assert detect_language("目前最新的 iPhone 是哪一款").language == ZH_HANT

    def test_script_is_ambiguous(self) -> None:
        assert script_is_ambiguous("你好") and script_is_ambiguous("")
        assert not script_is_ambiguous("請問") and not script_is_ambiguous("怎么")


TRADITIONAL_ONLY = "請問報帳這個們時間會過麼來說國當還點從對開關於樣讓體說"
assert len(TRADITIONAL_ONLY) == len("请问报销这个们时间会过么来说国当还点从对开关于样让体说")
SIMPLIFIED_ONLY = "请问报销这个们时间会过么来说国当还点从对开关于样让体说"


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(TRADITIONAL_ONLY), min_size=1, max_size=12),
    st.lists(st.sampled_from("年假公司的是有天多少人工作"), max_size=12),
    st.sampled_from([ZH_HANT, ZH_HANS]),
)
def test_traditional_and_simplified_are_never_confused(
    distinctive: list[str], shared: list[str], default: str
) -> None:
    """Text whose distinctive characters are all Traditional is zh-Hant, whatever the default
    and however many shared characters surround them; the same for Simplified."""
    trad = [
        c
        for c in distinctive
        if hanzidentifier.is_traditional(c) and not hanzidentifier.is_simplified(c)
    ]
    assume(trad)
    text = "".join(trad + shared)
    assert detect_language(text, default).language == ZH_HANT
    simplified = "".join(SIMPLIFIED_ONLY[TRADITIONAL_ONLY.index(c)] for c in trad) + "".join(shared)
    if any(
        hanzidentifier.is_simplified(c) and not hanzidentifier.is_traditional(c) for c in simplified
    ):
        assert detect_language(simplified, default).language == ZH_HANS
