"""standalone_check (issue 17): a message with history is searched as a follow-up when its own
search and the search for the router's contextual rewrite disagree and the rewrite's evidence
passes and is at least as good."""

from __future__ import annotations

import pytest

from agent_svc.nodes.standalone_check import Evidence, leans_on_history
from groundmesh.v1 import agent_pb2, common_pb2, router_pb2
from tests.unit.agent_svc.agent_fakes import FakeUpstreams, answer_of, chunk, make_graph, run

pytestmark = pytest.mark.unit

DOCS = [
    chunk(
        "sec#0",
        "Report a lost laptop to the security team within one hour. The security team can be "
        "reached at extension 4410.",
        "Security handbook",
    ),
    chunk("hr#0", "Annual leave must be requested three days in advance.", "Leave policy"),
]
FIRST = "How fast must a lost laptop be reported?"
CONTEXTUAL = "And the number (about lost laptop security team)?"


def _route(question: str, contextual: str) -> router_pb2.RouteResponse:
    return router_pb2.RouteResponse(
        intent=common_pb2.INTENT_DOCUMENT_QA,
        task_type=common_pb2.TASK_TYPE_SIMPLE_FAQ,
        language="en",
        answer_language="en",
        confidence=0.9,
        normalized_question=question,
        search_queries=[question],
        contextual_question=contextual,
    )


def _checks(events: list[agent_pb2.AskStreamResponse]) -> list[str]:
    return [e.reasoning.text for e in events if e.reasoning.step == "standalone_check"]


async def _second(up: FakeUpstreams, question: str) -> list[agent_pb2.AskStreamResponse]:
    graph = make_graph(up)
    await run(graph, FIRST, session_id="s1")
    return await run(graph, question, session_id="s1")


async def test_only_the_rewrite_finds_evidence_so_it_is_a_follow_up() -> None:
    up = FakeUpstreams(DOCS, grades={"sec#0": 0.9})
    up.routes["And the number?"] = _route("And the number?", CONTEXTUAL)
    events = await _second(up, "And the number?")
    [check] = _checks(events)
    assert "searched as the follow-up" in check
    assert up.searches[2][0] == CONTEXTUAL  # checked
    assert up.searches[3][0] == CONTEXTUAL  # planned: the router's own query gave way
    assert "[sec#0]" in answer_of(events).answer


async def test_a_message_whose_own_search_finds_evidence_stands_alone() -> None:
    question = "When must annual leave be requested?"
    up = FakeUpstreams(DOCS, grades={"hr#0": 0.9, "sec#0": 0.9})
    up.routes[question] = _route(question, f"{question} (about lost laptop)")
    events = await _second(up, question)
    [check] = _checks(events)
    assert check.startswith("the message stands alone")
    assert all("about lost laptop" not in q for q, _ in up.searches[3:])  # planned searches


def test_the_rule() -> None:
    assert leans_on_history(Evidence("", 0.0), Evidence("a", 0.7))
    assert leans_on_history(Evidence("b", 0.9), Evidence("a", 0.9))
    assert not leans_on_history(Evidence("a", 0.5), Evidence("a", 0.9))  # they agree
    assert not leans_on_history(Evidence("b", 0.9), Evidence("a", 0.8))  # the message's is better
    assert not leans_on_history(Evidence("", 0.0), Evidence("a", 0.6))  # nothing passes


async def test_no_rewrite_no_check() -> None:
    up = FakeUpstreams(DOCS, grades={"sec#0": 0.9})
    up.routes["And the number?"] = _route("And the number?", "")
    events = await _second(up, "And the number?")
    assert not _checks(events)


async def test_a_failing_search_skips_the_check() -> None:
    up = FakeUpstreams(DOCS, grades={"sec#0": 0.9})
    up.routes["And the number?"] = _route("And the number?", CONTEXTUAL)
    graph = make_graph(up)
    await run(graph, FIRST, session_id="s1")
    up.search_failures = 1
    events = await run(graph, "And the number?", session_id="s1")
    assert not _checks(events)
    assert answer_of(events).answer  # the run goes on


def _graded_by_question(question: str, chunk_id: str) -> float:
    """The leave rule answers the message as asked, the security handbook only the message
    with the old topic in front."""
    rewritten = "(about" in question
    table = {"hr#0": 0.2 if rewritten else 0.67, "sec#0": 0.71 if rewritten else 0.2}
    return table.get(chunk_id, 0.0)


async def test_a_full_question_on_another_subject_is_not_read_as_a_follow_up() -> None:
    """Found in Chromium: "How many days of marriage leave do staff get?" after a question about
    a city's lodging cap; the rewrite with the old topic in front graded its own (old) document
    0.71, the message's leave policy 0.67, and the question was searched as a follow-up and
    refused. The rewrite's passage must answer the message as asked too."""
    question = "When must annual leave be requested?"
    up = FakeUpstreams(DOCS, grade_of=_graded_by_question)
    up.routes[question] = _route(question, f"{question} (about lost laptop security team)")
    events = await _second(up, question)
    [check] = _checks(events)
    assert check.startswith("the message stands alone"), check
    assert "[hr#0]" in answer_of(events).answer


def _followup_route(question: str, rewrite: str) -> router_pb2.RouteResponse:
    """The classifier took ``question`` for a follow-up its wording does not show."""
    return router_pb2.RouteResponse(
        intent=common_pb2.INTENT_DOCUMENT_QA,
        task_type=common_pb2.TASK_TYPE_CONVERSATION_FOLLOWUP,
        language="en",
        answer_language="en",
        confidence=0.7,
        normalized_question=question,
        standalone_question=rewrite,
        is_followup=True,
        search_queries=[rewrite],
        contextual_question=rewrite,
    )


async def test_a_model_follow_up_finding_the_same_document_alone_stands_alone() -> None:
    """Found in Chromium: 「成績等第 X 代表什麼情況？」 after a question on meeting minutes was
    taken for a follow-up and searched with the minutes' topic in front; both searches find
    the grading rules, so the message is searched as asked."""
    question = "When must annual leave be requested?"
    rewrite = "About lost laptop, when must annual leave be requested?"
    up = FakeUpstreams(DOCS, grades={"hr#0": 0.55})
    up.routes[question] = _followup_route(question, rewrite)
    events = await _second(up, question)
    [check] = _checks(events)
    assert check.startswith("the message stands alone"), check
    searched = [q for q, _ in up.searches]
    assert searched.count(rewrite) == 1 and searched[-1] == question, searched  # checked only
    assert "[hr#0]" in answer_of(events).answer


async def test_a_model_follow_up_finding_another_document_stays_one() -> None:
    """「他妻子叫什么名字？」 alone finds another person's passage, graded higher than the
    rewrite's: the grades do not overrule the classifier when the documents differ."""
    question = "What is the phone number?"
    rewrite = "What is the lost laptop security team's extension?"

    def grade_of(asked: str, chunk_id: str) -> float:
        if asked == rewrite:
            return {"sec#0": 0.5}.get(chunk_id, 0.1)
        # The rewrite's passage answers the message as asked as well as the other does.
        return {"cafe#0": 0.9, "sec#0": 0.9}.get(chunk_id, 0.1)

    up = FakeUpstreams(
        [*DOCS, chunk("cafe#0", "The cafe phone number is 555-0100.", "Cafe")],
        grade_of=grade_of,
    )
    up.routes[question] = _followup_route(question, rewrite)
    events = await _second(up, question)
    [check] = _checks(events)
    assert "searched as the follow-up" in check, check
    searched = [q for q, _ in up.searches]
    assert searched.count(question) == 1 and searched[-1] == rewrite, searched  # checked only


async def test_a_model_follow_up_whose_rewrite_finds_what_does_not_answer_it_stands_alone() -> None:
    """Found in Chromium: 「成績等第 X 代表什麼情況？」 after a question on meeting minutes; the
    rewrite with the minutes in front found the minutes (0.58), the message alone the grading
    rules (0.55), and the minutes' passage does not answer the message as asked."""
    question = "When must annual leave be requested?"
    rewrite = "About the lost laptop security team, when must annual leave be requested?"

    def grade_of(asked: str, chunk_id: str) -> float:
        if asked == rewrite:
            return {"sec#0": 0.58}.get(chunk_id, 0.1)
        return {"hr#0": 0.55}.get(chunk_id, 0.0)

    up = FakeUpstreams(DOCS, grade_of=grade_of)
    up.routes[question] = _followup_route(question, rewrite)
    events = await _second(up, question)
    [check] = _checks(events)
    assert check.startswith("the message stands alone"), check
    assert "[hr#0]" in answer_of(events).answer


async def test_a_model_follow_up_naming_the_document_it_finds_by_its_title_stands_alone() -> None:
    """Found in Chromium: 「Northgate理工學院的臨床試驗數據要保存多少年？」 after a question on a
    projector loan was taken for a follow-up (0.24); the rewrite's loan-form passage was graded
    against the message as well as the records schedule's, so it stayed one and was answered
    from the loan form. The message names the schedule by its title's rare word."""
    question = "How long does Northgate keep the records?"
    rewrite = "About the lost laptop security team, how long does Northgate keep the records?"
    schedule = chunk("ng#0", "Student records are kept for 6 years.", "Northgate Schedule")

    def grade_of(asked: str, chunk_id: str) -> float:
        # The rewrite's passage is graded above the message's own, against either phrasing.
        return {"sec#0": 0.72, "ng#0": 0.65}.get(chunk_id, 0.1)

    up = FakeUpstreams([*DOCS, schedule], grade_of=grade_of)
    up.routes[question] = _followup_route(question, rewrite)
    events = await _second(up, question)
    [check] = _checks(events)
    assert check.startswith("the message stands alone"), check
    assert "[ng#0]" in answer_of(events).answer
