"""Exact arithmetic: Python's ``ast`` evaluated by simpleeval, whitelisted, never ``eval``.

Only number literals, + - * / // % **, unary signs, parentheses, a few functions and constants
are allowed; anything else is a :class:`CalculationError`. Integers and decimal literals are
computed exactly (``int`` and :class:`~fractions.Fraction`, so ``0.1 + 0.2`` is ``0.3`` and
``123456789 * 987654321`` keeps every digit); only irrational steps (non-integer powers,
sqrt of a non-square, log, trigonometry, pi, e) fall back to floats. Sizes are bounded so no
expression can take the process down (huge powers, huge fractions, deep nesting, long input).

What stays hand-written, and why: simpleeval walks the tree, but it reads a decimal literal as a
Python float and divides in floats, and tests/unit/agent_svc/test_calculator_forms.py shows where
that is wrong for a reader: "0.1 + 0.2" must be 0.3 (simpleeval: 0.30000000000000004), and its
big-number and power limits are not ours ("10 ** 400" must be refused as too large, "9 ** 9 ** 9"
without computing). So the literal reading, the operators and functions on exact numbers, the
bounds and the display below are ours; simpleeval does the parsing walk and the whitelisting.
"""

from __future__ import annotations

import ast
import math
import unicodedata
import warnings
from collections.abc import Callable
from decimal import Context, Decimal, localcontext
from fractions import Fraction

import simpleeval

from mesh.errors import InvalidInput

MAX_EXPRESSION_CHARS = 300
MAX_EXPONENT = 1000
MAX_MAGNITUDE = 1e300
MAX_NODES = 200
# An exact fraction whose numerator or denominator grows beyond this many bits becomes a float.
MAX_EXACT_BITS = 4096
MAX_ROUND_DIGITS = 100
# Integers are shown in full up to this many digits, in scientific notation beyond.
MAX_EXACT_DIGITS = 30
SIGNIFICANT_DIGITS = 15
_WIDE = Context(prec=MAX_EXACT_DIGITS + 10)

Number = int | Fraction | float


class CalculationError(InvalidInput):
    """The expression is not one the calculator accepts."""


class NotComputable(CalculationError):
    """A well-formed expression without a value: division by zero, a domain error, too large."""


def _abs(value: Number) -> Number:
    return -value if value < 0 else value


def _log10(value: Number) -> float:
    """log10 of a non-zero value's magnitude, also for fractions too small for a float."""
    if isinstance(value, Fraction):
        return math.log10(abs(value.numerator)) - math.log10(value.denominator)
    return math.log10(_abs(value))


def _check(value: Number | complex) -> Number:
    if isinstance(value, complex):
        raise NotComputable("the result is not a real number")
    if isinstance(value, float) and math.isnan(value):
        raise NotComputable("the result is undefined")
    if _abs(value) > MAX_MAGNITUDE:
        raise NotComputable("the result is out of range")
    return value


def _bounded(value: Number | complex) -> Number:
    """``value`` checked, an integral fraction as ``int``, an oversized fraction as float."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return _check(value.numerator)
        if max(value.numerator.bit_length(), value.denominator.bit_length()) > MAX_EXACT_BITS:
            return _check(float(value))
    return _check(value)


def _exact(value: Number) -> bool:
    return not isinstance(value, float)


def _power(left: Number, right: Number) -> Number | complex:
    if left == 0 and right < 0:
        raise NotComputable("division by zero is undefined")
    if _abs(right) > MAX_EXPONENT or (
        left != 0 and float(right) * _log10(left) > math.log10(MAX_MAGNITUDE)
    ):
        raise NotComputable("the power is too large")
    if _exact(left) and _exact(right) and Fraction(right).denominator == 1:
        base, exponent = Fraction(left), int(right)
        bits = max(base.numerator.bit_length(), base.denominator.bit_length()) * abs(exponent)
        if bits <= MAX_EXACT_BITS:
            return base**exponent
    result: float | complex = float(left) ** float(right)
    return result


def _divide(left: Number, right: Number) -> Number:
    if right == 0:
        raise NotComputable("division by zero is undefined")
    if _exact(left) and _exact(right):
        return Fraction(left) / Fraction(right)
    return float(left) / float(right)


def _floor_divide(left: Number, right: Number) -> Number:
    if right == 0:
        raise NotComputable("division by zero is undefined")
    return left // right


def _modulo(left: Number, right: Number) -> Number:
    if right == 0:
        raise NotComputable("division by zero is undefined (modulo 0)")
    return left % right


_BINARY: dict[type[ast.operator], Callable[[Number, Number], Number | complex]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: _divide,
    ast.FloorDiv: _floor_divide,
    ast.Mod: _modulo,
    ast.Pow: _power,
}


def _sqrt(value: Number) -> Number:
    if value < 0:
        raise ValueError("a negative number has no real square root")
    if _exact(value):
        fraction = Fraction(value)
        num, den = math.isqrt(fraction.numerator), math.isqrt(fraction.denominator)
        if num * num == fraction.numerator and den * den == fraction.denominator:
            return Fraction(num, den)
    return math.sqrt(value)


def _round(value: Number, digits: Number | None = None) -> Number:
    if digits is None:
        return round(value)
    if not _exact(digits) or Fraction(digits).denominator != 1:
        raise CalculationError("round takes a whole number of digits")
    if _abs(digits) > MAX_ROUND_DIGITS:
        raise NotComputable(f"round takes at most {MAX_ROUND_DIGITS} digits")
    if isinstance(value, float):
        return round(value, int(digits))
    return round(Fraction(value), int(digits))


def _float_function(function: Callable[..., float]) -> Callable[..., Number]:
    def call(*args: Number) -> Number:
        return function(*(float(a) for a in args))

    return call


_FUNCTIONS: dict[str, Callable[..., Number]] = {
    "sqrt": _sqrt,
    "abs": abs,
    "round": _round,
    "floor": math.floor,
    "ceil": math.ceil,
    "log": _float_function(math.log),
    "log10": _float_function(math.log10),
    "exp": _float_function(math.exp),
    "sin": _float_function(math.sin),
    "cos": _float_function(math.cos),
    "tan": _float_function(math.tan),
    "min": min,
    "max": max,
}
FUNCTION_NAMES = frozenset(_FUNCTIONS)
_CONSTANTS: dict[str, Number] = {"pi": math.pi, "e": math.e}
CONSTANT_NAMES = frozenset(_CONSTANTS)


def _literal(node: ast.Constant, source: str) -> Number:
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise CalculationError(f"unsupported element in expression: {type(value).__name__}")
    if isinstance(value, int):
        return _check(value)
    # A decimal literal is read exactly from its text: 2.5e3 is 2500, 0.1 is 1/10.
    text = ast.get_source_segment(source, node) or ""
    try:
        return _bounded(Fraction(text.replace("_", "")))
    except (ValueError, ZeroDivisionError):
        return _check(value)


def _checked_operator(
    name: str, operator: Callable[[Number, Number], Number | complex]
) -> Callable[[Number, Number], Number]:
    def apply(left: Number, right: Number) -> Number:
        try:
            return _bounded(operator(left, right))
        except (OverflowError, ValueError, ZeroDivisionError, TypeError) as exc:
            raise NotComputable(f"cannot compute: {exc}") from exc

    apply.__name__ = name
    return apply


def _checked_function(name: str, function: Callable[..., Number]) -> Callable[..., Number]:
    def call(*args: Number) -> Number:
        if not 0 < len(args) <= 4:
            raise CalculationError(f"wrong arguments for {name}: {len(args)} arguments")
        try:
            return _bounded(function(*args))
        except (OverflowError, ValueError, ZeroDivisionError) as exc:
            raise NotComputable(f"cannot compute {name}: {exc}") from exc
        except TypeError as exc:
            raise CalculationError(f"wrong arguments for {name}: {exc}") from exc

    return call


class _ExactEvaluator(simpleeval.SimpleEval):
    """simpleeval restricted to arithmetic: numbers, the constants, + - * / // % ** and unary
    signs, and the whitelisted functions. Its one change: a decimal literal is read exactly
    from its text (2.5e3 is 2500, 0.1 is 1/10) instead of as the float Python parses."""

    def __init__(self, source: str) -> None:
        operators: dict[type[ast.AST], Callable[..., Number]] = {
            op: _checked_operator(op.__name__, f) for op, f in _BINARY.items()
        }
        operators[ast.USub] = lambda value: -value
        operators[ast.UAdd] = lambda value: value
        functions = {n: _checked_function(n, f) for n, f in _FUNCTIONS.items()}
        super().__init__(operators=operators, functions=functions, names=dict(_CONSTANTS))
        # Only arithmetic nodes are evaluated (simpleeval also has comparisons, subscripts,
        # attributes, f-strings, …): anything else is "not available". A bare name is a
        # constant (simpleeval would also resolve "sqrt" to the function itself).
        self.nodes = {
            ast.Constant: lambda node: _literal(node, source),
            ast.Name: _constant,
            ast.UnaryOp: self._eval_unaryop,
            ast.BinOp: self._eval_binop,
            ast.Call: self._eval_call,
        }


def _constant(node: ast.Name) -> Number:
    if node.id not in _CONSTANTS:
        raise CalculationError(f"unsupported element in expression: the name {node.id!r}")
    return _CONSTANTS[node.id]


def _eval(tree: ast.Expression, source: str) -> Number:
    try:
        value: Number = _ExactEvaluator(source).eval(source, previously_parsed=tree.body)
    except simpleeval.InvalidExpression as exc:
        raise CalculationError(f"unsupported element in expression: {exc}") from exc
    return value


_SYMBOLS = str.maketrans(
    {
        "×": "*",
        "÷": "/",
        "−": "-",
        "–": "-",
        "^": "**",
        "π": "pi",
    }
)
_SUPERSCRIPTS = {"²": "**2", "³": "**3"}


def normalize(text: str) -> str:
    """Full-width and other digits and signs as ASCII (１２３ → 123, （ → (, × → *, ^ → **)."""
    for superscript, power in _SUPERSCRIPTS.items():
        text = text.replace(superscript, power)
    text = unicodedata.normalize("NFKC", text)
    if not text.isascii():
        text = "".join(
            str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c for c in text
        )
    return text.translate(_SYMBOLS)


def evaluate_exact(expression: str) -> Number:
    """The value of an arithmetic expression: ``int`` or ``Fraction`` when exact, else float."""
    text = normalize(expression).strip()
    if not text:
        raise CalculationError("the expression is empty")
    if len(text) > MAX_EXPRESSION_CHARS:
        raise CalculationError(f"the expression is longer than {MAX_EXPRESSION_CHARS} characters")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # e.g. "2 (3)": SyntaxWarning, refused below
            tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise CalculationError(f"not an arithmetic expression: {text!r}") from exc
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise CalculationError("the expression is too complex")
    try:
        return _eval(tree, text)
    except RecursionError as exc:
        raise CalculationError("the expression is nested too deeply") from exc


def evaluate(expression: str) -> float:
    """The value of an arithmetic expression (an ``int`` when it is a whole number)."""
    value = evaluate_exact(expression)
    return value if isinstance(value, int | float) else float(value)


def _render(value: Decimal, exact: bool) -> str:
    """Plain notation for ordinary magnitudes, scientific for very large or small ones."""
    value = value.normalize(_WIDE)
    if value.is_zero():
        return "0"
    exponent = value.adjusted()
    if -7 < exponent < (MAX_EXACT_DIGITS if exact else SIGNIFICANT_DIGITS):
        return format(value, "f")
    return format(_rounded(value).normalize(_WIDE), "e")


def _rounded(value: Decimal) -> Decimal:
    with localcontext() as context:
        context.prec = SIGNIFICANT_DIGITS
        return +value


def _exact_decimal(fraction: Fraction) -> Decimal | None:
    """``fraction`` as an exact decimal; None when it has more than 30 significant digits."""
    den, places = fraction.denominator, 0
    for prime in (2, 5):
        count = 0
        while den % prime == 0:
            den //= prime
            count += 1
        places = max(places, count)
    if den != 1:
        return None
    scaled = fraction.numerator * 10**places // fraction.denominator
    if len(str(abs(scaled)).rstrip("0")) > MAX_EXACT_DIGITS:
        return None
    return Decimal(f"{scaled}e-{places}")  # the string constructor never rounds


def format_number(value: Number) -> str:
    """The value for a reader: whole numbers exactly (up to 30 digits), others to 15 digits.

    >>> format_number(121932631112635269)
    '121932631112635269'
    >>> format_number(Fraction(1, 3))
    '0.333333333333333'
    >>> format_number(0.1 + 0.2)
    '0.3'
    """
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    if isinstance(value, int):
        if len(str(abs(value))) <= MAX_EXACT_DIGITS:
            return str(value)
        return _render(_rounded(Decimal(value)), exact=False)
    if isinstance(value, Fraction):
        decimal = _exact_decimal(value)
        if decimal is not None:
            return _render(decimal, exact=True)
        with localcontext() as context:
            context.prec = SIGNIFICANT_DIGITS
            return _render(Decimal(value.numerator) / Decimal(value.denominator), exact=False)
    if not math.isfinite(value):
        raise NotComputable("the result is out of range")
    return _render(_rounded(Decimal(repr(value))), exact=False)
