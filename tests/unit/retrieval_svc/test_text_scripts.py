"""BM25 terms are cut in one Chinese script, so either script's question finds either's passage."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mesh.scripts import fold_script
from retrieval_svc.bm25_index import BM25Index
from retrieval_svc.text import QUERY_STOP_WORDS, _cut, query_terms, tokenize

pytestmark = pytest.mark.unit

PASSAGES = [
    "5.1 薪資每月5日發放，遇假日提前至前一個工作日。",  # zh-Hant, the answer
    "5.2 因公支出請於發生後30日內在 Expensify 上傳收據申請。",
    "员工食堂每日11:30至13:30供应午餐。",
]


def _best(passage_terms: list[list[str]], query: list[str]) -> int:
    index = BM25Index()
    for row, terms in enumerate(passage_terms):
        index.add(row, terms)
    scores = index.scores(query)
    return max(range(len(scores)), key=lambda i: scores[i])


def test_a_traditional_word_is_cut_as_jiebas_dictionary_knows_it() -> None:
    # Cut as written, 「試用期為3個月」 gives 試用 / 期為 and never 試用期.
    assert "試用期" not in _cut("試用期為3個月")
    assert "试用期" in tokenize("試用期為3個月")
    assert "试用期" in tokenize("试用期为3个月")


def test_a_simplified_question_finds_a_traditional_passage() -> None:
    assert _best([tokenize(p) for p in PASSAGES], query_terms("薪资每月几号发放？")) == 0


def test_a_traditional_question_finds_a_simplified_passage() -> None:
    assert _best([tokenize(p) for p in PASSAGES], query_terms("員工食堂幾點供應午餐？")) == 2


def test_passages_stored_before_folding_are_still_found_by_their_own_script() -> None:
    stored_as_written = [_cut(p) for p in PASSAGES]
    assert _best(stored_as_written, query_terms("薪資每月幾號發放？")) == 0


def test_query_terms_add_nothing_when_folding_changes_nothing() -> None:
    for query in ["薪资每月几号发放", "When is pay day?", ""]:
        assert query_terms(query) == tokenize(query)


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet="薪資资發发放每月幾几號号期試试用 abcXYZ019，。", max_size=30))
def test_folded_terms_come_first_and_the_extra_ones_are_new(text: str) -> None:
    terms = query_terms(text)
    everything = tokenize(text)
    folded = [t for t in everything if t not in QUERY_STOP_WORDS] or everything
    assert terms[: len(folded)] == folded
    extra = terms[len(folded) :]
    assert not set(extra) & set(folded)
    assert tokenize(fold_script(text)) == everything


TIMETABLE = [
    "On Sundays trains run hourly, leaving Port Ellery at ten past each hour.",
    "Train 2145 is the last weekday train from Port Ellery.",
]


def test_english_words_are_stemmed_so_a_singular_finds_its_plural() -> None:
    assert tokenize("Sundays trains")[:2] == ["sunday", "train"]
    assert _best([tokenize(p) for p in TIMETABLE], query_terms("first Sunday train")) == 0


def test_passages_stored_before_stemming_are_still_found_by_their_words() -> None:
    stored_as_written = [_cut(p, stem=False) for p in TIMETABLE]
    assert _best(stored_as_written, query_terms("Which trains run on Sundays?")) == 0


def test_words_that_ask_are_not_searched_for() -> None:
    # 「可以 / 多少」 ranked an insurance FAQ (「問：門診看病可以申請理賠嗎？」) above the rule.
    assert query_terms("早鸟价可以减多少钱？") == ["早鸟价", "减", "钱"]
    faq = "問：門診看病可以申請理賠嗎？答：可以，每次最多理賠多少請見附表。"
    rule = "开课前14天完成报名并缴费的，享受早鸟价，学费立减300元。"
    corpus = [tokenize(p) for p in [faq, rule, *PASSAGES]]
    assert _best(corpus, query_terms("早鸟价可以减多少钱？")) == 1
    assert _best(corpus, tokenize("早鸟价可以减多少钱？")) == 0, "the asking words won before"


def test_a_question_made_only_of_asking_words_keeps_them() -> None:
    assert query_terms("可以嗎？") == ["可以", "吗", "嗎"]


def test_a_hyphenated_word_is_also_its_parts_written_together() -> None:
    assert "wifi" in tokenize("Service: Staff Wi-Fi") and "email" in tokenize("by e-mail")
    assert "wifi" in query_terms("staff wifi uptime")


def test_a_weekday_is_one_term_however_it_is_written() -> None:
    assert "周日" in query_terms("禮拜天圖書館開到幾點") and "周日" in tokenize("週日 13:00至21:00")
    assert "周日" in tokenize("星期天休館") and "周六" in tokenize("礼拜六")


def test_a_counted_day_is_one_term_with_tian_or_ri() -> None:
    assert "十日" in query_terms("超過十天") and "十日" in tokenize("逾期超過十日者")
    assert tokenize("今天") == ["今天"]
