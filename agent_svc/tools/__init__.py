"""The agent's tools: a registry with one result shape, and the built-in tools."""
