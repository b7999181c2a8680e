"""A small parser of deploy/Dockerfile: stages, instructions, ENV and ENTRYPOINT."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"


@dataclass
class Stage:
    image: str
    name: str
    instructions: list[tuple[str, str]] = field(default_factory=list)

    def all(self, keyword: str) -> list[str]:
        return [args for kw, args in self.instructions if kw == keyword]


@dataclass
class Dockerfile:
    args: dict[str, str]
    stages: list[Stage]

    @property
    def final(self) -> Stage:
        return self.stages[-1]

    def env(self) -> dict[str, str]:
        """The final image's ENV (``KEY=value`` pairs)."""
        env: dict[str, str] = {}
        for args in self.final.all("ENV"):
            for token in shlex.split(args):
                key, sep, value = token.partition("=")
                assert sep, f"ENV {args!r}: use KEY=value"
                env[key] = value
        return env

    def entrypoint(self) -> list[str]:
        values = self.final.all("ENTRYPOINT")
        assert len(values) == 1, "exactly one ENTRYPOINT"
        parsed = json.loads(values[0])
        assert isinstance(parsed, list), "ENTRYPOINT must be the exec (JSON) form"
        return [str(p) for p in parsed]


def _logical_lines(text: str) -> list[str]:
    lines: list[str] = []
    current = ""
    for raw in text.splitlines():
        stripped = raw.strip()
        if not current and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue
        if stripped.endswith("\\"):
            current += stripped[:-1] + " "
            continue
        lines.append(current + stripped)
        current = ""
    if current:
        lines.append(current)
    return lines


def parse(path: Path = DOCKERFILE) -> Dockerfile:
    args: dict[str, str] = {}
    stages: list[Stage] = []
    for line in _logical_lines(path.read_text()):
        keyword, _, rest = line.partition(" ")
        keyword = keyword.upper()
        rest = rest.strip()
        if keyword == "ARG" and not stages:
            key, _, value = rest.partition("=")
            args[key] = value
        elif keyword == "FROM":
            match = re.fullmatch(r"(\S+)(?:\s+AS\s+(\S+))?", rest, re.IGNORECASE)
            assert match, f"FROM {rest!r}"
            image = re.sub(
                r"\$\{(\w+)\}|\$(\w+)", lambda m: args[m.group(1) or m.group(2)], match.group(1)
            )
            stages.append(Stage(image, match.group(2) or str(len(stages))))
        else:
            assert stages, f"{keyword} before FROM"
            stages[-1].instructions.append((keyword, rest))
    return Dockerfile(args, stages)
