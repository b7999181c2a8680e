"""Unit tests for mesh.measures: the measure a Chinese "how much" question asks for."""

from __future__ import annotations

import pytest

from mesh.measures import asked_date_part, measured, states_date_part, states_measure

pytestmark = pytest.mark.unit


@pytest.mark.parametrize(
    ("question", "measure"),
    [
        ("圖瓦共和國目前的人口大約有多少？", "人口"),
        ("Cessna 170的最大巡航速度是多少？", "速度"),
        ("這座橋的全長有多少？", "全長"),
        ("门票价格是多少？", "价格"),
        ("目前有多少人？", ""),  # 「目前」 measures nothing
        ("北土城站每天的客流量大约有多少人次？", ""),  # the unit 「人次」 is checked elsewhere
        ("What is the population of Tuva?", ""),
    ],
)
def test_the_noun_before_how_much_names_the_measure(question: str, measure: str) -> None:
    assert measured(question) == measure


def test_a_number_of_another_measure_does_not_state_it() -> None:
    area = "唐努烏梁海如今通常只指「圖瓦共和國」，面積為17萬平方公里，首府為克孜勒。"
    assert not states_measure("人口", area)
    assert states_measure("面積", area)


def test_a_unit_of_the_measure_states_it_without_its_name() -> None:
    assert states_measure("人口", "當地約有三十萬居民。")
    assert states_measure("速度", "巡航時速可達226公里。")


def test_the_measure_named_without_a_number_does_not_state_it() -> None:
    assert not states_measure("人口", "人口多集中在首府。")


@pytest.mark.parametrize(
    ("question", "part"),
    [
        ("瑞尼尔山最近一次喷发是在哪一年？", "year"),
        ("In what year was the Working Time Directive adopted?", "year"),
        ("阿蒙森的探險隊是在哪一天抵達南極點的？", "day"),
        ("On what date did the ship sink?", "day"),
        ("薪水每個月幾號發？", "day"),  # a day of the month
        ("要到幾號櫃台辦理？", ""),  # a counter's number
        ("When did the ship sink?", ""),
    ],
)
def test_the_part_of_a_date_asked_for(question: str, part: str) -> None:
    assert asked_date_part(question) == part


@pytest.mark.parametrize("line", ["Argued 10/5/2015.", "Argued on January 13, 2009.", "13th Jan"])
def test_a_day_is_stated_in_the_usual_english_forms(line: str) -> None:
    assert states_date_part("day", line)


def test_a_duration_or_each_year_is_not_a_year() -> None:
    assert not states_date_part("year", "every worker has at least 4 weeks paid holidays each year")
    assert not states_date_part("year", "瑞尼尔山被列入十年火山列表。")
    assert states_date_part("year", "康熙四十八年，拉卜楞寺建立。")


def test_the_questions_own_year_is_not_an_answer() -> None:
    question = "1291年建立舊瑞士邦聯的是哪一年？"
    assert not states_date_part("year", "瑞士聯邦的歷史可以追溯至1291年。", question)
