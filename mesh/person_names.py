"""Whether a Chinese question asks for a person's name, and whether a sentence gives one.

「大韩航空8702号班机事故中的机长叫什么名字？」 was answered with the sentence that dates the
accident, and 「天津犹太会堂是由哪一位建筑师设计的？」 with 「…由北欧建筑师设计」: sentences about
the right entity naming nobody (the refusal set's tune half). The loose person pattern of
:mod:`mesh.answer_type` cannot veto, since 「由」 or 「公司」 answer a "who" about a policy
(「由直屬主管核准」). A question that asks for a name outright (「叫什么名字」, 「哪一位」,
「姓名」) is held to one.

Names are found by jieba's part-of-speech tagger (``nr`` person, ``nrt`` transliterated,
``nrfg`` historical names), on the text folded to Simplified script (jieba's dictionary is
mostly Simplified), and as capitalised Latin words ("Emily Zhou"): no maintained library tags
Chinese person names offline with less, and jieba is already a dependency.
"""

from __future__ import annotations

import re
import threading

import jieba
import jieba.posseg

from mesh.scripts import fold_script

_ASKS_PERSON = re.compile(r"姓名|哪一?位|哪[几幾]位|是哪一?个人|是哪一?個人")
# "What is X called": a person's name when X ends in a word for a person (「机长」, 「创办人」,
# 「妻子」), not a bridge's or a country's.
_NAME_OF = re.compile(r"([\u4e00-\u9fff])的?(?:叫什[么麼]|名字|名叫)")
_PERSON_HEADS = frozenset("长長师師手员員人者官王帝后妻夫子女父母兄弟姐妹姊哥生任他她友侣侶")
_PERSON_TAGS = frozenset({"nr", "nrt", "nrfg"})
_LATIN_NAME = re.compile(r"\b[A-Z][a-z]+\b")
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
_LOCK = threading.Lock()  # jieba's tagger initialises lazily; one thread does it


def asks_for_name(question: str) -> bool:
    """Whether a Chinese question asks outright for a person's name.

    >>> asks_for_name("机长叫什么名字？"), asks_for_name("由哪一位建筑师设计的？")
    (True, True)
    >>> asks_for_name("誰負責核准請假？"), asks_for_name("这座桥叫什么名字？")
    (False, False)
    """
    if not _HAN.search(question):
        return False
    if _ASKS_PERSON.search(question):
        return True
    return any(m.group(1) in _PERSON_HEADS for m in _NAME_OF.finditer(question))


def names_person(text: str, question: str) -> bool:
    """Whether ``text`` names a person the question does not already name.

    >>> names_person("机长为朴用哲，副机长为郑灿吉", "机长叫什么名字？")
    True
    >>> names_person("天津犹太会堂由北欧建筑师设计", "由哪一位建筑师设计的？")
    False
    """
    asked = fold_script(question)
    if any(m.group(0) not in question for m in _LATIN_NAME.finditer(text)):
        return True
    with _LOCK:
        pairs = list(jieba.posseg.cut(fold_script(text)))
    return any(p.flag in _PERSON_TAGS and p.word not in asked for p in pairs)


def load() -> None:
    """Initialise the tagger now (a second or so), not on the first question."""
    jieba.setLogLevel(60)
    names_person("张三", "")
