from groundmesh.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class RouteRequest(_message.Message):
    __slots__ = ("tenant", "question", "history")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    question: str
    history: _containers.RepeatedCompositeFieldContainer[_common_pb2.Turn]
    def __init__(self, tenant: _Optional[str] = ..., question: _Optional[str] = ..., history: _Optional[_Iterable[_Union[_common_pb2.Turn, _Mapping]]] = ...) -> None: ...

class RouteResponse(_message.Message):
    __slots__ = ("intent", "task_type", "confidence", "reasoning", "language", "answer_language", "normalized_question", "standalone_question", "is_followup", "search_queries", "escalated", "sub_queries", "needs_rewrite", "reply", "engine", "history_turns_used", "history_turns_dropped", "contextual_question")
    INTENT_FIELD_NUMBER: _ClassVar[int]
    TASK_TYPE_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    REASONING_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    ANSWER_LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    NORMALIZED_QUESTION_FIELD_NUMBER: _ClassVar[int]
    STANDALONE_QUESTION_FIELD_NUMBER: _ClassVar[int]
    IS_FOLLOWUP_FIELD_NUMBER: _ClassVar[int]
    SEARCH_QUERIES_FIELD_NUMBER: _ClassVar[int]
    ESCALATED_FIELD_NUMBER: _ClassVar[int]
    SUB_QUERIES_FIELD_NUMBER: _ClassVar[int]
    NEEDS_REWRITE_FIELD_NUMBER: _ClassVar[int]
    REPLY_FIELD_NUMBER: _ClassVar[int]
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    HISTORY_TURNS_USED_FIELD_NUMBER: _ClassVar[int]
    HISTORY_TURNS_DROPPED_FIELD_NUMBER: _ClassVar[int]
    CONTEXTUAL_QUESTION_FIELD_NUMBER: _ClassVar[int]
    intent: _common_pb2.Intent
    task_type: _common_pb2.TaskType
    confidence: float
    reasoning: str
    language: str
    answer_language: str
    normalized_question: str
    standalone_question: str
    is_followup: bool
    search_queries: _containers.RepeatedScalarFieldContainer[str]
    escalated: bool
    sub_queries: _containers.RepeatedScalarFieldContainer[str]
    needs_rewrite: bool
    reply: str
    engine: str
    history_turns_used: int
    history_turns_dropped: int
    contextual_question: str
    def __init__(self, intent: _Optional[_Union[_common_pb2.Intent, str]] = ..., task_type: _Optional[_Union[_common_pb2.TaskType, str]] = ..., confidence: _Optional[float] = ..., reasoning: _Optional[str] = ..., language: _Optional[str] = ..., answer_language: _Optional[str] = ..., normalized_question: _Optional[str] = ..., standalone_question: _Optional[str] = ..., is_followup: _Optional[bool] = ..., search_queries: _Optional[_Iterable[str]] = ..., escalated: _Optional[bool] = ..., sub_queries: _Optional[_Iterable[str]] = ..., needs_rewrite: _Optional[bool] = ..., reply: _Optional[str] = ..., engine: _Optional[str] = ..., history_turns_used: _Optional[int] = ..., history_turns_dropped: _Optional[int] = ..., contextual_question: _Optional[str] = ...) -> None: ...
