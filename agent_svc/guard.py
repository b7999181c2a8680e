"""Input safety (seed 001 ``guard``): obvious prompt-injection and abuse are blocked up front."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

_BLOCKED = [
    (re.compile(p, re.IGNORECASE), reason)
    for p, reason in [
        (
            r"\bignore\s+(all\s+)?(the\s+)?(previous|prior|above)\s+(instructions|prompts?)",
            "prompt injection",
        ),
        (
            r"\b(reveal|print|show|repeat)\s+(your|the)\s+(system\s+prompt|instructions)",
            "prompt extraction",
        ),
        (r"忽略(之前|以上|前面|先前)的?(所有)?(指示|指令|提示)", "prompt injection"),
        (r"(顯示|显示|輸出|输出|告訴我|告诉我)(你的)?(系統|系统)(提示|指令)", "prompt extraction"),
        (r"\bDAN\b.*\bjailbreak|\bjailbreak\s+mode\b", "jailbreak"),
    ]
]
_CONTROL = {"Cc", "Cf", "Co", "Cs"}


@dataclass(frozen=True)
class GuardVerdict:
    allowed: bool
    reason: str = ""


def addresses_the_model(text: str) -> bool:
    """Whether ``text`` tries to instruct the model (injection, prompt extraction, jailbreak).

    Used on the user's question (:func:`check_input`) and on document sentences: a passage that
    says "ignore all previous instructions" is never quoted back as part of an answer.
    """
    return any(pattern.search(text) for pattern, _ in _BLOCKED)


def check_input(question: str) -> GuardVerdict:
    """Whether a question may go on; control characters alone do not block, they are counted."""
    for pattern, reason in _BLOCKED:
        if pattern.search(question):
            return GuardVerdict(False, reason)
    visible = [ch for ch in question if unicodedata.category(ch) not in _CONTROL or ch in "\n\t"]
    if not "".join(visible).strip():
        return GuardVerdict(False, "no readable text")
    return GuardVerdict(True)


def guess_language(text: str) -> str:
    """zh-Hans, zh-Hant or en, before the router has spoken (for the guard's reply)."""
    if not any("\u3400" <= ch <= "\u9fff" for ch in text):
        return "en"
    import hanzidentifier

    return (
        "zh-Hans"
        if hanzidentifier.is_simplified(text) and not hanzidentifier.is_traditional(text)
        else "zh-Hant"
    )
