"""Bad input on every gRPC method: a clean status with a message, never INTERNAL or UNKNOWN.

Also raw wire bytes no generated stub can build (invalid UTF-8 in a ``string`` field), and
the store is unchanged afterwards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest

from groundmesh.v1 import (
    agent_pb2,
    agent_pb2_grpc,
    common_pb2,
    judge_pb2,
    judge_pb2_grpc,
    retrieval_pb2,
    retrieval_pb2_grpc,
    router_pb2,
    router_pb2_grpc,
)
from testkit.faults import TALLY
from tests.reliability.bad_inputs import CORRUPT_PDF, DOCX, MB, docx_bomb
from tests.reliability.running_mesh import RunningMesh, store_state

pytestmark = [pytest.mark.e2e]

CLEAN = frozenset(
    {
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.NOT_FOUND,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.OUT_OF_RANGE,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.UNAUTHENTICATED,
        grpc.StatusCode.PERMISSION_DENIED,
    }
)
CLEAN_NAMES = frozenset(c.name for c in CLEAN)
HUGE = "x" * MB
CONTROL = "\x00\x01\x02\x1b\x7f"


@dataclass(frozen=True)
class GrpcCase:
    name: str
    service: str  # which process
    call: Callable[[grpc.Channel], Any]


def _history(turns: int) -> list[common_pb2.Turn]:
    roles = (common_pb2.ROLE_USER, common_pb2.ROLE_ASSISTANT)
    return [common_pb2.Turn(role=roles[i % 2], content=f"turn {i}") for i in range(turns)]


def _search(**fields: Any) -> Callable[[grpc.Channel], Any]:
    def call(ch: grpc.Channel) -> Any:
        request = retrieval_pb2.SearchRequest(**{"tenant": "acme", "query": "zebra", **fields})
        return retrieval_pb2_grpc.RetrievalServiceStub(ch).Search(request, timeout=60)

    return call


def _ingest(*requests: retrieval_pb2.IngestRequest) -> Callable[[grpc.Channel], Any]:
    def call(ch: grpc.Channel) -> Any:
        return list(retrieval_pb2_grpc.RetrievalServiceStub(ch).Ingest(iter(requests), timeout=120))

    return call


def _doc(**fields: Any) -> retrieval_pb2.IngestRequest:
    base: dict[str, Any] = {
        "tenant": "acme",
        "doc_id": "hostile.md",
        "content_type": "text/markdown",
        "content": b"# Hostile\n\nA document.",
    }
    return retrieval_pb2.IngestRequest(**{**base, **fields})


def _route(**fields: Any) -> Callable[[grpc.Channel], Any]:
    def call(ch: grpc.Channel) -> Any:
        request = router_pb2.RouteRequest(**{"tenant": "acme", "question": "hello", **fields})
        return router_pb2_grpc.RouterServiceStub(ch).Route(request, timeout=60)

    return call


def _judge(**fields: Any) -> Callable[[grpc.Channel], Any]:
    def call(ch: grpc.Channel) -> Any:
        source = common_pb2.Chunk(chunk_id="a#0", doc_id="a", text="Zebras are striped.")
        base: dict[str, Any] = {
            "tenant": "acme",
            "question": "What are zebras?",
            "draft": "Zebras are striped. [a#0]",
            "sources": [source],
        }
        request = judge_pb2.JudgeRequest(**{**base, **fields})
        return judge_pb2_grpc.JudgeServiceStub(ch).Judge(request, timeout=60)

    return call


def _grade(**fields: Any) -> Callable[[grpc.Channel], Any]:
    def call(ch: grpc.Channel) -> Any:
        base: dict[str, Any] = {
            "tenant": "acme",
            "question": "What are zebras?",
            "chunks": [common_pb2.Chunk(chunk_id="a#0", doc_id="a", text="Zebras.")],
        }
        request = judge_pb2.GradeDocumentsRequest(**{**base, **fields})
        return judge_pb2_grpc.JudgeServiceStub(ch).GradeDocuments(request, timeout=60)

    return call


def _question(**fields: Any) -> agent_pb2.Question:
    return agent_pb2.Question(
        **{"tenant": "acme", "question": "What is zebra telemetry?", **fields}
    )


def _ask(**fields: Any) -> Callable[[grpc.Channel], Any]:
    def call(ch: grpc.Channel) -> Any:
        request = agent_pb2.AskRequest(question=_question(**fields))
        return agent_pb2_grpc.AgentServiceStub(ch).Ask(request, timeout=120)

    return call


def _ask_stream(**fields: Any) -> Callable[[grpc.Channel], Any]:
    def call(ch: grpc.Channel) -> Any:
        request = agent_pb2.AskStreamRequest(question=_question(**fields))
        events = list(agent_pb2_grpc.AgentServiceStub(ch).AskStream(request, timeout=120))
        # A stream may refuse with a status or with a final error event of a clean code.
        last = events[-1] if events else None
        if last is not None and last.WhichOneof("event") == "error":
            raise StreamRefused(last.error.code, last.error.message)
        return events

    return call


class StreamRefused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code, self.message = code, message


def _raw(service: str, method: str, payload: bytes) -> Callable[[grpc.Channel], Any]:
    """Send ``payload`` as the request's wire bytes, bypassing the generated classes."""

    def call(ch: grpc.Channel) -> Any:
        stub = ch.unary_unary(
            f"/groundmesh.v1.{service}/{method}",
            request_serializer=lambda b: b,
            response_deserializer=lambda b: b,
        )
        return stub(payload, timeout=60)

    return call


def _field(number: int, value: bytes) -> bytes:
    """A length-delimited protobuf field (numbers < 16, lengths < 2**21)."""
    length = len(value)
    varint = bytearray()
    while True:
        byte = length & 0x7F
        length >>= 7
        varint.append(byte | (0x80 if length else 0))
        if not length:
            break
    return bytes([number << 3 | 2]) + bytes(varint) + value


BAD_UTF8 = b"caf\xc3\x28 \xff\xfe"

CASES: list[GrpcCase] = [
    # retrieval_svc Search
    GrpcCase("Search: empty tenant", "retrieval_svc", _search(tenant="")),
    GrpcCase("Search: empty query", "retrieval_svc", _search(query="")),
    GrpcCase("Search: whitespace query", "retrieval_svc", _search(query=" \t\n ")),
    GrpcCase("Search: 1 MB query", "retrieval_svc", _search(query=HUGE)),
    GrpcCase("Search: control characters", "retrieval_svc", _search(query=CONTROL)),
    GrpcCase("Search: negative top_k", "retrieval_svc", _search(top_k=-5)),
    GrpcCase("Search: huge top_k", "retrieval_svc", _search(top_k=10**9)),
    GrpcCase("Search: unknown fusion", "retrieval_svc", _search(fusion=99)),
    GrpcCase("Search: unknown mode", "retrieval_svc", _search(mode=42)),
    GrpcCase("Search: negative weight", "retrieval_svc", _search(vector_weight=-1.0)),
    GrpcCase("Search: NaN weight", "retrieval_svc", _search(bm25_weight=float("nan"))),
    GrpcCase(
        "Search: invalid UTF-8",
        "retrieval_svc",
        _raw("RetrievalService", "Search", _field(1, b"acme") + _field(2, BAD_UTF8)),
    ),
    # retrieval_svc Ingest
    GrpcCase("Ingest: empty tenant", "retrieval_svc", _ingest(_doc(tenant=""))),
    GrpcCase("Ingest: empty doc_id", "retrieval_svc", _ingest(_doc(doc_id=""))),
    GrpcCase("Ingest: traversal doc_id", "retrieval_svc", _ingest(_doc(doc_id="../../etc/passwd"))),
    GrpcCase("Ingest: control chars in doc_id", "retrieval_svc", _ingest(_doc(doc_id="a\x00b"))),
    GrpcCase("Ingest: 1 MB doc_id", "retrieval_svc", _ingest(_doc(doc_id=HUGE))),
    GrpcCase("Ingest: empty content", "retrieval_svc", _ingest(_doc(content=b""))),
    GrpcCase("Ingest: whitespace content", "retrieval_svc", _ingest(_doc(content=b"  \n\t "))),
    GrpcCase(
        "Ingest: unsupported type",
        "retrieval_svc",
        _ingest(_doc(content_type="application/x-msdownload", content=b"MZ\x90")),
    ),
    GrpcCase(
        "Ingest: corrupt PDF",
        "retrieval_svc",
        _ingest(_doc(doc_id="c.pdf", content_type="application/pdf", content=CORRUPT_PDF)),
    ),
    GrpcCase(
        "Ingest: DOCX zip bomb",
        "retrieval_svc",
        _ingest(_doc(doc_id="b.docx", content_type=DOCX, content=docx_bomb(100 * MB))),
    ),
    GrpcCase(
        "Ingest: over the size limit",
        "retrieval_svc",
        _ingest(_doc(doc_id="big.txt", content_type="text/plain", content=b"a" * (8 * MB + 1))),
    ),
    GrpcCase(
        "Ingest: invalid UTF-8 tenant",
        "retrieval_svc",
        lambda ch: list(
            ch.stream_stream(
                "/groundmesh.v1.RetrievalService/Ingest",
                request_serializer=lambda b: b,
                response_deserializer=lambda b: b,
            )(iter([_field(1, BAD_UTF8) + _field(2, b"x.md")]), timeout=60)
        ),
    ),
    # retrieval_svc ListDocuments, DeleteDocument, GetStats
    GrpcCase(
        "ListDocuments: empty tenant",
        "retrieval_svc",
        lambda ch: retrieval_pb2_grpc.RetrievalServiceStub(ch).ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant=""), timeout=60
        ),
    ),
    GrpcCase(
        "ListDocuments: control tenant",
        "retrieval_svc",
        lambda ch: retrieval_pb2_grpc.RetrievalServiceStub(ch).ListDocuments(
            retrieval_pb2.ListDocumentsRequest(tenant=CONTROL), timeout=60
        ),
    ),
    GrpcCase(
        "DeleteDocument: unknown id",
        "retrieval_svc",
        lambda ch: retrieval_pb2_grpc.RetrievalServiceStub(ch).DeleteDocument(
            retrieval_pb2.DeleteDocumentRequest(tenant="acme", doc_id="no-such.md"), timeout=60
        ),
    ),
    GrpcCase(
        "DeleteDocument: empty id",
        "retrieval_svc",
        lambda ch: retrieval_pb2_grpc.RetrievalServiceStub(ch).DeleteDocument(
            retrieval_pb2.DeleteDocumentRequest(tenant="acme", doc_id=""), timeout=60
        ),
    ),
    GrpcCase(
        "DeleteDocument: other tenant's id",
        "retrieval_svc",
        lambda ch: retrieval_pb2_grpc.RetrievalServiceStub(ch).DeleteDocument(
            retrieval_pb2.DeleteDocumentRequest(tenant="acme", doc_id="zebra-globex.md"), timeout=60
        ),
    ),
    GrpcCase(
        "DeleteDocument: empty tenant",
        "retrieval_svc",
        lambda ch: retrieval_pb2_grpc.RetrievalServiceStub(ch).DeleteDocument(
            retrieval_pb2.DeleteDocumentRequest(tenant="", doc_id="zebra-acme.md"), timeout=60
        ),
    ),
    GrpcCase(
        "GetStats: empty tenant",
        "retrieval_svc",
        lambda ch: retrieval_pb2_grpc.RetrievalServiceStub(ch).GetStats(
            retrieval_pb2.GetStatsRequest(tenant=""), timeout=60
        ),
    ),
    # router_svc Route
    GrpcCase("Route: empty question", "router_svc", _route(question="")),
    GrpcCase("Route: whitespace question", "router_svc", _route(question="  \n\t")),
    GrpcCase("Route: 1 MB question", "router_svc", _route(question=HUGE)),
    GrpcCase("Route: control characters", "router_svc", _route(question=CONTROL)),
    GrpcCase("Route: 10,000-turn history", "router_svc", _route(history=_history(10_000))),
    GrpcCase(
        "Route: invalid UTF-8",
        "router_svc",
        _raw("RouterService", "Route", _field(1, b"acme") + _field(2, BAD_UTF8)),
    ),
    # judge_svc Judge and GradeDocuments
    GrpcCase("Judge: empty draft", "judge_svc", _judge(draft="")),
    GrpcCase("Judge: whitespace draft", "judge_svc", _judge(draft=" \n ")),
    GrpcCase("Judge: 1 MB draft", "judge_svc", _judge(draft=HUGE)),
    GrpcCase("Judge: empty question", "judge_svc", _judge(question="")),
    GrpcCase("Judge: negative iteration", "judge_svc", _judge(iteration=-3, max_iterations=-1)),
    GrpcCase(
        "Judge: invalid UTF-8",
        "judge_svc",
        _raw("JudgeService", "Judge", _field(1, b"acme") + _field(3, BAD_UTF8)),
    ),
    GrpcCase("GradeDocuments: empty question", "judge_svc", _grade(question="")),
    GrpcCase("GradeDocuments: 1 MB question", "judge_svc", _grade(question=HUGE)),
    # agent_svc Ask and AskStream
    GrpcCase("Ask: empty question", "agent_svc", _ask(question="")),
    GrpcCase("Ask: whitespace question", "agent_svc", _ask(question=" \t ")),
    GrpcCase("Ask: empty tenant", "agent_svc", _ask(tenant="")),
    GrpcCase("Ask: 1 MB question", "agent_svc", _ask(question=HUGE)),
    GrpcCase("Ask: 10,000-turn history", "agent_svc", _ask(history=_history(10_000))),
    GrpcCase(
        "Ask: negative limits",
        "agent_svc",
        _ask(limits=common_pb2.Limits(max_iterations=-1, max_tokens=-5, max_duration_seconds=-1)),
    ),
    GrpcCase("Ask: unknown template", "agent_svc", _ask(template="../../etc/passwd")),
    GrpcCase(
        "Ask: invalid UTF-8",
        "agent_svc",
        _raw("AgentService", "Ask", _field(1, _field(1, b"acme") + _field(2, BAD_UTF8))),
    ),
    GrpcCase("AskStream: empty question", "agent_svc", _ask_stream(question="")),
    GrpcCase("AskStream: 1 MB question", "agent_svc", _ask_stream(question=HUGE)),
    GrpcCase("AskStream: 10,000-turn history", "agent_svc", _ask_stream(history=_history(10_000))),
    GrpcCase("AskStream: empty tenant", "agent_svc", _ask_stream(tenant="")),
]

# Bounded by design rather than refused (router_svc/validation.py bound_history keeps the most
# recent turns): a clean status or a normal reply both count as handled.
BOUNDED = frozenset(
    {"Route: 10,000-turn history", "Ask: 10,000-turn history", "AskStream: 10,000-turn history"}
)


def _blank_draft_verdict(reply: judge_pb2.JudgeResponse) -> None:
    # judge_svc/README.md, "Bad input": an empty draft to a question claims nothing (the
    # seed's note) but answers nothing either, so it is never accepted (issue 16).
    j = reply.judgement
    assert not j.addresses_question and j.decision != common_pb2.DECISION_ACCEPT, j
    assert "Answer is empty" in j.hallucination.notes, j.hallucination.notes


def _judged_without_question(reply: judge_pb2.JudgeResponse) -> None:
    j = reply.judgement
    assert j.relevance_notes == j.completeness_notes == "no question given", j
    assert list(j.hallucination.valid_citations) == ["a#0"], j


# Answered by design rather than refused, so a reply must say what the documentation says.
# judge_svc/README.md's input table: "empty draft with a question | … refine then reject"
# (seed 004's "Answer is empty, cannot detect hallucinations"; tests/judge/test_judge_grpc.py
# relies on it over gRPC). JudgeRequest.question is optional (unlike GradeDocuments', which the
# proto marks required): judge_svc/dimensions.py scores completeness and relevance "1 without
# question" and notes "no question given"; tests/judge and tests/integration judge without one.
DOCUMENTED: dict[str, Callable[[Any], None]] = {
    "Judge: empty draft": _blank_draft_verdict,
    "Judge: whitespace draft": _blank_draft_verdict,
    "Judge: empty question": _judged_without_question,
}
_NOT_PROTOBUF = "request is not valid protobuf: "
# Refusals whose message must name the problem (each was once a bug: served, UNKNOWN or INTERNAL).
REFUSED_SAYING: dict[str, str] = {
    "Search: control characters": "query is empty",
    "Search: unknown fusion": "fusion 99 is not a Fusion",
    "Search: unknown mode": "mode 42 is not a SearchMode",
    "Search: negative weight": "vector_weight",
    "Search: NaN weight": "bm25_weight",
    "Search: invalid UTF-8": _NOT_PROTOBUF,
    "Route: invalid UTF-8": _NOT_PROTOBUF,
    "Judge: invalid UTF-8": _NOT_PROTOBUF,
    "Ask: invalid UTF-8": _NOT_PROTOBUF,
    "Ingest: invalid UTF-8 tenant": _NOT_PROTOBUF,
}
# Cases that reveal a bug in code this suite does not own: visible, and the suite stays green.
BUGS: dict[str, str] = {}


def _param(case: GrpcCase) -> Any:
    marks = [pytest.mark.xfail(strict=True, reason=BUGS[case.name])] if case.name in BUGS else []
    return pytest.param(case, id=case.name, marks=marks)


@pytest.fixture(scope="module")
def channels(mesh: RunningMesh) -> Iterator[dict[str, grpc.Channel]]:
    opened = {
        name: grpc.insecure_channel(
            mesh.address(name),
            options=[
                ("grpc.max_send_message_length", 64 * MB),
                ("grpc.max_receive_message_length", 64 * MB),
            ],
        )
        for name in ("retrieval_svc", "router_svc", "judge_svc", "agent_svc")
    }
    yield opened
    for ch in opened.values():
        ch.close()


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_bad_call_gets_a_clean_status_and_changes_nothing(
    healthy_mesh: RunningMesh, channels: dict[str, grpc.Channel], case: GrpcCase
) -> None:
    before = store_state(healthy_mesh)
    ok = False
    try:
        try:
            reply = case.call(channels[case.service])
        except grpc.RpcError as exc:
            code, details = exc.code(), exc.details()
            assert case.name not in DOCUMENTED, ("refused a documented input", code, details)
            assert code in CLEAN, (code, details)
            assert details and details.strip(), code
            assert "Traceback" not in details
            if case.name in REFUSED_SAYING:
                assert code == grpc.StatusCode.INVALID_ARGUMENT, (code, details)
                assert REFUSED_SAYING[case.name] in details, details
        except StreamRefused as refused:
            assert refused.code in CLEAN_NAMES, (refused.code, refused.message)
            assert refused.message.strip()
        else:
            assert case.name not in REFUSED_SAYING, f"accepted: {str(reply)[:300]}"
            if case.name in DOCUMENTED:
                DOCUMENTED[case.name](reply)
            elif case.name not in BOUNDED:
                pytest.fail(f"accepted: {str(reply)[:300]}")
        assert store_state(healthy_mesh) == before
        ok = True
    finally:
        TALLY.record("bad_grpc", ok)
