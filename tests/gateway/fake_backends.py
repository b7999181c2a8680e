"""Small, honest stand-ins for agent_svc and retrieval_svc, served over real loopback gRPC.

The fake agent answers from the fake store (word overlap), so uploads, tenancy and citations
behave end to end; questions starting with ``HANG`` stream one event and then wait forever,
recording when gRPC cancels them, and ``FAIL`` aborts with UNAVAILABLE.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import grpc

from groundmesh.v1 import agent_pb2, agent_pb2_grpc, common_pb2, retrieval_pb2, retrieval_pb2_grpc
from mesh.config import GrpcServerSettings
from mesh.errors import InvalidInput, NotFound, Unavailable
from mesh.grpc_server import create_server, set_serving

Context = grpc.aio.ServicerContext[Any, Any]
_WORD = re.compile(r"\w+")
TEXT_TYPES = {"text/plain", "text/markdown"}


@dataclass
class StoredDoc:
    title: str
    text: str
    metadata: dict[str, str]
    ingested_at: float
    # A paged document (tests put one in the store directly): chunk i is on first_page + i,
    # each labelled page_label (a sheet's name, "scanned"). 0: no pages, as uploads are here.
    first_page: int = 0
    page_label: str = ""
    # Read by OCR from a scan (issue 29): its chunks carry this mean confidence; 0: not OCR.
    ocr_confidence: float = 0.0

    def chunks(self) -> list[str]:
        return [self.text[i : i + 400] for i in range(0, len(self.text), 400)] or [""]

    def page_of(self, index: int) -> int:
        return self.first_page + index if self.first_page else 0


@dataclass
class FakeStore:
    """tenant → doc_id → document."""

    docs: dict[str, dict[str, StoredDoc]] = field(default_factory=dict)

    def search(self, tenant: str, query: str) -> list[common_pb2.Chunk]:
        words = {w.lower() for w in _WORD.findall(query)}
        found = []
        for doc_id, doc in sorted(self.docs.get(tenant, {}).items()):
            for i, text in enumerate(doc.chunks()):
                overlap = len(words & {w.lower() for w in _WORD.findall(text)})
                if overlap:
                    found.append(
                        common_pb2.Chunk(
                            chunk_id=f"{doc_id}#{i}",
                            doc_id=doc_id,
                            title=doc.title,
                            text=text,
                            fused_score=overlap / (len(words) or 1),
                            vector_score=0.5,
                            bm25_score=float(overlap),
                            page=doc.page_of(i),
                            page_label=doc.page_label,
                            ocr_confidence=doc.ocr_confidence,
                        )
                    )
        return sorted(found, key=lambda c: -c.fused_score)[:3]


class FakeRetrieval(retrieval_pb2_grpc.RetrievalServiceServicer):
    def __init__(self, store: FakeStore) -> None:
        self.store = store
        self.jobs: dict[tuple[str, str], retrieval_pb2.IngestJob] = {}

    async def SubmitIngest(
        self, request: retrieval_pb2.SubmitIngestRequest, context: Context
    ) -> retrieval_pb2.SubmitIngestResponse:
        """Stores at once (the fake has no background) and reports each job done."""

        async def documents() -> AsyncIterator[retrieval_pb2.IngestRequest]:
            for d in request.documents:
                d.tenant = request.tenant
                yield d

        acks = [a async for a in self.Ingest(documents(), context)]
        jobs = []
        for ack in acks:
            now = time.time()
            job = retrieval_pb2.IngestJob(
                job_id=f"job-{len(self.jobs):032x}",
                doc_id=ack.doc_id,
                state=retrieval_pb2.JOB_STATE_DONE,
                chunks_done=ack.chunk_count,
                chunks_total=ack.chunk_count,
                replaced=ack.replaced,
                searchable=True,
                created_at_unix=now,
                updated_at_unix=now,
            )
            self.jobs[(request.tenant, job.job_id)] = job
            jobs.append(job)
        return retrieval_pb2.SubmitIngestResponse(jobs=jobs)

    def _job(self, tenant: str, job_id: str) -> retrieval_pb2.IngestJob:
        job = self.jobs.get((tenant, job_id))
        if job is None:
            raise NotFound(f"job {job_id!r} does not exist")
        return job

    async def GetIngestJob(
        self, request: retrieval_pb2.GetIngestJobRequest, context: Context
    ) -> retrieval_pb2.GetIngestJobResponse:
        return retrieval_pb2.GetIngestJobResponse(job=self._job(request.tenant, request.job_id))

    async def WatchIngestJob(
        self, request: retrieval_pb2.WatchIngestJobRequest, context: Context
    ) -> AsyncIterator[retrieval_pb2.WatchIngestJobResponse]:
        yield retrieval_pb2.WatchIngestJobResponse(job=self._job(request.tenant, request.job_id))

    async def CancelIngestJob(
        self, request: retrieval_pb2.CancelIngestJobRequest, context: Context
    ) -> retrieval_pb2.CancelIngestJobResponse:
        return retrieval_pb2.CancelIngestJobResponse(job=self._job(request.tenant, request.job_id))

    async def Ingest(
        self, request_iterator: AsyncIterator[retrieval_pb2.IngestRequest], context: Context
    ) -> AsyncIterator[retrieval_pb2.IngestResponse]:
        done = 0
        async for r in request_iterator:
            if r.content_type not in TEXT_TYPES:
                raise InvalidInput(f"content type {r.content_type!r} is not supported")
            text = r.content.decode("utf-8", errors="strict")
            if not text.strip():
                raise InvalidInput(f"document {r.doc_id!r} has no text")
            docs = self.store.docs.setdefault(r.tenant, {})
            replaced = r.doc_id in docs
            docs[r.doc_id] = StoredDoc(r.title, text, dict(r.metadata), time.time())
            done += 1
            yield retrieval_pb2.IngestResponse(
                doc_id=r.doc_id,
                chunk_count=len(docs[r.doc_id].chunks()),
                replaced=replaced,
                documents_done=done,
            )

    async def ListDocuments(
        self, request: retrieval_pb2.ListDocumentsRequest, context: Context
    ) -> retrieval_pb2.ListDocumentsResponse:
        docs = self.store.docs.get(request.tenant, {})
        return retrieval_pb2.ListDocumentsResponse(
            documents=[
                retrieval_pb2.DocumentInfo(
                    doc_id=doc_id,
                    title=d.title,
                    chunk_count=len(d.chunks()),
                    metadata=d.metadata,
                    ingested_at_unix=d.ingested_at,
                )
                for doc_id, d in sorted(docs.items())
            ]
        )

    async def DeleteDocument(
        self, request: retrieval_pb2.DeleteDocumentRequest, context: Context
    ) -> retrieval_pb2.DeleteDocumentResponse:
        docs = self.store.docs.get(request.tenant, {})
        if request.doc_id not in docs:
            raise NotFound(f"document {request.doc_id!r} does not exist")
        return retrieval_pb2.DeleteDocumentResponse(
            chunks_deleted=len(docs.pop(request.doc_id).chunks())
        )


@dataclass
class AgentRecord:
    """What the fake agent saw, readable from any thread."""

    questions: list[agent_pb2.Question] = field(default_factory=list)
    hanging: threading.Event = field(default_factory=threading.Event)
    cancelled: threading.Event = field(default_factory=threading.Event)
    finished_hangs: int = 0


class FakeAgent(agent_pb2_grpc.AgentServiceServicer):
    def __init__(self, store: FakeStore, record: AgentRecord) -> None:
        self.store = store
        self.record = record

    async def _run(
        self, q: agent_pb2.Question, context: Context
    ) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        self.record.questions.append(q)
        seq = 0

        def ev(**kw: Any) -> agent_pb2.AskStreamResponse:
            nonlocal seq
            seq += 1
            return agent_pb2.AskStreamResponse(sequence=seq, **kw)

        yield ev(reasoning=agent_pb2.ReasoningEvent(step="classify", text="document question"))
        if q.question.startswith("HANG"):
            self.record.hanging.set()
            try:
                await asyncio.sleep(3600)
            except asyncio.CancelledError:
                self.record.cancelled.set()
                raise
        if q.question.startswith("FAIL"):
            raise Unavailable("the fake agent's upstream is down")
        started = time.monotonic()
        args = json.dumps({"query": q.question}, ensure_ascii=False)
        yield ev(tool_call=agent_pb2.ToolCallEvent(tool="search", arguments_json=args, call_id="1"))
        chunks = self.store.search(q.tenant, q.question)
        if q.doc_ids:
            chunks = [c for c in chunks if c.doc_id in set(q.doc_ids)]
        await asyncio.sleep(0.001)
        search_ms = (time.monotonic() - started) * 1000
        yield ev(
            tool_result=agent_pb2.ToolResultEvent(
                tool="search",
                call_id="1",
                summary=f"{len(chunks)} chunks",
                ok=True,
                result_count=len(chunks),
                latency_ms=search_ms,
            )
        )
        if chunks:
            answer = f"{chunks[0].text.strip()[:200]} [{chunks[0].chunk_id}]"
        else:
            answer = "I found nothing about that in your documents."
        for piece in answer.split(" "):
            yield ev(token=agent_pb2.TokenEvent(text=piece + " "))
        judgement = common_pb2.Judgement(
            risk_score=0.1 if chunks else 0.0,
            risk_level=common_pb2.RISK_LEVEL_LOW,
            decision=common_pb2.DECISION_ACCEPT,
            judge_model="rules",
        )
        yield ev(judgement=agent_pb2.JudgementEvent(judgement=judgement, iteration=1))
        steps = [
            agent_pb2.Step(
                name="classify", detail="document question", latency_ms=0.2, iteration=0
            ),
            agent_pb2.Step(
                name="search", detail=f"{len(chunks)} chunks", latency_ms=search_ms, iteration=1
            ),
            agent_pb2.Step(name="judge", detail="accept", latency_ms=0.3, iteration=1),
        ]
        yield ev(
            done=agent_pb2.DoneEvent(
                answer=agent_pb2.Answer(
                    answer=answer,
                    sources=chunks,
                    judgement=judgement,
                    intermediate_steps=steps if q.trace else [],
                    trace_id="0af7651916cd43dd8448eb211c80319c",
                    model_used="fake-offline",
                    total_latency_ms=(time.monotonic() - started) * 1000,
                    intent=common_pb2.INTENT_DOCUMENT_QA,
                    task_type=common_pb2.TASK_TYPE_SIMPLE_FAQ,
                    language="zh-Hant" if re.search(r"[\u4e00-\u9fff]", q.question) else "en",
                )
            )
        )

    async def AskStream(
        self, request: agent_pb2.AskStreamRequest, context: Context
    ) -> AsyncIterator[agent_pb2.AskStreamResponse]:
        async for event in self._run(request.question, context):
            yield event

    async def Ask(self, request: agent_pb2.AskRequest, context: Context) -> agent_pb2.AskResponse:
        async for event in self._run(request.question, context):
            if event.WhichOneof("event") == "done":
                return agent_pb2.AskResponse(answer=event.done.answer)
        raise Unavailable("no answer")


@dataclass
class FakeBackends:
    agent_addr: str
    retrieval_addr: str
    store: FakeStore
    record: AgentRecord
    servers: list[grpc.aio.Server]

    async def stop(self) -> None:
        for server in self.servers:
            await server.stop(None)


async def start_fake_backends() -> FakeBackends:
    """A fake agent and a fake retrieval on loopback port 0, both SERVING."""
    store, record = FakeStore(), AgentRecord()
    servers = []
    addrs = []
    for name, register in [
        (
            "groundmesh.v1.AgentService",
            lambda s: agent_pb2_grpc.add_AgentServiceServicer_to_server(
                FakeAgent(store, record), s
            ),
        ),
        (
            "groundmesh.v1.RetrievalService",
            lambda s: retrieval_pb2_grpc.add_RetrievalServiceServicer_to_server(
                FakeRetrieval(store), s
            ),
        ),
    ]:
        server, port, health = await create_server(GrpcServerSettings(port=0), register, [name])
        await set_serving(health, [name], True)
        servers.append(server)
        addrs.append(f"127.0.0.1:{port}")
    return FakeBackends(addrs[0], addrs[1], store, record, servers)
