"""A small explicit runner for a declared graph.

It walks from the start node along the declared edges until ``END``. For every node it does, once,
what no node repeats: the node's start time (steps measure their latency from it), a span
``agent.node.<name>``, the budget check before the decision loop's turns (iterations, tokens, wall
time, circular reasoning, the step cap), and the check that a routing function only returns a
target it declared (so the rendered picture cannot lie).

Why not LangGraph: docs/architecture.md ("The agent graph").
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

from opentelemetry import trace

from agent_svc import events
from agent_svc.run import Run
from groundmesh.v1 import agent_pb2

END = "END"
Event = agent_pb2.AskStreamResponse
Node = Callable[[Run], AsyncIterator[Event]]
Router = Callable[[Run], str]
tracer = trace.get_tracer("groundmesh.agent")


@dataclass(frozen=True)
class Edge:
    """From ``source`` to ``targets[0]``, or to what ``route`` picks among ``targets``."""

    source: str
    targets: tuple[str, ...]
    route: Router | None = None

    def next(self, run: Run) -> str:
        if self.route is None:
            return self.targets[0]
        target = self.route(run)
        if target not in self.targets:
            raise RuntimeError(f"{self.route.__name__} returned undeclared {target!r}")
        return target


@dataclass(frozen=True)
class Graph:
    """Nodes, edges, where a run starts, and where the budget is checked."""

    nodes: dict[str, Node]
    edges: tuple[Edge, ...]
    start: str
    budget_checked: str  # the node each turn of the decision loop enters by
    on_limit: str  # where a run goes when a limit stops the loop

    def edge(self, source: str) -> Edge:
        return next(e for e in self.edges if e.source == source)


async def run_graph(graph: Graph, run: Run) -> AsyncIterator[Event]:
    """Run ``run`` through ``graph``; yields every node's events in order."""
    name = graph.start
    while name != END:
        if name == graph.budget_checked:
            limit = run.state.limit()
            if limit:
                run.state.limit_reached = limit
                yield events.reasoning("limit", f"stopping: {limit}")
                name = graph.on_limit
                continue
        run.node_started = time.monotonic()
        span = tracer.start_span(f"agent.node.{name}")
        try:
            async for event in graph.nodes[name](run):
                yield event
        finally:
            span.end()
        name = graph.edge(name).next(run)
