"""Every overlay builds with kustomize, and every object it renders is valid Kubernetes."""

from __future__ import annotations

from typing import Any

import kubernetes_validate
import pytest

from tests.deploy.rendering import OVERLAYS, render

# A version most managed clusters run today, and the newest schema the package bundles.
KUBERNETES_VERSIONS = ("1.34", kubernetes_validate.latest_version())


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_overlay_builds(overlay: str) -> None:
    rendered = render(overlay)
    kinds = {o["kind"] for o in rendered.objects}
    assert {"Deployment", "Service", "ConfigMap", "NetworkPolicy", "Ingress"} <= kinds
    names = [(o["kind"], o["metadata"]["name"]) for o in rendered.objects]
    assert len(names) == len(set(names)), "duplicate objects"
    namespaced = [o for o in rendered.objects if o["kind"] != "Namespace"]
    namespaces = {o["metadata"].get("namespace") for o in namespaced}
    assert len(namespaces) == 1 and None not in namespaces, namespaces
    assert rendered.get("Namespace", namespaces.pop() or "")


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_object_is_valid_against_the_bundled_schemas(overlay: str, version: str) -> None:
    errors: list[str] = []
    for obj in render(overlay).objects:
        try:
            kubernetes_validate.validate(obj, version, strict=True)
        except kubernetes_validate.ValidationError as exc:
            errors.append(f"{obj['kind']}/{obj['metadata']['name']}: {exc.message}")
    assert not errors, "\n".join(errors)


def test_the_validator_rejects_an_invalid_object() -> None:
    """The check above can fail: a misspelt field is caught in strict mode."""
    deployment: dict[str, Any] = next(o for o in render("dev").objects if o["kind"] == "Deployment")
    broken = {**deployment, "spec": {**deployment["spec"], "replica": 2}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(broken, KUBERNETES_VERSIONS[0], strict=True)
