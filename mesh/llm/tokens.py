"""A quick, dependency-free estimate of how many tokens a text costs.

Claude's tokenizer is not public; this estimate is used only to choose the large-context model
(a threshold decision) and by the local test server to report plausible usage. Han characters,
kana and hangul cost about one token each; other text costs about one token per four characters.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from typing import Any


def _is_wide(ch: str) -> bool:
    code = ord(ch)
    return (
        0x3040 <= code <= 0x30FF  # kana
        or 0x3400 <= code <= 0x4DBF  # CJK extension A
        or 0x4E00 <= code <= 0x9FFF  # CJK unified ideographs
        or 0xAC00 <= code <= 0xD7AF  # hangul syllables
        or 0xF900 <= code <= 0xFAFF  # CJK compatibility ideographs
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
        or 0x20000 <= code <= 0x2FFFF  # CJK extensions B-F
    )


def estimate_tokens(text: str) -> int:
    """Estimated tokens of ``text``: wide (CJK) characters count 1, others 1/4, rounded up."""
    if not text:
        return 0
    wide = sum(1 for ch in text if _is_wide(ch))
    narrow = len(text) - wide
    return wide + math.ceil(narrow / 4)


def estimate_request_tokens(
    system: str | Iterable[Any] | None,
    messages: Iterable[Any],
    tools: Iterable[Any] | None = None,
) -> int:
    """Estimated input tokens of a Messages API request (wire-format values)."""
    total = 0
    if isinstance(system, str):
        total += estimate_tokens(system)
    elif system is not None:
        total += sum(estimate_tokens(_text_of(block)) for block in system)
    for message in messages:
        content = message.get("content") if isinstance(message, dict) else message
        if isinstance(content, str):
            total += estimate_tokens(content) + 3
        elif isinstance(content, list):
            total += sum(estimate_tokens(_text_of(block)) for block in content) + 3
        else:
            total += estimate_tokens(str(content)) + 3
    if tools is not None:
        total += sum(estimate_tokens(json.dumps(tool, ensure_ascii=False)) for tool in tools)
    return total


def _text_of(block: Any) -> str:
    if isinstance(block, str):
        return block
    if isinstance(block, dict):
        if block.get("type") == "text" and isinstance(block.get("text"), str):
            return str(block["text"])
        if block.get("type") == "tool_use":
            return json.dumps(block.get("input", {}), ensure_ascii=False)
        if block.get("type") == "tool_result":
            inner = block.get("content", "")
            if isinstance(inner, list):
                return " ".join(_text_of(b) for b in inner)
            return str(inner)
    return json.dumps(block, ensure_ascii=False, default=str)
