"""What a Chinese "how much" question measures, and which part of a date a "when" question asks
for (:func:`asked_date_part`); whether a sentence states it.

「圖瓦共和國目前的人口大約有多少？」 asks for a population. A sentence about the republic that
gives its area (「面積為17萬平方公里」) states a number, about the right entity, and was accepted
as the answer; the question's own words never say "people", so the counted-unit check
(:func:`mesh.answer_type.counted_unit`) had nothing to hold it to. The noun right before
「多少」 names the measure; a sentence states it when it holds a number together with that noun
or with a unit the measure is given in (「平方公里」 for 「面積」).

The nouns are a closed list: a two-character word before 「有多少」 is as often 「目前」 or
「一共」 as a measure, and only a measure has units to look for.
"""

from __future__ import annotations

import re

_LENGTH = ("公里", "公尺", "米", "公分", "厘米", "釐米", "英尺", "英里", "呎", "哩", "km")
_MONEY = ("元", "圓", "圆", "美元", "萬元", "万元", "億", "亿", "英鎊", "英镑", "歐元", "欧元", "$")
_WEIGHT = ("公斤", "千克", "克", "噸", "吨", "磅", "kg")
_PEOPLE = ("人", "名", "位", "居民")

# A measure noun (both scripts) → what else names it in a sentence that states it.
_UNITS: dict[str, tuple[str, ...]] = {
    "人口": _PEOPLE,
    "人數": _PEOPLE,
    "人数": _PEOPLE,
    "面積": ("平方公里", "平方米", "平方公尺", "公頃", "公顷", "平方英里", "畝", "亩", "坪", "km²"),
    "面积": ("平方公里", "平方米", "平方公尺", "公頃", "公顷", "平方英里", "畝", "亩", "坪", "km²"),
    "速度": ("時速", "时速", "公里/小時", "公里/小时", "km/h", "節", "节", "馬赫", "马赫", "mph"),
    "時速": ("速度", "公里/小時", "km/h", "節", "mph"),
    "时速": ("速度", "公里/小时", "km/h", "节", "mph"),
    "長度": _LENGTH,
    "长度": _LENGTH,
    "全長": _LENGTH,
    "全长": _LENGTH,
    "距離": _LENGTH,
    "距离": _LENGTH,
    "寬度": _LENGTH,
    "宽度": _LENGTH,
    "直徑": _LENGTH,
    "直径": _LENGTH,
    "高度": _LENGTH,
    "海拔": _LENGTH,
    "深度": _LENGTH,
    "身高": _LENGTH,
    "重量": _WEIGHT,
    "體重": _WEIGHT,
    "体重": _WEIGHT,
    "價格": _MONEY,
    "价格": _MONEY,
    "票價": _MONEY,
    "票价": _MONEY,
    "費用": _MONEY,
    "费用": _MONEY,
    "成本": _MONEY,
    "造價": _MONEY,
    "造价": _MONEY,
    "預算": _MONEY,
    "预算": _MONEY,
    "營收": _MONEY,
    "营收": _MONEY,
    "收入": _MONEY,
    "薪水": _MONEY,
    "薪資": _MONEY,
    "薪资": _MONEY,
    "市值": _MONEY,
    "資本": _MONEY,
    "资本": _MONEY,
    "票房": _MONEY,
    "年齡": ("歲", "岁"),
    "年龄": ("歲", "岁"),
    "溫度": ("度", "°C", "℃", "°F"),
    "温度": ("度", "°C", "℃", "°F"),
}
_FILLER = r"(?:大約|大约|大概|約|约|總共|总共|一共|共|平均|最多|最高|最少)?"
_VERB = r"(?:有|是|為|为|達|达|約為|约为|在)?"
_NOUNS = "|".join(sorted(_UNITS, key=len, reverse=True))
_ASKED = re.compile("(" + _NOUNS + ")" + _FILLER + _VERB + r"(?:多少|幾|几)")
_NUMBER = re.compile(r"[\d〇零一二三四五六七八九十百千萬万億亿兩两]")


def measured(question: str) -> str:
    """The measure a Chinese "how much" question asks for (「人口」), or "" when it names none.

    >>> measured("圖瓦共和國目前的人口大約有多少？"), measured("最大巡航速度是多少？")
    ('人口', '速度')
    >>> measured("目前有多少人？"), measured("What is the population of Tuva?")
    ('', '')
    """
    found = _ASKED.search(question)
    return found.group(1) if found else ""


def states_measure(measure: str, text: str) -> bool:
    """Whether ``text`` holds a number with ``measure`` or one of its units beside it.

    >>> states_measure("人口", "面積為17萬平方公里，首府為克孜勒。")
    False
    >>> states_measure("人口", "全國人口約為30萬，多數居住在首府。")
    True
    >>> states_measure("面積", "面積為17萬平方公里")
    True
    """
    if not _NUMBER.search(text):
        return False
    return measure in text or any(unit in text for unit in _UNITS.get(measure, ()))


# "In what year" / 「哪一年」 asks for a year, 「哪一天」 / "on what day" for a day: the date
# pattern of :mod:`mesh.answer_type` is loose (any "each year", 「之後」), and a line giving "4
# weeks paid holidays each year" was accepted for "in what year was the directive adopted?".
_ASKS_YEAR = re.compile(r"哪一年|哪年|何年|(?:what|which) year|\bwhen\b.*\byear\b", re.I)
# A day of the month asked: 「每個月幾號發」, 「每月幾日」 (not 「幾號櫃台」, a number).
ASKS_DAY_OF_MONTH = r"月[^，。？?\s]{0,2}?[幾几][號号]|月[幾几]日"
_ASKS_DAY = re.compile(
    r"哪一天|哪天|幾月幾[日號]|几月几[日号]|" + ASKS_DAY_OF_MONTH + "|"
    r"(?:what|which) (?:day|date)\b",
    re.I,
)
_YEAR = re.compile(
    r"(?<![\d.,])(?:1\d{3}|20\d{2}|\d{2,4}\s*年|[\d一二三四五六七八九十〇零]+\s*年代)(?![\d.,]?\d)"
    r"|[〇零一二三四五六七八九十百]{2,4}\s*年|元年"
    r"|\b\d{1,4}\s*(?:BC|AD|BCE|CE)\b|\d{2,4}s\b",
    re.I,
)
_MONTH_NAMES = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = re.compile(
    r"[\d一二三四五六七八九十]+\s*[日號号]|"
    + r"\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b|"  # 10/5/2015, 2015-10-05
    + (_MONTH_NAMES + r"\s+\d{1,2}(?:st|nd|rd|th)?\b|\b\d{1,2}(?:st|nd|rd|th)?\s+")
    + _MONTH_NAMES,
    re.I,
)


def asked_date_part(question: str) -> str:
    """ "year" or "day" when the question asks for that part of a date, else "".

    >>> asked_date_part("它是在哪一年成立的？"), asked_date_part("In what year was it built?")
    ('year', 'year')
    >>> asked_date_part("阿蒙森是在哪一天抵達南極點的？"), asked_date_part("When did he die?")
    ('day', '')
    """
    if _ASKS_DAY.search(question):
        return "day"
    return "year" if _ASKS_YEAR.search(question) else ""


def states_date_part(part: str, text: str, question: str = "") -> bool:
    """Whether ``text`` states the part of a date asked for, other than one the question states.

    >>> states_date_part("year", "every worker has at least 4 weeks paid holidays each year")
    False
    >>> states_date_part("year", "康熙四十八年，寺建立"), states_date_part("year", "In 1846, he")
    (True, True)
    >>> states_date_part("day", "他在1909年聽到消息"), states_date_part("day", "於12月14日抵達")
    (False, True)
    >>> states_date_part("day", "Argued 10/5/2015"), states_date_part("day", "on the 5th October")
    (True, True)
    """
    pattern = _DAY if part == "day" else _YEAR
    asked = "".join(question.lower().split())
    return any("".join(m.group(0).lower().split()) not in asked for m in pattern.finditer(text))
