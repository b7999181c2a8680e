"""Chinese names spelled in pinyin, read against the characters of a passage."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mesh.glossary import Romanised, found_in, gloss, romanised_names, written_in_characters
from mesh.romanisation import is_romanised_name, reading_of, syllable_count, toneless

SYLLABLES = frozenset("hua lan xin he cheng guang xi an xian zhuang".split())
READINGS = {
    "华": frozenset({"hua"}),
    "澜": frozenset({"lan"}),
    "欣": frozenset({"xin"}),
    "禾": frozenset({"he"}),
    "澄": frozenset({"cheng", "deng"}),
    "光": frozenset({"guang"}),
    "西": frozenset({"xi"}),
    "安": frozenset({"an"}),
}


def test_cedict_readings_lose_their_tones() -> None:
    assert toneless("Hua2") == ["hua"]
    assert toneless("lu:4") == ["lv", "lu"]
    assert toneless("xx5") == ["xx"]
    assert toneless("-") == []


def test_a_name_spells_syllables() -> None:
    assert syllable_count("hualan", SYLLABLES) == 2
    assert syllable_count("xian", SYLLABLES) == 1  # the fewest: xian, not xi + an
    assert syllable_count("harbour", SYLLABLES) == 0
    assert is_romanised_name("Hualan", SYLLABLES)
    assert not is_romanised_name("hualan", SYLLABLES)  # a name is written capitalized
    assert not is_romanised_name("Xian", SYLLABLES)  # one syllable is too little to go on


def test_a_name_is_read_in_any_reading_of_its_characters() -> None:
    assert reading_of("chengguang", "澄光醫療器材股份有限公司", READINGS) == "澄光"
    assert reading_of("dengguang", "澄光", READINGS) == "澄光"
    assert reading_of("hualan", "总部：华澜物流", READINGS) == "华澜"
    assert reading_of("xian", "去西安出差", READINGS) == "西安"
    assert reading_of("hualan", "华，澜", READINGS) is None  # not across punctuation
    assert reading_of("hualan", "Hualan", READINGS) is None
    assert reading_of("", "华澜物流", READINGS) is None


@given(st.text(max_size=80), st.text(alphabet="abcdefghijklmnopqrstuvwxyz", max_size=12))
def test_any_text_reads_without_error(text: str, name: str) -> None:
    found = reading_of(name, text, READINGS)
    assert found is None or (bool(found) and found in text and bool(name))


def test_the_glossary_spells_unknown_capitalized_names() -> None:
    question = (
        "Which taxpayer ID must appear on hotel invoices under Hualan Logistics' travel policy?"
    )
    assert romanised_names(question) == ["hualan"]
    assert all(isinstance(n, Romanised) for n in romanised_names(question))
    # Dictionary words and English names are not spelled out in pinyin.
    assert romanised_names("Zumba Gold at Riverside Community Centre in Kingsford") == []
    assert romanised_names("When does the change take effect?") == []
    assert written_in_characters(romanised_names(question)[0], "華瀾物流集團員工手冊") == "华澜"


def test_a_romanised_name_is_found_written_either_way() -> None:
    (name,) = [g for g in gloss("Where is Xinhe Technology's office?") if g.name]
    assert found_in(name.translations, "欣禾科技股份有限公司 員工請假辦法")
    assert found_in(name.translations, "Xinhe Technology Co., Ltd.")
    assert not found_in(name.translations, "星川软件（苏州）有限公司")
