"""The ``calculator`` tool: exact arithmetic and unit conversion, never ``eval``.

The pieces live in their own modules: :mod:`agent_svc.tools.arithmetic` (the whitelisted
parser, exact numbers, display), :mod:`agent_svc.tools.units` (conversions) and
:mod:`agent_svc.tools.calculation_text` (the calculation a question asks for); this module
joins them into :func:`calculate` and the tool, and keeps their names importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agent_svc.tools.arithmetic import (
    MAX_EXPONENT,
    MAX_EXPRESSION_CHARS,
    MAX_MAGNITUDE,
    MAX_NODES,
    CalculationError,
    NotComputable,
    evaluate,
    evaluate_exact,
    format_number,
    normalize,
)
from agent_svc.tools.calculation_text import find_calculation, symbolic
from agent_svc.tools.registry import ToolDefinition
from agent_svc.tools.units import convert, convert_exact, is_unit

__all__ = [
    "MAX_EXPONENT",
    "MAX_EXPRESSION_CHARS",
    "MAX_MAGNITUDE",
    "MAX_NODES",
    "CalculationError",
    "CalculatorTool",
    "NotComputable",
    "calculate",
    "convert",
    "evaluate",
    "find_calculation",
    "format_number",
]

_CONVERSION = re.compile(
    r"^\s*(?P<expr>.+?)\s*(?P<src>[°a-zA-Z\u4e00-\u9fff]+)\s*"
    r"(?:to|in|into|as|->|=|換算成|换算成|轉換為|转换为|轉成|转成|等於多少|等于多少|是多少)\s*"
    r"(?P<dst>[°a-zA-Z\u4e00-\u9fff]+)\s*[?？]?\s*$",
    re.IGNORECASE,
)


def calculate(expression: str) -> str:
    """Evaluate arithmetic, or a conversion like ``5 km to mi`` / ``100 °F in C``.

    Operation words are understood too: ``7 divided by 2``, ``2 的 10 次方``.
    """
    text = normalize(expression)
    match = _CONVERSION.match(text)
    if match and is_unit(match["src"]):
        amount = evaluate_exact(symbolic(match["expr"]))
        value = convert_exact(amount, match["src"], match["dst"])
        return f"{format_number(amount)} {match['src']} = {format_number(value)} {match['dst']}"
    return format_number(evaluate_exact(symbolic(text)))


class CalculatorTool:
    """The ``calculator`` tool."""

    definition = ToolDefinition(
        name="calculator",
        description=(
            "Evaluate arithmetic exactly (+ - * / // % ** parentheses, 2.5e3, sqrt, log, round, "
            "min, max, pi) or convert units, e.g. '3 * (4 + 5)', 'sqrt(2)', '5 km to mi', "
            "'100 °F in C'."
        ),
        parameters={
            "type": "object",
            "properties": {"expression": {"type": "string", "description": "what to compute"}},
            "required": ["expression"],
        },
        timeout_seconds=5.0,
        retry_count=0,
    )

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        """The result; a well-formed expression without a value (1/0) says why, as its result.

        An expression that is not arithmetic at all raises :class:`CalculationError`, which the
        registry reports as a failed call.
        """
        expression = str(arguments["expression"])
        try:
            result = calculate(expression)
        except NotComputable as exc:
            result = f"no result: {exc.message}"
            return result, {"summary": f"{expression} → {result}", "result_count": 0}
        return result, {"summary": f"{expression} → {result}", "result_count": 1}
