"""Analysis templates (seed 002 ``AnalysisTemplate``): named question shapes with dimensions.

A template has a name, a description, dimensions, one prompt per dimension (``{question}`` is
replaced by the user's question) and an output schema. Templates round-trip through JSON and
YAML unchanged (seed Properties 13 and 14); asking through a template answers each dimension
and returns the answer in those sections.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from mesh.errors import AlreadyExists, InvalidInput, NotFound

NAME_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,63}$"


class AnalysisTemplate(BaseModel):
    """One analysis template."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(pattern=NAME_PATTERN)
    description: str = Field(max_length=2000)
    dimensions: list[str] = Field(min_length=1, max_length=10)
    prompts: dict[str, str] = Field(default_factory=dict)
    output_schema: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _dimensions_are_sound(self) -> AnalysisTemplate:
        if any(not d.strip() for d in self.dimensions):
            raise ValueError("dimensions must not be blank")
        if len(set(self.dimensions)) != len(self.dimensions):
            raise ValueError("dimensions must be unique")
        unknown = set(self.prompts) - set(self.dimensions)
        if unknown:
            raise ValueError(f"prompts for unknown dimensions: {sorted(unknown)}")
        return self

    def question_for(self, dimension: str, question: str) -> str:
        """The question to ask for one dimension."""
        prompt = self.prompts.get(dimension)
        if not prompt:
            return f"{question} — {dimension}"
        return prompt.replace("{question}", question)

    def default_output_schema(self) -> dict[str, Any]:
        """The schema of the sectioned answer (used when none is given)."""
        return {
            "type": "object",
            "properties": {d: {"type": "string"} for d in self.dimensions},
            "required": list(self.dimensions),
        }


def to_json(template: AnalysisTemplate) -> str:
    return template.model_dump_json(indent=2)


def from_json(text: str) -> AnalysisTemplate:
    try:
        return AnalysisTemplate.model_validate_json(text)
    except ValidationError as exc:
        raise InvalidInput(f"not a valid analysis template: {exc}") from exc


_YAML_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ufeff\ud800-\udfff]")


class _Dumper(yaml.SafeDumper):
    """Readable Chinese, but strings with breaks or control characters are double-quoted."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = '"' if _YAML_UNSAFE.search(value) or value != value.strip() else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _represent_str)


def to_yaml(template: AnalysisTemplate) -> str:
    return yaml.dump(
        template.model_dump(mode="json"), Dumper=_Dumper, allow_unicode=True, sort_keys=False
    )


def from_yaml(text: str) -> AnalysisTemplate:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise InvalidInput(f"not valid YAML: {exc}") from exc
    try:
        return AnalysisTemplate.model_validate(data)
    except ValidationError as exc:
        raise InvalidInput(f"not a valid analysis template: {exc}") from exc


class TemplateRegistry:
    """Templates by name."""

    def __init__(self) -> None:
        self._templates: dict[str, AnalysisTemplate] = {}

    def register(self, template: AnalysisTemplate, *, replace: bool = False) -> None:
        if template.name in self._templates and not replace:
            raise AlreadyExists(f"analysis template {template.name!r} exists")
        self._templates[template.name] = template

    def get(self, name: str) -> AnalysisTemplate:
        try:
            return self._templates[name]
        except KeyError:
            raise NotFound(f"no analysis template named {name!r}") from None

    def list(self) -> list[AnalysisTemplate]:
        return [self._templates[n] for n in sorted(self._templates)]

    def load_dir(self, folder: Path) -> int:
        """Register every ``*.json``, ``*.yaml`` and ``*.yml`` file of ``folder``."""
        if not folder.is_dir():
            raise InvalidInput(f"template folder {folder} does not exist")
        count = 0
        for path in sorted(folder.iterdir()):
            text = path.read_text(encoding="utf-8") if path.is_file() else ""
            if path.suffix == ".json":
                template = from_json(text)
            elif path.suffix in {".yaml", ".yml"}:
                template = from_yaml(text)
            else:
                continue
            self.register(template, replace=True)
            count += 1
        return count


def render_sections(sections: list[tuple[str, str]]) -> str:
    """The whole answer: one Markdown heading per dimension."""
    return "\n\n".join(f"## {dimension}\n{text}" for dimension, text in sections)


def sections_json(sections: list[tuple[str, str]]) -> str:
    return json.dumps(dict(sections), ensure_ascii=False)
