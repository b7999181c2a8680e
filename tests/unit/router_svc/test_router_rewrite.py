"""Unit tests for router_svc.rewrite: filler, key terms, when to rewrite, decomposition."""

from __future__ import annotations

import pytest

from router_svc.rewrite import (
    MAX_QUERY_CHARS,
    decompose,
    expand_short,
    key_terms,
    needs_rewrite,
    remove_filler,
    rewrite,
    split_parts,
)

pytestmark = pytest.mark.unit


class TestRemoveFiller:
    @pytest.mark.parametrize(
        ("question", "expected"),
        [
            ("請幫我查一下員工旅遊補助的金額，謝謝", "員工旅遊補助的金額"),
            ("我想知道育嬰假可以請多久", "育嬰假可以請多久"),
            ("请帮我找一下团建经费的额度", "团建经费的额度"),
            ("Can you tell me how long parental leave is?", "how long parental leave is"),
            ("I'd like to know the notice period, thanks!", "the notice period"),
            ("請假規定", "請假規定"),  # 請 of 請假 is a word, not filler
        ],
    )
    def test_filler_goes_and_key_terms_stay_in_the_users_language(
        self, question: str, expected: str
    ) -> None:
        assert remove_filler(question) == expected


class TestNeedsRewrite:
    def test_short_filler_and_vague_queries(self) -> None:
        assert "very short" in needs_rewrite("年假")
        assert "very short" in needs_rewrite("VPN")
        assert "filler" in needs_rewrite("請幫我查一下報帳流程")
        assert "filler" in needs_rewrite("can you explain the travel policy")
        assert "vague" in needs_rewrite("information about travel rules for new staff")

    def test_a_clear_question_needs_no_rewrite(self) -> None:
        assert needs_rewrite("出差的住宿費上限是多少") == []
        assert needs_rewrite("How often do passwords have to be rotated?") == []


class TestRewrite:
    def test_one_word_queries_are_expanded_in_their_language(self) -> None:
        assert rewrite("年假", "zh-Hant").search_queries == ["年假", "年假 規定", "年假 說明"]
        assert rewrite("年假", "zh-Hans").search_queries[1:] == ["年假 规定", "年假 说明"]
        assert expand_short("vacation", "en") == ["vacation policy", "how to vacation"]

    def test_filler_query_searches_cleaned_then_key_terms_then_as_typed(self) -> None:
        r = rewrite("我想知道特休有幾天？", "zh-Hant")
        assert r.needs_rewrite
        assert r.search_queries[0] == "特休有幾天"
        assert r.search_queries[-1] == "我想知道特休有幾天"

    def test_complex_questions_get_sub_queries_among_the_searches(self) -> None:
        r = rewrite("比較一下特休和病假的規定", "zh-Hant", complex_question=True)
        assert r.sub_queries == ["特休 規定", "病假 規定"]
        assert set(r.sub_queries) <= set(r.search_queries)

    def test_an_uncuttable_complex_question_still_has_two_sub_queries(self) -> None:
        r = rewrite("請分析一下加班制度的優缺點", "zh-Hant", complex_question=True)
        assert len(r.sub_queries) == 2


class TestDecompose:
    @pytest.mark.parametrize(
        ("question", "expected"),
        [
            ("請假流程是什麼？需要誰核准？", ["請假流程", "請假流程 誰核准"]),
            ("产假、陪产假和婚假各有几天", ["产假", "陪产假", "婚假"]),
            (
                "Compare the sick leave and annual leave policies",
                ["sick leave", "annual leave policies"],
            ),
            (
                "How do maternity, paternity and parental leave compare?",
                ["maternity", "paternity", "parental leave"],
            ),
            ("What is the VPN and how do I install it?", ["VPN", "VPN install"]),
            # parallel questions each name their own subject: none borrows the first one's
            ("病假有幾天？特休有幾天？", ["病假", "特休"]),
            ("年假有几天？病假有几天？婚假有几天？", ["年假", "病假", "婚假"]),
        ],
    )
    def test_parts_and_compared_items(self, question: str, expected: list[str]) -> None:
        assert decompose(question) == expected

    def test_a_single_question_has_no_sub_queries(self) -> None:
        assert decompose("出差的住宿費上限是多少？") == []
        assert decompose("How often are passwords rotated?") == []

    def test_and_inside_a_name_joins_no_items(self) -> None:
        """Documents set (f2-133): "Hengchuan University of Science and Technology" was
        searched as "Science" and "Technology mail centre located"."""
        question = "Where is the Hengchuan University of Science and Technology mail centre?"
        assert decompose(question) == []
        assert decompose("What are the rules for Annual Leave and Sick Leave?") == [
            "Annual Leave",
            "Sick Leave",
        ]

    def test_numbers_joined_by_and_are_a_band_not_items(self) -> None:
        """Documents set (pdf-126): "between 10,000 and 200,000 yuan" was searched as "10",
        "000" and "200": the thousands separator read as a list's comma."""
        question = (
            "What is the processing time limit for purchases between 10,000 and 200,000 yuan?"
        )
        assert decompose(question) == []
        assert decompose("Compare the 2024 and 2025 leave rules") == []
        assert decompose("Compare rooms, halls and terraces") == ["rooms", "halls", "terraces"]

    def test_split_parts_ignores_empty_pieces(self) -> None:
        assert split_parts("年假有幾天？？ ？") == ["年假有幾天"]


def test_key_terms_drop_function_words() -> None:
    assert key_terms("How many days of annual leave do I get?") == "days annual leave"
    assert key_terms("請問出差的住宿費上限是多少？") == "出差 住宿費上限"


def test_search_queries_of_a_huge_question_are_bounded() -> None:
    r = rewrite("請問年假有幾天" * 2800, "zh-Hant", complex_question=True)
    assert r.search_queries and all(len(q) <= MAX_QUERY_CHARS for q in r.search_queries)
    assert all(len(q) <= MAX_QUERY_CHARS for q in r.sub_queries)


def test_a_statement_before_one_question_is_not_a_second_part() -> None:
    assert split_parts("我要請三天假，要準備什麼？") == ["要準備什麼"]
    assert split_parts("Is there a dress code? I am new.") == ["Is there a dress code"]
    assert decompose("我要請三天假，要準備什麼？") == []


@pytest.mark.parametrize(
    "question",
    [
        "如果臨時急病來不及事先請假，最晚要在什麼時候通知主管？",
        "涉及個人資料的文件要怎麼處理？",
        "請假要及時通知誰？",
    ],
)
def test_ji_inside_a_word_joins_no_items(question: str) -> None:
    # 「來不及」 had been cut into 「如果臨時急病來不」 and 「事先請假」, two searches for nothing.
    assert decompose(question) == []


def test_ji_between_two_items_still_joins_them() -> None:
    assert decompose("年假及病假各有幾天？") == ["年假", "病假"]
