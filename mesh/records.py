"""A table row as the chunker writes it: 「欄名：值｜欄名：值」, "Column: value | Column: value".

The writer quotes such a record whole (never cut at a 「；」 inside a cell), and both the writer
and the judge's line check read its column names: a record answers a question about one of its
columns. The classroom row 「课程编号：QH-AI-301（机器学习入门）｜教室：1002」 names the course of
「机器学习入门的学费是多少？」 but none of its columns is the fee.
"""

from __future__ import annotations

import re

from mesh.scripts import same_language
from mesh.text import content_terms

RECORD = re.compile(
    r"^[^｜|\n。！？；!?;]{1,40}[:：][^｜|\n]*(?:[｜|][^｜|\n。！？；!?;]{1,40}[:：][^｜|\n]*)+$"
)
_COLUMN = re.compile(r"([^｜|:：]{1,40})[:：]")


def is_record(text: str) -> bool:
    """Whether ``text`` is one table row written as ``column: value`` pairs."""
    return RECORD.match(text.strip()) is not None


def columns_not_asked(question: str, text: str) -> bool:
    """Whether ``text`` is a record in the question's language none of whose column names
    shares a term with the question.

    >>> row = "课程编号：QH-AI-301（机器学习入门）｜教室：1002"
    >>> columns_not_asked("机器学习入门的学费是多少？", row), columns_not_asked("在哪个教室？", row)
    (True, False)
    """
    if not is_record(text) or not same_language(question, text):
        return False  # most sentences: the question's terms are not needed
    terms = content_terms(question)
    if not terms:
        return False
    columns = " ".join(m.group(1) for m in _COLUMN.finditer(text))
    return not terms & content_terms(columns)
