"""The gateway's client of retrieval_svc: ingest uploads, list and delete a tenant's documents."""

from __future__ import annotations

from collections.abc import AsyncGenerator, AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field

import grpc

from gateway.stream_status import ServerStatus
from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import MiB
from mesh.errors import from_rpc_error
from mesh.grpc_client import IDEMPOTENT_METHODS, is_serving, open_channel

RETRIEVAL_SERVICE = retrieval_pb2.DESCRIPTOR.services_by_name["RetrievalService"].full_name
# How long to wait, after grpc.aio reports a failed write, for the status retrieval_svc sent
# (it comes with the same end of stream: at once, unless the connection itself broke).
STATUS_GRACE_SECONDS = 5.0

IngestCall = grpc.aio.StreamStreamCall[retrieval_pb2.IngestRequest, retrieval_pb2.IngestResponse]


@dataclass(frozen=True)
class NewUpload:
    """One checked file, ready to be ingested."""

    doc_id: str
    title: str
    filename: str
    content_type: str
    content: bytes
    metadata: dict[str, str] = field(default_factory=dict)


class DocumentsClient:
    """Talks to retrieval_svc; failed calls become GroundmeshErrors."""

    def __init__(
        self,
        target: str,
        timeout: float,
        max_message_bytes: int = 64 * MiB,
        ingest_timeout: float | None = None,
    ) -> None:
        # As the agent's channels: reads retried on UNAVAILABLE, round robin over the SERVING
        # replicas (SubmitIngest is never retried: it changes state).
        self._channel = open_channel(
            target,
            max_message_bytes,
            retry_methods=IDEMPOTENT_METHODS,
            health_service="",
        )
        self._stub = retrieval_pb2_grpc.RetrievalServiceStub(self._channel)
        self._timeout = timeout
        self._ingest_timeout = ingest_timeout or timeout

    async def close(self) -> None:
        await self._channel.close(None)

    async def ready(self) -> bool:
        return await is_serving(self._channel, RETRIEVAL_SERVICE)

    async def ingest(
        self,
        tenant: str,
        uploads: Sequence[NewUpload],
        on_ack: Callable[[retrieval_pb2.IngestResponse], None] | None = None,
    ) -> list[retrieval_pb2.IngestResponse]:
        """Stream the files to Ingest; one acknowledgement per durable document, in order.
        ``on_ack`` sees each acknowledgement as it comes, so a caller knows what was stored
        before a later document failed."""

        async def requests() -> AsyncIterator[retrieval_pb2.IngestRequest]:
            for up in uploads:
                yield self._request(tenant, up)

        call: IngestCall = self._stub.Ingest(requests(), timeout=self._ingest_timeout)
        status = ServerStatus(call)
        acks: list[retrieval_pb2.IngestResponse] = []
        try:
            async for ack in call:
                acks.append(ack)
                if on_ack is not None:
                    on_ack(ack)
        except grpc.aio.AioRpcError as exc:
            # A bad document ends the call while later ones are still being sent; grpc.aio
            # may then report its failed write instead of the reason retrieval_svc gave.
            real = await status.covered_by(exc, STATUS_GRACE_SECONDS)
            raise from_rpc_error(real.as_error() if real else exc, "retrieval_svc") from exc
        return acks

    @staticmethod
    def _request(tenant: str, up: NewUpload) -> retrieval_pb2.IngestRequest:
        return retrieval_pb2.IngestRequest(
            tenant=tenant,
            doc_id=up.doc_id,
            title=up.title,
            content_type=up.content_type,
            content=up.content,
            metadata={"source": up.filename, **up.metadata},
        )

    async def submit(
        self, tenant: str, uploads: Sequence[NewUpload]
    ) -> list[retrieval_pb2.IngestJob]:
        """Hand the files to retrieval_svc as background jobs; returns once they are durable."""
        try:
            reply = await self._stub.SubmitIngest(
                retrieval_pb2.SubmitIngestRequest(
                    tenant=tenant, documents=[self._request(tenant, up) for up in uploads]
                ),
                timeout=self._timeout,
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        return list(reply.jobs)

    async def job(self, tenant: str, job_id: str) -> retrieval_pb2.IngestJob:
        try:
            reply: retrieval_pb2.GetIngestJobResponse = await self._stub.GetIngestJob(
                retrieval_pb2.GetIngestJobRequest(tenant=tenant, job_id=job_id),
                timeout=self._timeout,
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        return reply.job

    async def cancel_job(self, tenant: str, job_id: str) -> retrieval_pb2.IngestJob:
        try:
            reply: retrieval_pb2.CancelIngestJobResponse = await self._stub.CancelIngestJob(
                retrieval_pb2.CancelIngestJobRequest(tenant=tenant, job_id=job_id),
                timeout=self._ingest_timeout,
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        return reply.job

    async def watch_job(
        self, tenant: str, job_id: str
    ) -> AsyncGenerator[retrieval_pb2.IngestJob, None]:
        """The job now and at every change, ending with its final state."""
        call = self._stub.WatchIngestJob(
            retrieval_pb2.WatchIngestJobRequest(tenant=tenant, job_id=job_id),
            timeout=self._ingest_timeout,
        )
        try:
            async for reply in call:
                yield reply.job
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        finally:
            call.cancel()

    async def list(self, tenant: str) -> list[retrieval_pb2.DocumentInfo]:
        try:
            reply = await self._stub.ListDocuments(
                retrieval_pb2.ListDocumentsRequest(tenant=tenant), timeout=self._timeout
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        return list(reply.documents)

    async def delete(self, tenant: str, doc_id: str) -> int:
        try:
            reply = await self._stub.DeleteDocument(
                retrieval_pb2.DeleteDocumentRequest(tenant=tenant, doc_id=doc_id),
                timeout=self._timeout,
            )
        except grpc.aio.AioRpcError as exc:
            raise from_rpc_error(exc, "retrieval_svc") from exc
        return int(reply.chunks_deleted)
