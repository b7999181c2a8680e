"""Arithmetic and unit conversion with a real parser: Python's ``ast``, whitelisted, no eval.

Only number literals, + - * / // % **, unary signs, parentheses, a few functions and constants
are allowed; anything else is a :class:`CalculationError`. Sizes are bounded so no expression
can take the process down (huge powers, deep nesting, long input).
"""

from __future__ import annotations

import ast
import math
import operator
import re
from collections.abc import Callable, Mapping
from typing import Any

from agent_svc.tools.registry import ToolDefinition
from mesh.errors import InvalidInput

MAX_EXPRESSION_CHARS = 300
MAX_EXPONENT = 1000
MAX_MAGNITUDE = 1e300
MAX_NODES = 200


class CalculationError(InvalidInput):
    """The expression is not one the calculator accepts."""


_BINARY: dict[type[ast.operator], Callable[[float, float], float]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,
}
_FUNCTIONS: dict[str, Callable[..., float]] = {
    "sqrt": math.sqrt,
    "abs": abs,
    "round": round,
    "floor": math.floor,
    "ceil": math.ceil,
    "log": math.log,
    "log10": math.log10,
    "exp": math.exp,
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "min": min,
    "max": max,
}
_CONSTANTS = {"pi": math.pi, "e": math.e}

# Linear units: factor to the base unit of their dimension.
_LINEAR: dict[str, tuple[str, float]] = {}


def _units(dimension: str, factors: Mapping[str, float], aliases: Mapping[str, str]) -> None:
    for name, factor in factors.items():
        _LINEAR[name] = (dimension, factor)
    for alias, name in aliases.items():
        _LINEAR[alias] = _LINEAR[name]


_units(
    "length",
    {
        "m": 1,
        "km": 1000,
        "cm": 0.01,
        "mm": 0.001,
        "mi": 1609.344,
        "ft": 0.3048,
        "in": 0.0254,
        "yd": 0.9144,
    },
    {
        "meter": "m",
        "meters": "m",
        "metre": "m",
        "公尺": "m",
        "米": "m",
        "kilometer": "km",
        "kilometers": "km",
        "公里": "km",
        "千米": "km",
        "centimeter": "cm",
        "centimeters": "cm",
        "公分": "cm",
        "厘米": "cm",
        "millimeter": "mm",
        "毫米": "mm",
        "mile": "mi",
        "miles": "mi",
        "英里": "mi",
        "foot": "ft",
        "feet": "ft",
        "英尺": "ft",
        "inch": "in",
        "inches": "in",
        "英寸": "in",
        "yard": "yd",
        "yards": "yd",
    },
)
_units(
    "mass",
    {"kg": 1, "g": 0.001, "mg": 1e-6, "lb": 0.45359237, "oz": 0.028349523125, "t": 1000},
    {
        "kilogram": "kg",
        "kilograms": "kg",
        "公斤": "kg",
        "千克": "kg",
        "gram": "g",
        "grams": "g",
        "克": "g",
        "公克": "g",
        "pound": "lb",
        "pounds": "lb",
        "lbs": "lb",
        "磅": "lb",
        "ounce": "oz",
        "ounces": "oz",
        "tonne": "t",
        "公噸": "t",
        "吨": "t",
    },
)
_units(
    "time",
    {"s": 1, "min": 60, "h": 3600, "day": 86400, "week": 604800, "ms": 0.001},
    {
        "sec": "s",
        "second": "s",
        "seconds": "s",
        "秒": "s",
        "minute": "min",
        "minutes": "min",
        "mins": "min",
        "分鐘": "min",
        "分钟": "min",
        "hour": "h",
        "hours": "h",
        "hr": "h",
        "小時": "h",
        "小时": "h",
        "days": "day",
        "天": "day",
        "weeks": "week",
        "週": "week",
        "周": "week",
    },
)
_units(
    "volume",
    {"l": 1, "ml": 0.001, "gal": 3.785411784},
    {
        "liter": "l",
        "liters": "l",
        "litre": "l",
        "公升": "l",
        "升": "l",
        "milliliter": "ml",
        "毫升": "ml",
        "gallon": "gal",
        "gallons": "gal",
        "加侖": "gal",
    },
)
_units(
    "data",
    {
        "b": 1,
        "kb": 1e3,
        "mb": 1e6,
        "gb": 1e9,
        "tb": 1e12,
        "kib": 1024,
        "mib": 1024**2,
        "gib": 1024**3,
    },
    {"byte": "b", "bytes": "b"},
)
_TEMPERATURE = {
    "c": "c",
    "°c": "c",
    "celsius": "c",
    "攝氏": "c",
    "摄氏": "c",
    "f": "f",
    "°f": "f",
    "fahrenheit": "f",
    "華氏": "f",
    "华氏": "f",
    "k": "k",
    "kelvin": "k",
}

_CONVERSION = re.compile(
    r"^\s*(?P<expr>.+?)\s*(?P<src>[°a-zA-Z\u4e00-\u9fff]+)\s*"
    r"(?:to|in|into|as|->|=|換算成|换算成|轉換為|转换为|轉成|转成|等於多少|等于多少|是多少)\s*"
    r"(?P<dst>[°a-zA-Z\u4e00-\u9fff]+)\s*[?？]?\s*$",
    re.IGNORECASE,
)


def _check(value: float) -> float:
    if isinstance(value, complex) or math.isnan(value) or abs(value) > MAX_MAGNITUDE:
        raise CalculationError("the result is out of range")
    return value


def _eval(node: ast.AST) -> float:
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        value = node.value
        assert isinstance(value, int | float)
        return _check(value)
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.UAdd | ast.USub):
        value = _eval(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _eval(node.left), _eval(node.right)
        if isinstance(node.op, ast.Pow) and (
            abs(right) > MAX_EXPONENT
            or (abs(left) > 1 and abs(right) * math.log10(abs(left)) > 300)
        ):
            raise CalculationError("the power is too large")
        if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod) and right == 0:
            raise CalculationError("division by zero")
        try:
            return _check(_BINARY[type(node.op)](left, right))
        except (OverflowError, ValueError, ZeroDivisionError) as exc:
            raise CalculationError(f"cannot compute: {exc}") from exc
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _FUNCTIONS
        and not node.keywords
        and 0 < len(node.args) <= 4
    ):
        args = [_eval(a) for a in node.args]
        try:
            return _check(float(_FUNCTIONS[node.func.id](*args)))
        except (OverflowError, ValueError, TypeError, ZeroDivisionError) as exc:
            raise CalculationError(f"cannot compute {node.func.id}: {exc}") from exc
    raise CalculationError(f"unsupported element in expression: {type(node).__name__}")


def _normalize(expression: str) -> str:
    table = str.maketrans(
        {
            "×": "*",
            "÷": "/",
            "−": "-",
            "（": "(",
            "）": ")",
            "，": ",",
            "^": "**",
            "＋": "+",
            "－": "-",
            "＊": "*",
            "／": "/",
        }
    )
    return expression.translate(table)


def evaluate(expression: str) -> float:
    """The value of an arithmetic expression; CalculationError for anything else."""
    text = _normalize(expression).strip()
    if not text:
        raise CalculationError("the expression is empty")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise CalculationError(f"the expression is longer than {MAX_EXPRESSION_CHARS} characters")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise CalculationError(f"not an arithmetic expression: {text!r}") from exc
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise CalculationError("the expression is too complex")
    try:
        return _eval(tree)
    except RecursionError as exc:
        raise CalculationError("the expression is nested too deeply") from exc


def _temperature(value: float, src: str, dst: str) -> float:
    celsius = {"c": value, "f": (value - 32) * 5 / 9, "k": value - 273.15}[src]
    return {"c": celsius, "f": celsius * 9 / 5 + 32, "k": celsius + 273.15}[dst]


def convert(value: float, src: str, dst: str) -> float:
    """``value`` in unit ``src`` expressed in unit ``dst``."""
    s, d = src.strip().lower(), dst.strip().lower()
    if s in _TEMPERATURE and d in _TEMPERATURE:
        return _temperature(value, _TEMPERATURE[s], _TEMPERATURE[d])
    if s not in _LINEAR:
        raise CalculationError(f"unknown unit {src!r}")
    if d not in _LINEAR:
        raise CalculationError(f"unknown unit {dst!r}")
    (dim_s, f_s), (dim_d, f_d) = _LINEAR[s], _LINEAR[d]
    if dim_s != dim_d:
        raise CalculationError(f"cannot convert {dim_s} ({src}) to {dim_d} ({dst})")
    return value * f_s / f_d


def format_number(value: float) -> str:
    """A short decimal form: integers without a point, others to 10 significant digits."""
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.10g}"


def calculate(expression: str) -> str:
    """Evaluate arithmetic, or a conversion like ``5 km to mi`` / ``100 °F in C``."""
    match = _CONVERSION.match(_normalize(expression))
    if match and (match["src"].lower() in _LINEAR or match["src"].lower() in _TEMPERATURE):
        amount = evaluate(match["expr"])
        value = convert(amount, match["src"], match["dst"])
        return f"{format_number(amount)} {match['src']} = {format_number(value)} {match['dst']}"
    return format_number(evaluate(expression))


_EXPRESSION_IN_TEXT = re.compile(
    r"(?:[-+(（]?\s*\d[\d.,]*\s*[)）]?\s*(?:[-+*/×÷^%]|\*\*)\s*)+[-+(（]?\s*\d[\d.,]*\s*[)）]?"
)
_CONVERSION_IN_TEXT = re.compile(
    r"(\d[\d.]*)\s*([°a-zA-Z\u4e00-\u9fff]{1,10}?)\s*"
    r"(?:to|in|into|換算成|换算成|轉換為|转换为|轉成|转成|等於幾|等于几|等於多少|等于多少|是多少)\s*"
    r"([°a-zA-Z\u4e00-\u9fff]{1,10}?)(?=$|[\s?？。.,，!！])",
    re.IGNORECASE,
)


_PERCENT_OF = re.compile(r"(\d[\d.,]*)\s*[%％]\s*(?:of|的)\s*(\d[\d.,]*)", re.IGNORECASE)
_OF_PERCENT = re.compile(r"(\d[\d.,]*)\s*的\s*(?:百分之\s*(\d[\d.]*)|(\d[\d.]*)\s*[%％])")


def _percentage(text: str) -> str | None:
    """A percentage question ("15% of 5000", "5000 的 15%", "5000的百分之15") as an expression."""
    if m := _PERCENT_OF.search(text):
        return f"{m.group(1)} / 100 * {m.group(2)}".replace(",", "")
    if m := _OF_PERCENT.search(text):
        return f"{m.group(2) or m.group(3)} / 100 * {m.group(1)}".replace(",", "")
    return None


def find_calculation(text: str) -> str | None:
    """A calculation a question asks for, as the calculator's input, or None.

    >>> find_calculation("what is 15% of 5000?")
    '15 / 100 * 5000'
    >>> find_calculation("5000 的 15% 是多少？")
    '15 / 100 * 5000'
    """
    percentage = _percentage(text)
    if percentage is not None:
        return percentage
    for m in _CONVERSION_IN_TEXT.finditer(text):
        src, dst = m.group(2).lower(), m.group(3).lower()
        known = (src in _LINEAR and dst in _LINEAR) or (src in _TEMPERATURE and dst in _TEMPERATURE)
        if known:
            return f"{m.group(1)} {m.group(2)} to {m.group(3)}"
    found = _EXPRESSION_IN_TEXT.search(_normalize(text))
    if found:
        candidate = found.group(0).strip().replace(",", "")
        try:
            evaluate(candidate)
        except CalculationError:
            return None
        return candidate
    return None


class CalculatorTool:
    """The ``calculator`` tool."""

    definition = ToolDefinition(
        name="calculator",
        description=(
            "Evaluate arithmetic (+ - * / // % ** parentheses, sqrt, log, round, min, max, pi) "
            "or convert units, e.g. '3 * (4 + 5)', '5 km to mi', '100 °F in C'."
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
        expression = str(arguments["expression"])
        result = calculate(expression)
        return result, {"summary": f"{expression} → {result}", "result_count": 1}
