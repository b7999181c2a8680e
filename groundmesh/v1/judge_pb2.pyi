from groundmesh.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Sufficiency(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUFFICIENCY_UNSPECIFIED: _ClassVar[Sufficiency]
    SUFFICIENCY_SUFFICIENT: _ClassVar[Sufficiency]
    SUFFICIENCY_INSUFFICIENT: _ClassVar[Sufficiency]
SUFFICIENCY_UNSPECIFIED: Sufficiency
SUFFICIENCY_SUFFICIENT: Sufficiency
SUFFICIENCY_INSUFFICIENT: Sufficiency

class JudgeRequest(_message.Message):
    __slots__ = ("tenant", "question", "draft", "sources", "iteration", "max_iterations", "language", "question_vector", "standalone_question")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    ITERATION_FIELD_NUMBER: _ClassVar[int]
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    QUESTION_VECTOR_FIELD_NUMBER: _ClassVar[int]
    STANDALONE_QUESTION_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    question: str
    draft: str
    sources: _containers.RepeatedCompositeFieldContainer[_common_pb2.Chunk]
    iteration: int
    max_iterations: int
    language: str
    question_vector: _containers.RepeatedScalarFieldContainer[float]
    standalone_question: str
    def __init__(self, tenant: _Optional[str] = ..., question: _Optional[str] = ..., draft: _Optional[str] = ..., sources: _Optional[_Iterable[_Union[_common_pb2.Chunk, _Mapping]]] = ..., iteration: _Optional[int] = ..., max_iterations: _Optional[int] = ..., language: _Optional[str] = ..., question_vector: _Optional[_Iterable[float]] = ..., standalone_question: _Optional[str] = ...) -> None: ...

class JudgeResponse(_message.Message):
    __slots__ = ("judgement",)
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    judgement: _common_pb2.Judgement
    def __init__(self, judgement: _Optional[_Union[_common_pb2.Judgement, _Mapping]] = ...) -> None: ...

class GradeDocumentsRequest(_message.Message):
    __slots__ = ("tenant", "question", "chunks", "language")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    CHUNKS_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    question: str
    chunks: _containers.RepeatedCompositeFieldContainer[_common_pb2.Chunk]
    language: str
    def __init__(self, tenant: _Optional[str] = ..., question: _Optional[str] = ..., chunks: _Optional[_Iterable[_Union[_common_pb2.Chunk, _Mapping]]] = ..., language: _Optional[str] = ...) -> None: ...

class ChunkGrade(_message.Message):
    __slots__ = ("chunk_id", "relevance", "relevant", "covered_aspects")
    CHUNK_ID_FIELD_NUMBER: _ClassVar[int]
    RELEVANCE_FIELD_NUMBER: _ClassVar[int]
    RELEVANT_FIELD_NUMBER: _ClassVar[int]
    COVERED_ASPECTS_FIELD_NUMBER: _ClassVar[int]
    chunk_id: str
    relevance: float
    relevant: bool
    covered_aspects: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, chunk_id: _Optional[str] = ..., relevance: _Optional[float] = ..., relevant: _Optional[bool] = ..., covered_aspects: _Optional[_Iterable[str]] = ...) -> None: ...

class GradeDocumentsResponse(_message.Message):
    __slots__ = ("verdict", "missing_aspects", "chunk_grades", "coverage", "reasoning", "grader_model")
    VERDICT_FIELD_NUMBER: _ClassVar[int]
    MISSING_ASPECTS_FIELD_NUMBER: _ClassVar[int]
    CHUNK_GRADES_FIELD_NUMBER: _ClassVar[int]
    COVERAGE_FIELD_NUMBER: _ClassVar[int]
    REASONING_FIELD_NUMBER: _ClassVar[int]
    GRADER_MODEL_FIELD_NUMBER: _ClassVar[int]
    verdict: Sufficiency
    missing_aspects: _containers.RepeatedScalarFieldContainer[str]
    chunk_grades: _containers.RepeatedCompositeFieldContainer[ChunkGrade]
    coverage: float
    reasoning: str
    grader_model: str
    def __init__(self, verdict: _Optional[_Union[Sufficiency, str]] = ..., missing_aspects: _Optional[_Iterable[str]] = ..., chunk_grades: _Optional[_Iterable[_Union[ChunkGrade, _Mapping]]] = ..., coverage: _Optional[float] = ..., reasoning: _Optional[str] = ..., grader_model: _Optional[str] = ...) -> None: ...
