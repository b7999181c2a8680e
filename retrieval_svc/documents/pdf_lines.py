"""From a PDF page's positioned words to lines, columns and paragraphs (no PDF library here:
plain geometry, tested on its own).

Written by hand because no library we measured does this for Chinese: pdfplumber and pypdf
put a space wherever a wrapped Chinese line breaks (「高 铁」) and read two-column pages across
the gutter; pdfminer's layout analysis groups better but is several times slower and still
joins CJK lines with a space.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from retrieval_svc.text import is_cjk

_ITEM_START = re.compile(
    r"^\s*(第[一二三四五六七八九十百零〇\d]+[條条章節节款項项]|[一二三四五六七八九十]+、"
    r"|[（(][一二三四五六七八九十\d]+[)）]|\d+(\.\d+)+\s|\d{1,3}[.、)]\s*\S|[•●▪■◆\-–*]\s)"
)
_LABEL = re.compile(r"^[\u4e00-\u9fff]{1,6}[：:]")
_END = re.compile(r"[。！？；：.!?;:]$")


@dataclass(frozen=True)
class Word:
    """A run of characters pdfplumber put together, with its box and font."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float = 10.0
    bold: bool = False


@dataclass
class Line:
    """Words on one baseline within one column."""

    words: list[Word]
    column: int = 0
    text: str = field(init=False)

    def __post_init__(self) -> None:
        self.words.sort(key=lambda w: w.x0)
        self.text = join_words([w.text for w in self.words])

    @property
    def x0(self) -> float:
        return self.words[0].x0

    @property
    def x1(self) -> float:
        return max(w.x1 for w in self.words)

    @property
    def top(self) -> float:
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> float:
        return max(w.bottom for w in self.words)

    @property
    def size(self) -> float:
        return Counter(round(w.size, 1) for w in self.words).most_common(1)[0][0]

    @property
    def bold(self) -> bool:
        return all(w.bold for w in self.words)


def join_words(parts: Sequence[str]) -> str:
    """Words of a line joined with a space, except between CJK characters."""
    out = ""
    for part in parts:
        if not part:
            continue
        if out and not (is_cjk(out[-1]) and is_cjk(part[0])):
            out += " "
        out += part
    return out


def join_lines(lines: Sequence[str]) -> str:
    """Wrapped lines of one paragraph: CJK lines join with no space, others with one, and a
    word hyphenated at a line's end is made whole again ("reim-" + "bursement")."""
    out = ""
    for line in (x.strip() for x in lines):
        if not line:
            continue
        if not out:
            out = line
        elif out.endswith("-") and len(out) > 1 and out[-2].isalpha() and line[0].islower():
            out = out[:-1] + line
        elif _LABEL.match(line) and not _END.search(out):
            out += " " + line  # 「課時：48課時」 on its own line: a field, not a wrapped word
        elif is_cjk(out[-1]) or is_cjk(line[0]):
            out += line
        else:
            out += " " + line
    return out


def gutters(words: Sequence[Word], width: float) -> list[float]:
    """The x of each gutter of a multi-column page: a vertical strip between the text's left
    and right edges that (almost) no line crosses, with text on both sides in a good share
    of the rows. Empty for a one-column page."""
    if len(words) < 40:
        return []
    left_edge = min(w.x0 for w in words)
    right_edge = max(w.x1 for w in words)
    span = right_edge - left_edge
    lo, crossing = _middle_crossings(words)
    rows = {round(w.top) for w in words}
    allowed = max(2, int(0.04 * len(rows)))
    free = [lo + i for i, tops in enumerate(crossing[:-1]) if len(tops) <= allowed]
    runs: list[tuple[int, int]] = []
    for x in free:
        if runs and x == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], x)
        else:
            runs.append((x, x))
    cuts = [(a + b) / 2 for a, b in runs if b - a >= 5]
    edges = [left_edge - 1, *cuts, right_edge + 1]
    for a, b in itertools.pairwise(edges):
        inside = [w for w in words if w.x0 >= a and w.x1 <= b]
        filled = {round(w.top) for w in inside}
        chars = sum(len(w.text) for w in inside)
        if len(filled) < 0.3 * len(rows) or chars < 15 * len(filled) or b - a < 0.22 * span:
            return []  # too few lines, or lines too short for prose: a table's columns
        if _tabulated_share(inside) >= LISTING_SHARE:
            return []  # fields apart on each line: a wide listing, read across
    return cuts


# A column whose lines are this often cut by wide gaps holds fields, not prose: a police
# report's listing (type, serial, tag | make, model, calibre | case, storage) is read row by
# row across the page, not column by column.
LISTING_SHARE = 0.4


def wide_gap(x1: float, word: Word) -> bool:
    """Whether ``word`` starts more than about two characters right of ``x1``: a gap between
    fields, not between words."""
    return word.x0 - x1 > max(9.0, 1.6 * word.size)


def _tabulated_share(words: Sequence[Word]) -> float:
    """The share of a column's lines that a gap wider than two characters cuts in two."""
    rows: dict[int, list[Word]] = {}
    for w in words:
        rows.setdefault(round(w.top), []).append(w)
    cut = 0
    for row in rows.values():
        row.sort(key=lambda w: w.x0)
        if any(wide_gap(a.x1, b) for a, b in itertools.pairwise(row)):
            cut += 1
    return cut / len(rows) if rows else 0.0


# Rows a band of columns under full-width text must hold at least; a page where more than
# this share of the rows cross every point of its middle has no such band.
MIN_BAND_ROWS = 10
BAND_CROSSING_SHARE = 0.7


def _middle_crossings(words: Sequence[Word]) -> tuple[int, list[list[int]]]:
    """(lo, crossing): for each x from ``lo`` across the middle three fifths of the text's
    width, the tops of the rows whose words cross it, sorted, once each."""
    left_edge = min(w.x0 for w in words)
    span = max(w.x1 for w in words) - left_edge
    lo, hi = int(left_edge + 0.2 * span), int(left_edge + 0.8 * span)
    crossing: list[set[int]] = [set() for _ in range(hi - lo + 1)]
    for w in words:
        for x in range(max(lo, int(w.x0)), min(hi, int(w.x1) + 1)):
            crossing[x - lo].add(round(w.top))
    return lo, [sorted(tops) for tops in crossing]


def column_band(words: Sequence[Word], width: float) -> tuple[list[float], float]:
    """The page's gutters and the top of the band they divide: the whole page (``-inf``), or,
    when full-width text above crosses every gutter (a title, two articles and a table over
    two columns of clauses), the largest band at the bottom of the page that has them."""
    cuts = gutters(words, width)
    if cuts or len(words) < 40:
        return cuts, -math.inf
    _, crossing = _middle_crossings(words)
    rows = sorted({round(w.top) for w in words})
    if min(len(t) for t in crossing) > BAND_CROSSING_SHARE * len(rows):
        return [], -math.inf  # lines cross the middle all the way down: one column
    for k, start in enumerate(rows[1:], start=1):
        if len(rows) - k < MIN_BAND_ROWS:
            break
        allowed = max(2, int(0.04 * (len(rows) - k)))
        free = [len(t) - bisect.bisect_left(t, start) <= allowed for t in crossing]
        if not _has_run(free, 6):
            continue
        band = [w for w in words if round(w.top) >= start]
        cuts = gutters(band, width)
        if cuts:
            return cuts, _first_divided_row(band, cuts) - 0.5
    return [], -math.inf


def _first_divided_row(band: Sequence[Word], cuts: Sequence[float]) -> float:
    """The top of the band's first row that no word crosses a gutter in: the end of a
    full-width paragraph above the columns stays full width."""
    crossed = {round(w.top) for w in band if any(w.x0 < c < w.x1 for c in cuts)}
    return float(min((t for t in {round(w.top) for w in band} if t not in crossed), default=0))


def _has_run(free: Sequence[bool], length: int) -> bool:
    run = 0
    for ok in free:
        run = run + 1 if ok else 0
        if run >= length:
            return True
    return False


def lines_of(words: Sequence[Word], width: float) -> list[Line]:
    """The page's lines in reading order: full-width lines above the columns, each column
    left to right, then full-width lines below them."""
    cuts, band_top = column_band(words, width)
    edges = [-1.0, *cuts, width + 1]
    groups: dict[int, list[Word]] = {i: [] for i in range(len(edges))}
    for w in words:
        column = 0
        for i, (a, b) in enumerate(itertools.pairwise(edges), start=1):
            if cuts and w.top >= band_top and w.x0 >= a and w.x1 <= b:
                column = i
                break
        groups[column].append(w)
    lines: list[Line] = []
    for column, members in groups.items():
        lines.extend(_cluster(members, column))
    if not cuts:
        return sorted(lines, key=lambda ln: (ln.top, ln.x0))
    columns = [ln for ln in lines if ln.column]
    first = min((ln.top for ln in columns), default=0.0)
    above = [ln for ln in lines if not ln.column and ln.bottom <= first + 2]
    below = [ln for ln in lines if not ln.column and ln.bottom > first + 2]
    ordered = sorted(above, key=lambda ln: ln.top)
    ordered += sorted(columns, key=lambda ln: (ln.column, ln.top))
    ordered += sorted(below, key=lambda ln: ln.top)
    return ordered


def _cluster(words: list[Word], column: int) -> list[Line]:
    """Words whose vertical middles lie within half a line of each other form a line."""
    lines: list[Line] = []
    current: list[Word] = []
    mid = 0.0
    for w in sorted(words, key=lambda w: ((w.top + w.bottom) / 2, w.x0)):
        m = (w.top + w.bottom) / 2
        if current and abs(m - mid) > max(2.0, 0.45 * (w.bottom - w.top)):
            lines.append(Line(current, column))
            current = []
        if not current:
            mid = m
        current.append(w)
    if current:
        lines.append(Line(current, column))
    return lines


@dataclass
class Paragraph:
    """Consecutive lines of one paragraph (or one heading)."""

    lines: list[Line]
    heading: bool = False

    @property
    def text(self) -> str:
        return join_lines([ln.text for ln in self.lines])

    @property
    def top(self) -> float:
        return self.lines[0].top


def paragraphs(lines: Sequence[Line], body_size: float) -> list[Paragraph]:
    """Lines grouped into paragraphs: a new one starts after a gap wider than the line
    spacing, at a change of column, at a numbered clause or bullet, and around a heading
    (a line in a larger font than the body, or a short bold line)."""
    out: list[Paragraph] = []
    right = _right_edges(lines)
    spacing = _line_spacing(lines)
    for i, line in enumerate(lines):
        after = lines[i + 1] if i + 1 < len(lines) else None
        heading = _is_heading(line, body_size) or _titles_what_follows(line, after, body_size)
        prev = out[-1] if out else None
        if prev is not None and heading and prev.heading and _continues(prev.lines[-1], line):
            prev.lines.append(line)  # a heading wrapped over two lines
            continue
        if prev is not None and not heading and not prev.heading:
            last = prev.lines[-1]
            gap = line.top - last.bottom
            height = max(1.0, last.bottom - last.top)
            same_flow = last.column == line.column and -height < gap < max(0.75 * height, spacing)
            turn = _runs_into_next_column(last, line)
            indented_start = line.x0 > last.x0 + 1.5 * line.size and _END.search(last.text)
            # a line that stops well short of its column's right edge ends its paragraph
            short = last.x1 < right.get(last.column, last.x1) - 4 * last.size
            # a short line still runs on when what follows is plainly the rest of its sentence
            # (a lower-case word after a comma)
            broken = line.text[:1].islower() and last.text.rstrip().endswith((",", "，", "、"))
            flows = (same_flow or turn) and (not short or broken)
            if flows and not _ITEM_START.match(line.text) and not indented_start:
                prev.lines.append(line)
                continue
        out.append(Paragraph([line], heading))
    return out


def _runs_into_next_column(last: Line, line: Line) -> bool:
    """``line`` opens the next column of the page's columns (lines come column by column) and
    the column before ends mid-sentence: the paragraph runs on at the top of this one."""
    return (
        last.column >= 1
        and line.column == last.column + 1
        and abs(last.size - line.size) < 0.5
        and not _END.search(last.text.rstrip())
    )


def _line_spacing(lines: Sequence[Line]) -> float:
    """The gap between lines of one paragraph on a double-spaced page (a court transcript sets
    every line a line apart), a little widened; 0 on a page set closer than that, where a gap
    of three quarters of a line ends a paragraph."""
    gaps = sorted(
        b.top - a.bottom
        for a, b in itertools.pairwise(lines)
        if a.column == b.column and 0 < b.top - a.bottom < 3 * max(1.0, a.bottom - a.top)
    )
    if len(gaps) < 8:
        return 0.0
    usual = gaps[len(gaps) // 2]
    height = sorted(ln.bottom - ln.top for ln in lines)[len(lines) // 2]
    return 1.15 * usual if usual >= 0.75 * height else 0.0


def _titles_what_follows(line: Line, after: Line | None, body_size: float) -> bool:
    """A short line set clearly larger than the line under it and no smaller than the body: the
    name of what follows (a course's name over its details in a catalogue), even when the
    document's headings are not much larger than its body text."""
    text = line.text.strip()
    if after is None or after.column != line.column or len(text) > 30:
        return False
    if _END.search(text) or _ITEM_START.match(text) or not _TITLE.match(text):
        return False
    letters = sum(ch.isalpha() for ch in text)  # CJK characters are letters too
    if letters < 2 or sum(ch.isdigit() for ch in text) > letters:
        return False  # "Vol. 2020", a page or issue number: not a name
    return line.size >= 1.15 * after.size and line.size >= 0.95 * body_size


# A name opens with a capital, a digit or a CJK character and ends in neither a slash nor a
# comma: a lower-case start or a trailing "/" is a fragment of a sentence or of a running header
# ("and (4) add erroneous AOA as a", "Federal Register /").
_TITLE = re.compile(r"^[A-Z0-9\u3400-\u9fff■●◆].*(?<![/,，、])$")


def _right_edges(lines: Sequence[Line]) -> dict[int, float]:
    """Each column's right edge: where most of its long lines end (the 80th percentile)."""
    ends: dict[int, list[float]] = {}
    for ln in lines:
        ends.setdefault(ln.column, []).append(ln.x1)
    return {c: sorted(v)[int(0.8 * (len(v) - 1))] for c, v in ends.items()}


def _continues(last: Line, line: Line) -> bool:
    height = max(1.0, last.bottom - last.top)
    gap = line.top - last.bottom
    return last.column == line.column and abs(last.size - line.size) < 0.5 and -1 < gap < height


def _is_heading(line: Line, body_size: float) -> bool:
    text = line.text
    if len(text) > 80 or _END.search(text):
        return False
    return line.size >= body_size * 1.18 or (line.bold and len(text) <= 40)


def body_size(lines: Sequence[Line]) -> float:
    """The font size most characters are set in."""
    sizes: Counter[float] = Counter()
    for ln in lines:
        for w in ln.words:
            sizes[round(w.size, 1)] += len(w.text)
    return sizes.most_common(1)[0][0] if sizes else 10.0
