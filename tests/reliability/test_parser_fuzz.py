"""Hypothesis fuzzing of the domain parsers: only documented error types, never a crash.

Citation extraction (judge_svc), chunking and tokenization (retrieval_svc), question
normalization (router_svc), the calculator (agent_svc) and document extraction (retrieval_svc
formats) get arbitrary text and bytes, hostile Unicode included.
"""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent_svc.tools.calculator import CalculationError, calculate, find_calculation
from judge_svc.citations import CitationIndex, SourceRef, bracket_contents, printable
from mesh.errors import InvalidInput
from retrieval_svc.chunking import chunk_text
from retrieval_svc.formats import extract, normalize_content_type
from retrieval_svc.text import clean_text, count_tokens, tokenize
from router_svc.language import detect_language, normalize
from testkit.faults import TALLY

pytestmark = [pytest.mark.unit]

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
# Text that parsers meet in hostile documents: brackets, CJK, controls, surrogates-free Unicode.
HOSTILE = st.text(
    alphabet=st.one_of(
        st.sampled_from(list("[]【】()（）,，、;；#\n\r\t \u200b\u202e\ufeff\x00\x1b。！？")),
        st.characters(codec="utf-8"),
        st.sampled_from(list("的是在資料來源文件")),
    ),
    max_size=400,
)
CONTROL = {"Cc"}


def _count() -> None:
    TALLY.record("fuzz", True)


@FUZZ
@given(
    text=HOSTILE,
    ids=st.lists(st.text(min_size=1, max_size=20), max_size=5),
)
def test_citation_extraction_never_crashes(text: str, ids: list[str]) -> None:
    index = CitationIndex([SourceRef(i, i.split("#")[0]) for i in ids])
    for content in bracket_contents(text):
        assert "\n" not in content
        assert 1 <= len(content) <= 200
    for cited in index.cited_ids(text):
        hit = index.resolve(cited)
        assert hit is None or all(0 <= i < len(ids) for i in hit)
        assert not any(unicodedata.category(c) in CONTROL for c in printable(cited))
    _count()


@FUZZ
@given(
    text=HOSTILE,
    max_tokens=st.integers(min_value=16, max_value=300),
    overlap=st.integers(min_value=0, max_value=150),
)
def test_chunking_never_crashes_and_never_yields_an_empty_chunk(
    text: str, max_tokens: int, overlap: int
) -> None:
    if overlap > max_tokens // 2:
        with pytest.raises(ValueError):
            chunk_text(text, max_tokens, overlap)
    else:
        for chunk in chunk_text(clean_text(text), max_tokens, overlap):
            assert chunk.text.strip()
            assert count_tokens(chunk.text) >= 1
    _count()


@FUZZ
@given(text=HOSTILE)
def test_tokenization_yields_clean_terms(text: str) -> None:
    cleaned = clean_text(text)
    assert not any(ord(c) < 32 and c not in "\n\t" for c in cleaned)
    for token in tokenize(cleaned):
        assert token and not any(c.isspace() for c in token)
    _count()


@FUZZ
@given(text=HOSTILE)
def test_router_normalization_is_clean_and_detects_a_language(text: str) -> None:
    out = normalize(text)
    assert out == out.strip()
    assert not any(unicodedata.category(c) == "Cc" and c not in "\n\t" for c in out)
    assert detect_language(out).language
    _count()


ARITH = st.recursive(
    st.one_of(
        st.integers(min_value=-(10**6), max_value=10**6).map(str),
        st.floats(allow_nan=False, allow_infinity=False, width=32).map(repr),
    ),
    lambda inner: st.tuples(
        inner, st.sampled_from(["+", "-", "*", "/", "**", "%", "^"]), inner
    ).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
    max_leaves=12,
)


@FUZZ
@given(
    expression=st.one_of(
        ARITH,
        HOSTILE,
        st.sampled_from(
            [
                "9**9**9**9",
                "10**10**10",
                "(" * 500 + "1" + ")" * 500,
                "1/0",
                "5 km to mi",
                "100 °F in C",
                "__import__('os')",
            ]
        ),
    )
)
def test_calculator_answers_or_refuses_with_its_error(expression: str) -> None:
    try:
        assert calculate(expression)
    except CalculationError as exc:
        assert isinstance(exc, InvalidInput) and exc.message
    found = find_calculation(expression)
    assert found is None or isinstance(found, str)
    _count()


@settings(max_examples=60, deadline=None, derandomize=True)
@given(
    content=st.one_of(
        st.binary(max_size=2000),
        st.binary(max_size=200).map(lambda b: b"%PDF-1.4\n" + b),
        st.binary(max_size=200).map(lambda b: b"PK\x03\x04" + b),
        HOSTILE.map(lambda s: s.encode("utf-8", "surrogatepass")),
    ),
    content_type=st.sampled_from(
        [
            "text/plain",
            "text/markdown",
            "text/html",
            "application/pdf",
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "application/vnd.openxmlformats-officedocument.presentationml.presentation",
            "application/vnd.oasis.opendocument.text",
            "application/vnd.oasis.opendocument.spreadsheet",
            "application/vnd.oasis.opendocument.presentation",
            "application/epub+zip",
            "message/rfc822",
            "text/csv",
        ]
    ),
)
def test_document_extraction_raises_only_invalid_input(content: bytes, content_type: str) -> None:
    try:
        extracted = extract(normalize_content_type(content_type), content, 1024 * 1024)
    except InvalidInput as exc:
        assert exc.message
    else:
        assert isinstance(extracted.text, str)
    _count()
