"""router_svc over real gRPC on loopback: decisions, bad input, the history bound, both engines."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc
import pytest
import pytest_asyncio

from groundmesh.v1 import common_pb2, router_pb2, router_pb2_grpc
from mesh.config import RouterSettings
from mesh.grpc_server import create_server, set_serving
from mesh.llm.anthropic_client import AnthropicClient
from mesh.llm.settings import LLMSettings
from router_svc.engines import build_engine
from router_svc.server import SERVICE_NAMES, registrar
from router_svc.validation import MAX_HISTORY_TURNS
from testkit.messages_api import running_messages_api
from testkit.messages_replies import error_reply, tool_use_reply

pytestmark = pytest.mark.integration

SCOPE = "questions about the Acme employee handbook"


async def _serve(engine: object) -> tuple[grpc.aio.Server, str]:
    settings = RouterSettings(port=0)
    server, port, health = await create_server(settings, registrar(engine), SERVICE_NAMES)  # type: ignore[arg-type]
    await set_serving(health, SERVICE_NAMES, True)
    return server, f"127.0.0.1:{port}"


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def router_addr() -> AsyncIterator[str]:
    engine = build_engine(
        RouterSettings(engine="offline", service_scope=SCOPE), LLMSettings(provider="offline")
    )
    server, addr = await _serve(engine)
    yield addr
    await server.stop(None)


def _turn(role: int, content: str) -> common_pb2.Turn:
    return common_pb2.Turn(role=role, content=content)  # type: ignore[arg-type]


async def _route(addr: str, request: router_pb2.RouteRequest) -> router_pb2.RouteResponse:
    async with grpc.aio.insecure_channel(addr) as ch:
        reply: router_pb2.RouteResponse = await router_pb2_grpc.RouterServiceStub(ch).Route(
            request, timeout=30
        )
        return reply


async def _error(addr: str, request: router_pb2.RouteRequest) -> grpc.aio.AioRpcError:
    with pytest.raises(grpc.aio.AioRpcError) as err:
        await _route(addr, request)
    return err.value


@pytest.mark.asyncio(loop_scope="module")
class TestOfflineOverGrpc:
    async def test_greeting_is_a_direct_answer_with_a_reply_and_no_search(
        self, router_addr: str
    ) -> None:
        r = await _route(router_addr, router_pb2.RouteRequest(question="Hello there!"))
        assert r.intent == common_pb2.INTENT_DIRECT_ANSWER
        assert r.task_type == common_pb2.TASK_TYPE_GREETING
        assert list(r.search_queries) == [] and list(r.sub_queries) == []
        assert SCOPE in r.reply and r.engine == "offline"

    async def test_out_of_scope_states_the_configured_scope(self, router_addr: str) -> None:
        r = await _route(router_addr, router_pb2.RouteRequest(question="给我写一首关于春天的诗"))
        assert r.task_type == common_pb2.TASK_TYPE_OUT_OF_SCOPE
        assert r.reply.startswith("抱歉，这个问题") and SCOPE in r.reply

    async def test_followup_with_history(self, router_addr: str) -> None:
        request = router_pb2.RouteRequest(
            question="那病假呢？",
            history=[
                _turn(common_pb2.ROLE_USER, "請問年假有幾天？"),
                _turn(common_pb2.ROLE_ASSISTANT, "七天。"),
            ],
        )
        r = await _route(router_addr, request)
        assert r.task_type == common_pb2.TASK_TYPE_CONVERSATION_FOLLOWUP and r.is_followup
        assert r.standalone_question == "病假有幾天?"
        assert r.history_turns_used == 2 and r.history_turns_dropped == 0

    async def test_complex_question_has_sub_queries(self, router_addr: str) -> None:
        r = await _route(
            router_addr,
            router_pb2.RouteRequest(question="Compare the sick leave and annual leave policies"),
        )
        assert r.intent == common_pb2.INTENT_COMPLEX and len(r.sub_queries) >= 2

    async def test_full_width_and_controls_are_normalized(self, router_addr: str) -> None:
        r = await _route(
            router_addr, router_pb2.RouteRequest(question="請問ＶＰＮ\x00怎麼連線？？")
        )
        assert r.normalized_question == "請問VPN怎麼連線?"
        assert r.language == "zh-Hant" and r.needs_rewrite

    @pytest.mark.parametrize(
        ("question", "message"),
        [
            ("", "must not be empty"),
            ("   \n\t", "must not be empty"),
            ("\x00\x01\x02", "only control characters"),
            ("長" * 100_000, "the limit is 20000"),
        ],
    )
    async def test_bad_questions_are_invalid_argument(
        self, router_addr: str, question: str, message: str
    ) -> None:
        err = await _error(router_addr, router_pb2.RouteRequest(question=question))
        assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert message in (err.details() or "")

    @pytest.mark.parametrize("role", [common_pb2.ROLE_UNSPECIFIED, 7])
    async def test_invalid_history_roles_are_invalid_argument(
        self, router_addr: str, role: int
    ) -> None:
        request = router_pb2.RouteRequest(
            question="年假有幾天？",
            history=[_turn(common_pb2.ROLE_USER, "hi"), _turn(role, "x")],
        )
        err = await _error(router_addr, request)
        assert err.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert "history[1].role" in (err.details() or "")

    async def test_ten_thousand_turns_are_bounded_not_refused(self, router_addr: str) -> None:
        history = [
            _turn(common_pb2.ROLE_USER if i % 2 == 0 else common_pb2.ROLE_ASSISTANT, f"第{i}句")
            for i in range(10_000)
        ]
        r = await _route(
            router_addr, router_pb2.RouteRequest(question="請問年假有幾天？", history=history)
        )
        assert r.history_turns_used == MAX_HISTORY_TURNS
        assert r.history_turns_dropped == 10_000 - MAX_HISTORY_TURNS
        assert r.intent == common_pb2.INTENT_DOCUMENT_QA

    async def test_the_server_still_serves_after_bad_input(self, router_addr: str) -> None:
        await _error(router_addr, router_pb2.RouteRequest(question=""))
        r = await _route(router_addr, router_pb2.RouteRequest(question="hi"))
        assert r.intent == common_pb2.INTENT_DIRECT_ANSWER


async def test_anthropic_engine_over_grpc_and_its_fallback() -> None:
    with running_messages_api(api_key="test-key") as api:
        llm = LLMSettings(provider="anthropic", api_key="test-key", base_url=api.url, max_retries=0)
        settings = RouterSettings(service_scope=SCOPE, prototypes=False)
        engine = build_engine(settings, llm, client=AnthropicClient(llm))
        server, addr = await _serve(engine)
        try:
            api.queue(
                tool_use_reply(
                    "route_question",
                    {
                        "intent": "COMPLEX",
                        "task_type": "simple_faq",
                        "confidence": 0.88,
                        "reasoning": "two policies compared",
                        "search_queries": ["病假 特休 比較"],
                        "sub_queries": ["病假 規定", "特休 規定"],
                    },
                )
            )
            r = await _route(addr, router_pb2.RouteRequest(question="病假和特休有什麼不同？"))
            assert r.intent == common_pb2.INTENT_COMPLEX and r.engine == "anthropic"
            assert list(r.sub_queries) == ["病假 規定", "特休 規定"]
            assert r.reasoning == "anthropic: two policies compared"

            api.queue(error_reply(500), error_reply(500))
            r = await _route(addr, router_pb2.RouteRequest(question="謝謝！"))
            assert r.engine == "offline (fallback)"
            assert r.intent == common_pb2.INTENT_DIRECT_ANSWER
            assert r.reasoning.startswith("anthropic router failed (")
        finally:
            await server.stop(None)
