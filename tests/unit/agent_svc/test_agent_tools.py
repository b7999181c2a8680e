"""Built-in tools (time, links, web search) and MCP tools from a real MCP server process."""

from __future__ import annotations

import datetime as dt
import json
import sys
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from agent_svc.tools.builtin import (
    CurrentTimeTool,
    FormDownloadLinksTool,
    SearxngProvider,
    WebSearchTool,
    links_of,
)
from agent_svc.tools.context import RunContext, current_run
from agent_svc.tools.mcp_tools import McpServerConfig, McpToolset, parse_servers
from agent_svc.tools.registry import ToolRegistry
from groundmesh.v1 import common_pb2, retrieval_pb2
from mesh.errors import InvalidInput

pytestmark = pytest.mark.unit
SERVER = Path(__file__).resolve().parents[2] / "agent" / "mcp_policy_server.py"


class TestCurrentTime:
    async def test_time_in_a_zone(self) -> None:
        fixed = dt.datetime(2026, 1, 2, 3, 4, 5, tzinfo=dt.UTC)
        data, meta = await CurrentTimeTool(lambda: fixed).run({"timezone": "Asia/Taipei"})
        assert data == "2026-01-02T11:04:05+08:00"
        assert meta["summary"] == (
            "2026-01-02 Friday (星期五) 11:04:05 Asia/Taipei (2026-01-02T11:04:05+08:00)"
        )

    async def test_unknown_zone_is_invalid(self) -> None:
        with pytest.raises(InvalidInput):
            await CurrentTimeTool().run({"timezone": "Mars/Olympus"})


class TestFormLinks:
    def test_links_from_metadata_fields(self) -> None:
        c = common_pb2.Chunk(
            metadata={"download_url": "https://a/x.pdf", "links": "https://a/y.docx, ftp://no"}
        )
        assert links_of(c) == ["https://a/x.pdf", "https://a/y.docx"]

    async def test_tool_dedupes_links_across_chunks(self) -> None:
        async def search(
            tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
        ) -> retrieval_pb2.SearchResponse:
            assert tenant == "acme"
            meta = {"download_url": "https://a/form.pdf"}
            return retrieval_pb2.SearchResponse(
                chunks=[
                    common_pb2.Chunk(chunk_id="f#0", doc_id="f", title="Form", metadata=meta),
                    common_pb2.Chunk(chunk_id="f#1", doc_id="f", title="Form", metadata=meta),
                ]
            )

        token = current_run.set(RunContext("acme"))
        try:
            data, meta = await FormDownloadLinksTool(search).run({"query": "form"})
        finally:
            current_run.reset(token)
        assert [d["url"] for d in data] == ["https://a/form.pdf"] and meta["result_count"] == 1


class TestWebSearch:
    async def test_searxng_json_api_over_real_http(self) -> None:
        import threading
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = json.dumps(
                    {"results": [{"title": "T", "url": "https://e/1", "content": "snippet"}]}
                ).encode()
                self.send_response(200 if "format=json" in self.path else 400)
                self.send_header("content-type", "application/json")
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                return

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            tool = WebSearchTool(SearxngProvider(f"http://127.0.0.1:{server.server_port}"))
            data, meta = await tool.run({"query": "groundmesh"})
        finally:
            server.shutdown()
        assert data == [{"title": "T", "url": "https://e/1", "snippet": "snippet"}]
        assert "https://e/1" in meta["summary"]

    async def test_unreachable_provider_raises_a_clear_error(self) -> None:
        with pytest.raises(Exception, match="web search failed"):
            await SearxngProvider("http://127.0.0.1:9", timeout=1).search("q", 3)
        assert httpx  # imported for the provider's transport


@pytest_asyncio.fixture
async def mcp_registry() -> AsyncIterator[ToolRegistry]:
    registry = ToolRegistry()
    toolset = McpToolset(
        [McpServerConfig(name="policy", command=sys.executable, args=[str(SERVER)])]
    )
    await toolset.start(registry)
    try:
        yield registry
    finally:
        await toolset.close()


class TestMcp:
    async def test_tools_of_a_real_server_are_registered_and_called(
        self, mcp_registry: ToolRegistry
    ) -> None:
        names = [d.name for d in mcp_registry.list()]
        assert names == ["policy_add", "policy_broken", "policy_lookup_policy"]
        add = mcp_registry.get("policy_add")
        assert add is not None and add.parameters["required"] == ["a", "b"]
        result = await mcp_registry.invoke("policy_add", {"a": 2, "b": 40})
        assert result.success and result.data == "42"
        vpn = await mcp_registry.invoke("policy_lookup_policy", {"topic": "VPN"})
        assert "hardware key" in vpn.data

    async def test_failures_are_results_not_exceptions(self, mcp_registry: ToolRegistry) -> None:
        broken = await mcp_registry.invoke("policy_broken", {})
        assert not broken.success and "broken" in (broken.error or "")
        wrong = await mcp_registry.invoke("policy_add", {"a": "x"})
        assert not wrong.success

    def test_configuration_parsing(self) -> None:
        assert parse_servers("") == []
        servers = parse_servers('[{"name": "p", "command": "python", "args": ["s.py"]}]')
        assert servers[0].args == ["s.py"]
        with pytest.raises(InvalidInput):
            parse_servers('[{"name": "bad name", "command": "x"}]')

    async def test_a_server_that_cannot_start_is_a_clear_error(self) -> None:
        toolset = McpToolset([McpServerConfig(name="nope", command="/nonexistent/binary")])
        with pytest.raises(Exception, match="MCP server 'nope' did not start"):
            await toolset.start(ToolRegistry())
