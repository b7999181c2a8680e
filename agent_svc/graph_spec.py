"""The agent graph, declared: the seeds' nodes (S001) and decision loop (S000, S002) as one graph.

    guard → classify → [followup_transform | standalone_check] → planner → direct_reply | decide
    decide → tool_executor → retrieval_checker → decide
           → evaluate → decide
           → response_synth → judge → deliver (accept) | decide (refine, reject)
           → finish → fallback → deliver
    a limit before decide → fallback;  deliver (with telemetry) → END

Adding a node is one module in agent_svc/nodes/ and one edge here.
"""

from __future__ import annotations

from agent_svc.nodes import (
    classify,
    decide,
    deliver,
    direct_reply,
    evaluate,
    fallback,
    finish,
    followup_transform,
    guard,
    judge,
    planner,
    response_synth,
    retrieval_checker,
    standalone_check,
    tool_executor,
)  # fmt: skip
from agent_svc.run import Run
from agent_svc.runner import END, Edge, Graph


def route_after_guard(run: Run) -> str:
    return "deliver" if run.delivery else "classify"


def route_after_classify(run: Run) -> str:
    # A rewrite the wording does not call for (the router's contextual question) is weighed
    # against the message by retrieval, whether or not the classifier took it for a follow-up.
    if run.route is not None and run.route.contextual_question:
        return "standalone_check"
    return "followup_transform" if run.is_followup else "planner"


def route_after_planner(run: Run) -> str:
    return "direct_reply" if run.plan and run.plan.direct_reply else "decide"


def route_after_decide(run: Run) -> str:
    d = run.decision
    if d is None or (d.action == "use_tool" and not d.tool_calls):
        return "decide"
    actions = {"use_tool": "tool_executor", "evaluate": "evaluate", "synthesize": "response_synth"}
    return actions.get(d.action, "finish")


def route_after_retrieval_checker(run: Run) -> str:
    return "decide"  # the policy decides: retry with a lower threshold, rewrite, or write


def route_after_synth(run: Run) -> str:
    return "judge" if run.draft else "decide"


def route_after_judge(run: Run) -> str:
    return "deliver" if run.delivery else "decide"  # accept (or unjudged) | refine, reject


AGENT_GRAPH = Graph(
    nodes={
        "guard": guard.guard,
        "classify": classify.classify,
        "followup_transform": followup_transform.followup_transform,
        "standalone_check": standalone_check.standalone_check,
        "planner": planner.planner,
        "direct_reply": direct_reply.direct_reply,
        "decide": decide.decide,
        "tool_executor": tool_executor.tool_executor,
        "retrieval_checker": retrieval_checker.retrieval_checker,
        "evaluate": evaluate.evaluate,
        "response_synth": response_synth.response_synth,
        "judge": judge.judge,
        "finish": finish.finish,
        "fallback": fallback.fallback,
        "deliver": deliver.deliver,
    },
    edges=(
        Edge("guard", ("classify", "deliver"), route_after_guard),
        Edge(
            "classify", ("planner", "followup_transform", "standalone_check"), route_after_classify
        ),
        Edge("followup_transform", ("planner",)),
        Edge("standalone_check", ("planner",)),
        Edge("planner", ("decide", "direct_reply"), route_after_planner),
        Edge("direct_reply", ("deliver",)),
        Edge(
            "decide",
            ("tool_executor", "evaluate", "response_synth", "finish", "decide"),
            route_after_decide,
        ),
        Edge("tool_executor", ("retrieval_checker",)),
        Edge("retrieval_checker", ("decide",), route_after_retrieval_checker),
        Edge("evaluate", ("decide",)),
        Edge("response_synth", ("judge", "decide"), route_after_synth),
        Edge("judge", ("deliver", "decide"), route_after_judge),
        Edge("finish", ("fallback",)),
        Edge("fallback", ("deliver",)),
        Edge("deliver", (END,)),
    ),
    start="guard",
    budget_checked="decide",
    on_limit="fallback",
)
