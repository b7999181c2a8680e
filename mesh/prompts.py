"""Jinja2 prompt templates from ``prompts/``: sandboxed, strict, versioned.

Each template starts with ``{#- version: N -#}``; the loader reports the version so it can go
onto spans, and refuses to render with a missing variable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import FileSystemLoader, StrictUndefined, meta
from jinja2.sandbox import SandboxedEnvironment

_VERSION = re.compile(r"\{#-?\s*version:\s*([\w.]+(?:-[\w.]+)*)\s*-?#\}")


@dataclass(frozen=True)
class Rendered:
    """A rendered prompt with the template's name and version."""

    name: str
    version: str
    text: str


class PromptLibrary:
    """Loads and renders the templates under one folder."""

    def __init__(self, folder: Path) -> None:
        if not folder.is_dir():
            raise ValueError(f"prompt folder {folder} does not exist")
        self._folder = folder
        self._env = SandboxedEnvironment(
            loader=FileSystemLoader(str(folder)),
            undefined=StrictUndefined,
            autoescape=False,
            keep_trailing_newline=False,
        )

    def version(self, name: str) -> str:
        """The version declared at the top of template ``name``."""
        source = (self._folder / name).read_text(encoding="utf-8")
        match = _VERSION.search(source)
        if match is None:
            raise ValueError(f"prompt {name} declares no version")
        return match.group(1)

    def variables(self, name: str) -> set[str]:
        """The variables template ``name`` needs."""
        source = (self._folder / name).read_text(encoding="utf-8")
        return set(meta.find_undeclared_variables(self._env.parse(source)))

    def render(self, name: str, /, **variables: Any) -> Rendered:
        """Render template ``name``; a missing variable is a ValueError naming it."""
        missing = self.variables(name) - set(variables)
        if missing:
            raise ValueError(f"prompt {name} needs {', '.join(sorted(missing))}")
        text = self._env.get_template(name).render(**variables).strip()
        return Rendered(name, self.version(name), text)
