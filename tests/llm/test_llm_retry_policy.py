"""The retry policy: which failures are retried and how long to wait."""

from __future__ import annotations

import random

import anthropic
import httpx2
from hypothesis import given
from hypothesis import strategies as st

from mesh.llm.retry import (
    IncompleteStream,
    backoff_seconds,
    classify,
    retry_after_seconds,
)
from mesh.llm.tokens import estimate_tokens


def _status_error(status: int, headers: dict[str, str] | None = None) -> anthropic.APIStatusError:
    request = httpx2.Request("POST", "http://127.0.0.1/v1/messages")
    response = httpx2.Response(status, headers=headers or {}, request=request)
    body = {"type": "error", "error": {"type": "x", "message": "m"}}
    return anthropic.APIStatusError("failed", response=response, body=body)


def test_retryable_statuses_and_transport_errors() -> None:
    for status in (408, 409, 429, 500, 502, 503, 529):
        assert classify(_status_error(status)).retryable, status
    for status in (400, 401, 403, 404, 413, 422):
        assert not classify(_status_error(status)).retryable, status
    assert classify(httpx2.RemoteProtocolError("peer closed")).retryable
    assert classify(IncompleteStream("no message_stop")).retryable
    assert not classify(ValueError("bug")).retryable


def test_server_can_forbid_or_demand_a_retry() -> None:
    assert not classify(_status_error(503, {"x-should-retry": "false"})).retryable
    assert classify(_status_error(400, {"x-should-retry": "true"})).retryable


def test_retry_after_forms() -> None:
    assert retry_after_seconds(httpx2.Headers({"retry-after": "3"})) == 3.0
    assert (
        retry_after_seconds(httpx2.Headers({"retry-after-ms": "250", "retry-after": "9"})) == 0.25
    )
    past = "Wed, 21 Oct 2015 07:28:00 GMT"
    assert retry_after_seconds(httpx2.Headers({"retry-after": past})) == 0.0
    assert retry_after_seconds(httpx2.Headers({"retry-after": "soon"})) is None
    assert retry_after_seconds(httpx2.Headers({})) is None
    assert classify(_status_error(429, {"retry-after": "2"})).retry_after == 2.0


@given(
    attempt=st.integers(min_value=0, max_value=30),
    base=st.floats(min_value=0.0, max_value=5.0),
    extra=st.floats(min_value=0.0, max_value=60.0),
    retry_after=st.one_of(st.none(), st.floats(min_value=0.0, max_value=120.0)),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_backoff_is_bounded_and_honours_retry_after(
    attempt: int, base: float, extra: float, retry_after: float | None, seed: int
) -> None:
    cap = base + extra
    wait = backoff_seconds(
        attempt, base=base, cap=cap, retry_after=retry_after, rng=random.Random(seed)
    )
    assert 0.0 <= wait <= cap
    assert wait >= min(cap, base * 2.0**attempt) / 2.0
    if retry_after is not None:
        assert wait >= min(retry_after, cap)


@given(st.text(max_size=200), st.text(max_size=200))
def test_token_estimate_is_additive_up_to_rounding(left: str, right: str) -> None:
    whole = estimate_tokens(left + right)
    parts = estimate_tokens(left) + estimate_tokens(right)
    assert parts - 1 <= whole <= parts
    assert estimate_tokens("字" * 10) == 10
