"""``groundmesh bench dates``: its halves and its scoring."""

from __future__ import annotations

import pytest

from bench.dates import Row, answer, load, right

pytestmark = pytest.mark.unit


def test_the_halves_split_the_set() -> None:
    tune, report, every = load("tune"), load("report"), load("all")
    assert tune and report and len(tune) + len(report) == len(every)
    assert not {r.id for r in tune} & {r.id for r in report}


def test_a_row_is_right_only_when_the_value_is_computed() -> None:
    row = Row("x", "en", "add", "2026-03-01 plus 45 days?", "2026-04-15")
    assert right(row, answer(row.question))
    assert not right(row, "")
    none = Row("y", "zh-Hant", "none", "婚假可以請幾天？", "")
    assert right(none, answer(none.question))
    assert not right(none, "2026-01-01 → Thursday (星期四)")
    between = Row("z", "en", "between", "q", "59")
    assert right(between, "2026-01-01 → 2026-03-01: 59 days")
    assert not right(between, "2026-01-01 → 2026-03-01: 159 days")
