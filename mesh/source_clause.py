"""The clause of a question that names where the answer is written, not what is asked.

"Which room is the next meeting held in, according to Ariane Bélanger's minutes?" asks for a
room; "according to Ariane Bélanger's minutes" says which document to read. The passage that
answers ("The next meeting is held on 2 June 2026 in room B.204.") does not repeat the minutes'
author, and the line that does ("The minutes were taken by Ariane Bélanger") does not answer.
Retrieval keeps the clause (it finds the document); the grader and the judge weigh the rest.
"""

from __future__ import annotations

import re

# "According to X," at the start, ", according to X" at the end; 「根據X，」 at the start.
_EN_LEADING = re.compile(r"(?i)^\s*(?:according to|as (?:stated|set out|written) in)\s+[^,?]+,\s*")
_EN_TRAILING = re.compile(r"(?i),?\s+(?:according to|as (?:stated|set out|written) in)\s+[^,?]+")
_ZH_LEADING = re.compile(r"^\s*(?:根據|根据|依據|依据|依照|按照)[^，,？?]+[，,]\s*")
# What must be left for the rest to be a question: a few characters or words.
_MIN_REST = 4


def without_source_clause(question: str) -> str:
    """``question`` without its "according to …" clause, when enough is left to ask something;
    else ``question`` unchanged.

    >>> without_source_clause("Which room is it in, according to Ariane Bélanger's minutes?")
    'Which room is it in?'
    >>> without_source_clause("According to the Hualan handbook, which e-mail takes reports?")
    'which e-mail takes reports?'
    >>> without_source_clause("根據員工手冊，婚假有幾天？")
    '婚假有幾天？'
    >>> without_source_clause("According to whom?")
    'According to whom?'
    """
    rest = _ZH_LEADING.sub("", _EN_TRAILING.sub("", _EN_LEADING.sub("", question, count=1), 1), 1)
    return rest if len(rest.strip(" ?？")) >= _MIN_REST else question
