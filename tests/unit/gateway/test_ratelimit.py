"""Unit tests for gateway.ratelimit: token buckets on a hand-moved clock."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gateway.ratelimit import RateLimiter

pytestmark = pytest.mark.unit


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_is_allowed_then_refused_with_the_wait() -> None:
    clock = Clock()
    limiter = RateLimiter(rate=2.0, burst=3, clock=clock)
    assert [limiter.acquire("k") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.acquire("k") == pytest.approx(0.5)


def test_tokens_come_back_with_time() -> None:
    clock = Clock()
    limiter = RateLimiter(rate=2.0, burst=1, clock=clock)
    assert limiter.acquire("k") == 0.0
    assert limiter.acquire("k") > 0
    clock.now += 0.5
    assert limiter.acquire("k") == 0.0


def test_keys_have_separate_buckets() -> None:
    limiter = RateLimiter(rate=1.0, burst=1, clock=Clock())
    assert limiter.acquire("a") == 0.0
    assert limiter.acquire("a") > 0
    assert limiter.acquire("b") == 0.0


def test_idle_full_buckets_are_forgotten_when_the_table_is_full() -> None:
    clock = Clock()
    limiter = RateLimiter(rate=1.0, burst=2, clock=clock, max_keys=2)
    limiter.acquire("a")
    limiter.acquire("b")
    clock.now += 10
    limiter.acquire("c")
    assert set(limiter._buckets) == {"c"}


@pytest.mark.parametrize(("wait", "header"), [(0.01, "1"), (1.0, "1"), (1.2, "2"), (30.0, "30")])
def test_retry_after_is_whole_seconds_rounded_up(wait: float, header: str) -> None:
    assert RateLimiter.retry_after_header(wait) == header


@pytest.mark.parametrize(("rate", "burst"), [(0, 1), (1, 0), (-1, 5)])
def test_nonsense_limits_are_refused(rate: float, burst: int) -> None:
    with pytest.raises(ValueError):
        RateLimiter(rate, burst)


@given(
    rate=st.floats(0.5, 50),
    burst=st.integers(1, 20),
    gaps=st.lists(st.floats(0, 2), min_size=1, max_size=80),
)
def test_never_more_than_burst_plus_rate_times_elapsed(
    rate: float, burst: int, gaps: list[float]
) -> None:
    clock = Clock()
    limiter = RateLimiter(rate, burst, clock=clock)
    start = clock.now
    allowed = 0
    for gap in gaps:
        clock.now += gap
        if limiter.acquire("k") == 0.0:
            allowed += 1
        assert allowed <= burst + rate * (clock.now - start) + 1e-9
