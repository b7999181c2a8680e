"""The calculation a question asks for, as calculator input: read whole, or not at all.

Understands number forms (``2.5e3``, ``1,000``, ``.5``, ``-3``, full-width ``１２３``), symbols
(``× ÷ ^ √ ²``), English and Chinese words for the operations ("7 divided by 2", "2 to the
power of 10", "the square root of 2", "3 乘以 4", "2 的 10 次方", "16 開根號"), percentages
("15% of 5000", "5000 的 15%", "3000 x 5%"), amounts with a currency sign ("$1,000 + $500")
and unit conversions ("5 km to mi", "5 公里換算成英里").

An expression it cannot read whole — a decimal comma ("1,5"), a number glued to letters ("3x",
"COVID-19"), a percent sign it cannot place ("50% + 10"), a dangling operator — is given up, never
cut down to a fragment it could compute; dates, phone numbers and ranges ("2024/1/15",
"555-123-4567", "2-3 天") are not calculations.

Why by hand: the libraries compute (simpleeval evaluates the expression, pint converts units,
cn2an reads Chinese numerals); none finds the calculation a sentence asks for, in English and
both Chinese scripts, and refuses a sentence it cannot read whole. That reading is this module.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass

from agent_svc.tools.arithmetic import (
    CONSTANT_NAMES,
    FUNCTION_NAMES,
    CalculationError,
    NotComputable,
    evaluate_exact,
    normalize,
)
from agent_svc.tools.units import convertible
from mesh.han_numerals import HAN_NUMERAL, HAN_NUMERAL_CHARS, han_number

NUMBER = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?"
# Not in the middle of a number or a word (Han characters may touch: Chinese has no spaces).
_START = r"(?<![A-Za-z0-9_.,])"
_OPERAND = rf"{_START}(?:{NUMBER}|(?:sqrt)?\([^()]*(?:\([^()]*\))?[^()]*\))"
_AFTER_OPERAND = r"(?<=[0-9).])"
_BEFORE_OPERAND = r"(?=\s*[-+]?\s*[0-9.(])"

# (pattern, replacement), applied in order: roots, then powers, then the binary operations.
_WORD_FORMS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(rf"\b(?:the\s+)?(?:square\s+root|sqrt)\s+of\s+({_OPERAND})", re.I), r"sqrt(\1)"),
    (re.compile(rf"\bsqrt\s+({_START}{NUMBER})", re.I), r"sqrt(\1)"),
    (re.compile(rf"\b(?:the\s+)?cube\s+root\s+of\s+({_OPERAND})", re.I), r"(\1)**(1/3)"),
    (re.compile(rf"(?:√|根號|根号|開根號|开根号|平方根)\s*({_OPERAND})"), r"sqrt(\1)"),
    (
        re.compile(rf"({_OPERAND})\s*(?:的\s*)?(?:平方根|開根號|开根号|開平方根?|开平方根?)"),
        r"sqrt(\1)",
    ),
    (re.compile(rf"({_OPERAND})\s*的\s*立方根"), r"(\1)**(1/3)"),
    (
        re.compile(rf"{_AFTER_OPERAND}\s*的\s*([-+]?(?:{NUMBER}))\s*次(?:方|冪|幂)(?!根)"),
        r"**\1",
    ),
    (re.compile(rf"{_AFTER_OPERAND}\s*的\s*平方(?![根公米英千厘毫])"), "**2"),
    (re.compile(rf"{_AFTER_OPERAND}\s*的\s*立方(?![根公米英千厘毫])"), "**3"),
    (
        re.compile(
            rf"{_AFTER_OPERAND}\s+(?:raised\s+)?to\s+the\s+(\d+)(?:st|nd|rd|th)(?:\s+power)?\b",
            re.I,
        ),
        r" ** \1",
    ),
    (
        re.compile(
            rf"{_AFTER_OPERAND}\s+(?:(?:raised\s+)?to\s+the\s+power(?:\s+of)?|raised\s+to)\s+",
            re.I,
        ),
        " ** ",
    ),
    (re.compile(rf"{_AFTER_OPERAND}\s*\bsquared\b", re.I), "**2"),
    (re.compile(rf"{_AFTER_OPERAND}\s*\bcubed\b", re.I), "**3"),
    # the verb first: "divide 2,250 by 18", "subtract 178 from 345"
    (re.compile(rf"\bdivide\s+({_OPERAND})\s+by\s+({_OPERAND})", re.I), r"\1 / \2"),
    (re.compile(rf"\bmultiply\s+({_OPERAND})\s+(?:by|and|with)\s+({_OPERAND})", re.I), r"\1 * \2"),
    (re.compile(rf"\badd\s+({_OPERAND})\s+(?:and|to)\s+({_OPERAND})", re.I), r"\1 + \2"),
    (re.compile(rf"\bsubtract\s+({_OPERAND})\s+from\s+({_OPERAND})", re.I), r"\2 - \1"),
    (re.compile(rf"{_AFTER_OPERAND}\s*\bplus\b\s*{_BEFORE_OPERAND}", re.I), " + "),
    (re.compile(rf"{_AFTER_OPERAND}\s*\bminus\b\s*{_BEFORE_OPERAND}", re.I), " - "),
    (
        re.compile(rf"{_AFTER_OPERAND}\s*\b(?:times|multiplied\s+by)\b\s*{_BEFORE_OPERAND}", re.I),
        " * ",
    ),
    (re.compile(rf"{_AFTER_OPERAND}\s+x\s+{_BEFORE_OPERAND}", re.I), " * "),
    (re.compile(rf"{_AFTER_OPERAND}\s*\bdivided\s+by\b\s*{_BEFORE_OPERAND}", re.I), " / "),
    (re.compile(rf"{_AFTER_OPERAND}\s*\b(?:mod|modulo)\b\s*{_BEFORE_OPERAND}", re.I), " % "),
    (re.compile(rf"{_AFTER_OPERAND}\s*(?:加上|加)\s*{_BEFORE_OPERAND}"), " + "),
    (re.compile(rf"{_AFTER_OPERAND}\s*(?:減去|减去|減|减)\s*{_BEFORE_OPERAND}"), " - "),
    (re.compile(rf"{_AFTER_OPERAND}\s*(?:乘以|乘上|乘)\s*{_BEFORE_OPERAND}"), " * "),
    (re.compile(rf"{_AFTER_OPERAND}\s*除以\s*{_BEFORE_OPERAND}"), " / "),
    # a percentage multiplied or divided by: "3000 x 5%" → 3000 * (5 / 100); "7 % 4" stays modulo
    (re.compile(rf"([*/]\s*)({_START}{NUMBER})\s*%(?!\s*[-+]?\s*[0-9.(])"), r"\1(\2 / 100)"),
]
# A currency sign before an amount is not part of the arithmetic: "$1,000 + $500".
_CURRENCY = re.compile(r"(?:(?:\b(?:NT|US|HK|AU|CA|S))?\$|[€£¥￥])\s*(?=[0-9.])")

_HAN_OPERATION = r"加上|加|減去|减去|減|减|乘以|乘上|乘|除以|根號|根号"
# A Chinese numeral is read only as an operand next to an operation word: "三加四", "二的十次方".
_HAN_BEFORE_OPERATION = re.compile(
    rf"(?<![{HAN_NUMERAL_CHARS}])({HAN_NUMERAL})"
    rf"(?=\s*(?:{_HAN_OPERATION}|開根號|开根号|的\s*(?:平方|立方|[0-9]|{HAN_NUMERAL}\s*次)))"
)
_HAN_AFTER_OPERATION = re.compile(rf"({_HAN_OPERATION}|的)(\s*)({HAN_NUMERAL})")


def _han_operands(text: str) -> str:
    """Chinese numerals next to an operation word as digits: "三加四" → "3加4"."""

    def digits(numeral: str) -> str:
        value = han_number(numeral)
        return numeral if value is None else str(value)

    text = _HAN_BEFORE_OPERATION.sub(lambda m: digits(m.group(1)), text)
    return _HAN_AFTER_OPERATION.sub(lambda m: m.group(1) + m.group(2) + digits(m.group(3)), text)


def _number(text: str) -> str:
    number = text.replace(",", "")
    return number[:-1] if number.endswith(".") else number


_PERCENT_OF = re.compile(
    rf"{_START}({NUMBER})\s*%\s*(?:of|的)\s*({NUMBER})(?![A-Za-z0-9_]|\.\d)", re.IGNORECASE
)
_OF_PERCENT = re.compile(
    rf"{_START}({NUMBER})\s*的\s*(?:百分之\s*({NUMBER})|({NUMBER})\s*%)(?![A-Za-z0-9_]|\.\d)"
)


def _percent(m: re.Match[str]) -> str:
    """The expression of "15% of 5000", "5000 的 15%" or "5000的百分之15": 15 / 100 * 5000."""
    if m.re is _PERCENT_OF:
        return f"{_number(m.group(1))} / 100 * {_number(m.group(2))}"
    return f"{_number(m.group(2) or m.group(3))} / 100 * {_number(m.group(1))}"


_MAX_NESTED_WORDS = 4


def symbolic(text: str) -> str:
    """``text`` (normalized) with the operation words as symbols: "7 divided by 2" → "7 / 2".

    A percentage inside arithmetic is bracketed: "3 + 15% of 200" → "3 + (15 / 100 * 200)".
    """
    text = _han_operands(_CURRENCY.sub("", text))
    for percentage in (_PERCENT_OF, _OF_PERCENT):
        text = percentage.sub(lambda m: f"({_percent(m)})", text)
    for _ in range(_MAX_NESTED_WORDS):  # "square root of square root of 16": inside out
        before = text
        for pattern, replacement in _WORD_FORMS:
            text = pattern.sub(replacement, text)
        if text == before:
            break
    return text


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str
    start: int
    end: int


_TOKEN = re.compile(
    rf"(?P<num>{NUMBER})|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<op>\*\*|//|[-+*/%])"
    r"|(?P<open>\()|(?P<close>\))|(?P<comma>,)|(?P<space>\s+)|(?P<other>.)",
    re.DOTALL,
)
# "10-3" or "1/2" without spaces is computed only when asked for on both sides: "what is 10-3?",
# "計算 1/0", or the whole message; "Room 3-201", "2-3 天", "1/2 day leave" are not arithmetic.
_ASKS_BEFORE = re.compile(
    r"(?:^|\b(?:what\s+is|what's|whats|how\s+much\s+is|calculate|compute|evaluate|solve)|"
    r"計算|计算|算一下|請問|请问|求|[=:：])\s*$",
    re.I,
)
_ASKS_AFTER = re.compile(
    r"\s*(?:$|[?？=.。!！]|等於|等于|是多少|是幾|是几|多少|equals?\b|is\b|makes?\b)", re.I
)
_PLAIN_NUMBER = re.compile(r"[0-9.,]+")


def _is_han(char: str) -> bool:
    """Han, kana and Hangul: scripts written without spaces, so they may touch a number."""
    return (
        "\u2e80" <= char <= "\u9fff"
        or "\uac00" <= char <= "\ud7af"
        or "\uf900" <= char <= "\ufaff"
        or "\U00020000" <= char <= "\U0003134f"
    )


def _glues(char: str) -> bool:
    """Whether ``char`` touching an expression makes it part of a longer token ("3x", "A4+1")."""
    return char in "_:'’`" or (char.isalnum() and not _is_han(char))


def _tokens(text: str) -> list[_Token]:
    found: list[_Token] = []
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup or "other"
        found.append(_Token(kind, m.group(), m.start(), m.end()))
    return found


def _next_kind(tokens: list[_Token], i: int) -> str | None:
    """The kind of the first token after ``tokens[i]`` that is not a space."""
    for token in tokens[i + 1 : i + 3]:  # spaces are one token: the next or the one after
        if token.kind != "space":
            return token.kind
    return None


def _runs(text: str, tokens: list[_Token]) -> Iterator[list[_Token]]:
    """Maximal stretches of expression tokens (numbers, operators, parentheses, names it knows)."""
    run: list[_Token] = []
    depth = 0
    for i, token in enumerate(tokens):
        part = token.kind in {"num", "op", "open", "close"}
        if token.kind == "space":
            if run:
                run.append(token)
            continue
        if token.kind == "name":
            part = token.text in CONSTANT_NAMES or (
                token.text in FUNCTION_NAMES and _next_kind(tokens, i) == "open"
            )
        elif token.kind == "comma":
            # Inside a call it separates arguments; between digits it is a number form that
            # was not read (1,5): kept in the run, which then cannot be read whole.
            part = depth > 0 or (
                token.start > 0
                and text[token.start - 1].isdigit()
                and text[token.end : token.end + 1].isdigit()
            )
        if part:
            run.append(token)
            depth += {"open": 1, "close": -1}.get(token.kind, 0)
        elif run:
            yield run
            run, depth = [], 0
    if run:
        yield run


def _readable(text: str, run: list[_Token]) -> bool:
    """Whether the run can be read whole: nothing glued to it, no number form left unread."""
    first, last = run[0], run[-1]
    if first.start > 0 and _glues(text[first.start - 1]):
        return False
    if last.end < len(text) and _glues(text[last.end]):
        return False
    if first.kind == "op" and not (
        first.text in "+-"
        and len(run) > 1
        and run[1].start == first.end
        and run[1].kind in {"num", "open", "name"}
    ):
        return False  # "x * 3" seen from "* 3"
    if last.kind in {"op", "open", "comma"}:
        return False
    depth = 0
    for before, after in itertools.pairwise(run):
        depth += {"open": 1, "close": -1}.get(before.kind, 0)
        if before.kind == "comma" and depth <= 0:
            return False  # a decimal comma or a misplaced separator: "1,5", "12,34"
        if before.kind == "num" and after.start == before.end and after.kind in {"num", "name"}:
            return False  # "1,0000" read as 1,000 then 0; "2e" typed for 2e3
        if before.text == "%" and after.kind not in {"num", "open", "name"}:
            return False  # a percent sign, not modulo: "50% + 10"
    return True


def _is_calculation(run: list[_Token]) -> bool:
    """At least one binary operation or one function call, not a lone (signed) number."""
    previous: _Token | None = None
    for token in run:
        if token.kind == "name" and token.text in FUNCTION_NAMES:
            return True
        if (
            token.kind == "op"
            and previous is not None
            and (previous.kind in {"num", "close"} or previous.text in CONSTANT_NAMES)
        ):
            return True
        previous = token
    return False


def _date_or_range(text: str, run: list[_Token]) -> bool:
    """2024/1/15, 555-123-4567, "Room 3-201", "2-3 天", "24/7 support": joined, not computed."""
    joined = all(b.end == a.start for b, a in itertools.pairwise(run))
    plain = all(
        (t.kind == "num" and _PLAIN_NUMBER.fullmatch(t.text)) or t.text in {"-", "/"} for t in run
    )
    if not (joined and plain and run[0].kind == "num"):
        return False
    if sum(1 for t in run if t.kind == "op") >= 2:
        return True
    asked = _ASKS_BEFORE.search(text, 0, run[0].start) and _ASKS_AFTER.match(text, run[-1].end)
    return not asked


# Operation words left next to an expression were not understood ("2 的 10 次方根", "half of"):
# the expression is only part of the calculation asked for.
_WORD_AFTER = re.compile(
    r"\s*(?:[加減减乘除倍根再]|然後|然后|次|平方|立方|分之|百分|"
    r"(?:plus|minus|times|divided|multiplied|over|squared|cubed|to\s+the|raised|power|mod|"
    r"modulo|percent|factorial)\b)",
    re.I,
)
_WORD_BEFORE = re.compile(
    r"(?:[加減减乘除倍根]|分之|\b(?:plus|minus|times|by|over|root|mod|modulo|power|log|sqrt|sin|cos|"
    r"tan|exp|abs|negative|(?:half|third|quarter|twice|double|triple|thrice)(?:\s+of)?))\s*$",
    re.I,
)


_WORD_REACH = 40


def _dangling(text: str, run: list[_Token]) -> bool:
    """Whether an operation word it did not understand touches the run."""
    start, end = run[0].start, run[-1].end
    return bool(
        _WORD_AFTER.match(text, end, end + _WORD_REACH)
        or _WORD_BEFORE.search(text, max(0, start - _WORD_REACH), start)
    )


def _candidate(text: str, run: list[_Token]) -> str | None:
    """The run (spaces left out) as calculator input, if it is a calculation read whole."""
    if not _readable(text, run) or not _is_calculation(run) or _dangling(text, run):
        return None
    if _date_or_range(text, run):
        return None
    parts = [_source(run[0])]
    for before, token in itertools.pairwise(run):
        if before.end < token.start:
            parts.append(" ")
        parts.append(_source(token))
    return "".join(parts)


def _source(token: _Token) -> str:
    return _number(token.text) if token.kind == "num" else token.text


# A question with more candidate expressions than this is not asking for a calculation.
_MAX_CANDIDATES = 20


class _Unreadable(Exception):
    """The question asks for a calculation it cannot read whole: it answers none."""


_SENTENCE_END = re.compile(r"[?？!！。;；\n]")


def _continues(text: str, left: list[_Token], right: list[_Token]) -> bool:
    """Whether arithmetic goes on from one run to the next across words ("1 + 2 apples + 3")."""
    if _SENTENCE_END.search(text, left[-1].end, right[0].start):
        return False
    return left[-1].kind == "op" or right[0].kind == "op"


def _expression(text: str) -> str | None:
    runs = [[t for t in run if t.kind != "space"] for run in _runs(text, _tokens(text))]
    tried = 0
    for i, run in enumerate(runs):
        candidate = _candidate(text, run)
        if candidate is None:
            continue
        if (i > 0 and _continues(text, runs[i - 1], run)) or (
            i + 1 < len(runs) and _continues(text, run, runs[i + 1])
        ):
            raise _Unreadable  # only a part of the arithmetic asked for
        tried += 1
        if tried > _MAX_CANDIDATES:
            return None
        try:
            evaluate_exact(candidate)
        except NotComputable:
            return candidate  # well-formed: the calculator says why it has no value
        except CalculationError:
            continue
        return candidate
    return None


_OPERATOR_CHARS = "+-*/%^()"


def _isolated(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is not an operand of arithmetic around it ("3 + 15% of 5000")."""
    before, after = text[:start].rstrip(), text[end:].lstrip()
    return not (before and before[-1] in _OPERATOR_CHARS) and not (
        after and after[0] in _OPERATOR_CHARS
    )


def _percentage(text: str) -> str | None:
    """A question that is only a percentage ("what is 15% of 5000?") as an expression."""
    for percentage in (_PERCENT_OF, _OF_PERCENT):
        m = percentage.search(text)
        if m and _isolated(text, m.start(), m.end()):
            return _percent(m)
    return None


_CONVERSION_IN_TEXT = re.compile(
    rf"{_START}(-?(?:{NUMBER}))\s*([°a-zA-Z\u4e00-\u9fff]{{1,10}}?)\s*"
    r"(?:to|in|into|換算成|换算成|轉換為|转换为|轉成|转成|等於幾|等于几|等於多少|等于多少|是多少)\s*"
    r"([°a-zA-Z\u4e00-\u9fff]{1,10}?)(?=$|[\s?？。.,，!！])",
    re.IGNORECASE,
)


def _conversion(text: str) -> str | None:
    for m in _CONVERSION_IN_TEXT.finditer(text):
        if convertible(m.group(2), m.group(3)):
            if not _isolated(text, m.start(), len(text)):
                raise _Unreadable  # "2 + 3 km in m": never "2 + 3" alone
            return f"{_number(m.group(1))} {m.group(2)} to {m.group(3)}"
    return None


_ANY_NUMBER = re.compile(rf"[0-9]|{HAN_NUMERAL}")


def find_calculation(text: str) -> str | None:
    """A calculation a question asks for, as the calculator's input, or None.

    >>> find_calculation("what is 15% of 5000?")
    '15 / 100 * 5000'
    >>> find_calculation("What is 2.5e3 + 1?")
    '2.5e3 + 1'
    >>> find_calculation("計算 2 的 10 次方")
    '2**10'
    >>> find_calculation("What is 3,5 + 1?") is None
    True
    """
    normalized = normalize(text)
    if not _ANY_NUMBER.search(normalized):
        return None  # every calculation it reads has a number in it
    try:
        return (
            _percentage(normalized) or _conversion(normalized) or _expression(symbolic(normalized))
        )
    except _Unreadable:
        return None
