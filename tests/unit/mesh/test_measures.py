"""Unit tests for mesh.measures: the measure a Chinese "how much" question asks for."""

from __future__ import annotations

import pytest

from mesh.measures import measured, states_measure

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
