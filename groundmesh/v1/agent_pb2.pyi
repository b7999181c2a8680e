from groundmesh.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Question(_message.Message):
    __slots__ = ("tenant", "question", "session_id", "doc_ids", "trace", "limits", "history", "template")
    TENANT_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    DOC_IDS_FIELD_NUMBER: _ClassVar[int]
    TRACE_FIELD_NUMBER: _ClassVar[int]
    LIMITS_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    TEMPLATE_FIELD_NUMBER: _ClassVar[int]
    tenant: str
    question: str
    session_id: str
    doc_ids: _containers.RepeatedScalarFieldContainer[str]
    trace: bool
    limits: _common_pb2.Limits
    history: _containers.RepeatedCompositeFieldContainer[_common_pb2.Turn]
    template: str
    def __init__(self, tenant: _Optional[str] = ..., question: _Optional[str] = ..., session_id: _Optional[str] = ..., doc_ids: _Optional[_Iterable[str]] = ..., trace: _Optional[bool] = ..., limits: _Optional[_Union[_common_pb2.Limits, _Mapping]] = ..., history: _Optional[_Iterable[_Union[_common_pb2.Turn, _Mapping]]] = ..., template: _Optional[str] = ...) -> None: ...

class AnswerSection(_message.Message):
    __slots__ = ("dimension", "answer", "chunk_ids")
    DIMENSION_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    CHUNK_IDS_FIELD_NUMBER: _ClassVar[int]
    dimension: str
    answer: str
    chunk_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, dimension: _Optional[str] = ..., answer: _Optional[str] = ..., chunk_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class Step(_message.Message):
    __slots__ = ("name", "detail", "latency_ms", "iteration")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    LATENCY_MS_FIELD_NUMBER: _ClassVar[int]
    ITERATION_FIELD_NUMBER: _ClassVar[int]
    name: str
    detail: str
    latency_ms: float
    iteration: int
    def __init__(self, name: _Optional[str] = ..., detail: _Optional[str] = ..., latency_ms: _Optional[float] = ..., iteration: _Optional[int] = ...) -> None: ...

class Answer(_message.Message):
    __slots__ = ("answer", "sources", "judgement", "intermediate_steps", "trace_id", "model_used", "total_latency_ms", "intent", "task_type", "language", "iterations", "tokens_used", "limit_reached", "sections", "template", "prompt_versions")
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    INTERMEDIATE_STEPS_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    MODEL_USED_FIELD_NUMBER: _ClassVar[int]
    TOTAL_LATENCY_MS_FIELD_NUMBER: _ClassVar[int]
    INTENT_FIELD_NUMBER: _ClassVar[int]
    TASK_TYPE_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    TOKENS_USED_FIELD_NUMBER: _ClassVar[int]
    LIMIT_REACHED_FIELD_NUMBER: _ClassVar[int]
    SECTIONS_FIELD_NUMBER: _ClassVar[int]
    TEMPLATE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_VERSIONS_FIELD_NUMBER: _ClassVar[int]
    answer: str
    sources: _containers.RepeatedCompositeFieldContainer[_common_pb2.Chunk]
    judgement: _common_pb2.Judgement
    intermediate_steps: _containers.RepeatedCompositeFieldContainer[Step]
    trace_id: str
    model_used: str
    total_latency_ms: float
    intent: _common_pb2.Intent
    task_type: _common_pb2.TaskType
    language: str
    iterations: int
    tokens_used: int
    limit_reached: str
    sections: _containers.RepeatedCompositeFieldContainer[AnswerSection]
    template: str
    prompt_versions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, answer: _Optional[str] = ..., sources: _Optional[_Iterable[_Union[_common_pb2.Chunk, _Mapping]]] = ..., judgement: _Optional[_Union[_common_pb2.Judgement, _Mapping]] = ..., intermediate_steps: _Optional[_Iterable[_Union[Step, _Mapping]]] = ..., trace_id: _Optional[str] = ..., model_used: _Optional[str] = ..., total_latency_ms: _Optional[float] = ..., intent: _Optional[_Union[_common_pb2.Intent, str]] = ..., task_type: _Optional[_Union[_common_pb2.TaskType, str]] = ..., language: _Optional[str] = ..., iterations: _Optional[int] = ..., tokens_used: _Optional[int] = ..., limit_reached: _Optional[str] = ..., sections: _Optional[_Iterable[_Union[AnswerSection, _Mapping]]] = ..., template: _Optional[str] = ..., prompt_versions: _Optional[_Iterable[str]] = ...) -> None: ...

class AskRequest(_message.Message):
    __slots__ = ("question",)
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    question: Question
    def __init__(self, question: _Optional[_Union[Question, _Mapping]] = ...) -> None: ...

class AskResponse(_message.Message):
    __slots__ = ("answer",)
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    answer: Answer
    def __init__(self, answer: _Optional[_Union[Answer, _Mapping]] = ...) -> None: ...

class AskStreamRequest(_message.Message):
    __slots__ = ("question",)
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    question: Question
    def __init__(self, question: _Optional[_Union[Question, _Mapping]] = ...) -> None: ...

class ReasoningEvent(_message.Message):
    __slots__ = ("step", "text")
    STEP_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    step: str
    text: str
    def __init__(self, step: _Optional[str] = ..., text: _Optional[str] = ...) -> None: ...

class ToolCallEvent(_message.Message):
    __slots__ = ("tool", "arguments_json", "call_id")
    TOOL_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_JSON_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    tool: str
    arguments_json: str
    call_id: str
    def __init__(self, tool: _Optional[str] = ..., arguments_json: _Optional[str] = ..., call_id: _Optional[str] = ...) -> None: ...

class ToolResultEvent(_message.Message):
    __slots__ = ("tool", "call_id", "summary", "ok", "result_count", "latency_ms")
    TOOL_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    OK_FIELD_NUMBER: _ClassVar[int]
    RESULT_COUNT_FIELD_NUMBER: _ClassVar[int]
    LATENCY_MS_FIELD_NUMBER: _ClassVar[int]
    tool: str
    call_id: str
    summary: str
    ok: bool
    result_count: int
    latency_ms: float
    def __init__(self, tool: _Optional[str] = ..., call_id: _Optional[str] = ..., summary: _Optional[str] = ..., ok: _Optional[bool] = ..., result_count: _Optional[int] = ..., latency_ms: _Optional[float] = ...) -> None: ...

class TokenEvent(_message.Message):
    __slots__ = ("text",)
    TEXT_FIELD_NUMBER: _ClassVar[int]
    text: str
    def __init__(self, text: _Optional[str] = ...) -> None: ...

class JudgementEvent(_message.Message):
    __slots__ = ("judgement", "iteration")
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    ITERATION_FIELD_NUMBER: _ClassVar[int]
    judgement: _common_pb2.Judgement
    iteration: int
    def __init__(self, judgement: _Optional[_Union[_common_pb2.Judgement, _Mapping]] = ..., iteration: _Optional[int] = ...) -> None: ...

class DoneEvent(_message.Message):
    __slots__ = ("answer",)
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    answer: Answer
    def __init__(self, answer: _Optional[_Union[Answer, _Mapping]] = ...) -> None: ...

class ErrorEvent(_message.Message):
    __slots__ = ("code", "message")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    code: str
    message: str
    def __init__(self, code: _Optional[str] = ..., message: _Optional[str] = ...) -> None: ...

class AskStreamResponse(_message.Message):
    __slots__ = ("sequence", "reasoning", "tool_call", "tool_result", "token", "judgement", "done", "error")
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    REASONING_FIELD_NUMBER: _ClassVar[int]
    TOOL_CALL_FIELD_NUMBER: _ClassVar[int]
    TOOL_RESULT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    JUDGEMENT_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    sequence: int
    reasoning: ReasoningEvent
    tool_call: ToolCallEvent
    tool_result: ToolResultEvent
    token: TokenEvent
    judgement: JudgementEvent
    done: DoneEvent
    error: ErrorEvent
    def __init__(self, sequence: _Optional[int] = ..., reasoning: _Optional[_Union[ReasoningEvent, _Mapping]] = ..., tool_call: _Optional[_Union[ToolCallEvent, _Mapping]] = ..., tool_result: _Optional[_Union[ToolResultEvent, _Mapping]] = ..., token: _Optional[_Union[TokenEvent, _Mapping]] = ..., judgement: _Optional[_Union[JudgementEvent, _Mapping]] = ..., done: _Optional[_Union[DoneEvent, _Mapping]] = ..., error: _Optional[_Union[ErrorEvent, _Mapping]] = ...) -> None: ...
