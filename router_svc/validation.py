"""Bounds on what the router accepts: clear errors for bad input, documented truncation.

* The question must contain visible text after control characters are removed, and have at
  most :data:`MAX_QUESTION_CHARS` characters; otherwise :class:`InvalidInput`.
* Every history turn must come from ``user`` or ``assistant``; otherwise :class:`InvalidInput`
  naming the turn.
* Only the most recent :data:`MAX_HISTORY_TURNS` turns are used, each cut to
  :data:`MAX_TURN_CHARS` characters; how many were dropped is reported, never an error.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mesh.errors import InvalidInput
from router_svc.decision import HistoryTurn
from router_svc.language import strip_controls

MAX_QUESTION_CHARS = 20_000
MAX_HISTORY_TURNS = 20
MAX_TURN_CHARS = 4_000
ROLES = ("user", "assistant")


@dataclass(frozen=True)
class BoundedHistory:
    """The history the router will read, and how much of the original was left out."""

    turns: list[HistoryTurn]
    dropped: int


def validate_question(question: str) -> str:
    """The question without control characters, or InvalidInput saying what is wrong."""
    if len(question) > MAX_QUESTION_CHARS:
        raise InvalidInput(
            f"question has {len(question)} characters; the limit is {MAX_QUESTION_CHARS}"
        )
    if not question.strip():
        raise InvalidInput("question must not be empty")
    cleaned = strip_controls(question)
    if not cleaned.strip():
        raise InvalidInput("question must not be empty: it has only control characters")
    return cleaned


def bound_history(turns: Sequence[tuple[str | None, str]]) -> BoundedHistory:
    """Validate every turn's role, keep the most recent turns, cut long ones.

    ``turns`` are (role, content) pairs oldest first; a role of None means the caller sent a
    role the router does not know.
    """
    for index, (role, _content) in enumerate(turns):
        if role not in ROLES:
            raise InvalidInput(f"history[{index}].role must be ROLE_USER or ROLE_ASSISTANT")
    kept = turns[-MAX_HISTORY_TURNS:]
    bounded = [
        HistoryTurn(str(role), strip_controls(content)[:MAX_TURN_CHARS]) for role, content in kept
    ]
    return BoundedHistory(bounded, len(turns) - len(kept))
