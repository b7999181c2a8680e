"""The rendered prod overlay passes two third-party Kubernetes linters.

kube-score: no critical and no warning finding. checkov (``--framework kubernetes``): no failed
check. Findings kept on purpose carry the tool's own ignore annotation on the object, with a
comment saying why (deploy/base/*.yaml), so the exceptions are reviewed with the manifests.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.deploy.rendering import (
    DEPLOY,
    KUSTOMIZE_FLAGS,
    find_tool,
    kustomize,
    missing_tool,
    render,
)


@pytest.fixture(scope="module")
def prod_manifest(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = subprocess.run(
        [kustomize(), "build", *KUSTOMIZE_FLAGS, str(DEPLOY / "overlays" / "prod")],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = tmp_path_factory.mktemp("lint") / "prod.yaml"
    path.write_text(out)
    return path


def _tool(name: str) -> str:
    tool = find_tool(name)
    if tool is None:
        missing_tool(name, "scripts/tools.sh installs it")
    assert tool is not None
    return tool


def test_kube_score_finds_nothing_critical_or_warning(prod_manifest: Path) -> None:
    run = subprocess.run(
        [_tool("kube-score"), "score", "--output-format", "ci", str(prod_manifest)],
        capture_output=True,
        text=True,
    )
    findings = [
        line for line in run.stdout.splitlines() if line.startswith(("[CRITICAL]", "[WARNING]"))
    ]
    assert run.stdout.count("[OK]") > 50, run.stdout[-2000:] + run.stderr[-2000:]
    assert not findings, "\n".join(findings)


def test_kube_score_reports_a_planted_finding(prod_manifest: Path, tmp_path: Path) -> None:
    """The linter and its parsing can fail: a Deployment without resources is critical."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: bad}\nspec:\n"
        "  selector: {matchLabels: {app: bad}}\n  template:\n    metadata: {labels: {app: bad}}\n"
        "    spec: {containers: [{name: c, image: 'x:1'}]}\n"
    )
    run = subprocess.run(
        [_tool("kube-score"), "score", "--output-format", "ci", str(bad)],
        capture_output=True,
        text=True,
    )
    assert "[CRITICAL]" in run.stdout


def test_checkov_passes_with_only_documented_skips(prod_manifest: Path) -> None:
    checkov = _tool("checkov")
    run = subprocess.run(
        # --skip-download: no call to the vendor's guidelines API (tests have no network).
        [
            checkov,
            "--framework",
            "kubernetes",
            "--skip-download",
            "--output",
            "json",
            "-f",
            str(prod_manifest),
        ],
        capture_output=True,
        text=True,
    )
    report = json.loads(run.stdout)
    results = report["results"]
    failed = [f"{f['check_id']} {f['resource']}" for f in results["failed_checks"]]
    assert report["summary"]["passed"] > 100
    assert not failed, "\n".join(failed)
    documented = {"CKV_K8S_15", "CKV_K8S_43", "CKV_K8S_35"}
    skipped = {s["check_id"] for s in results["skipped_checks"]}
    assert skipped <= documented, skipped - documented


@pytest.mark.parametrize("overlay", ["dev", "prod"])
def test_every_image_is_pinned_so_if_not_present_is_safe(overlay: str) -> None:
    """The kept pull-policy exception rests on this: no image floats (no tag, or :latest)."""
    rendered = render(overlay)
    for deployment, container in rendered.containers():
        image = container["image"]
        tag = image.rsplit("/", 1)[-1].partition(":")[2]
        assert "@sha256:" in image or (tag and tag != "latest"), (
            f"{deployment['metadata']['name']}: image {image!r} is not pinned"
        )
        assert container.get("imagePullPolicy") == "IfNotPresent", image
