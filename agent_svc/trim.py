"""Dropping the lines of a draft that the judge found do not address the question (issue 28).

The judge names each sentence that does not address the question (``Judgement.line_verdicts``).
A draft line goes when it holds one of those sentences and none that addresses the question; a
lead-in line ("From your documents:") stays while a quoted line follows it. Nothing is rewritten:
the kept lines are the draft's own, with their citations.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from groundmesh.v1 import common_pb2

_CITATION = re.compile(r"\[[^\[\]\s]+\]")
_QUOTE_MARKS = str.maketrans("", "", "「」“”")


def _squash(text: str) -> str:
    return "".join(_CITATION.sub("", text).translate(_QUOTE_MARKS).split()).casefold()


def off_topic_to_drop(judgement: common_pb2.Judgement) -> list[str]:
    """The sentences to drop: those not addressing the question, when others do."""
    verdicts = judgement.line_verdicts
    if not any(v.addresses_question for v in verdicts):
        return []
    return [v.text for v in verdicts if not v.addresses_question]


def drop_lines(draft: str, off_topic: Sequence[str], addressing: Sequence[str]) -> str:
    """The draft without the lines that hold only off-topic sentences; ``draft`` unchanged when
    nothing would be left to quote."""
    off = [s for s in (_squash(t) for t in off_topic) if s]
    keep = [s for s in (_squash(t) for t in addressing) if s]
    lines = draft.split("\n")
    kept: list[str] = []
    dropped = False
    for line in lines:
        flat = _squash(line)
        if flat and any(o in flat for o in off) and not any(k in flat for k in keep):
            dropped = True
            continue
        kept.append(line)
    if not dropped or not any(_CITATION.search(line) for line in kept):
        return draft
    return "\n".join(_without_dangling_leads(kept))


def _without_dangling_leads(lines: list[str]) -> list[str]:
    """Lead-in lines ("From your documents:") that no quoted line follows any more."""
    out: list[str] = []
    for i, line in enumerate(lines):
        lead = line.rstrip().endswith((":", "：")) and not _CITATION.search(line)
        if lead and not any(_CITATION.search(rest) for rest in lines[i + 1 :]):
            continue
        out.append(line)
    return out


def with_context(draft: str, trimmed: str) -> str:
    """``trimmed`` with one dropped line back: the one just before the first kept quote (else
    just after). The answering line alone can lack what it is about (「在卫斯理家排行第三。」 after
    「派西有五名兄弟…」 names no one); "" when no dropped line is next to a kept one."""
    lines = draft.split("\n")
    kept = set(trimmed.split("\n"))
    quoted = [i for i, line in enumerate(lines) if line in kept and _CITATION.search(line)]
    if not quoted:
        return ""
    first = quoted[0]
    for i in (first - 1, first + 1):
        if 0 <= i < len(lines) and lines[i] not in kept and _CITATION.search(lines[i]):
            return "\n".join(line for j, line in enumerate(lines) if line in kept or j == i)
    return ""
