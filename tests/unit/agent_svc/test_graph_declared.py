"""The agent graph is declared, drawn from its declaration, and small enough to read."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from agent_svc import graph_spec
from agent_svc.graph_render import mermaid
from agent_svc.graph_spec import AGENT_GRAPH
from agent_svc.runner import END, Edge

ROOT = Path(__file__).resolve().parents[3]
MAX_FUNCTION_LINES = 60


def test_the_readme_picture_is_the_declared_graph() -> None:
    readme = (ROOT / "agent_svc" / "README.md").read_text()
    drawn = re.search(r"```mermaid\n(.*?)```", readme, re.S)
    assert drawn is not None, "agent_svc/README.md has no mermaid block"
    assert drawn.group(1) == mermaid(), (
        "agent_svc/README.md is stale; regenerate with `python -m agent_svc.graph_render`:\n"
        + mermaid()
    )


def test_every_node_has_one_way_out_and_every_target_exists() -> None:
    sources = [e.source for e in AGENT_GRAPH.edges]
    assert sorted(sources) == sorted(AGENT_GRAPH.nodes), "one edge per node"
    for edge in AGENT_GRAPH.edges:
        assert set(edge.targets) <= set(AGENT_GRAPH.nodes) | {END}, edge
    assert AGENT_GRAPH.start in AGENT_GRAPH.nodes
    assert {AGENT_GRAPH.budget_checked, AGENT_GRAPH.on_limit} <= set(AGENT_GRAPH.nodes)


def test_every_node_is_reachable_and_every_path_can_end() -> None:
    seen, todo = set(), [AGENT_GRAPH.start]
    while todo:
        node = todo.pop()
        if node in seen or node == END:
            continue
        seen.add(node)
        todo.extend(AGENT_GRAPH.edge(node).targets)
    assert seen == set(AGENT_GRAPH.nodes)
    assert END in AGENT_GRAPH.edge("deliver").targets


def test_the_seeds_routing_functions_are_named_as_in_the_seeds() -> None:
    for name in ("route_after_guard", "route_after_planner", "route_after_retrieval_checker"):
        assert callable(getattr(graph_spec, name))
    routes = {e.route.__name__ for e in AGENT_GRAPH.edges if e.route is not None}
    assert {"route_after_guard", "route_after_planner", "route_after_retrieval_checker"} <= routes


def test_a_router_cannot_take_an_undeclared_edge() -> None:
    edge = Edge("x", ("a", "b"), lambda run: "c")
    with pytest.raises(RuntimeError, match="undeclared"):
        edge.next(None)  # type: ignore[arg-type]


def test_no_function_in_the_agent_is_longer_than_a_screen() -> None:
    long = []
    for path in sorted((ROOT / "agent_svc").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({lines})")
    assert not long, "\n".join(long)
