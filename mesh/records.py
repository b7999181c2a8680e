"""A table row as the chunker writes it: 「欄名：值｜欄名：值」, "Column: value | Column: value".

The writer quotes such a record whole (never cut at a 「；」 inside a cell), and both the writer
and the judge's line check read its column names: a record answers a question about one of its
columns. The classroom row 「课程编号：QH-AI-301（机器学习入门）｜教室：1002」 names the course of
「机器学习入门的学费是多少？」 but none of its columns is the fee.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from mesh.scripts import fold_script, same_language
from mesh.text import HAN, content_terms

RECORD = re.compile(
    r"^[^｜|\n。！？；!?;]{1,40}[:：][^｜|\n]*(?:[｜|][^｜|\n。！？；!?;]{1,40}[:：][^｜|\n]*)+$"
)
_COLUMN = re.compile(r"([^｜|:：]{1,40})[:：]")
_CELL = re.compile(r"^([^:：]{1,40})[:：](.*)$", re.S)


def is_record(text: str) -> bool:
    """Whether ``text`` is one table row written as ``column: value`` pairs."""
    return RECORD.match(text.strip()) is not None


# A block of commands quoted with the sentence that leads it (agent_svc.synthesis.command_quotes):
# "To use Claude: `export A=1`, `bash run.sh`".
_COMMAND_LINE = re.compile(r"[:：] `[^`]+`(?:, `[^`]+`)*$")


def is_command_line(text: str) -> bool:
    """Whether a line is a quoted block of commands, which (like a table's record) says what
    it is about through the heading it stands under.

    >>> is_command_line("To use Claude: `export A=1`, `bash run.sh`"), is_command_line("A: b")
    (True, False)
    """
    return bool(_COMMAND_LINE.search(text.strip()))


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


def fields(text: str) -> list[tuple[str, str]]:
    """A record's ``(column, value)`` pairs, in order; empty for text that is no record.

    >>> fields("Train: Port Ellery | 2212: 08:35")
    [('Train', 'Port Ellery'), ('2212', '08:35')]
    """
    if not is_record(text):
        return []
    out: list[tuple[str, str]] = []
    for cell in re.split(r"\s*[｜|]\s*", text.strip()):
        m = _CELL.match(cell)
        if m:
            out.append((m.group(1).strip(), m.group(2).strip()))
    return out


# A Markdown table's row and its ``|---|`` rule (the chunker writes small tables so).
_MD_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_MD_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")


def markdown_rows(text: str) -> Iterator[tuple[str, list[str] | None, list[str]]]:
    """Each line of ``text`` as ``(line, cells, header)``: for a Markdown table's data row its
    cells and the cells of the header row above it (``[]`` when the text starts mid-table);
    ``cells`` is None for a line outside a table. Header rows and ``|---|`` rules are not
    given."""
    lines = text.split("\n")
    header: list[str] = []
    for i, line in enumerate(lines):
        row = _MD_ROW.match(line)
        if row is None:
            header = []
            yield line, None, header
            continue
        if _MD_RULE.match(line):
            continue
        cells = [c.strip() for c in row.group(1).split("|")]
        if i + 1 < len(lines) and _MD_RULE.match(lines[i + 1]):
            header = cells
            continue
        yield line, cells, header


def _squashed(cells: list[str]) -> str:
    return "|".join("".join(c.split()) for c in cells if c.strip())


def as_record(row: str, source: str) -> str:
    r"""A table row quoted as bare cells ("W1 | … | 1500 | 40 | Room 2A", as the writer quotes
    a Markdown table's data row) written as the record its source's header row makes of it
    ("Code: W1 | … | Capacity: 40 | …"); ``row`` itself when ``source`` holds no such row
    under a header. The number 40 answers "how many places" only under its column.

    >>> src = "| Code | Capacity |\n|---|---|\n| W1 | 40 |"
    >>> as_record("W1 | 40", src), as_record("W2 | 60", src)
    ('Code: W1 | Capacity: 40', 'W2 | 60')
    """
    if "|" not in row or is_record(row):
        return row
    wanted = _squashed([c.strip() for c in row.split("|")])
    for _, cells, header in markdown_rows(source):
        if cells is not None and header and _squashed(cells) == wanted:
            pairs = [(h, c) for h, c in zip(header, cells, strict=False) if c]
            return write_record(pairs, cjk=bool(HAN.search(row)))
    return row


def write_record(pairs: list[tuple[str, str]], cjk: bool) -> str:
    """``(column, value)`` pairs as one record, as the chunker writes a table's row:
    「欄名：值｜欄名：值」 for a Chinese or Japanese table, "Column: value | Column: value"
    otherwise; a value without a column name (or under its own name) stands alone.

    >>> write_record([("假別", "婚假"), ("", "合計")], cjk=True)
    '假別：婚假｜合計'
    """
    colon, bar = ("：", "｜") if cjk else (": ", " | ")
    return bar.join(f"{h}{colon}{c}" if h and h != c else c for h, c in pairs)


def addressed_cells(question: str, text: str) -> list[str]:
    """The values of a record's cells that the question addresses by row and column: it names
    the row's label (the first cell's value, every word of it) and the cell's column (a word of
    its name). "If I board train 2212 at Kingsford, when do I reach Port Ellery?" addresses
    ``2212: 08:35`` in the row 「Train: Port Ellery | …」: a timetable names the relation
    (arriving) nowhere, the cell is the answer.

    >>> row = "Train: Port Ellery | 2210: 08:09 | 2212: 08:35"
    >>> addressed_cells("When is 2212 at Port Ellery?", row), addressed_cells("Kingsford?", row)
    (['08:35'], [])
    """
    cells = fields(text)
    if len(cells) < 2:
        return []
    asked = content_terms(question)
    label = content_terms(cells[0][1])
    if not label or not label <= asked:
        return []
    return [value for column, value in cells[1:] if value and content_terms(column) & asked]


_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@functools.lru_cache(maxsize=4096)
def _folded(text: str) -> str:
    """One script, one case, no spaces (the writer asks this of one question per candidate)."""
    return "".join(fold_script(text).casefold().split())


def names_a_cell(question: str, text: str) -> bool:
    """Whether the question writes one of a table row's values in full (a row label such as
    「低收入戶」): beside a row whose value only holds those words inside a longer one
    (「中低收入戶」), it is the row asked about. Values of numbers alone, or of fewer than two
    Chinese characters or one three-letter word, name nothing.

    >>> q = "低收入戶未滿二歲幼兒每月補助多少？"
    >>> names_a_cell(q, "家庭類別：低收入戶｜未滿二歲：9,000")
    True
    >>> names_a_cell(q, "中低收入戶 | 7,000")
    False
    """
    return any(_written_in(question, cell) for cell in _cells(text))


def names_the_row(question: str, text: str) -> bool:
    """Whether the question writes a table row's label (its first cell) in full: "Do the room
    rates include VAT?" names the row 「VAT | All rates exclude VAT at 20%」. A value further along
    may be a header cell repeated by a table read from a PDF (「一般件：一般文件」).

    >>> names_the_row("Do the rates include VAT?", "VAT | All rates exclude VAT at 20%")
    True
    >>> names_the_row("Do the rates include VAT?", "Bookings | bookings@example.org | VAT")
    False
    >>> names_the_row("大件家具回收怎么预约", "项目：大件家具（沙发、床垫等）｜收费标准：免费")
    True
    """
    cells = [_KEYED.sub("", c) for c in _cells(text)]
    words = [c for c in cells if not _DIGIT.search(c)]
    if not cells or len(set(words)) < len(words):
        return False  # a band of sub-headers repeated over column groups labels no row
    return _written_in(question, _QUALIFIER.sub("", cells[0]))


# What a label adds in brackets or marks: 「大件家具（沙发、床垫等）」 is the row of
# 「大件家具回收」, "Student (full-time)*" the row of "student fee".
_QUALIFIER = re.compile(r"\s*[（(][^（()）]*[)）]|[*＊†‡]")


def _cells(text: str) -> list[str]:
    return [v for _, v in fields(text)] or (
        [c.strip() for c in re.split(r"\s*[｜|]\s*", text.strip())]
        if "|" in text or "｜" in text
        else []
    )


# A cell that still says its column ("Category: Student (full-time)*" of a row whose other
# columns hold colons of their own): its value.
_DIGIT = re.compile(r"\d")
_KEYED = re.compile(r"^[^:：|｜\d][^:：|｜]{0,38}[:：]\s*(?=\S)")


def _written_in(question: str, cell: str) -> bool:
    if len(HAN.findall(cell)) < 2 and not _LATIN_WORD.search(cell):
        return False
    value = _folded(cell)
    return bool(value) and value in _folded(question)
