"""The agent graph's nodes: each takes the run, updates its state and yields its events.

A node knows nothing of what comes next (the routing functions in ``graph_spec.py`` decide) and
nothing of steps' timing, spans or limits (the runner does those for every node).
"""
