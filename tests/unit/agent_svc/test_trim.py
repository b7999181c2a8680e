"""Dropping the draft lines the judge found off the question (issue 28)."""

from __future__ import annotations

from agent_svc.trim import drop_lines, off_topic_to_drop, with_context
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


WEASLEY = (
    "根据您的文件：\n"
    "派西·卫斯理是《哈利·波特》系列中的角色。 [c#0]\n"
    "派西有五名兄弟和一个妹妹。 [c#0]\n"
    "在卫斯理家排行第三。 [c#0]"
)


def test_the_dropped_line_just_before_the_answer_comes_back_as_its_context() -> None:
    trimmed = "根据您的文件：\n在卫斯理家排行第三。 [c#0]"
    assert with_context(WEASLEY, trimmed) == (
        "根据您的文件：\n派西有五名兄弟和一个妹妹。 [c#0]\n在卫斯理家排行第三。 [c#0]"
    )


def test_else_the_line_just_after_it() -> None:
    trimmed = "根据您的文件：\n派西·卫斯理是《哈利·波特》系列中的角色。 [c#0]"
    assert with_context(WEASLEY, trimmed).split("\n")[1:] == [
        "派西·卫斯理是《哈利·波特》系列中的角色。 [c#0]",
        "派西有五名兄弟和一个妹妹。 [c#0]",
    ]


def test_no_context_when_nothing_was_dropped_next_to_the_answer() -> None:
    assert with_context(WEASLEY, WEASLEY) == ""
    assert with_context(WEASLEY, "根据您的文件：") == ""
