from groundmesh.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class JudgeRequest(_message.Message):
    __slots__ = ("tenant", "question", "draft", "sources", "iteration", "max_iterations", "language")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    ITERATION_FIELD_NUMBER: _ClassVar[int]
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    question: str
    draft: str
    sources: _containers.RepeatedCompositeFieldContainer[_common_pb2.Chunk]
    iteration: int
    max_iterations: int
    language: str
    def __init__(self, tenant: _Optional[str] = ..., question: _Optional[str] = ..., draft: _Optional[str] = ..., sources: _Optional[_Iterable[_Union[_common_pb2.Chunk, _Mapping]]] = ..., iteration: _Optional[int] = ..., max_iterations: _Optional[int] = ..., language: _Optional[str] = ...) -> None: ...

class JudgeResponse(_message.Message):
    __slots__ = ("judgement",)
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    judgement: _common_pb2.Judgement
    def __init__(self, judgement: _Optional[_Union[_common_pb2.Judgement, _Mapping]] = ...) -> None: ...
