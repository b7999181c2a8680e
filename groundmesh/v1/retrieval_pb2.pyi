from groundmesh.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Fusion(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FUSION_UNSPECIFIED: _ClassVar[Fusion]
    FUSION_WEIGHTED_RRF: _ClassVar[Fusion]
    FUSION_WEIGHTED_SCORE: _ClassVar[Fusion]

class SearchMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_MODE_UNSPECIFIED: _ClassVar[SearchMode]
    SEARCH_MODE_HYBRID: _ClassVar[SearchMode]
    SEARCH_MODE_VECTOR: _ClassVar[SearchMode]
    SEARCH_MODE_BM25: _ClassVar[SearchMode]

class JobState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    JOB_STATE_UNSPECIFIED: _ClassVar[JobState]
    JOB_STATE_QUEUED: _ClassVar[JobState]
    JOB_STATE_RUNNING: _ClassVar[JobState]
    JOB_STATE_DONE: _ClassVar[JobState]
    JOB_STATE_FAILED: _ClassVar[JobState]
    JOB_STATE_CANCELLED: _ClassVar[JobState]
FUSION_UNSPECIFIED: Fusion
FUSION_WEIGHTED_RRF: Fusion
FUSION_WEIGHTED_SCORE: Fusion
SEARCH_MODE_UNSPECIFIED: SearchMode
SEARCH_MODE_HYBRID: SearchMode
SEARCH_MODE_VECTOR: SearchMode
SEARCH_MODE_BM25: SearchMode
JOB_STATE_UNSPECIFIED: JobState
JOB_STATE_QUEUED: JobState
JOB_STATE_RUNNING: JobState
JOB_STATE_DONE: JobState
JOB_STATE_FAILED: JobState
JOB_STATE_CANCELLED: JobState

class IngestRequest(_message.Message):
    __slots__ = ("tenant", "doc_id", "title", "content_type", "content", "metadata", "report_progress")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    TENANT_FIELD_NUMBER: _ClassVar[int]
    DOC_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    REPORT_PROGRESS_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    doc_id: str
    title: str
    content_type: str
    content: bytes
    metadata: _containers.ScalarMap[str, str]
    report_progress: bool
    def __init__(self, tenant: _Optional[str] = ..., doc_id: _Optional[str] = ..., title: _Optional[str] = ..., content_type: _Optional[str] = ..., content: _Optional[bytes] = ..., metadata: _Optional[_Mapping[str, str]] = ..., report_progress: _Optional[bool] = ...) -> None: ...

class IngestResponse(_message.Message):
    __slots__ = ("doc_id", "chunk_count", "replaced", "documents_done", "in_progress", "chunks_embedded", "chunks_total", "unchanged")
    DOC_ID_FIELD_NUMBER: _ClassVar[int]
    CHUNK_COUNT_FIELD_NUMBER: _ClassVar[int]
    REPLACED_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTS_DONE_FIELD_NUMBER: _ClassVar[int]
    IN_PROGRESS_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_EMBEDDED_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    doc_id: str
    chunk_count: int
    replaced: bool
    documents_done: int
    in_progress: bool
    chunks_embedded: int
    chunks_total: int
    unchanged: bool
    def __init__(self, doc_id: _Optional[str] = ..., chunk_count: _Optional[int] = ..., replaced: _Optional[bool] = ..., documents_done: _Optional[int] = ..., in_progress: _Optional[bool] = ..., chunks_embedded: _Optional[int] = ..., chunks_total: _Optional[int] = ..., unchanged: _Optional[bool] = ...) -> None: ...

class SearchRequest(_message.Message):
    __slots__ = ("tenant", "query", "top_k", "doc_ids", "fusion", "vector_weight", "bm25_weight", "mode", "min_score", "metadata_filter")
    class MetadataFilterEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    TENANT_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    DOC_IDS_FIELD_NUMBER: _ClassVar[int]
    FUSION_FIELD_NUMBER: _ClassVar[int]
    VECTOR_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    BM25_WEIGHT_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    MIN_SCORE_FIELD_NUMBER: _ClassVar[int]
    METADATA_FILTER_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    query: str
    top_k: int
    doc_ids: _containers.RepeatedScalarFieldContainer[str]
    fusion: Fusion
    vector_weight: float
    bm25_weight: float
    mode: SearchMode
    min_score: float
    metadata_filter: _containers.ScalarMap[str, str]
    def __init__(self, tenant: _Optional[str] = ..., query: _Optional[str] = ..., top_k: _Optional[int] = ..., doc_ids: _Optional[_Iterable[str]] = ..., fusion: _Optional[_Union[Fusion, str]] = ..., vector_weight: _Optional[float] = ..., bm25_weight: _Optional[float] = ..., mode: _Optional[_Union[SearchMode, str]] = ..., min_score: _Optional[float] = ..., metadata_filter: _Optional[_Mapping[str, str]] = ...) -> None: ...

class SearchResponse(_message.Message):
    __slots__ = ("chunks", "degraded", "fusion", "mode", "failed_legs")
    CHUNKS_FIELD_NUMBER: _ClassVar[int]
    DEGRADED_FIELD_NUMBER: _ClassVar[int]
    FUSION_FIELD_NUMBER: _ClassVar[int]
    MODE_FIELD_NUMBER: _ClassVar[int]
    FAILED_LEGS_FIELD_NUMBER: _ClassVar[int]
    chunks: _containers.RepeatedCompositeFieldContainer[_common_pb2.Chunk]
    degraded: bool
    fusion: Fusion
    mode: SearchMode
    failed_legs: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, chunks: _Optional[_Iterable[_Union[_common_pb2.Chunk, _Mapping]]] = ..., degraded: _Optional[bool] = ..., fusion: _Optional[_Union[Fusion, str]] = ..., mode: _Optional[_Union[SearchMode, str]] = ..., failed_legs: _Optional[_Iterable[str]] = ...) -> None: ...

class ListDocumentsRequest(_message.Message):
    __slots__ = ("tenant",)
    TENANT_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    def __init__(self, tenant: _Optional[str] = ...) -> None: ...

class DocumentInfo(_message.Message):
    __slots__ = ("doc_id", "title", "chunk_count", "metadata", "ingested_at_unix", "content_type")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    DOC_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    CHUNK_COUNT_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    INGESTED_AT_UNIX_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    doc_id: str
    title: str
    chunk_count: int
    metadata: _containers.ScalarMap[str, str]
    ingested_at_unix: float
    content_type: str
    def __init__(self, doc_id: _Optional[str] = ..., title: _Optional[str] = ..., chunk_count: _Optional[int] = ..., metadata: _Optional[_Mapping[str, str]] = ..., ingested_at_unix: _Optional[float] = ..., content_type: _Optional[str] = ...) -> None: ...

class ListDocumentsResponse(_message.Message):
    __slots__ = ("documents",)
    DOCUMENTS_FIELD_NUMBER: _ClassVar[int]
    documents: _containers.RepeatedCompositeFieldContainer[DocumentInfo]
    def __init__(self, documents: _Optional[_Iterable[_Union[DocumentInfo, _Mapping]]] = ...) -> None: ...

class DeleteDocumentRequest(_message.Message):
    __slots__ = ("tenant", "doc_id")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    DOC_ID_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    doc_id: str
    def __init__(self, tenant: _Optional[str] = ..., doc_id: _Optional[str] = ...) -> None: ...

class DeleteDocumentResponse(_message.Message):
    __slots__ = ("chunks_deleted",)
    CHUNKS_DELETED_FIELD_NUMBER: _ClassVar[int]
    chunks_deleted: int
    def __init__(self, chunks_deleted: _Optional[int] = ...) -> None: ...

class GetStatsRequest(_message.Message):
    __slots__ = ("tenant",)
    TENANT_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    def __init__(self, tenant: _Optional[str] = ...) -> None: ...

class GetStatsResponse(_message.Message):
    __slots__ = ("documents", "chunks", "embedder", "backend")
    DOCUMENTS_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_FIELD_NUMBER: _ClassVar[int]
    EMBEDDER_FIELD_NUMBER: _ClassVar[int]
    BACKEND_FIELD_NUMBER: _ClassVar[int]
    documents: int
    chunks: int
    embedder: str
    backend: str
    def __init__(self, documents: _Optional[int] = ..., chunks: _Optional[int] = ..., embedder: _Optional[str] = ..., backend: _Optional[str] = ...) -> None: ...

class SubmitIngestRequest(_message.Message):
    __slots__ = ("tenant", "documents")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    DOCUMENTS_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    documents: _containers.RepeatedCompositeFieldContainer[IngestRequest]
    def __init__(self, tenant: _Optional[str] = ..., documents: _Optional[_Iterable[_Union[IngestRequest, _Mapping]]] = ...) -> None: ...

class SubmitIngestResponse(_message.Message):
    __slots__ = ("jobs",)
    JOBS_FIELD_NUMBER: _ClassVar[int]
    jobs: _containers.RepeatedCompositeFieldContainer[IngestJob]
    def __init__(self, jobs: _Optional[_Iterable[_Union[IngestJob, _Mapping]]] = ...) -> None: ...

class GetIngestJobRequest(_message.Message):
    __slots__ = ("tenant", "job_id")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    JOB_ID_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    job_id: str
    def __init__(self, tenant: _Optional[str] = ..., job_id: _Optional[str] = ...) -> None: ...

class GetIngestJobResponse(_message.Message):
    __slots__ = ("job",)
    JOB_FIELD_NUMBER: _ClassVar[int]
    job: IngestJob
    def __init__(self, job: _Optional[_Union[IngestJob, _Mapping]] = ...) -> None: ...

class WatchIngestJobRequest(_message.Message):
    __slots__ = ("tenant", "job_id")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    JOB_ID_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    job_id: str
    def __init__(self, tenant: _Optional[str] = ..., job_id: _Optional[str] = ...) -> None: ...

class WatchIngestJobResponse(_message.Message):
    __slots__ = ("job",)
    JOB_FIELD_NUMBER: _ClassVar[int]
    job: IngestJob
    def __init__(self, job: _Optional[_Union[IngestJob, _Mapping]] = ...) -> None: ...

class CancelIngestJobRequest(_message.Message):
    __slots__ = ("tenant", "job_id")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    JOB_ID_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    job_id: str
    def __init__(self, tenant: _Optional[str] = ..., job_id: _Optional[str] = ...) -> None: ...

class CancelIngestJobResponse(_message.Message):
    __slots__ = ("job",)
    JOB_FIELD_NUMBER: _ClassVar[int]
    job: IngestJob
    def __init__(self, job: _Optional[_Union[IngestJob, _Mapping]] = ...) -> None: ...

class IngestJob(_message.Message):
    __slots__ = ("job_id", "doc_id", "state", "chunks_done", "chunks_total", "error", "replaced", "unchanged", "created_at_unix", "updated_at_unix", "title", "bytes", "chunks_reused", "searchable", "pages_done", "pages_total")
    JOB_ID_FIELD_NUMBER: _ClassVar[int]
    DOC_ID_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_DONE_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    REPLACED_FIELD_NUMBER: _ClassVar[int]
    UNCHANGED_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_UNIX_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_UNIX_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    BYTES_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_REUSED_FIELD_NUMBER: _ClassVar[int]
    SEARCHABLE_FIELD_NUMBER: _ClassVar[int]
    PAGES_DONE_FIELD_NUMBER: _ClassVar[int]
    PAGES_TOTAL_FIELD_NUMBER: _ClassVar[int]
    job_id: str
    doc_id: str
    state: JobState
    chunks_done: int
    chunks_total: int
    error: str
    replaced: bool
    unchanged: bool
    created_at_unix: float
    updated_at_unix: float
    title: str
    bytes: int
    chunks_reused: int
    searchable: bool
    pages_done: int
    pages_total: int
    def __init__(self, job_id: _Optional[str] = ..., doc_id: _Optional[str] = ..., state: _Optional[_Union[JobState, str]] = ..., chunks_done: _Optional[int] = ..., chunks_total: _Optional[int] = ..., error: _Optional[str] = ..., replaced: _Optional[bool] = ..., unchanged: _Optional[bool] = ..., created_at_unix: _Optional[float] = ..., updated_at_unix: _Optional[float] = ..., title: _Optional[str] = ..., bytes: _Optional[int] = ..., chunks_reused: _Optional[int] = ..., searchable: _Optional[bool] = ..., pages_done: _Optional[int] = ..., pages_total: _Optional[int] = ...) -> None: ...
