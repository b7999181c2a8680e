"""Jinja2 prompt templates from ``prompts/``: sandboxed, strict, versioned, overridable.

Each template starts with ``{#- version: N -#}``; the loader reports the version so it can go
onto spans, and refuses to render with a missing variable. A second folder (the override
directory, set by configuration) takes precedence over the shipped one, template by template
(seed Property 11). :meth:`PromptLibrary.check` renders templates with sample variables at
start-up, so a broken template is a clear start-up error rather than a failed request.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, FileSystemLoader, StrictUndefined, TemplateError, meta
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

_VERSION = re.compile(r"\{#-?\s*version:\s*([\w.]+(?:-[\w.]+)*)\s*-?#\}")


@dataclass(frozen=True)
class Rendered:
    """A rendered prompt with the template's name and version."""

    name: str
    version: str
    text: str


class PromptError(ValueError):
    """A template is missing, has no version, or does not render."""


class PromptLibrary:
    """Loads and renders the templates under one folder (and an optional override folder)."""

    def __init__(self, folder: Path, override: Path | None = None) -> None:
        if not folder.is_dir():
            raise ValueError(f"prompt folder {folder} does not exist")
        if override is not None and not override.is_dir():
            raise ValueError(f"prompt override folder {override} does not exist")
        self._folders = [f for f in (override, folder) if f is not None]
        self._folder = folder
        self._env = SandboxedEnvironment(
            loader=ChoiceLoader([FileSystemLoader(str(f)) for f in self._folders]),
            undefined=StrictUndefined,
            autoescape=False,
            keep_trailing_newline=False,
        )

    def path(self, name: str) -> Path:
        """The file that serves template ``name`` (the override's, when it has one)."""
        for folder in self._folders:
            candidate = folder / name
            if candidate.is_file():
                return candidate
        raise PromptError(f"prompt {name} not found in {', '.join(map(str, self._folders))}")

    def source(self, name: str) -> str:
        return self.path(name).read_text(encoding="utf-8")

    def version(self, name: str) -> str:
        """The version declared at the top of template ``name``."""
        match = _VERSION.search(self.source(name))
        if match is None:
            raise PromptError(f"prompt {name} declares no version")
        return match.group(1)

    def variables(self, name: str) -> set[str]:
        """The variables template ``name`` needs."""
        return set(meta.find_undeclared_variables(self._env.parse(self.source(name))))

    def render(self, name: str, /, **variables: Any) -> Rendered:
        """Render template ``name``; a missing variable is a ValueError naming it."""
        missing = self.variables(name) - set(variables)
        if missing:
            raise PromptError(f"prompt {name} needs {', '.join(sorted(missing))}")
        try:
            text = self._env.get_template(name).render(**variables).strip()
        except SecurityError:
            raise
        except TemplateError as exc:
            raise PromptError(f"prompt {name} ({self.path(name)}) does not render: {exc}") from exc
        return Rendered(name, self.version(name), text)

    def check(self, samples: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
        """Render each named template with sample variables; PromptError names the first bad one.

        Returns each template's version, for the start-up log and spans.
        """
        versions: dict[str, str] = {}
        for name, variables in samples.items():
            try:
                versions[name] = self.render(name, **variables).version
            except PromptError:
                raise
            except (TemplateError, TypeError, ValueError, KeyError, AttributeError) as exc:
                raise PromptError(
                    f"prompt {name} ({self.path(name)}) does not render: {exc}"
                ) from exc
        return versions
