"""Built-in tools: document_search, current_time, form_download_links and web_search."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import httpx

from agent_svc.tools.context import run_context
from agent_svc.tools.dates import weekday_name
from agent_svc.tools.registry import ToolDefinition
from groundmesh.v1 import common_pb2, retrieval_pb2
from mesh.errors import InvalidInput, Unavailable

SearchFn = Callable[[str, str, int, Sequence[str], float], Awaitable[retrieval_pb2.SearchResponse]]

# Metadata fields that hold a document's download link(s), most specific first.
LINK_FIELDS = ("download_url", "form_url", "links", "link", "url", "source_url")


class DocumentSearchTool:
    """Hybrid search over the tenant's documents (retrieval_svc)."""

    def __init__(self, search: SearchFn, default_top_k: int = 6, timeout: float = 30.0) -> None:
        self._search = search
        self._timeout = timeout
        self.definition = ToolDefinition(
            name="document_search",
            description="Search the user's documents; returns the best matching passages.",
            parameters={
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "what to look for"},
                    "top_k": {"type": "integer", "description": "how many passages"},
                },
                "required": ["query"],
            },
            timeout_seconds=timeout,
            retry_count=1,
        )
        self._default_top_k = default_top_k

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        ctx = run_context()
        query = str(arguments["query"]).strip()
        if not query:
            raise InvalidInput("query must not be empty")
        top_k = max(1, min(int(arguments.get("top_k") or self._default_top_k), 50))
        reply = await self._search(ctx.tenant, query, top_k, list(ctx.doc_ids), self._timeout)
        chunks = list(reply.chunks)
        summary = f"{len(chunks)} passages" + (" (degraded: vector only)" if reply.degraded else "")
        return chunks, {"summary": summary, "result_count": len(chunks), "degraded": reply.degraded}


class CurrentTimeTool:
    """The current date and time, in a time zone (UTC by default)."""

    definition = ToolDefinition(
        name="current_time",
        description="The current date and time, optionally in an IANA time zone.",
        parameters={
            "type": "object",
            "properties": {"timezone": {"type": "string", "description": "e.g. Asia/Taipei"}},
        },
        timeout_seconds=2.0,
    )

    def __init__(self, clock: Callable[[], dt.datetime] | None = None) -> None:
        self._clock = clock or (lambda: dt.datetime.now(dt.UTC))

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        name = str(arguments.get("timezone") or "UTC")
        try:
            zone = zoneinfo.ZoneInfo(name)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
            raise InvalidInput(f"unknown time zone {name!r}") from exc
        now = self._clock().astimezone(zone)
        text = now.isoformat(timespec="seconds")
        # The weekday is spelled out: "what day is it" is asked as often as the date.
        readable = f"{now:%Y-%m-%d} {weekday_name(now.date())} {now:%H:%M:%S} {name}"
        return text, {"summary": f"{readable} ({text})", "result_count": 1}


def links_of(chunk: common_pb2.Chunk) -> list[str]:
    """Download links in a chunk's document metadata (comma or space separated)."""
    out: list[str] = []
    for name in LINK_FIELDS:
        for part in chunk.metadata.get(name, "").replace(",", " ").split():
            if part.startswith(("http://", "https://", "/")) and part not in out:
                out.append(part)
    return out


class FormDownloadLinksTool:
    """Download links of the forms and files that match a query, from document metadata."""

    def __init__(self, search: SearchFn, timeout: float = 30.0) -> None:
        self._search = search
        self._timeout = timeout
        self.definition = ToolDefinition(
            name="form_download_links",
            description="Find download links of forms or files matching a query.",
            parameters={
                "type": "object",
                "properties": {"query": {"type": "string", "description": "which form"}},
                "required": ["query"],
            },
            timeout_seconds=timeout,
            retry_count=1,
        )

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        ctx = run_context()
        reply = await self._search(
            ctx.tenant, str(arguments["query"]), 10, list(ctx.doc_ids), self._timeout
        )
        found: list[dict[str, str]] = []
        seen: set[str] = set()
        for chunk in reply.chunks:
            for url in links_of(chunk):
                if url in seen:
                    continue
                seen.add(url)
                found.append(
                    {
                        "title": chunk.title,
                        "url": url,
                        "doc_id": chunk.doc_id,
                        "chunk_id": chunk.chunk_id,
                    }
                )
        summary = "; ".join(f"{f['title']}: {f['url']}" for f in found) or "no download links"
        return found, {"summary": summary, "result_count": len(found)}


@dataclass(frozen=True)
class WebResult:
    title: str
    url: str
    snippet: str


class WebSearchProvider(Protocol):
    """A web search engine."""

    async def search(self, query: str, limit: int) -> list[WebResult]: ...


class SearxngProvider:
    """A SearXNG instance's JSON API (``GET {base}/search?q=…&format=json``)."""

    def __init__(self, base_url: str, timeout: float = 15.0) -> None:
        self._base = base_url.rstrip("/")
        self._timeout = timeout

    async def search(self, query: str, limit: int) -> list[WebResult]:
        try:
            async with httpx.AsyncClient(timeout=self._timeout) as client:
                response = await client.get(
                    f"{self._base}/search", params={"q": query, "format": "json"}
                )
                response.raise_for_status()
                body = response.json()
        except (httpx.HTTPError, ValueError) as exc:
            raise Unavailable(f"web search failed: {exc}") from exc
        results = body.get("results", []) if isinstance(body, dict) else []
        return [
            WebResult(str(r.get("title", "")), str(r.get("url", "")), str(r.get("content", "")))
            for r in results[:limit]
            if isinstance(r, dict) and r.get("url")
        ]


class WebSearchTool:
    """Search the web through the configured provider."""

    definition = ToolDefinition(
        name="web_search",
        description="Search the web for information outside the user's documents.",
        parameters={
            "type": "object",
            "properties": {
                "query": {"type": "string"},
                "limit": {"type": "integer"},
            },
            "required": ["query"],
        },
        timeout_seconds=30.0,
        retry_count=1,
    )

    def __init__(self, provider: WebSearchProvider) -> None:
        self._provider = provider

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        limit = max(1, min(int(arguments.get("limit") or 5), 10))
        results = await self._provider.search(str(arguments["query"]), limit)
        summary = "; ".join(f"{r.title} ({r.url})" for r in results) or "no web results"
        return [vars(r) for r in results], {"summary": summary, "result_count": len(results)}
