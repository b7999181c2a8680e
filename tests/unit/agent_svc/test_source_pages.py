"""A source's page and page label reach the answer: the agent passes retrieval's chunks through
as they came (the gateway and the chat page show where a passage is found from them)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from agent_svc.templates import AnalysisTemplate
from groundmesh.v1 import agent_pb2, common_pb2
from tests.unit.agent_svc.agent_fakes import CITATION, FakeUpstreams, answer_of, make_graph, run

pytestmark = pytest.mark.unit


def paged(
    chunk_id: str, text: str, title: str, page: int, page_label: str = ""
) -> common_pb2.Chunk:
    return common_pb2.Chunk(
        chunk_id=chunk_id,
        doc_id=chunk_id.split("#")[0],
        title=title,
        text=text,
        page=page,
        page_label=page_label,
    )


DOCS = [
    paged(
        "leave.pdf#4",
        "Employees must request annual leave three days in advance through the HR portal.",
        "Leave policy",
        page=3,
    ),
    paged(
        "rates.xlsx#2",
        "Domestic travel: the daily allowance is 2,000 dollars per day of travel.",
        "Travel rates",
        page=2,
        page_label="Rates 2026",
    ),
    paged(
        "memo.png#0",
        "Laptops must be returned to the security team within one hour of leaving.",
        "Scanned memo",
        page=1,
        page_label="scanned",
    ),
]
BY_ID = {c.chunk_id: c for c in DOCS}


def assert_pages_kept(sources: Iterable[common_pb2.Chunk]) -> None:
    seen = list(sources)
    assert seen
    for s in seen:
        original = BY_ID[s.chunk_id]
        assert (s.page, s.page_label) == (original.page, original.page_label), s.chunk_id


@pytest.mark.parametrize(
    ("question", "cited"),
    [
        ("How many days in advance is annual leave requested?", "leave.pdf#4"),
        ("What is the daily allowance for domestic travel?", "rates.xlsx#2"),
        ("When must laptops be returned to the security team?", "memo.png#0"),
    ],
)
async def test_an_answers_sources_keep_their_page_and_label(question: str, cited: str) -> None:
    answer = answer_of(await run(make_graph(FakeUpstreams(list(DOCS))), question))
    assert cited in set(CITATION.findall(answer.answer))
    assert cited in {s.chunk_id for s in answer.sources}
    assert_pages_kept(answer.sources)


async def test_a_templates_sources_keep_their_page_and_label() -> None:
    graph = make_graph(FakeUpstreams(list(DOCS)))
    graph.templates.register(
        AnalysisTemplate(
            name="policies",
            description="leave and travel",
            dimensions=["leave", "travel"],
            prompts={
                "leave": "How many days in advance is annual leave requested? ({question})",
                "travel": "What is the daily allowance for domestic travel? ({question})",
            },
        )
    )
    q = agent_pb2.Question(tenant="t", question="policies", template="policies")
    answer = [e async for e in graph.run(q)][-1].done.answer
    assert {"leave.pdf#4", "rates.xlsx#2"} <= {s.chunk_id for s in answer.sources}
    assert_pages_kept(answer.sources)


def test_a_source_survives_the_wire_with_its_page() -> None:
    """The answer crosses gRPC to the gateway as bytes: page and label come back intact."""
    answer = agent_pb2.Answer(answer="x [rates.xlsx#2]", sources=DOCS)
    again = agent_pb2.Answer.FromString(answer.SerializeToString())
    assert_pages_kept(again.sources)
    assert [s.page_label for s in again.sources] == ["", "Rates 2026", "scanned"]
