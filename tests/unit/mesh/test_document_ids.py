"""Document ids from file names: readable for ASCII names, distinct for every other name."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mesh.document_ids import MAX_DOC_ID, doc_id_for_name

VALID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]*")


@pytest.mark.parametrize(
    ("name", "doc_id"),
    [
        ("Leave policy.md", "Leave-policy.md"),
        ("README.md", "README.md"),
        ("docs-overview.zh-Hant.md", "docs-overview.zh-Hant.md"),
        ("TRIP.TXT", "TRIP.txt"),
    ],
)
def test_ascii_names_stay_readable(name: str, doc_id: str) -> None:
    assert doc_id_for_name(name) == doc_id


def test_chinese_names_do_not_collapse_to_their_extension() -> None:
    ids = {doc_id_for_name(n) for n in ("請假規定.md", "加班規定.md", "请假规定.md")}
    assert len(ids) == 3 and "md" not in ids and all(i.endswith(".md") for i in ids)


@given(st.text(min_size=1, max_size=300))
def test_every_name_gives_a_valid_id(name: str) -> None:
    doc_id = doc_id_for_name(name)
    assert VALID.fullmatch(doc_id) and len(doc_id) <= MAX_DOC_ID


@given(st.text(min_size=1, max_size=40), st.text(min_size=1, max_size=40))
def test_different_non_ascii_names_get_different_ids(a: str, b: str) -> None:
    if a != b and not (a.isascii() and b.isascii()):
        assert doc_id_for_name(a + "規.md") != doc_id_for_name(b + "規.md")
