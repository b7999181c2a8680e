"""Date arithmetic: a date plus or minus days, weeks or months, a date's weekday, the days between
two dates; and the date question a message asks, in Chinese or English.

Written by hand: ``dateparser`` reads one date in a string and knows English relative phrases
("3 weeks ago"), but not a question's parts (which date is the start, which number is the
offset, 「往前推」 or 「再過」) nor Chinese numerals or ROC years (民國115年); the date forms people
write are few and regular, so they are matched here and :mod:`datetime` does the arithmetic.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from agent_svc.tools.registry import ToolDefinition
from mesh.calendar_days import MONTHS
from mesh.errors import InvalidInput
from mesh.han_numerals import HAN_NUMERAL, han_number

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
HAN_WEEKDAYS = ("星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日")
UNITS = ("days", "weeks", "months", "years")
# An offset larger than this many days (about 270 years) is not a calendar question.
MAX_OFFSET_DAYS = 100_000
ROC_EPOCH = 1911

_MONTHS = MONTHS
_MONTH = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ORD = r"(?:st|nd|rd|th)?"
_HAN_DIGIT = "〇零一二三四五六七八九"
_HAN_DIGIT_VALUE = {c: max(i - 1, 0) for i, c in enumerate(_HAN_DIGIT)}
_NUM = rf"\d{{1,2}}|{HAN_NUMERAL}"

# Each form names its groups y, m, d (and roc for a Republic-of-China year).
# 「2026年的行事曆，3月1日是週幾」: a month and day whose year was written before them.
_YEAR_BEFORE = re.compile(r"(?<!\d)(\d{4})\s*年")
_MONTH_DAY = re.compile(rf"(?<![\d年])(?P<m>{_NUM})\s*月\s*(?P<d>{_NUM})\s*[日號号]")

_DATE_FORMS = [
    re.compile(r"(?<!\d)(?P<y>\d{4})\s*[-/.]\s*(?P<m>\d{1,2})\s*[-/.]\s*(?P<d>\d{1,2})(?!\d)"),
    re.compile(
        rf"(?:(?P<roc>民國|民国)\s*(?P<ry>\d{{2,3}}|{HAN_NUMERAL})|(?P<y>\d{{4}}|[{_HAN_DIGIT}]{{4}}))"
        rf"\s*年\s*(?P<m>{_NUM})\s*月\s*(?P<d>{_NUM})\s*[日號号]?"
    ),
    re.compile(
        rf"\b(?P<mn>{_MONTH})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})\b", re.IGNORECASE
    ),
    re.compile(
        rf"\b(?:the\s+)?(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<mn>{_MONTH})\.?,?\s+(?P<y>\d{{4}})\b",
        re.IGNORECASE,
    ),
]

_EN_NUMBERS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen".split()
    )
}
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70}
_EN_TENS |= {"eighty": 80, "ninety": 90}
_EN_WORD = "|".join([*_EN_TENS, *_EN_NUMBERS, "a", "an", "a couple of"])
_COUNT = rf"\d{{1,6}}|{HAN_NUMERAL}|(?:{_EN_WORD})(?:[-\s](?:{'|'.join(_EN_NUMBERS)}))?"
_UNIT_WORDS = (
    r"days?|weeks?|months?|years?|天|日|個?星期|个?星期|個?禮拜|个?礼拜|週|周|個月|个月|月|年"
)
_OFFSET = re.compile(rf"(?P<n>{_COUNT})\s*(?:個|个)?\s*(?P<unit>{_UNIT_WORDS})", re.IGNORECASE)

_BACKWARD = re.compile(
    r"\b(?:before|ago|earlier|prior\s+to|back\s+from|minus|subtract(?:ed)?)\b|"
    r"之前|以前|前推|往前|倒推|回推|提前|減|减|前(?=[是為为的]|\s*$|[?？，,。])",
    re.IGNORECASE,
)
_FORWARD = re.compile(
    r"\b(?:after|later|from\s+now|from|plus|add(?:ed)?|in)\b|之後|之后|以後|以后|後|后|過|过|加|往後|往后",
    re.IGNORECASE,
)
_ASKS_WEEKDAY = re.compile(
    r"(?:星期|禮拜|礼拜|週|周)\s*[幾几機机一二三四五六日天]|\bday\s+of\s+\w{0,4}\s*week\b|\bweekday\b|"
    r"\bwhat\s+day\b|\bwhich\s+day\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday)\b",
    re.IGNORECASE,
)
_ASKS_BETWEEN = re.compile(
    r"幾天|几天|多少天|天數|天数|相差|相隔|間隔|间隔|差幾|差几|隔幾|隔几|how\s+many\s+day|"
    r"\bdays\s+(?:are\s+there\s+)?between\b|\bnumber\s+of\s+days\b|\bdays\s+(?:from|until|till)\b",
    re.IGNORECASE,
)
_ASKS_DATE = re.compile(
    r"哪[一]?天|幾[月号號]|几[月号號]|幾號|几号|什麼時候|什么时候|日期|到期|何時|何时|是哪|"
    r"\bwhat\s+date\b|\bwhich\s+date\b|\bwhen\b|\bdate\b|\bdeadline\b|\bfalls?\b|\bwill\s+it\s+be\b",
    re.IGNORECASE,
)


class DateError(ValueError):
    """A date that does not exist, or an offset out of range."""


@dataclass(frozen=True)
class DateQuestion:
    """The computation a question asks for: ``start`` plus ``amount`` ``unit`` (``add``), the
    weekday of ``start`` (``weekday``), or the days from ``start`` to ``end`` (``between``)."""

    kind: str
    start: dt.date
    amount: int = 0
    unit: str = "days"
    end: dt.date | None = None

    def arguments(self) -> dict[str, object]:
        """The ``date_calculator`` tool's arguments."""
        args: dict[str, object] = {"date": self.start.isoformat()}
        if self.kind == "add":
            args |= {"add": self.amount, "unit": self.unit}
        elif self.kind == "between" and self.end is not None:
            args["until"] = self.end.isoformat()
        return args


def weekday_name(day: dt.date) -> str:
    """ "Thursday (星期四)"."""
    return f"{WEEKDAYS[day.weekday()]} ({HAN_WEEKDAYS[day.weekday()]})"


def add(start: dt.date, amount: int, unit: str) -> dt.date:
    """``start`` moved by ``amount`` days, weeks, months or years; a month's end is kept within
    the month (2026-01-31 + 1 month → 2026-02-28), as calendars and contracts count."""
    if unit not in UNITS:
        raise DateError(f"unknown unit {unit!r}: use one of {', '.join(UNITS)}")
    if unit in ("months", "years"):
        months = amount * (12 if unit == "years" else 1)
        index = start.year * 12 + start.month - 1 + months
        year, month = divmod(index, 12)
        if not dt.MINYEAR <= year <= dt.MAXYEAR:
            raise DateError("the result is outside the calendar")
        day = min(start.day, calendar.monthrange(year, month + 1)[1])
        return dt.date(year, month + 1, day)
    days = amount * (7 if unit == "weeks" else 1)
    if abs(days) > MAX_OFFSET_DAYS:
        raise DateError(f"an offset of at most {MAX_OFFSET_DAYS} days")
    try:
        return start + dt.timedelta(days=days)
    except OverflowError as exc:
        raise DateError("the result is outside the calendar") from exc


def _number(text: str) -> int | None:
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    if text in ("a", "an"):
        return 1
    if text == "a couple of":
        return 2
    words = re.split(r"[-\s]+", text)
    if words[0] in _EN_TENS or words[0] in _EN_NUMBERS:
        value = _EN_TENS.get(words[0], _EN_NUMBERS.get(words[0], 0))
        return value + sum(_EN_NUMBERS.get(w, 0) for w in words[1:])
    if all(c in _HAN_DIGIT for c in text) and len(text) == 4:  # 二〇二六: digit by digit
        return int("".join(str(_HAN_DIGIT_VALUE[c]) for c in text))
    return han_number(text)


def _date(m: re.Match[str]) -> dt.date | None:
    groups = m.groupdict()
    if groups.get("roc"):
        roc = _number(groups["ry"])
        year = roc + ROC_EPOCH if roc is not None else None
    else:
        year = _number(groups["y"])
    month = _MONTHS.get(groups["mn"].lower()) if groups.get("mn") else _number(groups["m"])
    day = _number(groups["d"])
    if year is None or month is None or day is None:
        return None
    try:
        return dt.date(year, month, day)
    except ValueError:
        return None


def find_dates(text: str) -> list[tuple[dt.date, int, int]]:
    """The dates written in ``text`` with their spans, in order."""
    found: list[tuple[dt.date, int, int]] = []
    for form in _DATE_FORMS:
        for m in form.finditer(text):
            if any(s < m.end() and m.start() < e for _, s, e in found):
                continue
            day = _date(m)
            if day is not None:
                found.append((day, m.start(), m.end()))
    found.extend(_dates_of_a_year_before(text, found))
    return sorted(found, key=lambda f: f[1])


def _dates_of_a_year_before(
    text: str, found: list[tuple[dt.date, int, int]]
) -> list[tuple[dt.date, int, int]]:
    """Month-day dates outside ``found`` whose year was written before them."""
    out: list[tuple[dt.date, int, int]] = []
    for m in _MONTH_DAY.finditer(text):
        if any(s <= m.start() < e for _, s, e in found):
            continue
        years = list(_YEAR_BEFORE.finditer(text, 0, m.start()))
        month, number = _number(m["m"]), _number(m["d"])
        if not years or month is None or number is None:
            continue
        try:
            out.append((dt.date(int(years[-1][1]), month, number), m.start(), m.end()))
        except ValueError:
            continue
    return out


def _unit(word: str) -> str:
    word = word.lower()
    if word.startswith("week") or word[-2:] in ("星期", "禮拜", "礼拜") or word in ("週", "周"):
        return "weeks"
    if word.startswith("month") or word.endswith("月"):
        return "months"
    if word.startswith("year") or word == "年":
        return "years"
    return "days"


def _offset(text: str, spans: list[tuple[int, int]]) -> tuple[int, str] | None:
    """The signed offset the text asks for, outside the dates' own spans."""
    for m in _OFFSET.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in spans):
            continue
        amount = _number(m["n"])
        if amount is None or amount == 0:
            continue
        rest = text[m.end() : m.end() + 8]
        before = text[max(0, m.start() - 12) : m.start()]
        backward = _BACKWARD.search(rest) or _BACKWARD.search(before)
        forward = _FORWARD.search(rest) or _FORWARD.search(before)
        if not (backward or forward):
            continue
        sign = -1 if backward and not (forward and forward.start() < backward.start()) else 1
        if backward and forward:
            # the word nearest after the number decides: 「30 天前」 against 「往前推 30 天後」
            after_b = _BACKWARD.search(rest)
            after_f = _FORWARD.search(rest)
            if after_b and (not after_f or after_b.start() < after_f.start()):
                sign = -1
            elif after_f:
                sign = 1
        return sign * amount, _unit(m["unit"])
    return None


# A message of a date, an offset and at most this many other words (a Han character is one)
# asks for the date it comes to: "2028-02-28 plus two days", 「往前推 30 天：2026年3月10日」.
MAX_TERSE_WORDS = 8
_WORDISH = re.compile(r"[A-Za-z]+|[\u4e00-\u9fff]")


def _terse(text: str, spans: list[tuple[int, int]]) -> bool:
    rest = "".join(c for i, c in enumerate(text) if not any(s <= i < e for s, e in spans))
    rest = _OFFSET.sub(" ", rest)
    return len(_WORDISH.findall(rest)) <= MAX_TERSE_WORDS


def find_date_question(text: str) -> DateQuestion | None:
    """The date computation ``text`` asks for, or None when it asks none.

    >>> find_date_question("2026-03-01 加 45 天是哪天").arguments()
    {'date': '2026-03-01', 'add': 45, 'unit': 'days'}
    >>> find_date_question("請問 2025 年 12 月 25 日是星期幾？").kind
    'weekday'
    >>> find_date_question("婚假可以請幾天？") is None
    True
    """
    dates = find_dates(text)
    if not dates:
        return None
    spans = [(s, e) for _, s, e in dates]
    if len(dates) >= 2 and _ASKS_BETWEEN.search(text):
        first, second = sorted((dates[0][0], dates[1][0]))
        return DateQuestion("between", first, end=second)
    offset = _offset(text, spans)
    asks = _ASKS_DATE.search(text) or _ASKS_WEEKDAY.search(text) or _terse(text, spans)
    if offset is not None and asks:
        amount, unit = offset
        return DateQuestion("add", dates[0][0], amount, unit)
    if len(dates) == 1 and _ASKS_WEEKDAY.search(text):
        return DateQuestion("weekday", dates[0][0])
    return None


def _iso(value: object, name: str) -> dt.date:
    try:
        return dt.date.fromisoformat(str(value).strip())
    except ValueError as exc:
        raise InvalidInput(f"{name} must be a date as YYYY-MM-DD, not {str(value)[:40]!r}") from exc


def compute(arguments: Mapping[str, Any]) -> str:
    """The tool's one-line result: ``2026-01-15 + 100 days → 2026-04-25, Saturday (星期六)``,
    ``2025-12-25 → Thursday (星期四)`` or ``2026-01-01 → 2026-03-01: 59 days``."""
    start = _iso(arguments.get("date"), "date")
    if arguments.get("until"):
        end = _iso(arguments["until"], "until")
        return f"{start} → {end}: {(end - start).days} days"
    amount = arguments.get("add")
    if amount in (None, "", 0):
        return f"{start} → {weekday_name(start)}"
    if isinstance(amount, bool) or not isinstance(amount, int | str):
        raise InvalidInput("add must be a whole number")
    try:
        count = int(amount)
    except ValueError as exc:
        raise InvalidInput(f"add must be a whole number, not {str(amount)[:20]!r}") from exc
    unit = str(arguments.get("unit") or "days")
    try:
        result = add(start, count, unit)
    except DateError as exc:
        raise InvalidInput(str(exc)) from exc
    sign = "+" if count >= 0 else "-"
    return f"{start} {sign} {abs(count)} {unit} → {result}, {weekday_name(result)}"


class DateCalculatorTool:
    """The ``date_calculator`` tool."""

    definition = ToolDefinition(
        name="date_calculator",
        description=(
            "Calendar arithmetic: a date plus or minus days, weeks, months or years (date, add, "
            "unit), a date's weekday (date alone), or the days from one date to another (date, "
            "until). Dates as YYYY-MM-DD."
        ),
        parameters={
            "type": "object",
            "properties": {
                "date": {"type": "string", "description": "the start date, YYYY-MM-DD"},
                "add": {"type": "integer", "description": "how many units to add (negative: back)"},
                "unit": {"type": "string", "enum": list(UNITS)},
                "until": {"type": "string", "description": "an end date, YYYY-MM-DD"},
            },
            "required": ["date"],
        },
        timeout_seconds=2.0,
        retry_count=0,
    )

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        result = compute(arguments)
        return result, {"summary": result, "result_count": 1}
