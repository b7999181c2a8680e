"""mesh.document_heading: the name a document's cover gives it, when its title does not."""

from __future__ import annotations

import pytest

from mesh.document_heading import KEY, context_of, own_heading

pytestmark = pytest.mark.unit


def test_a_cover_naming_what_the_title_abbreviates_is_the_heading() -> None:
    title = "HCHC Opening Hours and Fee Schedule 2025"
    assert own_heading(title, "Harbourview Community Health Clinic") == (
        "Harbourview Community Health Clinic"
    )


def test_only_the_first_level_of_the_heading_path() -> None:
    assert own_heading("Rates", "Riverside Centre › 1. Fees") == "Riverside Centre"


@pytest.mark.parametrize(
    ("title", "section"),
    [
        ("Eastmoor County Council Fleet Vehicle Use Policy", "Fleet Vehicle Use Policy"),
        ("Leave policy", ""),
        ("Leave policy", "   "),
    ],
)
def test_nothing_the_title_does_not_already_say(title: str, section: str) -> None:
    assert own_heading(title, section) == ""


def test_the_context_is_the_title_and_the_stored_heading() -> None:
    assert context_of("HCHC Fees", {KEY: "Harbourview Clinic"}) == "HCHC Fees Harbourview Clinic"
    assert context_of("HCHC Fees", {}) == "HCHC Fees"
