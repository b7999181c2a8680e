"""Question words that name the kind of value asked for, and whether a passage holds one.

"What is the docket number of Knowles v. Mirzayance?" asks for a number: the transcript writes
"No. 07-1315" and never the word "number". "At what time did the oral argument begin?" is
answered by "at 1:01 p.m.", "What is the cost of the test?" by "$248,200". To the grader such a
word is an aspect that a passage covers by holding a value of that kind, not by repeating the
word. Only words that name a value and nothing else are here ("day" and "month" also count
things: "how many days" is answered by a number of days, which the quantity checks judge).

Regular expressions, as in :mod:`mesh.answer_type`: the words are a closed class and the value
shapes short.
"""

from __future__ import annotations

import functools
import re

_MONTH = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|jun(?:e)?|jul(?:y)?|aug(?:ust)?|"
    r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
)
_DATE = re.compile(
    r"\b" + _MONTH + r"\s+\d{1,2}(?:st|nd|rd|th)?\b|"  # January 13, Jan. 13th
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?" + _MONTH + r"(?:\s|,|$)|"  # 13 January
    r"\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b|\b\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}\b|"  # 2009-01-13
    r"\d{2,4}\s*年\s*\d{1,2}\s*月|\d{1,2}\s*月\s*\d{1,2}\s*[日號号]|民國\s*\d+\s*年|民国\s*\d+\s*年",
    re.I,
)
_YEAR = re.compile(r"(?<!\d)(?:1[5-9]|20)\d{2}(?!\d)|\d{2,4}\s*年(?!\s*[內内])|民[國国]")
_CLOCK = (
    r"(?<!\d)\d{1,2}\s*[:：]\s*\d{2}(?!\d)|\b\d{1,2}(?:[.:]\d{2})?\s*[ap]\.?\s?m\b\.?|"
    r"\b\d{1,2}h\d{2}\b|[上下]午\s*\d|(?<![\d.])\d{1,2}\s*[點点](?:\s*\d{1,2}\s*分|半|鐘|钟)?|"
    r"\b(?:noon|midnight)\b"
)
_DURATION = (
    r"\d+(?:\.\d+)?\s*(?:working\s+|business\s+|calendar\s+)?(?:days?|hours?|minutes?|weeks?|"
    r"months?|years?)\b|\d+\s*(?:個|个)?\s*(?:工作日|工作天|天|日內|日内|小時|小时|分鐘|分钟|週|周|"
    r"個月|个月|年內|年内)"
)
_TIME = re.compile(_CLOCK + "|" + _DURATION, re.I)
_NUMBER = re.compile(r"\d")
_AMOUNT = re.compile(
    r"(?:[$£€¥￥]|\b(?:us|nt|hk|a|c)\$|\b(?:usd|eur|gbp|rmb|cny|twd|ntd|jpy)\s*)\s*\d|"
    r"\d[\d,]*(?:\.\d+)?\s*(?:元|圓|圆|块|塊|萬元|万元|\b(?:dollars?|euros?|pounds?|yuan|usd|"
    r"eur|gbp|rmb|twd|ntd)\b)|\d[\d,]*\.\d{2}\b",
    re.I,
)

_HOURS_WORDS = (
    "開到 开到 營業到 营业到 開放到 开放到 開門 开门 關門 关门 閉館 闭馆 打烊 營業時間 营业时间 "
    "開放時間 开放时间".split()
)
# Hours are a range of clock times (「13:00至21:00」, "08:00–22:00") or a clock time beside a
# word of opening or closing (「23:00关闭」); a timetable's departure time is neither.
_HOURS = re.compile(
    rf"(?:{_CLOCK})\s*(?:至|到|~|～|-|–|—|to|until|till)\s*(?:{_CLOCK})|"
    rf"(?:開|开|關|关|閉|闭|營業|营业|\bopen|\bclos)[^\n。；;]{{0,6}}?(?:{_CLOCK})|"
    rf"(?:{_CLOCK})[^\n。；;\d]{{0,3}}(?:開|开|關|关|閉|闭|打烊|\bopen|\bclos)",
    re.I,
)
# A share of a whole: "80%", 「百分之八十」, 「八成」, "a quarter of a tank".
_PROPORTION = re.compile(
    r"\d+(?:\.\d+)?\s*[%％]|百分之|(?<![\d一二三四五六七八九十])[一二三四五六七八九]成(?![本員员立功])|"
    r"\b(?:quarter|half|third|two-thirds|three-quarters)\b",
    re.I,
)
_PROPORTION_WORDS = "level percentage proportion 比例 比率 百分比 占比 佔比".split()
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]*\w")
# A telephone number or an extension: three digits or more in a run.
# Not a group of an amount's thousands ("USD 50,000").
_PHONE = re.compile(r"(?<![\d,.])\d{3,}(?!\d|[,.]\d)|\d{2,4}[ -]\d{3,4}")
# Words for a line one calls: the number asked beside them is a telephone number.
_PHONE_WORDS = (
    "phone",
    "telephone",
    "extension",
    "hotline",
    "helpline",
    "電話",
    "电话",
    "熱線",
    "热线",
    "專線",
    "专线",
)
_AMOUNT_WORDS = (
    "amount price cost costs fee fees fare fares 金額 金额 價格 价格 費用 费用 價錢 价钱".split()
)
# Each word (lower case; Chinese as written or folded to one script by the caller) and the
# value shape that answers it.
_VALUE_SHAPES: dict[str, re.Pattern[str]] = {
    **dict.fromkeys(("date", "dates", "日期"), _DATE),
    **dict.fromkeys(("year", "年份", "年度"), _YEAR),
    **dict.fromkeys(("time", "時間", "时间", "時刻", "时刻", "幾點", "几点"), _TIME),
    # Opening hours: 「週日 13:00至21:00」 says until when the library is open (「開到幾點」).
    **dict.fromkeys(_HOURS_WORDS, _HOURS),
    **dict.fromkeys(
        ("number", "號碼", "号码", "編號", "编号", "案號", "案号", "代號", "代号", "分機", "分机"),
        _NUMBER,
    ),
    **dict.fromkeys(_AMOUNT_WORDS, _AMOUNT),
    **dict.fromkeys(
        ("email", "e-mail", "郵箱", "邮箱", "電子郵件", "电子邮件", "電郵", "电邮", "信箱"), _EMAIL
    ),
    **dict.fromkeys(_PHONE_WORDS, _PHONE),
    # "What fuel level…" is answered by "a quarter of a tank", "max fill level" by "80%".
    **dict.fromkeys(_PROPORTION_WORDS, _PROPORTION),
}


def names_a_value(word: str) -> bool:
    """Whether ``word`` names the kind of value asked for (date, time, number, amount, e-mail
    address, telephone number, share of a whole)."""
    return word.lower() in _VALUE_SHAPES


def holds_value_for(word: str, text: str) -> bool:
    """Whether ``text`` holds a value of the kind ``word`` names (False for any other word).

    >>> holds_value_for("number", "v. : No. 07-1315"), holds_value_for("time", "at 1:01 p.m.")
    (True, True)
    >>> holds_value_for("date", "Tuesday, January 13, 2009"), holds_value_for("date", "in 2009")
    (True, False)
    >>> holds_value_for("cost", "a cost of $248,200"), holds_value_for("cost", "page 3 of 12")
    (True, False)
    >>> holds_value_for("docket", "No. 07-1315")
    False
    >>> [holds_value_for("helpline", t) for t in ("up to USD 50,000", "+852 3900 7781")]
    [False, True]
    >>> [holds_value_for("開到", t) for t in ("週日 13:00至21:00", "23:00关闭", "正門：19:00")]
    [True, True, False]
    """
    shape = _VALUE_SHAPES.get(word.lower())
    return shape is not None and shape.search(text) is not None


_ASCII_WORD = re.compile(r"[a-z][a-z-]*")


@functools.lru_cache(maxsize=1024)
def asked_value_words(question: str) -> tuple[str, ...]:
    """The words of ``question`` that name a kind of value ("extension", 「金額」, "e-mail"):
    read once per question, though the judge asks for them for every sentence. Beside a word for
    a line one calls, "number" is that line's number.

    >>> asked_value_words("emergency helpline number for the medical plan")
    ('helpline',)
    """
    low = question.lower()
    words = set(_ASCII_WORD.findall(low))
    asked = tuple(w for w in _VALUE_SHAPES if (w in words if w.isascii() else w in low))
    if any(w in _PHONE_WORDS for w in asked):  # "helpline number": a telephone number
        asked = tuple(w for w in asked if w != "number")
    return asked


def holds_asked_value(question: str, text: str) -> bool:
    """Whether ``text`` holds a value of a kind ``question`` names: "What extension do I call…"
    is answered by 「…課長，分機 3310」, not by the form's field 「請購人／分機」, though both
    say 分機.

    >>> holds_asked_value("What extension do I call?", "請洽採購課吳課長，分機 3310。")
    True
    >>> holds_asked_value("What extension do I call?", "欄位：請購人／分機")
    False
    """
    return any(holds_value_for(w, text) for w in asked_value_words(question))
