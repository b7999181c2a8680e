"""The words of a question that can name a document by its title."""

from __future__ import annotations

from mesh.title_words import name_words, names_title


def test_rare_words_name_common_ones_do_not() -> None:
    assert name_words("Northgate理工學院的臨床試驗數據要保存多少年？") == {"northgate"}
    assert name_words("What does the Council policy say?") == frozenset()


def test_a_title_is_named_by_one_of_its_rare_words() -> None:
    assert names_title("How long does Northgate keep data?", "Northgate Polytechnic RRDS v3.2")
    assert not names_title("How long does Northgate keep data?", "Equipment loan form")
    assert not names_title("What is the policy?", "Travel Policy")
