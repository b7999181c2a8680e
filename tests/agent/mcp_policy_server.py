"""A tiny MCP server (stdio) for the agent's tests: a lookup tool, an adder and a failing tool.

Run as ``python tests/agent/mcp_policy_server.py``; the tests start it as a child process.
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

POLICIES = {
    "vpn": "Staff connect to the VPN with their hardware key before opening internal sites.",
    "parking": "Visitors park on level B2 and register at the front desk.",
}

server = MCPServer("policy-lookup", log_level="CRITICAL")


@server.tool(description="Look up the short policy on a topic (vpn, parking).")
def lookup_policy(topic: str) -> str:
    key = topic.strip().lower()
    if key not in POLICIES:
        raise ValueError(f"no policy on {topic!r}")
    return POLICIES[key]


@server.tool(description="Add two integers.")
def add(a: int, b: int) -> str:
    return str(a + b)


@server.tool(description="Always fails (for testing failure handling).")
def broken() -> str:
    raise RuntimeError("the broken tool always fails")


if __name__ == "__main__":
    server.run("stdio")
