"""``/v1/documents``: upload, list and delete the caller's documents."""

import contextlib
from datetime import UTC, datetime
from typing import Annotated

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import JSONResponse
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException as StarletteHTTPException

from gateway.convert import job_out
from gateway.deps import Caller, Gateway, caller, gateway_of
from gateway.documents_client import NewUpload
from gateway.errors import DOC_ERRORS
from gateway.models import (
    DOC_ID_PATTERN,
    AcceptedFileOut,
    DeleteOut,
    DocumentListOut,
    DocumentOut,
    UploadAcceptedOut,
    UploadedOut,
    UploadOut,
)
from gateway.uploads import (
    CONTENT_TYPES,
    UnsupportedType,
    check_content,
    check_filename,
    title_for,
    with_charset,
)
from groundmesh.v1.retrieval_pb2 import IngestResponse
from mesh.config import GatewaySettings
from mesh.errors import GroundmeshError, InvalidInput, NotFound
from mesh.text_decoding import declared_charset

router = APIRouter(tags=["documents"])

# The schema states the default; a deployment's GROUNDMESH_GATEWAY_MAX_FILES may lower it.
_MAX_FILES: int = GatewaySettings.model_fields["max_files"].default
_UPLOAD_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "multipart/form-data": {
                "schema": {
                    "type": "object",
                    "required": ["files"],
                    "properties": {
                        "files": {
                            "type": "array",
                            "items": {"type": "string", "format": "binary"},
                            "maxItems": _MAX_FILES,
                            "description": f"one to {_MAX_FILES} files "
                            "(GROUNDMESH_GATEWAY_MAX_FILES; each at most _MAX_FILE_BYTES, 8 MiB, "
                            "and the whole body at most _MAX_UPLOAD_BYTES, 32 MiB, by default): "
                            + ", ".join(sorted(e.lstrip(".") for e in CONTENT_TYPES)),
                        }
                    },
                }
            }
        },
    }
}


@router.post(
    "/v1/documents",
    status_code=202,
    response_model=None,
    responses={
        202: {"model": UploadAcceptedOut, "description": "accepted: one job per file"},
        201: {"model": UploadOut, "description": "with `wait=true`: every file is stored"},
        **DOC_ERRORS,
    },
    openapi_extra=_UPLOAD_BODY,
)
async def upload(
    request: Request,
    who: Annotated[Caller, Depends(caller)],
    wait: Annotated[
        bool,
        Query(
            description="hold the request until every file is embedded and stored (201), as "
            "before jobs existed; for scripts"
        ),
    ] = False,
) -> JSONResponse:
    """Store one or more files (multipart field ``files``) as the caller's documents. A file's
    ``doc_id`` comes from its name; uploading the same name again replaces the document, and
    the same content again is a no-op that says so (``unchanged``). Every file is checked
    before any is accepted: nothing is accepted unless all are.

    By default the files are stored durably and the reply (202) comes at once, with one job per
    file; parsing, chunking and embedding run in the background (``GET /v1/jobs/{job_id}``,
    ``/events``). With ``wait=true`` the reply (201) comes once every file is searchable."""
    gw = gateway_of(request)
    uploads = await _read_uploads(request)
    if not wait:
        jobs = await gw.documents.submit(who.tenant, uploads)
        accepted = UploadAcceptedOut(
            documents=[
                AcceptedFileOut(
                    doc_id=u.doc_id,
                    filename=u.filename,
                    content_type=u.content_type,
                    bytes=len(u.content),
                    job=job_out(j),
                )
                for u, j in zip(uploads, jobs, strict=True)
            ]
        )
        return JSONResponse(accepted.model_dump(mode="json"), status_code=202)
    stored = await _ingest_and_wait(gw, who.tenant, uploads)
    return JSONResponse(stored.model_dump(mode="json"), status_code=201)


async def _read_uploads(request: Request) -> list[NewUpload]:
    """The checked files of a multipart upload (InvalidInput naming the first bad one)."""
    gw = gateway_of(request)
    limits = gw.settings
    ctype = request.headers.get("content-type", "")
    if not ctype.lower().startswith("multipart/form-data"):
        raise UnsupportedType("send the files as multipart/form-data (field 'files')")
    try:
        form = await request.form(max_files=limits.max_files, max_fields=limits.max_files + 10)
    except StarletteHTTPException as exc:
        raise InvalidInput(f"the multipart body could not be read: {exc.detail}") from exc
    try:
        parts = form.getlist("files")
        if not parts:
            raise InvalidInput("no files: send one or more files in the multipart field 'files'")
        uploads: list[NewUpload] = []
        seen: set[str] = set()
        for part in parts:
            if not isinstance(part, UploadFile):
                raise InvalidInput("the field 'files' must hold files, not text")
            name = check_filename(part.filename)
            content = await part.read(limits.max_file_bytes + 1)
            check_content(name.filename, content, limits.max_file_bytes)
            if name.doc_id in seen:
                raise InvalidInput(f"{name.filename!r} is sent twice (doc_id {name.doc_id!r})")
            seen.add(name.doc_id)
            charset = declared_charset(part.content_type or "")
            uploads.append(
                NewUpload(
                    doc_id=name.doc_id,
                    title=title_for(content, name.content_type, charset),
                    filename=name.filename,
                    content_type=with_charset(name.content_type, charset),
                    content=content,
                )
            )
    finally:
        await form.close()
    return uploads


async def _ingest_and_wait(gw: Gateway, tenant: str, uploads: list[NewUpload]) -> UploadOut:
    acks = await _ingest_all_or_nothing(gw, tenant, uploads)
    gw.metrics.documents_ingested.inc(len(acks))
    by_id = {u.doc_id: u for u in uploads}
    position = {u.doc_id: i for i, u in enumerate(uploads)}
    acks.sort(key=lambda a: position.get(a.doc_id, len(position)))
    stored = [
        UploadedOut(
            doc_id=a.doc_id,
            filename=by_id[a.doc_id].filename,
            content_type=by_id[a.doc_id].content_type,
            bytes=len(by_id[a.doc_id].content),
            chunk_count=a.chunk_count,
            replaced=a.replaced,
        )
        for a in acks
        if a.doc_id in by_id
    ]
    return UploadOut(documents=stored, chunks=sum(d.chunk_count for d in stored))


async def _ingest_all_or_nothing(
    gw: Gateway, tenant: str, uploads: list[NewUpload]
) -> list[IngestResponse]:
    """Ingest every upload or, when retrieval_svc refuses one (say, a corrupt PDF), remove the
    new documents this upload already stored. New documents go first and replacements last, so
    a refusal among the new ones leaves earlier versions untouched; a replacement that was
    already made before a later refusal is named in the error."""
    existing = {d.doc_id for d in await gw.documents.list(tenant)}
    ordered = sorted(uploads, key=lambda u: u.doc_id in existing)
    stored: list[IngestResponse] = []
    try:
        await gw.documents.ingest(tenant, ordered, stored.append)
    except GroundmeshError as exc:
        # retrieval_svc names itself in its messages; the caller only needs the reason.
        exc.message = exc.message.removeprefix("retrieval_svc: ")
        for ack in stored:
            if not ack.replaced:
                with contextlib.suppress(NotFound):
                    await gw.documents.delete(tenant, ack.doc_id)
        replaced = [a.doc_id for a in stored if a.replaced]
        if replaced:
            exc.message += f" (already replaced before this failure: {', '.join(replaced)})"
        else:
            exc.message += " (nothing was stored)"
        raise
    return stored


@router.get("/v1/documents", response_model=DocumentListOut, responses=DOC_ERRORS)
async def list_documents(
    request: Request, who: Annotated[Caller, Depends(caller)]
) -> DocumentListOut:
    """The caller's documents, ordered by ``doc_id``."""
    docs = await gateway_of(request).documents.list(who.tenant)
    return DocumentListOut(
        documents=[
            DocumentOut(
                doc_id=d.doc_id,
                title=d.title,
                chunk_count=d.chunk_count,
                metadata=dict(d.metadata),
                ingested_at=datetime.fromtimestamp(d.ingested_at_unix, UTC)
                if d.ingested_at_unix > 0
                else None,
            )
            for d in docs
        ]
    )


@router.delete("/v1/documents/{doc_id}", response_model=DeleteOut, responses=DOC_ERRORS)
async def delete_document(
    request: Request,
    who: Annotated[Caller, Depends(caller)],
    doc_id: Annotated[str, Path(pattern=DOC_ID_PATTERN, description="the document's id")],
) -> DeleteOut:
    """Delete one of the caller's documents and its chunks; another tenant's document is 404."""
    try:
        removed = await gateway_of(request).documents.delete(who.tenant, doc_id)
    except NotFound as exc:
        raise NotFound(f"document {doc_id!r} not found") from exc
    return DeleteOut(doc_id=doc_id, chunks_deleted=removed)
