"""Dropping the draft lines the judge found off the question (issue 28)."""

from __future__ import annotations

from agent_svc.trim import drop_lines, off_topic_to_drop
from groundmesh.v1 import common_pb2

DRAFT = (
    "根據您的文件：\n"
    "回答送出之前，會先交給判斷服務檢查是否有幻覺。 [overview.zh-Hant.md#2]\n"
    "Groundmesh answers questions over your own documents. [README.md#0]\n"
    "代理服務先請路由服務判斷語言與意圖。 [overview.zh-Hant.md#1]"
)
ON = "回答送出之前，會先交給判斷服務檢查是否有幻覺。"
OFF = [
    "Groundmesh answers questions over your own documents.",
    "代理服務先請路由服務判斷語言與意圖。",
]


def test_off_topic_lines_go_and_the_rest_is_kept_as_written() -> None:
    assert drop_lines(DRAFT, OFF, [ON]) == (
        "根據您的文件：\n回答送出之前，會先交給判斷服務檢查是否有幻覺。 [overview.zh-Hant.md#2]"
    )


def test_nothing_is_dropped_when_nothing_cited_would_be_left() -> None:
    assert drop_lines(DRAFT, [ON, *OFF], []) == DRAFT


def test_a_lead_in_with_nothing_after_it_goes_too() -> None:
    draft = (
        "calculator: 7*7 → 49 [calculator-1-1]\nFrom your documents:\n"
        "The router was trained in rounds. [README.md#44]"
    )
    assert drop_lines(draft, ["The router was trained in rounds."], ["calculator: 7*7 → 49"]) == (
        "calculator: 7*7 → 49 [calculator-1-1]"
    )


def test_a_marked_quote_matches_its_verdict() -> None:
    draft = "根據您的文件：\n「Sick leave is paid.」 [a#0]\n病假照給薪資。 [b#0]"
    assert drop_lines(draft, ["Sick leave is paid."], ["病假照給薪資。"]).endswith("[b#0]")
    assert "Sick" not in drop_lines(draft, ["Sick leave is paid."], ["病假照給薪資。"])


def test_only_named_lines_beside_addressing_ones_are_dropped() -> None:
    judgement = common_pb2.Judgement(
        line_verdicts=[
            common_pb2.LineVerdict(text=ON, addresses_question=True),
            common_pb2.LineVerdict(text=OFF[0], addresses_question=False, reason="x"),
        ]
    )
    assert off_topic_to_drop(judgement) == [OFF[0]]
    none_on = common_pb2.Judgement(
        line_verdicts=[common_pb2.LineVerdict(text=OFF[0], addresses_question=False)]
    )
    assert off_topic_to_drop(none_on) == []  # the answer-level check refuses such a draft
