"""RetrievalService servicer: proto ⇄ domain."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import grpc
from opentelemetry import trace

from groundmesh.v1 import common_pb2, retrieval_pb2, retrieval_pb2_grpc
from mesh.errors import FailedPrecondition, InvalidInput
from retrieval_svc.engine import IngestProgress, IngestResult, NewDocument, RetrievalEngine
from retrieval_svc.fusion import FusionMode
from retrieval_svc.ingest_jobs import JobQueue
from retrieval_svc.job_store import Job, JobState
from retrieval_svc.results import Hit, SearchMode

Context = grpc.aio.ServicerContext[Any, Any]

_FUSION = {
    retrieval_pb2.FUSION_WEIGHTED_RRF: FusionMode.WEIGHTED_RRF,
    retrieval_pb2.FUSION_WEIGHTED_SCORE: FusionMode.WEIGHTED_SCORE,
}
_MODE = {
    retrieval_pb2.SEARCH_MODE_UNSPECIFIED: SearchMode.HYBRID,
    retrieval_pb2.SEARCH_MODE_HYBRID: SearchMode.HYBRID,
    retrieval_pb2.SEARCH_MODE_VECTOR: SearchMode.VECTOR,
    retrieval_pb2.SEARCH_MODE_BM25: SearchMode.BM25,
}
_MODE_PB = {mode: pb for pb, mode in _MODE.items() if pb != retrieval_pb2.SEARCH_MODE_UNSPECIFIED}
_FUSION_PB = {
    FusionMode.WEIGHTED_RRF: retrieval_pb2.FUSION_WEIGHTED_RRF,
    FusionMode.WEIGHTED_SCORE: retrieval_pb2.FUSION_WEIGHTED_SCORE,
}

# Request values are looked up by number: an open proto3 enum may carry any int32.
_FUSION_BY_NUMBER: dict[int, FusionMode] = {int(pb): f for pb, f in _FUSION.items()}
_MODE_BY_NUMBER: dict[int, SearchMode] = {int(pb): m for pb, m in _MODE.items()}


def fusion_from_proto(value: int) -> FusionMode | None:
    """The fusion a request asks for (None: the server's default), or InvalidInput."""
    if value == retrieval_pb2.FUSION_UNSPECIFIED:
        return None
    fusion = _FUSION_BY_NUMBER.get(value)
    if fusion is None:
        raise InvalidInput(
            f"fusion {value} is not a Fusion; use FUSION_WEIGHTED_RRF (1), "
            "FUSION_WEIGHTED_SCORE (2) or leave it unset"
        )
    return fusion


def mode_from_proto(value: int) -> SearchMode:
    """The search mode a request asks for (unset means hybrid), or InvalidInput."""
    mode = _MODE_BY_NUMBER.get(value)
    if mode is None:
        raise InvalidInput(
            f"mode {value} is not a SearchMode; use SEARCH_MODE_HYBRID (1), "
            "SEARCH_MODE_VECTOR (2), SEARCH_MODE_BM25 (3) or leave it unset"
        )
    return mode


_JOB_STATE = {
    JobState.QUEUED: retrieval_pb2.JOB_STATE_QUEUED,
    JobState.RUNNING: retrieval_pb2.JOB_STATE_RUNNING,
    JobState.DONE: retrieval_pb2.JOB_STATE_DONE,
    JobState.FAILED: retrieval_pb2.JOB_STATE_FAILED,
    JobState.CANCELLED: retrieval_pb2.JOB_STATE_CANCELLED,
}


def job_to_proto(job: Job) -> retrieval_pb2.IngestJob:
    """The wire form of an ingest job."""
    return retrieval_pb2.IngestJob(
        job_id=job.job_id,
        doc_id=job.doc_id,
        state=_JOB_STATE[job.state],
        chunks_done=job.chunks_done,
        chunks_total=job.chunks_total,
        error=job.error,
        replaced=job.replaced,
        unchanged=job.unchanged,
        created_at_unix=job.created_at,
        updated_at_unix=job.updated_at,
        title=job.title,
        bytes=job.bytes,
        chunks_reused=job.chunks_reused,
        searchable=job.searchable,
        pages_done=job.pages_done,
        pages_total=job.pages_total,
    )


def document_from_proto(request: retrieval_pb2.IngestRequest) -> NewDocument:
    return NewDocument(
        doc_id=request.doc_id,
        title=request.title,
        content_type=request.content_type,
        content=request.content,
        metadata=dict(request.metadata),
    )


# The metadata key a search hit carries when only BM25 could find it (vectors pending).
RETRIEVAL_LEGS = "retrieval_legs"


def hit_to_proto(hit: Hit) -> common_pb2.Chunk:
    """The wire form of a search hit."""
    c = hit.chunk
    metadata = dict(c.metadata)
    metadata["parent_id"] = c.doc_id
    if hit.vector_pending:  # found by BM25 alone: the document's vectors are not in yet
        metadata[RETRIEVAL_LEGS] = "bm25"
    if c.section:
        metadata["section"] = c.section
    return common_pb2.Chunk(
        chunk_id=c.chunk_id,
        doc_id=c.doc_id,
        title=c.title,
        text=c.text,
        metadata=metadata,
        vector_score=hit.vector_score,  # None leaves the optional field unset
        bm25_score=hit.bm25_score,
        fused_score=hit.fused_score,
        ordinal=c.ordinal,
        page=c.page,
        page_label=c.page_label,
        ocr_confidence=c.ocr_confidence,
    )


class RetrievalService(retrieval_pb2_grpc.RetrievalServiceServicer):
    """Serves a :class:`RetrievalEngine` over gRPC."""

    def __init__(self, engine: RetrievalEngine, jobs: JobQueue | None = None) -> None:
        self._engine = engine
        self._jobs = jobs

    def _job_queue(self) -> JobQueue:
        if self._jobs is None:
            raise FailedPrecondition("this retrieval_svc runs no ingest jobs; use Ingest")
        return self._jobs

    async def SubmitIngest(
        self, request: retrieval_pb2.SubmitIngestRequest, context: Context
    ) -> retrieval_pb2.SubmitIngestResponse:
        docs = [document_from_proto(d) for d in request.documents]
        jobs = await self._job_queue().submit(request.tenant, docs)
        return retrieval_pb2.SubmitIngestResponse(jobs=[job_to_proto(j) for j in jobs])

    async def GetIngestJob(
        self, request: retrieval_pb2.GetIngestJobRequest, context: Context
    ) -> retrieval_pb2.GetIngestJobResponse:
        job = await self._job_queue().get(request.tenant, request.job_id)
        return retrieval_pb2.GetIngestJobResponse(job=job_to_proto(job))

    async def WatchIngestJob(
        self, request: retrieval_pb2.WatchIngestJobRequest, context: Context
    ) -> AsyncIterator[retrieval_pb2.WatchIngestJobResponse]:
        async for job in self._job_queue().watch(request.tenant, request.job_id):
            yield retrieval_pb2.WatchIngestJobResponse(job=job_to_proto(job))

    async def CancelIngestJob(
        self, request: retrieval_pb2.CancelIngestJobRequest, context: Context
    ) -> retrieval_pb2.CancelIngestJobResponse:
        job = await self._job_queue().cancel(request.tenant, request.job_id)
        return retrieval_pb2.CancelIngestJobResponse(job=job_to_proto(job))

    async def Ingest(
        self, request_iterator: AsyncIterator[retrieval_pb2.IngestRequest], context: Context
    ) -> AsyncIterator[retrieval_pb2.IngestResponse]:
        progress: list[bool] = []  # the first request decides whether progress is reported

        async def documents() -> AsyncIterator[tuple[str, NewDocument]]:
            async for request in request_iterator:
                if not progress:
                    progress.append(request.report_progress)
                yield request.tenant, document_from_proto(request)

        done = 0
        async for step in self._engine.ingest_stream(documents()):  # no page steps asked
            if isinstance(step, IngestResult):
                done += 1
                yield retrieval_pb2.IngestResponse(
                    doc_id=step.doc_id,
                    chunk_count=step.chunk_count,
                    replaced=step.replaced,
                    documents_done=done,
                    chunks_embedded=step.chunk_count,
                    chunks_total=step.chunk_count,
                    unchanged=step.unchanged,
                )
            elif isinstance(step, IngestProgress) and progress and progress[0]:
                yield retrieval_pb2.IngestResponse(
                    doc_id=step.doc_id,
                    documents_done=done,
                    in_progress=True,
                    chunks_embedded=step.chunks_embedded,
                    chunks_total=step.chunks_total,
                )

    async def Search(
        self, request: retrieval_pb2.SearchRequest, context: Context
    ) -> retrieval_pb2.SearchResponse:
        fusion = fusion_from_proto(request.fusion)
        mode = mode_from_proto(request.mode)
        outcome = await self._engine.search(
            request.tenant,
            request.query,
            top_k=request.top_k,
            doc_ids=list(request.doc_ids),
            fusion=fusion,
            vector_weight=request.vector_weight,
            bm25_weight=request.bm25_weight,
            mode=mode,
            min_score=request.min_score,
            metadata=dict(request.metadata_filter),
        )
        span = trace.get_current_span()
        span.set_attribute("groundmesh.results", len(outcome.hits))
        span.set_attribute("groundmesh.degraded", outcome.degraded)
        return retrieval_pb2.SearchResponse(
            chunks=[hit_to_proto(h) for h in outcome.hits],
            degraded=outcome.degraded,
            fusion=_FUSION_PB[outcome.fusion],
            mode=_MODE_PB[outcome.mode],
            failed_legs=list(outcome.failed_legs),
        )

    async def ListDocuments(
        self, request: retrieval_pb2.ListDocumentsRequest, context: Context
    ) -> retrieval_pb2.ListDocumentsResponse:
        docs = await self._engine.list_documents(request.tenant)
        return retrieval_pb2.ListDocumentsResponse(
            documents=[
                retrieval_pb2.DocumentInfo(
                    doc_id=d.doc_id,
                    title=d.title,
                    chunk_count=d.chunk_count,
                    metadata=d.metadata,
                    ingested_at_unix=d.ingested_at,
                    content_type=d.content_type,
                )
                for d in docs
            ]
        )

    async def DeleteDocument(
        self, request: retrieval_pb2.DeleteDocumentRequest, context: Context
    ) -> retrieval_pb2.DeleteDocumentResponse:
        removed = await self._engine.delete(request.tenant, request.doc_id)
        return retrieval_pb2.DeleteDocumentResponse(chunks_deleted=removed)

    async def GetStats(
        self, request: retrieval_pb2.GetStatsRequest, context: Context
    ) -> retrieval_pb2.GetStatsResponse:
        documents, chunks = await self._engine.stats(request.tenant)
        return retrieval_pb2.GetStatsResponse(
            documents=documents,
            chunks=chunks,
            embedder=self._engine.embedder_name,
            backend=self._engine.backend.name,
        )
