from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Intent(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INTENT_UNSPECIFIED: _ClassVar[Intent]
    INTENT_DIRECT_ANSWER: _ClassVar[Intent]
    INTENT_DOCUMENT_QA: _ClassVar[Intent]
    INTENT_WEB_SEARCH: _ClassVar[Intent]
    INTENT_COMPLEX: _ClassVar[Intent]

class TaskType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TASK_TYPE_UNSPECIFIED: _ClassVar[TaskType]
    TASK_TYPE_GREETING: _ClassVar[TaskType]
    TASK_TYPE_SIMPLE_FAQ: _ClassVar[TaskType]
    TASK_TYPE_FORM_DOWNLOAD: _ClassVar[TaskType]
    TASK_TYPE_CONVERSATION_FOLLOWUP: _ClassVar[TaskType]
    TASK_TYPE_OUT_OF_SCOPE: _ClassVar[TaskType]

class RiskLevel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    RISK_LEVEL_UNSPECIFIED: _ClassVar[RiskLevel]
    RISK_LEVEL_LOW: _ClassVar[RiskLevel]
    RISK_LEVEL_MODERATE: _ClassVar[RiskLevel]
    RISK_LEVEL_HIGH: _ClassVar[RiskLevel]

class Decision(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DECISION_UNSPECIFIED: _ClassVar[Decision]
    DECISION_ACCEPT: _ClassVar[Decision]
    DECISION_REFINE: _ClassVar[Decision]
    DECISION_REJECT: _ClassVar[Decision]

class Role(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ROLE_UNSPECIFIED: _ClassVar[Role]
    ROLE_USER: _ClassVar[Role]
    ROLE_ASSISTANT: _ClassVar[Role]
INTENT_UNSPECIFIED: Intent
INTENT_DIRECT_ANSWER: Intent
INTENT_DOCUMENT_QA: Intent
INTENT_WEB_SEARCH: Intent
INTENT_COMPLEX: Intent
TASK_TYPE_UNSPECIFIED: TaskType
TASK_TYPE_GREETING: TaskType
TASK_TYPE_SIMPLE_FAQ: TaskType
TASK_TYPE_FORM_DOWNLOAD: TaskType
TASK_TYPE_CONVERSATION_FOLLOWUP: TaskType
TASK_TYPE_OUT_OF_SCOPE: TaskType
RISK_LEVEL_UNSPECIFIED: RiskLevel
RISK_LEVEL_LOW: RiskLevel
RISK_LEVEL_MODERATE: RiskLevel
RISK_LEVEL_HIGH: RiskLevel
DECISION_UNSPECIFIED: Decision
DECISION_ACCEPT: Decision
DECISION_REFINE: Decision
DECISION_REJECT: Decision
ROLE_UNSPECIFIED: Role
ROLE_USER: Role
ROLE_ASSISTANT: Role

class Turn(_message.Message):
    __slots__ = ("role", "content")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    role: Role
    content: str
    def __init__(self, role: _Optional[_Union[Role, str]] = ..., content: _Optional[str] = ...) -> None: ...

class Chunk(_message.Message):
    __slots__ = ("chunk_id", "doc_id", "title", "text", "metadata", "vector_score", "bm25_score", "fused_score", "ordinal", "page", "page_label", "ocr_confidence")
    class MetadataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CHUNK_ID_FIELD_NUMBER: _ClassVar[int]
    DOC_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    METADATA_FIELD_NUMBER: _ClassVar[int]
    VECTOR_SCORE_FIELD_NUMBER: _ClassVar[int]
    BM25_SCORE_FIELD_NUMBER: _ClassVar[int]
    FUSED_SCORE_FIELD_NUMBER: _ClassVar[int]
    ORDINAL_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    PAGE_LABEL_FIELD_NUMBER: _ClassVar[int]
    OCR_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    chunk_id: str
    doc_id: str
    title: str
    text: str
    metadata: _containers.ScalarMap[str, str]
    vector_score: float
    bm25_score: float
    fused_score: float
    ordinal: int
    page: int
    page_label: str
    ocr_confidence: float
    def __init__(self, chunk_id: _Optional[str] = ..., doc_id: _Optional[str] = ..., title: _Optional[str] = ..., text: _Optional[str] = ..., metadata: _Optional[_Mapping[str, str]] = ..., vector_score: _Optional[float] = ..., bm25_score: _Optional[float] = ..., fused_score: _Optional[float] = ..., ordinal: _Optional[int] = ..., page: _Optional[int] = ..., page_label: _Optional[str] = ..., ocr_confidence: _Optional[float] = ...) -> None: ...

class HallucinationDetails(_message.Message):
    __slots__ = ("has_risk", "risk_score", "valid_citations", "invalid_citations", "uncited_sentences", "unsupported_claims", "contradictory_info", "over_extrapolation", "citation_ratio", "notes", "total_claims", "cited_claims", "uncited_sentence_count", "novel_pair_share")
    HAS_RISK_FIELD_NUMBER: _ClassVar[int]
    RISK_SCORE_FIELD_NUMBER: _ClassVar[int]
    VALID_CITATIONS_FIELD_NUMBER: _ClassVar[int]
    INVALID_CITATIONS_FIELD_NUMBER: _ClassVar[int]
    UNCITED_SENTENCES_FIELD_NUMBER: _ClassVar[int]
    UNSUPPORTED_CLAIMS_FIELD_NUMBER: _ClassVar[int]
    CONTRADICTORY_INFO_FIELD_NUMBER: _ClassVar[int]
    OVER_EXTRAPOLATION_FIELD_NUMBER: _ClassVar[int]
    CITATION_RATIO_FIELD_NUMBER: _ClassVar[int]
    NOTES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_CLAIMS_FIELD_NUMBER: _ClassVar[int]
    CITED_CLAIMS_FIELD_NUMBER: _ClassVar[int]
    UNCITED_SENTENCE_COUNT_FIELD_NUMBER: _ClassVar[int]
    NOVEL_PAIR_SHARE_FIELD_NUMBER: _ClassVar[int]
    has_risk: bool
    risk_score: float
    valid_citations: _containers.RepeatedScalarFieldContainer[str]
    invalid_citations: _containers.RepeatedScalarFieldContainer[str]
    uncited_sentences: _containers.RepeatedScalarFieldContainer[str]
    unsupported_claims: _containers.RepeatedScalarFieldContainer[str]
    contradictory_info: _containers.RepeatedScalarFieldContainer[str]
    over_extrapolation: _containers.RepeatedScalarFieldContainer[str]
    citation_ratio: float
    notes: str
    total_claims: int
    cited_claims: int
    uncited_sentence_count: int
    novel_pair_share: float
    def __init__(self, has_risk: _Optional[bool] = ..., risk_score: _Optional[float] = ..., valid_citations: _Optional[_Iterable[str]] = ..., invalid_citations: _Optional[_Iterable[str]] = ..., uncited_sentences: _Optional[_Iterable[str]] = ..., unsupported_claims: _Optional[_Iterable[str]] = ..., contradictory_info: _Optional[_Iterable[str]] = ..., over_extrapolation: _Optional[_Iterable[str]] = ..., citation_ratio: _Optional[float] = ..., notes: _Optional[str] = ..., total_claims: _Optional[int] = ..., cited_claims: _Optional[int] = ..., uncited_sentence_count: _Optional[int] = ..., novel_pair_share: _Optional[float] = ...) -> None: ...

class LineVerdict(_message.Message):
    __slots__ = ("text", "addresses_question", "reason")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    ADDRESSES_QUESTION_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    text: str
    addresses_question: bool
    reason: str
    def __init__(self, text: _Optional[str] = ..., addresses_question: _Optional[bool] = ..., reason: _Optional[str] = ...) -> None: ...

class Judgement(_message.Message):
    __slots__ = ("risk_score", "risk_level", "decision", "rule_score", "llm_score", "completeness_score", "relevance_score", "citation_quality_score", "consistency_score", "hallucination", "reasoning", "judge_model", "confidence", "completeness_notes", "relevance_notes", "citation_notes", "consistency_notes", "accepted_at_limit", "criteria", "evaluator", "claim_support_score", "degraded_reason", "addresses_question", "answer_relevance", "missing_aspects", "off_topic_sentences", "expected_answer_type", "line_verdicts")
    RISK_SCORE_FIELD_NUMBER: _ClassVar[int]
    RISK_LEVEL_FIELD_NUMBER: _ClassVar[int]
    DECISION_FIELD_NUMBER: _ClassVar[int]
    RULE_SCORE_FIELD_NUMBER: _ClassVar[int]
    LLM_SCORE_FIELD_NUMBER: _ClassVar[int]
    COMPLETENESS_SCORE_FIELD_NUMBER: _ClassVar[int]
    RELEVANCE_SCORE_FIELD_NUMBER: _ClassVar[int]
    CITATION_QUALITY_SCORE_FIELD_NUMBER: _ClassVar[int]
    CONSISTENCY_SCORE_FIELD_NUMBER: _ClassVar[int]
    HALLUCINATION_FIELD_NUMBER: _ClassVar[int]
    REASONING_FIELD_NUMBER: _ClassVar[int]
    JUDGE_MODEL_FIELD_NUMBER: _ClassVar[int]
    CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    COMPLETENESS_NOTES_FIELD_NUMBER: _ClassVar[int]
    RELEVANCE_NOTES_FIELD_NUMBER: _ClassVar[int]
    CITATION_NOTES_FIELD_NUMBER: _ClassVar[int]
    CONSISTENCY_NOTES_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_AT_LIMIT_FIELD_NUMBER: _ClassVar[int]
    CRITERIA_FIELD_NUMBER: _ClassVar[int]
    EVALUATOR_FIELD_NUMBER: _ClassVar[int]
    CLAIM_SUPPORT_SCORE_FIELD_NUMBER: _ClassVar[int]
    DEGRADED_REASON_FIELD_NUMBER: _ClassVar[int]
    ADDRESSES_QUESTION_FIELD_NUMBER: _ClassVar[int]
    ANSWER_RELEVANCE_FIELD_NUMBER: _ClassVar[int]
    MISSING_ASPECTS_FIELD_NUMBER: _ClassVar[int]
    OFF_TOPIC_SENTENCES_FIELD_NUMBER: _ClassVar[int]
    EXPECTED_ANSWER_TYPE_FIELD_NUMBER: _ClassVar[int]
    LINE_VERDICTS_FIELD_NUMBER: _ClassVar[int]
    risk_score: float
    risk_level: RiskLevel
    decision: Decision
    rule_score: float
    llm_score: float
    completeness_score: float
    relevance_score: float
    citation_quality_score: float
    consistency_score: float
    hallucination: HallucinationDetails
    reasoning: str
    judge_model: str
    confidence: float
    completeness_notes: str
    relevance_notes: str
    citation_notes: str
    consistency_notes: str
    accepted_at_limit: bool
    criteria: _containers.RepeatedScalarFieldContainer[str]
    evaluator: str
    claim_support_score: float
    degraded_reason: str
    addresses_question: bool
    answer_relevance: float
    missing_aspects: _containers.RepeatedScalarFieldContainer[str]
    off_topic_sentences: _containers.RepeatedScalarFieldContainer[str]
    expected_answer_type: str
    line_verdicts: _containers.RepeatedCompositeFieldContainer[LineVerdict]
    def __init__(self, risk_score: _Optional[float] = ..., risk_level: _Optional[_Union[RiskLevel, str]] = ..., decision: _Optional[_Union[Decision, str]] = ..., rule_score: _Optional[float] = ..., llm_score: _Optional[float] = ..., completeness_score: _Optional[float] = ..., relevance_score: _Optional[float] = ..., citation_quality_score: _Optional[float] = ..., consistency_score: _Optional[float] = ..., hallucination: _Optional[_Union[HallucinationDetails, _Mapping]] = ..., reasoning: _Optional[str] = ..., judge_model: _Optional[str] = ..., confidence: _Optional[float] = ..., completeness_notes: _Optional[str] = ..., relevance_notes: _Optional[str] = ..., citation_notes: _Optional[str] = ..., consistency_notes: _Optional[str] = ..., accepted_at_limit: _Optional[bool] = ..., criteria: _Optional[_Iterable[str]] = ..., evaluator: _Optional[str] = ..., claim_support_score: _Optional[float] = ..., degraded_reason: _Optional[str] = ..., addresses_question: _Optional[bool] = ..., answer_relevance: _Optional[float] = ..., missing_aspects: _Optional[_Iterable[str]] = ..., off_topic_sentences: _Optional[_Iterable[str]] = ..., expected_answer_type: _Optional[str] = ..., line_verdicts: _Optional[_Iterable[_Union[LineVerdict, _Mapping]]] = ...) -> None: ...

class Limits(_message.Message):
    __slots__ = ("max_iterations", "max_tokens", "max_duration_seconds")
    MAX_ITERATIONS_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    MAX_DURATION_SECONDS_FIELD_NUMBER: _ClassVar[int]
    max_iterations: int
    max_tokens: int
    max_duration_seconds: float
    def __init__(self, max_iterations: _Optional[int] = ..., max_tokens: _Optional[int] = ..., max_duration_seconds: _Optional[float] = ...) -> None: ...
