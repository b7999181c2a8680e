"""LLM faults through a real agent (AskStream, anthropic provider, local Messages API server).

Each fault — 429 with retry-after, 529 overloaded, 500, a timeout, a dropped stream, malformed
and schema-invalid tool input — is injected persistently (every matching call fails) and
transiently (the first call fails, then the model answers). The stream always ends with
``done``; persistent faults end in the offline engines' work, transient ones in the model's,
and no call is attempted more than ``1 + max_retries`` times.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_asyncio

from groundmesh.v1 import agent_pb2
from mesh.llm.base import LLMError, Message
from mesh.llm.factory import build_llm_client
from mesh.llm.settings import LLMSettings
from testkit.faults import TALLY
from testkit.messages_api import (
    MessagesAPIServer,
    ReceivedRequest,
    ScriptedReply,
    error_reply,
    tool_use_reply,
)
from testkit.messages_replies import Reply, Responder
from tests.agent.conftest import DOCS, TENANT, scripted_model
from tests.reliability.llm_mesh import LLMAgentMesh, answer_of, llm_agent_mesh

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

MAX_RETRIES = 1
TIMEOUT_SECONDS = 1.0
QUESTION = "How fast must a lost laptop be reported?"
CITATION = re.compile(r"\[([^\[\]\n]+)\]")
MODEL_MARK = "MODEL "  # the scripted model's decisions carry it; the offline policy's never do

SETTINGS = LLMSettings(
    provider="anthropic",
    api_key="test-key",
    max_retries=MAX_RETRIES,
    timeout_seconds=TIMEOUT_SECONDS,
    backoff_base_seconds=0.01,
    backoff_max_seconds=0.05,  # also caps the server's retry-after
)


def model(req: ReceivedRequest) -> ScriptedReply:
    """The agent suite's scripted model, its decisions marked; repair turns answer the first."""
    if len(req.messages) > 1:  # a repair turn: answer the original request again
        req = dataclasses.replace(req, body={**(req.body or {}), "messages": req.messages[:1]})
    reply = scripted_model(req)
    if isinstance(reply, Reply) and reply.content and reply.content[0].get("type") == "tool_use":
        block = dict(reply.content[0])
        block["input"] = {**block["input"], "reasoning": MODEL_MARK + block["input"]["reasoning"]}
        return dataclasses.replace(reply, content=(block,))
    return reply


@dataclass(frozen=True)
class Fault:
    name: str
    applies: Callable[[ReceivedRequest], bool]
    reply: Responder
    statuses: tuple[int, ...] = ()  # what the server records for a faulted request
    retried: bool = True  # the client retries it with backoff (else: a repair turn)

    def responder(self, failures: int | None) -> Responder:
        """Faults the first ``failures`` matching requests (all of them when None)."""
        counter = itertools.count()

        def respond(req: ReceivedRequest) -> ScriptedReply:
            if self.applies(req) and (failures is None or next(counter) < failures):
                return self.reply(req)
            return model(req)

        return respond


def _any(req: ReceivedRequest) -> bool:
    return True


def _streams(req: ReceivedRequest) -> bool:
    return req.stream


def _decides(req: ReceivedRequest) -> bool:
    return any(t.get("name") == "decide" for t in req.tools)


def _delayed(req: ReceivedRequest) -> ScriptedReply:
    return dataclasses.replace(model(req), delay_seconds=TIMEOUT_SECONDS * 3)


def _dropped(req: ReceivedRequest) -> ScriptedReply:
    reply = model(req)
    assert isinstance(reply, Reply)
    return dataclasses.replace(reply, drop_after_events=2)  # after message_start, ping


FAULTS = [
    Fault("429", _any, lambda r: error_reply(429, retry_after=1.0), (429,)),
    Fault("529", _any, lambda r: error_reply(529), (529,)),
    Fault("500", _any, lambda r: error_reply(500), (500,)),
    Fault("timeout", _any, _delayed),
    Fault("dropped_stream", _streams, _dropped),
    Fault(
        "malformed_tool_json",
        _decides,
        lambda r: tool_use_reply("decide", raw_input='{"action": "synthesize", "reas'),
        retried=False,
    ),
    Fault(
        "schema_invalid_tool_input",
        _decides,
        lambda r: tool_use_reply("decide", {"action": "explode", "reasoning": ""}),
        retried=False,
    ),
]


@pytest.fixture(scope="module")
def messages_api() -> Iterator[MessagesAPIServer]:
    with MessagesAPIServer(api_key="test-key") as server:
        server.responder = model
        yield server


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def llm_mesh(
    tmp_path_factory: pytest.TempPathFactory, messages_api: MessagesAPIServer
) -> AsyncIterator[LLMAgentMesh]:
    data_dir: Path = tmp_path_factory.mktemp("llm-faults")
    llm = SETTINGS.model_copy(update={"base_url": messages_api.url})
    async with llm_agent_mesh(data_dir, TENANT, DOCS, llm) as mesh:
        yield mesh


async def _ask(
    mesh: LLMAgentMesh, api: MessagesAPIServer, responder: Responder
) -> tuple[list[agent_pb2.AskStreamResponse], list[ReceivedRequest]]:
    before = len(api.requests)
    api.responder = responder
    try:
        events = await mesh.ask(TENANT, QUESTION)
    finally:
        api.responder = model
    return events, api.requests[before:]


def _attempt_runs(sent: list[ReceivedRequest]) -> list[int]:
    """Lengths of runs of identical consecutive requests (one call and its retries)."""
    bodies = [json.dumps(r.body, sort_keys=True) for r in sent]
    return [len(list(group)) for _, group in itertools.groupby(bodies)]


def _decisions(events: list[agent_pb2.AskStreamResponse]) -> list[str]:
    return [e.reasoning.text for e in events if e.reasoning.step == "decide"]


def _check_citations(answer: agent_pb2.Answer) -> None:
    cited = set(CITATION.findall(answer.answer))
    assert cited, f"the answer cites nothing: {answer.answer!r}"
    assert cited <= {s.chunk_id for s in answer.sources}, (cited, answer.sources)
    assert "security.md#1" in cited


@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
async def test_a_persistent_fault_ends_in_the_offline_engines(
    llm_mesh: LLMAgentMesh, messages_api: MessagesAPIServer, fault: Fault
) -> None:
    ok = False
    try:
        events, sent = await _ask(llm_mesh, messages_api, fault.responder(None))
        answer = answer_of(events)
        faulted = [r for r in sent if fault.applies(r)]
        assert faulted, "the model was never tried"
        if fault.statuses:
            assert all(r.status in fault.statuses for r in faulted)
        runs = _attempt_runs(faulted)
        assert max(runs) <= 1 + MAX_RETRIES, f"more attempts than max_retries allows: {runs}"
        if fault.retried:
            assert max(runs) == 1 + MAX_RETRIES, f"a retryable fault was not retried: {runs}"
        else:  # one repair turn, never a retry of the same request
            assert max(runs) == 1 and len(faulted) >= 2
        decisions = _decisions(events)
        assert decisions
        if fault.applies is _decides or fault.applies is _any:
            assert not any(MODEL_MARK in d for d in decisions), decisions  # offline policy
        if fault.applies is _decides:
            assert answer.model_used == "anthropic"  # the stream itself was fine
        else:
            assert answer.model_used == "offline-extractive"
            synth = [s.detail for s in answer.intermediate_steps if s.name == "synthesize"]
            assert synth and synth[-1].endswith("by offline-extractive"), synth
        _check_citations(answer)
        ok = True
    finally:
        TALLY.record("faults", ok)


@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
async def test_a_transient_fault_is_retried_and_the_model_answers(
    llm_mesh: LLMAgentMesh, messages_api: MessagesAPIServer, fault: Fault
) -> None:
    ok = False
    try:
        events, sent = await _ask(llm_mesh, messages_api, fault.responder(1))
        answer = answer_of(events)
        assert len(sent) >= 2
        first = next(i for i, r in enumerate(sent) if fault.applies(r))
        if fault.statuses:
            assert sent[first].status in fault.statuses
        assert all(r.status == 200 for r in sent[first + 1 :]), [r.status for r in sent]
        retry = sent[first + 1]
        if fault.retried:  # the same request again, after a backoff
            assert retry.body == sent[first].body
        else:  # the repair turn shows the model what it sent
            assert retry.messages[:1] == sent[first].messages and len(retry.messages) == 3
        assert max(_attempt_runs(sent)) <= 1 + MAX_RETRIES
        assert answer.model_used == "anthropic"
        # planned calls run first, as planned; every decision after them is the model's
        decisions = [d for d in _decisions(events) if "run the planned calls" not in d]
        assert decisions and all(MODEL_MARK in d for d in decisions), decisions
        _check_citations(answer)
        ok = True
    finally:
        TALLY.record("faults", ok)


@pytest.mark.parametrize("max_retries", [0, 2])
@pytest.mark.parametrize("status", [429, 529, 500])
async def test_retries_are_bounded_by_the_environment_settings(
    messages_api: MessagesAPIServer,
    monkeypatch: pytest.MonkeyPatch,
    status: int,
    max_retries: int,
) -> None:
    ok = False
    try:
        for name, value in {
            "GROUNDMESH_LLM_PROVIDER": "anthropic",
            "ANTHROPIC_API_KEY": "test-key",
            "ANTHROPIC_BASE_URL": messages_api.url,
            "GROUNDMESH_LLM_MAX_RETRIES": str(max_retries),
            "GROUNDMESH_LLM_BACKOFF_BASE_SECONDS": "0.01",
            "GROUNDMESH_LLM_BACKOFF_MAX_SECONDS": "0.02",
        }.items():
            monkeypatch.setenv(name, value)
        client = build_llm_client(LLMSettings())
        assert client is not None
        before = len(messages_api.requests)
        messages_api.responder = lambda req: error_reply(status, retry_after=30.0)
        try:
            with pytest.raises(LLMError):
                await client.complete(
                    role="decision", system="s", messages=[Message("user", "hi")], max_tokens=16
                )
            with pytest.raises(LLMError):
                async for _ in client.stream(
                    role="synthesis", system="s", messages=[Message("user", "hi")], max_tokens=16
                ):
                    pass
        finally:
            messages_api.responder = model
            close = getattr(client, "aclose", None)
            if close is not None:
                await close()
        sent = messages_api.requests[before:]
        assert [r.stream for r in sent] == [False] * (1 + max_retries) + [True] * (1 + max_retries)
        assert all(r.status == status for r in sent)
        ok = True
    finally:
        TALLY.record("faults", ok)


async def test_the_fallback_comes_with_a_note_that_the_model_failed(
    llm_mesh: LLMAgentMesh, messages_api: MessagesAPIServer
) -> None:
    ok = False
    try:
        events, _ = await _ask(llm_mesh, messages_api, lambda req: error_reply(529))
        answer = answer_of(events)
        assert answer.model_used == "offline-extractive"
        notes = [e.reasoning.text for e in events if e.WhichOneof("event") == "reasoning"]
        notes += [s.detail for s in answer.intermediate_steps]
        assert any("failed" in n.lower() for n in notes), notes
        ok = True
    finally:
        TALLY.record("faults", ok)
