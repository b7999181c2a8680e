"""Who a tool call is made for: the tenant and document filter of the current run.

Tools read it from a context variable the graph sets at the start of a run; asyncio tasks copy
the context, so parallel tool calls see the same values.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass(frozen=True)
class RunContext:
    tenant: str
    doc_ids: tuple[str, ...] = field(default_factory=tuple)


current_run: ContextVar[RunContext | None] = ContextVar("groundmesh_agent_run", default=None)


def run_context() -> RunContext:
    """The current run's context; a tool used outside a run is a programming error."""
    ctx = current_run.get()
    if ctx is None:
        raise RuntimeError("tool called outside an agent run")
    return ctx
