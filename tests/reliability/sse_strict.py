"""A strict reader of the gateway's server-sent events: any framing surprise is an error.

Rules (DESIGN.md, "The HTTP API"): events are separated by a blank line; each has ``event:``
(a known name), ``id:`` (1, 2, 3, … in order) and exactly one ``data:`` line of JSON; the first
may carry ``retry:``; comment lines start with ``:``; the last event is ``done`` or ``error`` and
nothing follows it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import httpx

EVENTS = frozenset({"reasoning", "tool_call", "tool_result", "token", "judgement", "done", "error"})
FINAL = frozenset({"done", "error"})


class FramingError(AssertionError):
    """The stream broke the SSE contract."""


@dataclass(frozen=True)
class Event:
    name: str
    ident: int
    data: Any


def parse_lines(lines: Iterable[str]) -> list[Event]:
    """The events of a complete stream, checked against every rule above."""
    events: list[Event] = []
    fields: dict[str, list[str]] = {}

    def flush() -> None:
        if not fields:
            return
        if set(fields) - {"event", "id", "data", "retry"}:
            raise FramingError(f"unknown fields {sorted(fields)}")
        if "retry" in fields and events:
            raise FramingError("retry: after the first event")
        for name in ("event", "id", "data"):
            if len(fields.get(name, [])) != 1:
                raise FramingError(f"event needs exactly one {name}: line, got {fields}")
        name = fields["event"][0]
        if name not in EVENTS:
            raise FramingError(f"unknown event {name!r}")
        ident = fields["id"][0]
        if not ident.isdigit() or int(ident) != len(events) + 1:
            raise FramingError(f"id {ident!r} out of order after {len(events)} events")
        if events and events[-1].name in FINAL:
            raise FramingError(f"{name!r} after the final {events[-1].name!r}")
        try:
            data = json.loads(fields["data"][0])
        except json.JSONDecodeError as exc:
            raise FramingError(f"data is not JSON: {fields['data'][0][:200]!r}") from exc
        events.append(Event(name, int(ident), data))
        fields.clear()

    for line in lines:
        if line == "":
            flush()
            continue
        if line.startswith(":"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise FramingError(f"line without a field name: {line[:200]!r}")
        fields.setdefault(key, []).append(value.removeprefix(" "))
    flush()
    if not events:
        raise FramingError("the stream carried no event")
    if events[-1].name not in FINAL:
        raise FramingError(f"the stream ended with {events[-1].name!r}, not done or error")
    return events


def stream(
    client: httpx.Client,
    url: str,
    body: dict[str, Any],
    headers: dict[str, str],
    timeout: float = 180,
) -> list[Event]:
    """POST ``/v1/ask/stream`` and read the whole stream strictly (bounded by ``timeout``)."""
    with client.stream(
        "POST", f"{url}/v1/ask/stream", json=body, headers=headers, timeout=timeout
    ) as response:
        if response.status_code != 200:
            response.read()
            raise FramingError(f"HTTP {response.status_code}: {response.text[:300]}")
        return parse_lines(response.iter_lines())
