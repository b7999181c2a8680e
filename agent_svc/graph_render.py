"""The declared agent graph as a Mermaid flowchart (``python -m agent_svc.graph_render`` prints
it; agent_svc/README.md holds it, and a test fails when the two disagree)."""

from __future__ import annotations

from agent_svc.graph_spec import AGENT_GRAPH
from agent_svc.runner import END, Graph


def mermaid(graph: Graph = AGENT_GRAPH) -> str:
    lines = ["flowchart TD", f"    START([start]) --> {graph.start}"]
    for edge in graph.edges:
        source = edge.source
        if edge.route is not None and len(edge.targets) > 1:
            # A routing function is a decision diamond between its node and its targets.
            source = edge.route.__name__
            lines.append(f"    {edge.source} --> {source}{{{source}}}")
        for target in edge.targets:
            lines.append(f"    {source} --> {'END([done])' if target == END else target}")
    lines.append(f"    {graph.budget_checked} -.->|limit reached| {graph.on_limit}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(mermaid(), end="")
