"""When to retry a failed Messages API call, and how long to wait first.

Retried: 408, 409, 429, every 5xx (529 is "overloaded"), connection errors, timeouts, a stream
cut off before ``message_stop`` and an SSE ``error`` event of a retryable type. A server's
``x-should-retry`` header wins; ``retry-after-ms`` / ``retry-after`` set the least wait.
"""

from __future__ import annotations

import email.utils
import random
import time
from dataclasses import dataclass

import anthropic
import httpx2

RETRYABLE_STATUSES = frozenset({408, 409, 429})
RETRYABLE_ERROR_TYPES = frozenset(
    {"rate_limit_error", "api_error", "overloaded_error", "timeout_error"}
)


class IncompleteStream(Exception):
    """The stream ended without ``message_stop`` (the connection was cut or closed early)."""


@dataclass(frozen=True)
class RetryDecision:
    retryable: bool
    retry_after: float | None = None


def classify(exc: BaseException) -> RetryDecision:
    """Whether ``exc`` (raised by the SDK or the transport) is worth another attempt."""
    if isinstance(exc, anthropic.APIStatusError):
        headers = exc.response.headers
        retry_after = retry_after_seconds(headers)
        should = headers.get("x-should-retry")
        if should in {"true", "false"}:
            return RetryDecision(should == "true", retry_after)
        status = exc.status_code
        kind = exc.type
        retryable = (
            status in RETRYABLE_STATUSES
            or status >= 500
            or (status < 400 and kind in RETRYABLE_ERROR_TYPES)  # SSE error event on a 200
        )
        return RetryDecision(retryable, retry_after)
    if isinstance(exc, anthropic.APIConnectionError | httpx2.TransportError | IncompleteStream):
        return RetryDecision(True)
    return RetryDecision(False)


def retry_after_seconds(headers: httpx2.Headers) -> float | None:
    """The wait a response asks for (``retry-after-ms``, then ``retry-after`` secs or date)."""
    millis = headers.get("retry-after-ms")
    if millis is not None:
        try:
            return max(float(millis) / 1000.0, 0.0)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - time.time(), 0.0)


def backoff_seconds(
    attempt: int,
    *,
    base: float,
    cap: float,
    retry_after: float | None,
    rng: random.Random,
) -> float:
    """Wait before retry number ``attempt + 1``: exponential with equal jitter, at most ``cap``.

    A server's ``retry-after`` is honoured as a floor (still capped, so a hostile or wrong
    header cannot stall a request for minutes).
    """
    ceiling = min(cap, base * (2.0**attempt))
    wait = ceiling / 2.0 + rng.uniform(0.0, ceiling / 2.0)
    if retry_after is not None:
        wait = max(wait, retry_after)
    return min(wait, cap)


def describe(exc: BaseException) -> str:
    """A short, secret-free description of a failure for logs and error messages."""
    if isinstance(exc, anthropic.APIStatusError):
        kind = exc.type or "error"
        message = exc.api_message or ""
        return f"HTTP {exc.status_code} {kind}: {message}".rstrip(": ")
    if isinstance(exc, anthropic.APITimeoutError | httpx2.TimeoutException):
        return "the request timed out"
    if isinstance(exc, anthropic.APIConnectionError):
        return f"connection error: {exc.message}"
    if isinstance(exc, IncompleteStream):
        return f"the stream was cut off: {exc}"
    if isinstance(exc, httpx2.TransportError):
        return f"transport error: {type(exc).__name__}: {exc}"
    return f"{type(exc).__name__}: {exc}"
