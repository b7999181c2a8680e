"""Language-model clients behind one small interface (``mesh.llm.base.LLMClient``).

``offline`` needs no model at all: each service keeps its own offline engine and uses an
``LLMClient`` only when ``GROUNDMESH_LLM_PROVIDER=anthropic``.
"""
