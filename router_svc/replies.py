"""The direct replies the router suggests for greetings, thanks and out-of-scope questions.

The service scope is configuration (``GROUNDMESH_ROUTER_SERVICE_SCOPE``, falling back to
``GROUNDMESH_AGENT_SERVICE_SCOPE``). A configured scope is quoted as written; when none is
configured, the scope is stated in the reply's language (:data:`DEFAULT_SERVICE_SCOPE`), so a
Chinese reply never quotes an English scope. The wording is the template
``prompts/router/direct_reply.jinja``.
"""

from __future__ import annotations

from mesh.prompts import PromptLibrary
from router_svc.decision import TaskType
from router_svc.lexicon import THANKS

TEMPLATE = "router/direct_reply.jinja"
THANKS_REPLY = "thanks"

# What the deployment answers when the operator configured nothing, per answer language.
DEFAULT_SERVICE_SCOPE: dict[str, str] = {
    "en": "questions about the documents uploaded to this workspace",
    "zh-Hant": "關於此工作區已上傳文件的問題",
    "zh-Hans": "关于此工作区已上传文件的问题",
}


def default_scope(language: str) -> str:
    """The built-in service scope in ``language`` (English for any other language)."""
    return DEFAULT_SERVICE_SCOPE.get(language, DEFAULT_SERVICE_SCOPE["en"])


def reply_kind(task: TaskType, question: str) -> str:
    """Which direct reply ``question`` gets: a greeting that thanks gets ``thanks``.

    >>> reply_kind(TaskType.GREETING, "謝謝你！"), reply_kind(TaskType.GREETING, "Hi!")
    ('thanks', 'greeting')
    """
    if task is TaskType.GREETING and THANKS.search(question):
        return THANKS_REPLY
    return task.value


class ReplyWriter:
    """Renders the direct reply for a task type in the answer language.

    ``service_scope`` empty (or blank) means "not configured": each reply states
    :func:`default_scope` in its own language.
    """

    def __init__(self, prompts: PromptLibrary, service_scope: str = "") -> None:
        self._prompts = prompts
        self._scope = service_scope.strip()

    @property
    def configured(self) -> bool:
        """Whether an operator configured the scope (else it follows the reply's language)."""
        return bool(self._scope)

    def scope(self, language: str) -> str:
        """The scope stated in a reply in ``language``."""
        return self._scope or default_scope(language)

    @property
    def prompt_version(self) -> str:
        """``name@version`` of the reply template, for spans."""
        return f"{TEMPLATE}@{self._prompts.version(TEMPLATE)}"

    def reply(self, task_type: str, language: str) -> str:
        """The reply text; ``task_type`` is ``greeting``, ``thanks`` or ``out_of_scope``."""
        return self._prompts.render(
            TEMPLATE, task_type=task_type, language=language, service_scope=self.scope(language)
        ).text
