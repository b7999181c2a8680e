"""Which written language a line is in: Traditional or Simplified Chinese, English, or unsure.

The writer and the judge both keep an answer in the question's language (issue 28): a zh-Hant
question gets zh-Hant lines where the documents have them. A line's script is decided by its Han
characters when it has enough of them (``hanzidentifier``; a line whose characters are shared by
both scripts is plain ``zh``), else by its Latin letters. The router's language detector does more
(mixed messages, the conversation's language); this is the light check for one quoted line.
"""

from __future__ import annotations

import re
import threading
import unicodedata

import hanzidentifier
import opencc

ZH_HANT, ZH_HANS, ZH, EN = "zh-Hant", "zh-Hans", "zh", "en"

_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN = re.compile(r"[A-Za-z]")
# A line is Chinese when its Han characters are at least this share of its letters.
CHINESE_MIN_HAN_SHARE = 0.3


def line_script(text: str) -> str:
    """``zh-Hant``, ``zh-Hans``, ``zh`` (Chinese, either script), ``en``, or ``""`` (no letters).

    >>> line_script("婚假可以請幾天？"), line_script("婚假可以请几天？"), line_script("Sick leave")
    ('zh-Hant', 'zh-Hans', 'en')
    """
    han = "".join(_HAN.findall(text))
    latin = len(_LATIN.findall(text))
    if not han and not latin:
        return ""
    if len(han) < CHINESE_MIN_HAN_SHARE * (len(han) + latin / 4):
        return EN
    if hanzidentifier.is_traditional(han) and not hanzidentifier.is_simplified(han):
        return ZH_HANT
    if hanzidentifier.is_simplified(han) and not hanzidentifier.is_traditional(han):
        return ZH_HANS
    return ZH


def same_language(question: str, line: str) -> bool:
    """Whether ``line`` is written in the question's language (either Chinese script matches
    a question whose script is unsure, and a line of neither language — numbers — matches)."""
    q, s = line_script(question), line_script(line)
    if not q or not s or q == s:
        return True
    chinese = {ZH_HANT, ZH_HANS, ZH}
    if q in chinese and s in chinese:
        return ZH in (q, s)
    return False


# One Traditional→Simplified converter per process: building it loads OpenCC's bundled
# dictionaries. OpenCC does not document its converter as thread-safe, so calls are serialized.
_T2S = opencc.OpenCC("t2s")
_T2S_LOCK = threading.Lock()


def fold_script(text: str) -> str:
    """``text`` with Traditional Chinese characters folded to Simplified (other text unchanged).

    Lexical comparisons fold both sides, so a zh-Hant question matches a zh-Hans passage.

    >>> fold_script("差旅費報銷"), fold_script("帳戶") == fold_script("账户")
    ('差旅费报销', True)
    """
    text = fold_accents(text)
    if not _HAN.search(text):
        return text
    with _T2S_LOCK:
        folded: str = _T2S.convert(text)
    return folded.translate(_SIMPLIFIED_VARIANTS)


# Simplified characters OpenCC keeps apart that people write for one another: 「帳戶」 folds to
# 「帐户」, while a zh-Hans question writes 「账户」 (账 is the standard form for accounts).
_SIMPLIFIED_VARIANTS = str.maketrans({"账": "帐"})


# A Latin letter with a diacritic (Latin-1 Supplement, Latin Extended-A/B, Latin Extended
# Additional), and the letters whose plain form is not their decomposition.
_ACCENTED = re.compile(r"[\u00c0-\u024f\u1e00-\u1eff]")
_COMBINING = re.compile(r"[\u0300-\u036f]")
_LIGATURES = {"ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O"}
_LIGATURES |= {"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "þ": "th", "Þ": "TH", "ð": "d"}


def fold_accents(text: str) -> str:
    """Latin letters without their diacritics, as Lucene's ASCII folding has them: "Bélanger"
    is "Belanger", "démolition" "demolition", "Straße" "Strasse". jieba cut "résolution" into
    "r" · "é" · "solution", so no accented word was ever a term, and a French minutes' secretary
    was not found by her name. Only Latin letters are touched (kana keep their marks); written
    by hand because the transliterating libraries (Unidecode, anyascii) also turn Han
    characters into pinyin.

    >>> fold_accents("Ariane Bélanger, procès-verbal, Straße, 試用期")
    'Ariane Belanger, proces-verbal, Strasse, 試用期'
    """
    if text.isascii() or not _ACCENTED.search(text):
        return text
    return _ACCENTED.sub(_plain_letter, text)


def _plain_letter(match: re.Match[str]) -> str:
    letter = match.group()
    if letter in _LIGATURES:
        return _LIGATURES[letter]
    return _COMBINING.sub("", unicodedata.normalize("NFD", letter)) or letter


# The names of a weekday: 星期日, 禮拜天, 週日 and 周日 are one day (天 is 日 after 星期, 禮拜, 週).
_WEEKDAY = re.compile(r"(?:星期|禮拜|礼拜|週|周)([一二三四五六日天])")


def same_weekday_names(text: str) -> str:
    """``text`` with every weekday written as 「周」 and its number (「週日」, 「禮拜天」 and
    「星期日」 are all 「周日」): lexical comparisons canonicalize both sides.

    >>> same_weekday_names("禮拜天圖書館開到幾點"), same_weekday_names("週六、星期日休館")
    ('周日圖書館開到幾點', '周六、周日休館')
    """
    return _WEEKDAY.sub(lambda m: "周" + ("日" if m.group(1) in "日天" else m.group(1)), text)


# A number of days said with 天 (「三天」, 「兩個工作天」) is written with 日 in most documents.
_DAYS = re.compile(r"(?<=[\d零〇一二兩两三四五六七八九十百几幾多半每個个工作])\s*天")


def same_day_words(text: str) -> str:
    """``text`` with a counted day written 「日」 (「三天」 is 「三日」, 「工作天」 is 「工作日」)
    and every weekday in one spelling (:func:`same_weekday_names`); 「今天」 and 「天氣」 stay.

    >>> same_day_words("書晚還一天罰多少錢"), same_day_words("三個工作天內，今天")
    ('書晚還一日罰多少錢', '三個工作日內，今天')
    """
    return _DAYS.sub("日", same_weekday_names(text))
