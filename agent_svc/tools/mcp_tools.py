"""Tools from MCP servers listed in configuration (``mcp`` SDK, stdio transport).

Each server runs as a child process; one background task per server holds the client session
open (anyio scopes must be entered and left in the same task) until :meth:`McpToolset.close`.
Every tool the server lists is registered as ``<server>_<tool>`` with the server's JSON schema.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from agent_svc.tools.registry import ToolDefinition, ToolRegistry
from mesh.errors import FailedPrecondition, InvalidInput, Unavailable

log = logging.getLogger(__name__)
_NAME = re.compile(r"[^A-Za-z0-9_-]+")


class McpServerConfig(BaseModel):
    """One MCP server: a command run with stdio transport."""

    name: str = Field(pattern=r"^[A-Za-z0-9_-]{1,40}$")
    command: str = Field(min_length=1)
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict)
    timeout_seconds: float = Field(30.0, gt=0)
    retry_count: int = Field(0, ge=0, le=5)


def parse_servers(raw: str) -> list[McpServerConfig]:
    """The servers of ``GROUNDMESH_AGENT_MCP_SERVERS`` (a JSON list); InvalidInput if malformed."""
    if not raw.strip():
        return []
    try:
        return TypeAdapter(list[McpServerConfig]).validate_json(raw)
    except ValidationError as exc:
        raise InvalidInput(f"GROUNDMESH_AGENT_MCP_SERVERS is not valid: {exc}") from exc


def _text_of(result: Any) -> str:
    parts: list[str] = []
    for block in getattr(result, "content", []) or []:
        text = getattr(block, "text", None)
        parts.append(text if isinstance(text, str) else json.dumps(block.model_dump(), default=str))
    if not parts and getattr(result, "structured_content", None) is not None:
        parts.append(json.dumps(result.structured_content, ensure_ascii=False, default=str))
    return "\n".join(parts)


@dataclass
class McpTool:
    """One tool of an MCP server, callable through the registry."""

    definition: ToolDefinition
    remote_name: str
    connection: McpConnection

    async def run(self, arguments: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
        result = await self.connection.call(self.remote_name, dict(arguments))
        text = _text_of(result)
        if getattr(result, "is_error", False):
            raise Unavailable(f"MCP tool {self.remote_name} failed: {text or 'error'}")
        return text, {"summary": text, "result_count": 1, "mcp_server": self.connection.name}


@dataclass
class McpConnection:
    """A running MCP server and its client session."""

    config: McpServerConfig
    _client: Any = None
    _task: asyncio.Task[None] | None = None
    _stop: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def name(self) -> str:
        return self.config.name

    async def start(self) -> list[Any]:
        """Start the server, list its tools; FailedPrecondition when it cannot start."""
        ready: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._main(ready), name=f"mcp-{self.name}")
        try:
            return await asyncio.wait_for(asyncio.shield(ready), self.config.timeout_seconds)
        except (TimeoutError, Exception) as exc:
            await self.close()
            raise FailedPrecondition(f"MCP server {self.name!r} did not start: {exc}") from exc

    async def _main(self, ready: asyncio.Future[list[Any]]) -> None:
        from mcp import Client, StdioServerParameters

        params = StdioServerParameters(
            command=self.config.command, args=self.config.args, env=self.config.env or None
        )
        try:
            async with Client(params, read_timeout_seconds=self.config.timeout_seconds) as client:
                self._client = client
                listed = await client.list_tools()
                ready.set_result(list(listed.tools))
                await self._stop.wait()
        except BaseException as exc:
            if not ready.done():
                ready.set_exception(exc if isinstance(exc, Exception) else RuntimeError(str(exc)))
            if not isinstance(exc, Exception):
                raise
            log.warning("MCP server %s stopped: %s", self.name, exc)
        finally:
            self._client = None

    async def call(self, name: str, arguments: dict[str, Any]) -> Any:
        if self._client is None:
            raise Unavailable(f"MCP server {self.name!r} is not running")
        return await self._client.call_tool(name, arguments)

    async def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            try:
                await asyncio.wait_for(self._task, 10.0)
            except (TimeoutError, Exception) as exc:
                log.warning("MCP server %s did not stop cleanly: %s", self.name, exc)
                self._task.cancel()
            self._task = None


class McpToolset:
    """All configured MCP servers; their tools go into a registry."""

    def __init__(self, servers: list[McpServerConfig]) -> None:
        self._connections = [McpConnection(s) for s in servers]
        self.registered: list[str] = []

    async def start(self, registry: ToolRegistry) -> list[str]:
        """Start every server and register its tools; returns the registered names."""
        for conn in self._connections:
            for tool in await conn.start():
                name = _NAME.sub("_", f"{conn.name}_{tool.name}")[:64]
                schema = dict(tool.input_schema or {"type": "object", "properties": {}})
                schema.setdefault("type", "object")
                definition = ToolDefinition(
                    name=name,
                    description=tool.description or f"{tool.name} from MCP server {conn.name}",
                    parameters=schema,
                    timeout_seconds=conn.config.timeout_seconds,
                    retry_count=conn.config.retry_count,
                )
                registry.register(McpTool(definition, tool.name, conn), replace=True)
                self.registered.append(name)
        return list(self.registered)

    async def close(self) -> None:
        for conn in self._connections:
            await conn.close()
