"""The run's limits: iterations, tokens, wall time and circular reasoning (seed 000)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field


def estimate_tokens(text: str) -> int:
    """A rough token count: one per Han character, one per four other characters."""
    han = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    return han + (len(text) - han + 3) // 4


@dataclass
class RunBudget:
    """Counts what a run spends and says which limit, if any, it has reached."""

    max_iterations: int
    max_tokens: int
    max_seconds: float
    started: float = field(default_factory=time.monotonic)
    iterations: int = 0
    tokens: int = 0
    decisions: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.max_iterations <= 0 or self.max_tokens <= 0 or self.max_seconds <= 0:
            raise ValueError("limits must be positive")

    def spend(self, text: str) -> None:
        """Count the tokens of text read or written."""
        self.tokens += estimate_tokens(text)

    def record(self, decision: str) -> None:
        """Remember a decision for circular-reasoning detection."""
        self.decisions.append(decision)

    def remaining_seconds(self) -> float:
        return self.max_seconds - (time.monotonic() - self.started)

    def exceeded(self) -> str:
        """The name of the limit reached, or an empty string."""
        if self.iterations >= self.max_iterations:
            return "max_iterations"
        if self.tokens >= self.max_tokens:
            return "max_tokens"
        if self.remaining_seconds() <= 0:
            return "max_duration"
        if len(self.decisions) >= 3 and len(set(self.decisions[-3:])) == 1:
            return "circular_reasoning"
        return ""

    def elapsed_ms(self) -> float:
        return (time.monotonic() - self.started) * 1000.0
