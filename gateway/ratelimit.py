"""Per-key token buckets: a key may burst, then is held to a sustained rate."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


@dataclass
class _Bucket:
    tokens: float
    updated: float


class RateLimiter:
    """``rate`` tokens per second up to ``burst``; each request takes one token.

    ``clock`` is injectable so tests can move time by hand. Buckets idle long enough to be full
    again are forgotten, so memory stays bounded by the number of recently active keys.
    """

    def __init__(
        self, rate: float, burst: int, clock: Clock = time.monotonic, max_keys: int = 100_000
    ) -> None:
        if rate <= 0 or burst <= 0:
            raise ValueError("rate and burst must be positive")
        self._rate = rate
        self._burst = float(burst)
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[str, _Bucket] = {}

    def acquire(self, key: str) -> float:
        """Take a token for ``key``: 0.0 when allowed, else the seconds until one is available."""
        now = self._clock()
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self._max_keys:
                self._forget_full(now)
            bucket = self._buckets[key] = _Bucket(self._burst, now)
        bucket.tokens = min(self._burst, bucket.tokens + (now - bucket.updated) * self._rate)
        bucket.updated = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self._rate

    def _forget_full(self, now: float) -> None:
        full_after = self._burst / self._rate
        for key in [k for k, b in self._buckets.items() if now - b.updated >= full_after]:
            del self._buckets[key]

    @staticmethod
    def retry_after_header(wait: float) -> str:
        """``Retry-After`` is whole seconds, rounded up, at least 1."""
        return str(max(1, math.ceil(wait)))
