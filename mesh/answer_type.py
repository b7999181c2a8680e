"""The kind of answer a question asks for, and whether a text holds one.

how many / 多少 / 幾 → a quantity; when / 哪一年 / 何時 → a date or time; who / 誰 → a person or
organisation; where / 哪裡 → a place; why / 為什麼 → a reason; how / 如何 → steps. Questions
with none of these words ("what is …", 「…是什麼」) expect no particular type.

Only the date and quantity checks are precise enough to veto an answer on their own (on the
tuning half of the answer-relevance set, 0 of the dated relevant answers lacked a date while 61 %
of the off-topic ones did); person, place, reason and steps are looser patterns, reported in the
verdict's notes but never a veto. Two finer checks serve the near misses of unanswerable
questions (a paragraph about the right entity that does not state the fact): a "how many X"
question needs a number of X (:func:`counted_unit`, :func:`states_count`), and a value the
question itself states is not an answer to it (:func:`has_new_value`). Regular expressions are
enough here: the patterns are short and the words closed classes; no tagger is bundled for
Chinese named entities.
"""

from __future__ import annotations

import re
from enum import StrEnum

import lemminflect

from mesh.glossary import Gloss, found_in, gloss, gloss_english
from mesh.measures import ASKS_DAY_OF_MONTH
from mesh.scripts import fold_script, same_language
from mesh.text import content_terms


class AnswerType(StrEnum):
    """What a question asks for."""

    NONE = ""
    DATE = "date"
    QUANTITY = "quantity"
    ORDINAL = "ordinal"
    REASON = "reason"
    PERSON = "person"
    PLACE = "place"
    STEPS = "steps"


# "When" asks for a date as the question's own word: before the verb it asks with ("When was
# it launched?", "when does the library open"), after "since" or "until", last ("it opens
# when?"), or as the only question word ("When I can get my refund?"). Before a clause, beside
# another question word, it is a conjunction: "What happens when the judge is down?", "When a
# question reaches agent_svc, what does its loop do?" ask no date, and an answer without one
# was refused for it.
_ASKING_WHEN = (
    r"\bwhen(?:['’]s|\s+(?:is|are|was|were|do|does|did|will|would|can|could|should|shall|must|"
    r"may|might|has|have|had|am)\b)|\b(?:since|until|till) when\b|\bwhen\s*[?？]*\s*$|"
    r"^(?![\s\S]*\b(?:what|which|who|whom|whose|where|why|how)\b)[\s\S]*\bwhen\b"
)

# Checked in this order: "how long ago" is a date, "how many" a quantity, "how do I" steps.
_QUESTION_PATTERNS: tuple[tuple[AnswerType, re.Pattern[str]], ...] = (
    (
        AnswerType.DATE,
        re.compile(
            r"哪一年|哪年|哪幾年|哪几年|何年|何時|何时|什麼時候|什么时候|幾時|几时|哪一天|哪天|幾月|几月|"
            # A time of day is a date's finest part: 「開到幾點」, "at what time".
            r"幾點|几点|\bwhat time\b(?! zone)|" + ASKS_DAY_OF_MONTH + "|"
            r"哪個月|哪个月|哪個世紀|哪个世纪|哪個朝代|哪个朝代|哪個年代|哪个年代|"
            + _ASKING_WHEN
            + r"|\b(?:what|which) (?:years?|dates?|days?|century|centuries|decades?|months?)\b|"
            r"\bhow long ago\b",
            re.I,
        ),
    ),
    # 「排第幾」 asks for a place in an order, answered by 「第三」 or "third", not by a count.
    (
        AnswerType.ORDINAL,
        re.compile(
            r"第\s*[幾几]|\b(?:what|which) (?:place|rank|position)\b|\bin what (?:place|order)\b",
            re.I,
        ),
    ),
    (
        AnswerType.QUANTITY,
        re.compile(
            # 「哪幾天」 asks which days, 「好幾個」 says "several": neither counts.
            r"多少|(?<![哪好])幾(?!乎|何|近)|(?<![哪好])几(?!乎|何|近)|多久|多長|多长|多大|多高|多重|多遠|多远|多深|多寬|多宽|"
            r"\bhow (?:many|much|long|old|far|large|big|tall|high|deep|often|fast)\b|"
            r"\bwhat (?:percentage|percent|number|amount|proportion)\b",
            re.I,
        ),
    ),
    (AnswerType.REASON, re.compile(r"為什麼|为什么|為何|为何|\bwhy\b|\bwhat caused\b", re.I)),
    (
        AnswerType.PERSON,
        re.compile(r"誰|谁|哪一?位|哪一?個人|哪一?个人|什麼人|什么人|何人|\bwho(?:m|se)?\b", re.I),
    ),
    (
        AnswerType.PLACE,
        re.compile(
            r"哪裡|哪里|何處|何处|哪個地方|哪个地方|哪個國家|哪个国家|哪個城市|哪个城市|在哪|"
            r"\bwhere\b|\b(?:which|what) (?:country|city|place|region|state|continent)\b",
            re.I,
        ),
    ),
    (
        AnswerType.STEPS,
        # 「會怎樣」, 「怎麼樣」, 「怎麼了」 ask what happens or how it is, not for steps
        # (「如果我晚了超過十天才還會怎樣」 is answered by the penalty, not by a procedure).
        re.compile(
            r"如何|(?<![會会])(?:怎麼|怎么|怎樣|怎样)(?![樣样了])|"
            r"\bhow (?:do|does|can|to|should|did)\b",
            re.I,
        ),
    ),
)

_ZH_NUMERAL = r"[零〇一二兩两三四五六七八九十百千萬万億亿]"
_ZH_MEASURE = (
    r"[個个位名人年月日天歲岁次件種种條条隻只里米尺元塊块倍%％萬万千百億亿分秒度層层座所家"
    r"頁页部本台輛辆艘架匹頭头張张項项屆届場场週周小公克斤噸吨升"
    r"盤盘局輪轮章節节門门科堂趟遍回份封筆笔片根支棵顆颗折]"
)
_ZH_ARTICLE_CLASSIFIER = r"[個个位名種种件條条隻只座所家部本台輛辆艘架匹頭头張张項项]"
_EN_NUMBER = (
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|several|half)\b"
)
# What a number counting things is followed by (not a year).
_COUNTING = (
    r"(?:[種种個个名人件條条隻只位座所家部本台輛辆艘架匹頭头張张項项元塊块倍%％米克斤噸吨頁页冊册]|"
    r"公里|公尺|公斤|(?:people|persons|members|employees|students|soldiers|km|kg|meters|metres|"
    r"miles|feet|tons|dollars|percent|species|copies|pages)\b)"
)
_MONTHS = r"january|february|april|june|july|august|september|october|november|december"

_ANSWER_PATTERNS: dict[AnswerType, re.Pattern[str]] = {
    AnswerType.DATE: re.compile(
        # A bare three- or four-digit number is a year unless it counts something (「1043至1050種
        # 變化」, 「1200名員工」, "1,200 people").
        r"(?<![\d.,])\d{3,4}(?![\d.,]?\d)(?!\s*(?:[至到~\-–－]\s*\d+\s*)?" + _COUNTING + r")|"
        # 「晚間8時」, 「上午9時30分」: an hour as official notices write it.
        r"[\d" + _ZH_NUMERAL[1:-1] + r"]+\s*(?:年|月|日|天|週|周|小時|小时|分鐘|分钟|"
        r"世紀|世纪|點|点|時|时|個月|个月)|"
        # A day of the month: 「29號」, 「十月二十九号」; not a model's number (「鑫诺二号」).
        r"(?:(?<!\d)\d{1,2}|月\s*" + _ZH_NUMERAL + r"+)\s*[號号]|"
        # A time of day: "08:35", 「13：30」, "16h05", "1:01 p.m.".
        r"(?<![\d:])\d{1,2}\s*[:：h]\s*\d{2}(?![\d:])|\d{1,2}\s*[ap]\.?m\.?(?!\w)|"
        r"朝|時期|时期|年代|時代|时代|期間|期间|之後|之后|之前|"
        r"以內|以内|當天|当天|每年|每月|每週|每周|隨時|随时|工作日|工作天|"
        r"\b(?:century|decade|era|period|reign|dynasty|spring|summer|autumn|winter|"
        + _MONTHS
        # "May" and "March" are dates beside a day's number ("11 May", "March 3rd").
        + r"|(?<=\d\s)(?:may|march)|(?:may|march)(?=\s\d{1,2}(?:st|nd|rd|th)?\b)"
        + r"|today|yesterday|tomorrow|ago|after|before|during|since|until|within|by|every|"
        r"daily|weekly|monthly|yearly|annually|immediately|days?|weeks?|months?|years?|hours?|"
        r"minutes?|noon|midnight|morning|evening|night)\b",
        re.I,
    ),
    AnswerType.QUANTITY: re.compile(
        r"\d|"
        # A lone 一 before a classifier is the indefinite article (「一種重要語言」, 「一個組織」),
        # not a count.
        + _ZH_NUMERAL
        + r"{2,}\s*"
        + _ZH_MEASURE
        + r"|(?:"
        + _ZH_NUMERAL.replace("一", "")
        + r"|(?<!\d)(?<!"
        + _ZH_NUMERAL
        + r")一(?!"
        + _ZH_ARTICLE_CLASSIFIER
        + r"))\s*"
        + _ZH_MEASURE
        + r"|"
        + _EN_NUMBER
        + r"|半數|半数|多數|多数|大部分|少數|少数|\b(?:most|few|many|majority|minority)\b",
        re.I,
    ),
    AnswerType.ORDINAL: re.compile(
        r"第\s*[\d零〇一二兩两三四五六七八九十百千]+|排行\s*老?[大二三四五六七八九十]|"
        r"\b\d+(?:st|nd|rd|th)\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|eighth|"
        r"ninth|tenth|eleventh|twelfth|last)\b",
        re.I,
    ),
    AnswerType.REASON: re.compile(
        r"因為|因为|由於|由于|所以|因此|導致|导致|為了|为了|原因|使得|以免|\b(?:because|due to|"
        r"since|so that|in order to|as a result|caused|led to|owing to|thus|therefore|reason)\b",
        re.I,
    ),
    AnswerType.PERSON: re.compile(
        r"[A-Z][a-z]+|先生|女士|教授|博士|國王|国王|皇帝|總統|总统|主席|公司|大學|大学|政府|"
        r"委員會|委员会|部門|部门|單位|单位|團隊|团队|由|被|\b(?:by|team|department|office)\b"
    ),
    AnswerType.PLACE: re.compile(
        r"[A-Z][a-z]+|省|市|縣|县|國|国|州|島|岛|山|河|區|区|鎮|镇|城|洲|灣|湾|海|路|街|樓|楼|"
        r"位於|位于|\b(?:in|at|on|near|located)\b"
    ),
    AnswerType.STEPS: re.compile(
        r"先|再|然後|然后|接著|接着|步驟|步骤|點選|点击|點擊|進入|进入|選擇|选择|填寫|填写|"
        r"\b(?:first|then|next|click|select|open|go to|enter|choose|fill|step)\b|^\s*\d+[.)]|"
        r"[:：] `[^`]+`",
        re.I | re.M,
    ),
}

# The types whose absence alone shows the answer does not answer.
VETO_TYPES = frozenset({AnswerType.DATE, AnswerType.QUANTITY, AnswerType.ORDINAL})


def expected_type(question: str) -> AnswerType:
    """The kind of answer ``question`` asks for (``NONE`` when it names none).

    >>> expected_type("哪一年成立的？"), expected_type("How many courses are there?")
    (<AnswerType.DATE: 'date'>, <AnswerType.QUANTITY: 'quantity'>)
    >>> expected_type("退款政策是什麼？")
    <AnswerType.NONE: ''>
    """
    for kind, pattern in _QUESTION_PATTERNS:
        if pattern.search(question):
            return kind
    return AnswerType.NONE


def has_type(kind: AnswerType, text: str) -> bool:
    """Whether ``text`` holds an answer of ``kind`` (always true for ``NONE``).

    >>> has_type(AnswerType.DATE, "成立於1998年。"), has_type(AnswerType.DATE, "總部在台北。")
    (True, False)
    >>> has_type(AnswerType.QUANTITY, "是區內最大的鳥類之一。")
    False
    >>> has_type(AnswerType.QUANTITY, "是一種重要語言。"), has_type(AnswerType.QUANTITY, "十一個站")
    (False, True)
    """
    if kind is AnswerType.NONE:
        return True
    return _ANSWER_PATTERNS[kind].search(text) is not None


def has_new_value(kind: AnswerType, text: str, question: str) -> bool:
    """Whether ``text`` holds a value of ``kind`` that the question does not already state.

    The year in "how many died in the 1991 eruption?" is not an answer to it.

    >>> has_new_value(AnswerType.QUANTITY, "The 1991 eruption was large.", "How many died in 1991?")
    False
    >>> has_new_value(AnswerType.QUANTITY, "In 1991, 847 people died.", "How many died in 1991?")
    True
    """
    if kind is AnswerType.NONE:
        return True
    asked = "".join(question.lower().split())
    return any(
        "".join(m.group(0).lower().split()) not in asked
        for m in _ANSWER_PATTERNS[kind].finditer(text)
    )


# "How many X" / 「多少X」: the thing counted. An answer to it states a number of X in one
# sentence ("152,775 Muslims" does not answer "how many Sikhs"; 「甫四岁」 does, 「多卷」 does not).
_ZH_UNITS = (
    "人次|公里|公尺|公分|公斤|公頃|公顷|平方公里|小時|小时|分鐘|分钟|個月|个月|歲|岁|年|天|秒|米|"
    "噸|吨|元|人|卷|集|頁|页|層|层|座|所|家|班|屆|届|場|场|輛|辆|艘|架|條|条|首|篇|部|本|枚|顆|颗"
)
_ZH_COUNTED = re.compile(r"(?<!哪)(?:多少|幾|几)(?:個|个)?(" + _ZH_UNITS + ")")
# A number opens with a digit or a numeral: a comma alone (「，本館」) is not an amount.
_ZH_AMOUNT = (
    r"[\d" + _ZH_NUMERAL[1:-1] + r"][\d" + _ZH_NUMERAL[1:-1] + r".,，]*"
    r"\s*(?:多|餘|余|來|来)?\s*(?:萬|万|億|亿|千|百)?\s*"
)
_EN_COUNTED = re.compile(r"\bhow many ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?", re.I)
# Words after "how many" that end the noun phrase rather than name the thing counted.
_EN_NOT_NOUN = frozenset(
    """are were is was do does did have has had will would can could should of in on at for
    to from by with the a an times""".split()
)
_NUMBER = re.compile(r"\d|" + _EN_NUMBER, re.I)
# "How many people" is answered by a population as often as by a number of people.
_PEOPLE_WORDS = ("people", "person", "population", "resident", "inhabitant", "citizen")
# Places, seats and spaces are what a table's "Capacity" column counts.
_ROOM_WORDS = ("place", "seat", "space", "spot", "capacity")
_PEOPLE: dict[str, tuple[str, ...]] = {"people": _PEOPLE_WORDS, "person": _PEOPLE_WORDS}
_PEOPLE |= {w: _ROOM_WORDS for w in _ROOM_WORDS[:-1]}


def counted_unit(question: str) -> tuple[str, ...]:
    """What a "how many" question counts (empty when it names nothing checkable).

    >>> counted_unit("How many French soldiers were killed?"), counted_unit("舟山大橋長多少公里？")
    (('french', 'soldier'), ('公里',))
    >>> counted_unit("How much did it cost?"), counted_unit("哪幾個站點？")
    ((), ())
    """
    zh = _ZH_COUNTED.search(question)
    if zh:
        return (zh.group(1),)
    en = _EN_COUNTED.search(question)
    if not en:
        return ()
    words: list[str] = []
    for word in (w for w in en.groups() if w):
        if word.lower() in _EN_NOT_NOUN:
            break
        words.append(_stem(word.lower()))
    return tuple(words)


def states_count(units: tuple[str, ...], sentences: list[str], question: str = "") -> bool:
    """Whether one sentence states a number of what ``units`` names (true when it names nothing).

    Documents answer English questions in Chinese and the other way round ("how many days" is
    answered by 「42日」), and a table record states a count under a column the question names
    ("Theatre: 180" for "how many people fit … in theatre layout").

    >>> states_count(("day",), ["假別：娩假｜給假日數：42日"])
    True
    >>> q = "How many people fit in theatre layout?"
    >>> states_count(("people",), ["Room: Mercer Suite | Theatre: 180"], q)
    True
    >>> states_count(("people",), ["Room: Mercer Suite | Floor: 2"], q)
    False
    """
    if not units:
        return True
    if question and any(_counted_cell(s, question) for s in sentences):
        return True
    if len(units) == 1 and not units[0].isascii():
        # 「三個工作天」: a classifier and a short noun may stand between the number and the unit.
        unit = re.compile(_ZH_AMOUNT + r"(?:[個个])?[\u4e00-\u9fff]{0,2}?" + _variants(units[0]))
        if any(unit.search(s) for s in sentences):
            return True
        # An English document counts it in its own words: 「可以坐幾人？」 is answered by
        # "Seats: 6 + 1 wheelchair".
        english = _ZH_UNITS_IN_ENGLISH.get(fold_script(units[0]), ())
        return any(
            _NUMBER.search(s) and any(re.search(rf"\b{w}", s.lower()) for w in english)
            for s in sentences
            if not same_language(question or units[0], s)
        )
    words = {w for u in units for w in _PEOPLE.get(u, (u,))}
    if any(_NUMBER.search(s) and any(w in s.lower() for w in words) for s in sentences):
        return True
    chinese = [zh for u in units for zh in _EN_UNITS_IN_CHINESE.get(u, ())]
    if any(states_count((zh,), sentences) for zh in chinese):
        return True
    return bool(question) and _counted_in_translation(units, sentences, question)


def _counted_in_translation(units: tuple[str, ...], sentences: list[str], question: str) -> bool:
    """Whether a sentence in another language than the question gives a number beside a
    translation of what is counted: "how many group classes a month" is answered by
    「每月團體課程 8 堂」 (团体 is "group"; the classifier 堂 is in no table of units)."""
    others = [
        fold_script(s) for s in sentences if _NUMBER.search(s) and not same_language(question, s)
    ]
    if not others:
        return False
    said = {fold_script(t) for g in gloss_english(" ".join(units)) for t in g.translations}
    return any(t in s for s in others for t in said)


# An English unit asked for, as Chinese documents write it (「42日」 answers "how many days").
_EN_UNITS_IN_CHINESE: dict[str, tuple[str, ...]] = {
    "day": ("天",), "hour": ("小時", "課時", "學時"), "minute": ("分鐘",), "month": ("個月",),
    "year": ("年",), "people": ("人",), "person": ("人",), "page": ("頁",), "yuan": ("元",),
    "time": ("次",), "book": ("冊", "本"), "week": ("週", "周", "星期"), "item": ("件",),
}  # fmt: skip


# A Chinese unit asked for, as English documents write it (the table above, turned round, and
# the words a table heads a count of people with).
def _zh_units_in_english() -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for en, zhs in _EN_UNITS_IN_CHINESE.items():
        for zh in map(fold_script, zhs):
            out[zh] = tuple(dict.fromkeys((*out.get(zh, ()), en)))
    out["人"] += ("seat", "capacity", "place", "participant", "guest", "member")
    out["日"] = ("day",)
    return out


_ZH_UNITS_IN_ENGLISH = _zh_units_in_english()
# One cell of a table record as the chunker writes it: 「欄名：值」 or "Column: value".
_CELL = re.compile(r"(?:^|[｜|])\s*([^｜|:：]{1,40}?)\s*[:：]\s*([^｜|]+)")


def _counted_cell(sentence: str, question: str) -> bool:
    """Whether a record's cell under a column the question names holds a number. The question
    may name it in the other language: 「Thames Hall 以宴會形式擺設可以坐多少人？」 names the
    column "Banquet" through 宴會 (:mod:`mesh.glossary`)."""
    if "｜" not in sentence and " | " not in sentence:
        return False
    asked = {t for t in content_terms(question) if len(t) > 1}
    zh_unit = _ZH_COUNTED.search(question)
    unit = re.compile(_variants(zh_unit.group(1))) if zh_unit else None
    glosses: tuple[Gloss, ...] | None = None
    for m in _CELL.finditer(sentence):
        header, value = m.group(1), m.group(2)
        if not _NUMBER.search(value):
            continue
        if asked & content_terms(header):
            return True
        if unit is not None and unit.search(header):
            return True  # 「圖書冊數：30」 for 「可以借幾本書？」
        if not same_language(question, header):
            glosses = gloss(question) if glosses is None else glosses
            if any(found_in(g.translations, header) for g in glosses):
                return True
    return False


def _stem(word: str) -> str:
    """A plural noun's singular, possessive off ("soldiers" → "soldier", "boxes" → "box",
    "places" → "place"): lemminflect's tables (bundled, read offline), else the plural endings
    off by rule. Cutting "-es" by rule made "places" "plac" and the "Capacity" column never
    counted them.

    >>> [_stem(w) for w in ("soldiers", "cities", "boxes", "buses", "places", "class")]
    ['soldier', 'city', 'box', 'bus', 'place', 'class']
    """
    word = word.removesuffix("'s")
    if word.endswith("ss") or not word.isascii():
        return word  # "class", "address": no plural ending
    known = lemminflect.getLemma(word, upos="NOUN", lemmatize_oov=False)
    if known:
        return str(known[0])
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


# The units written differently in the two scripts.
_SCRIPT_PAIRS = dict(
    pair.split(":")
    for pair in (
        "歲:岁 小時:小时 分鐘:分钟 個月:个月 噸:吨 頁:页 層:层 "
        "屆:届 場:场 輛:辆 條:条 顆:颗 公頃:公顷 課時:课时 學時:学时"
    ).split()
)
_SCRIPT_PAIRS.update({v: k for k, v in list(_SCRIPT_PAIRS.items())})


# Units that count the same thing under another name: office documents write 「三日」 for
# 「三天」, 「1200元」 is asked as 「多少塊」, and 「120名」 counts 「多少人」.
# A book is counted in 本 or 冊 (「借閱冊數以三冊為限」 answers 「可以借幾本書？」).
_SYNONYMS = {
    "天": ("日",),
    "元": ("塊", "块", "圓"),
    "人": ("名", "位"),
    "本": ("冊", "册"),
    "冊": ("本", "册"),
    "册": ("本", "冊"),
}


def _variants(unit: str) -> str:
    names = [
        unit,
        *([_SCRIPT_PAIRS[unit]] if unit in _SCRIPT_PAIRS else []),
        *_SYNONYMS.get(unit, ()),
    ]
    return "(?:" + "|".join(re.escape(n) for n in names) + ")"


# Clause and section numbers (「第十三條」, "2.1", 「3．」) label a sentence; they are not a count.
_CLAUSE_LABEL = re.compile(
    r"^\s*(?:第[零〇一二兩两三四五六七八九十百\d]+[條条章節节款項项]|\d+(?:\.\d+)+|\d+[.、．])\s*"
)


def states_answer(kind: AnswerType, text: str, question: str) -> bool:
    """Whether ``text`` alone states what a question of ``kind`` asks: a date or a number of the
    thing counted that the question does not already state (the clause number a sentence opens
    with does not count); for the looser kinds, their pattern.

    >>> q = "奉派加班後的補休，最晚多久內要休完？"
    >>> states_answer(AnswerType.QUANTITY, "第十三條教職員工奉派加班者，得申請補休。", q)
    False
    >>> states_answer(AnswerType.QUANTITY, "補休應於加班事實發生之日起一年內休畢。", q)
    True
    """
    body = _CLAUSE_LABEL.sub("", text)
    if kind not in VETO_TYPES:
        return has_type(kind, body)
    units = counted_unit(question) if kind is AnswerType.QUANTITY else ()
    return has_new_value(kind, body, question) and states_count(units, [body], question)
