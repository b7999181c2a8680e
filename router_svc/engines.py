"""Choose and build the router engine from configuration.

``GROUNDMESH_ROUTER_ENGINE`` (offline | anthropic) wins; when empty, ``GROUNDMESH_LLM_PROVIDER``
decides. The anthropic engine keeps an offline engine as its fallback.
"""

from __future__ import annotations

from mesh.config import RouterSettings
from mesh.llm.base import LLMClient
from mesh.llm.factory import build_llm_client
from mesh.llm.settings import LLMSettings
from mesh.prompts import PromptLibrary
from router_svc.llm_router import LLMRouter
from router_svc.offline import LexiconRouter
from router_svc.replies import ReplyWriter
from router_svc.routing import RouterEngine


def engine_name(settings: RouterSettings, llm: LLMSettings) -> str:
    """The engine the settings ask for."""
    return settings.engine or llm.provider


def build_engine(
    settings: RouterSettings,
    llm: LLMSettings | None = None,
    *,
    client: LLMClient | None = None,
) -> RouterEngine:
    """The configured engine; ``client`` replaces the one built from ``llm`` (tests)."""
    llm = llm if llm is not None else LLMSettings()
    prompts = PromptLibrary(settings.prompts_dir)
    replies = ReplyWriter(prompts, settings.service_scope)
    offline = LexiconRouter(
        settings.default_chinese, use_prototypes=settings.prototypes, replies=replies
    )
    if engine_name(settings, llm) == "offline":
        return offline
    if client is None:
        client = build_llm_client(llm.model_copy(update={"provider": "anthropic"}))
    if client is None:  # pragma: no cover - build_llm_client returns None only when offline
        return offline
    return LLMRouter(
        client,
        prompts,
        offline,
        service_scope=settings.service_scope,
        replies=replies,
        default_chinese=settings.default_chinese,
        timeout_seconds=settings.llm_timeout_seconds,
    )
