"""A table keyed by codes that the document names under headings elsewhere."""

from __future__ import annotations

import pytest

from retrieval_svc.chunking import chunk_blocks
from retrieval_svc.documents.key_names import key_names, with_key_names
from retrieval_svc.documents.model import Block, Kind, TableRow

pytestmark = pytest.mark.unit

CATALOGUE = [
    Block(Kind.HEADING, "财务报表分析", level=2),
    Block(Kind.PARAGRAPH, "课程编号：QH-FN-220 课时：24课时 讲师：何雅琴"),
    Block(Kind.HEADING, "Business Writing", level=2),
    Block(Kind.PARAGRAPH, "Course code: QH-EN-203, 30 hours."),
    Block(Kind.HEADING, "上课时间一览", level=2),
    Block(
        Kind.TABLE,
        "",
        header=("课程编号", "每周上课时间", "教室"),
        rows=(
            TableRow(("QH-FN-220", "周日 13:30-17:00", "904")),
            TableRow(("QH-EN-203", "周四 19:00-21:00", "902")),
            TableRow(("QH-XX-999", "周六", "907")),
        ),
    ),
]


def test_a_code_is_named_by_the_heading_it_is_stated_under() -> None:
    assert key_names(CATALOGUE) == {"qh-fn-220": "财务报表分析", "qh-en-203": "Business Writing"}


def test_the_row_of_a_named_code_carries_the_name() -> None:
    records = [c.text for c in chunk_blocks(CATALOGUE) if "904" in c.text or "902" in c.text]
    row = "课程编号：QH-FN-220（财务报表分析）｜每周上课时间：周日 13:30-17:00｜教室：904"
    assert row in records
    assert any("QH-EN-203 (Business Writing)" in r for r in records)


def test_a_code_stated_under_two_headings_names_nothing() -> None:
    blocks = [
        Block(Kind.HEADING, "Excel"),
        Block(Kind.PARAGRAPH, "See QH-OF-102."),
        Block(Kind.HEADING, "Word"),
        Block(Kind.PARAGRAPH, "Also QH-OF-102."),
    ]
    assert key_names(blocks) == {}


def test_a_row_that_already_names_it_is_left_alone() -> None:
    table = Block(Kind.TABLE, "", header=("code", "name"), rows=(TableRow(("AB-123", "Excel")),))
    assert with_key_names(table, {"ab-123": "Excel"}) is table
