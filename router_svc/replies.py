"""The direct replies the router suggests for greetings and out-of-scope questions.

The service scope is configuration (``GROUNDMESH_ROUTER_SERVICE_SCOPE``, falling back to
``GROUNDMESH_AGENT_SERVICE_SCOPE``); the wording is the template
``prompts/router/direct_reply.jinja``.
"""

from __future__ import annotations

from mesh.prompts import PromptLibrary

TEMPLATE = "router/direct_reply.jinja"


class ReplyWriter:
    """Renders the direct reply for a task type in the answer language."""

    def __init__(self, prompts: PromptLibrary, service_scope: str) -> None:
        if not service_scope.strip():
            raise ValueError("service_scope must not be empty")
        self._prompts = prompts
        self._scope = service_scope.strip()

    @property
    def service_scope(self) -> str:
        return self._scope

    @property
    def prompt_version(self) -> str:
        """``name@version`` of the reply template, for spans."""
        return f"{TEMPLATE}@{self._prompts.version(TEMPLATE)}"

    def reply(self, task_type: str, language: str) -> str:
        """The reply text; ``task_type`` is ``greeting`` or ``out_of_scope``."""
        return self._prompts.render(
            TEMPLATE, task_type=task_type, language=language, service_scope=self._scope
        ).text
