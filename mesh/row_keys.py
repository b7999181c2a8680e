"""What keys a line to a question beyond its words: the day it names or the band holding the
number it names. 「3月10日—3月14日｜全館休館」 answers "closed from 10 to 14 March" and
「20万元至100万元｜竞争性谈判」 answers 「预算50万元的采购」, sharing no word with them; beside
such a line, one keyed by neither is about other days and amounts or none."""

from __future__ import annotations

from mesh.calendar_days import names_a_day
from mesh.ranges import in_a_range


def keyed_by(question: str, text: str) -> bool:
    """Whether ``text`` names a day the question names or states a band holding its number.

    >>> keyed_by("closed from 10 to 14 March?", "3月10日—3月14日｜全館休館")
    True
    >>> keyed_by("预算50万元的采购", "20万元至100万元｜竞争性谈判"), keyed_by("何时闭馆", "3月10日")
    (True, False)
    """
    return names_a_day(question, text) or in_a_range(question, text)
