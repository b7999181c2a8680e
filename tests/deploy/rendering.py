"""Render the kustomize overlays and index the objects they produce.

The external tools (``kustomize``, ``hadolint``) are looked up on PATH, then where
``scripts/tools.sh`` installs them (``$(go env GOPATH)/bin``) and in the virtualenv. A missing
tool skips the test locally and fails it in CI (``CI=true``), so CI can never pass by skipping.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
OVERLAYS = ("dev", "prod")
# No flags: the overlays must build as `kubectl apply -k`, Argo CD and Flux build them, under
# kustomize's default load restrictor (nothing read from outside the kustomization tree).
KUSTOMIZE_FLAGS: tuple[str, ...] = ()

Obj = dict[str, Any]


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def missing_tool(name: str, hint: str) -> None:
    """Skip locally, fail in CI."""
    message = f"{name} not found ({hint})"
    if in_ci():
        pytest.fail(message)
    pytest.skip(message)


def find_tool(name: str) -> str | None:
    found = shutil.which(name)
    if found:
        return found
    candidates = [Path(sys.executable).parent / name, Path.home() / "go" / "bin" / name]
    gopath = os.environ.get("GOPATH")
    if gopath:
        candidates.insert(0, Path(gopath) / "bin" / name)
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return None


def kustomize() -> str:
    tool = find_tool("kustomize")
    if tool is None:
        missing_tool("kustomize", "bash scripts/tools.sh installs it")
    assert tool is not None
    return tool


@functools.cache
def _build(overlay: str) -> str:
    result = subprocess.run(
        [kustomize(), "build", *KUSTOMIZE_FLAGS, str(DEPLOY / "overlays" / overlay)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if result.returncode != 0:
        raise AssertionError(f"kustomize build {overlay} failed:\n{result.stderr}")
    return result.stdout


@dataclass(frozen=True)
class Rendered:
    """The objects one overlay renders."""

    overlay: str
    objects: list[Obj]

    def of_kind(self, kind: str) -> list[Obj]:
        return [o for o in self.objects if o["kind"] == kind]

    def get(self, kind: str, name: str) -> Obj:
        for o in self.of_kind(kind):
            if o["metadata"]["name"] == name:
                return o
        raise KeyError(f"{self.overlay}: no {kind} {name}")

    def config_map(self, name: str) -> Obj:
        """A ConfigMap by its rendered name (generated ones carry kustomize's content hash, and
        the references to them are rewritten to match)."""
        return self.get("ConfigMap", name)

    def deployments(self) -> list[Obj]:
        return self.of_kind("Deployment")

    def containers(self) -> Iterator[tuple[Obj, Obj]]:
        """(deployment, container) for every container of every Deployment."""
        for deployment in self.deployments():
            for container in deployment["spec"]["template"]["spec"]["containers"]:
                yield deployment, container


def render(overlay: str) -> Rendered:
    """``kustomize build`` of ``deploy/overlays/<overlay>``, parsed."""
    docs = [d for d in yaml.safe_load_all(_build(overlay)) if d]
    return Rendered(overlay, docs)


def service_module(container: Obj) -> str:
    """The Python module a container runs (``python -m <module>``: the image ENTRYPOINT + args)."""
    args = container.get("args") or []
    assert not container.get("command"), "containers must use the image ENTRYPOINT"
    assert len(args) == 1, f"{container['name']}: expected args [<service module>], got {args}"
    return str(args[0])


def resolve_env(rendered: Rendered, container: Obj, secrets: dict[str, str]) -> dict[str, str]:
    """The environment Kubernetes gives ``container``: envFrom first, then env (env wins).

    ``secrets`` supplies the values of secretKeyRef entries (``"<secret>/<key>"``); an optional
    reference missing from it is left unset, as the kubelet does.
    """
    env: dict[str, str] = {}
    for source in container.get("envFrom") or []:
        if "configMapRef" in source:
            data = rendered.config_map(source["configMapRef"]["name"]).get("data") or {}
            env.update({str(k): str(v) for k, v in data.items()})
        else:
            raise AssertionError(f"unsupported envFrom {source}")
    for item in container.get("env") or []:
        if "value" in item:
            env[item["name"]] = str(item["value"])
            continue
        ref = item["valueFrom"]
        if "configMapKeyRef" in ref:
            cm = ref["configMapKeyRef"]
            env[item["name"]] = str(rendered.config_map(cm["name"])["data"][cm["key"]])
        elif "secretKeyRef" in ref:
            sk = ref["secretKeyRef"]
            key = f"{sk['name']}/{sk['key']}"
            if key in secrets:
                env[item["name"]] = secrets[key]
            elif not sk.get("optional", False):
                raise AssertionError(f"no value for required secret {key}")
        else:
            raise AssertionError(f"unsupported valueFrom {ref}")
    return env


def env_names(rendered: Rendered, container: Obj) -> set[str]:
    """Every variable name a container's env and envFrom can set (secret values not needed)."""
    names: set[str] = set()
    for source in container.get("envFrom") or []:
        assert "configMapRef" in source, f"{container['name']}: only configMapRef envFrom is used"
        names |= set(rendered.config_map(source["configMapRef"]["name"]).get("data") or {})
    names |= {item["name"] for item in container.get("env") or []}
    return names
