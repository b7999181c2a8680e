"""A misspelt question word and the document word it was meant as (mesh.spelling)."""

from __future__ import annotations

import pytest

from mesh.spelling import meant


@pytest.mark.parametrize(
    ("word", "vocabulary", "right"),
    [
        ("minbus", ["minibus", "notice", "booking"], "minibus"),
        ("reponse", ["response", "priority"], "response"),
        ("tme", ["time", "target"], "time"),
        ("Accomodation", ["accommodation"], "accommodation"),
    ],
)
def test_a_misspelling_is_the_common_word_it_is_close_to(
    word: str, vocabulary: list[str], right: str
) -> None:
    assert meant(word, vocabulary) == right


@pytest.mark.parametrize(
    ("word", "vocabulary"),
    [
        ("contract", ["contact"]),  # two words, as common as each other
        ("minibus", ["minibus"]),  # said as written
        ("minbus", ["notice", "booking"]),  # nothing close
        ("ab", ["abc"]),  # too short to tell
        ("tme", ["ime"]),  # another first letter
    ],
)
def test_a_real_word_or_a_far_one_is_not_a_misspelling(word: str, vocabulary: list[str]) -> None:
    assert meant(word, vocabulary) is None
