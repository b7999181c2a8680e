"""What an acronym stands for (mesh.acronyms)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from mesh.acronyms import asks_expansion, expands


def test_questions_asking_what_an_acronym_stands_for() -> None:
    assert asks_expansion("What does MiDAS stand for in the Eastmoor fleet policy?") == ["MiDAS"]
    assert asks_expansion("RRDS 是什麼的縮寫？") == ["RRDS"]
    assert asks_expansion("what is HCHC short for") == ["HCHC"]
    assert asks_expansion("What is the PRCES 2025 late fee?") == []  # uses it, asks no expansion
    assert asks_expansion("What does the policy stand for?") == []  # no acronym


def test_a_line_spelling_it_out_expands_it_and_one_using_it_does_not() -> None:
    assert expands("MiDAS", "2 MiDAS: Minibus Driver Awareness Scheme; the Council funds it.")
    assert expands("RRDS", "the Records Retention and Disposal Schedule (RRDS) sets periods")
    assert not expands("MiDAS", "Minibus (P3) drivers must also hold a MiDAS certificate2.")
    assert not expands("RRDS", "Retention periods are reviewed every two years.")


_CAPITALISED = st.from_regex(r"[A-Z][a-z]{2,9}", fullmatch=True)


@given(st.lists(_CAPITALISED, min_size=2, max_size=6), st.text("abc .,;", max_size=20))
def test_any_run_of_capitalised_words_expands_its_initials(words: list[str], tail: str) -> None:
    acronym = "".join(w[0] for w in words)
    line = f"{acronym}: {' '.join(words)}{tail}"
    assert expands(acronym, line)
    assert not expands(acronym, f"the {acronym} form{tail}".lower().replace(acronym.lower(), "x"))
