"""Language-model clients behind one small interface (``mesh.llm.base.LLMClient``).

``offline`` needs no model at all: each service keeps its own offline engine and uses an
``LLMClient`` only when ``GROUNDMESH_LLM_PROVIDER=anthropic``.

Modules: ``base`` (the protocol and its values), ``settings`` (``LLMSettings``), ``factory``
(``build_llm_client``), ``anthropic_client`` (``AnthropicClient`` on ``AsyncAnthropic``),
``retry`` (the retry policy), ``structured`` (validated output through forced tool use) and
``tokens`` (a quick token estimate). Tests use ``testkit.messages_api``.
"""
