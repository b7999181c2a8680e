"""Hostile and bad input at the HTTP edge: every case a 4xx with a message, nothing changed."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx
import pytest

from testkit.faults import TALLY
from tests.reliability.bad_inputs import HttpCase, blank_png, blank_scan_pdf, http_cases
from tests.reliability.running_mesh import RunningMesh, store_state

pytestmark = [pytest.mark.e2e]

CASES = http_cases()
# Cases that reveal a bug in code this suite does not own: kept visible, the suite stays green.
BUGS: dict[str, str] = {}


def _param(case: HttpCase) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=BUGS[case.name])] if case.name in BUGS else []
    return pytest.param(case, id=case.name, marks=marks)


def _send(mesh: RunningMesh, case: HttpCase) -> httpx.Response:
    headers = {**(mesh.headers("acme") if case.auth else {}), **case.headers}
    return mesh.http.request(
        case.method,
        f"{mesh.url}{case.path}",
        json=case.json,
        content=case.content,
        files=case.files,
        data=case.data,
        params=case.params,
        headers=headers,
        timeout=120,
    )


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_bad_request_gets_a_clear_4xx_and_changes_nothing(
    healthy_mesh: RunningMesh, case: HttpCase
) -> None:
    mesh = healthy_mesh
    before = store_state(mesh)
    ok = False
    try:
        response = _send(mesh, case)
        assert 400 <= response.status_code < 500, (response.status_code, response.text[:500])
        error = response.json()["error"]
        assert isinstance(error["message"], str) and error["message"].strip(), error
        assert error["code"], error
        # A message quotes at most a bounded part of what was sent.
        assert len(response.content) < 20_000, len(response.content)
        assert store_state(mesh) == before
        ok = True
    finally:
        TALLY.record("bad_http", ok)


@pytest.mark.parametrize(
    ("name", "make", "ctype"),
    [("blank-scan.pdf", blank_scan_pdf, "application/pdf"), ("blank.png", blank_png, "image/png")],
    ids=["image-only PDF", "PNG"],
)
def test_a_scan_with_no_text_fails_its_job_clearly_and_stores_nothing(
    healthy_mesh: RunningMesh, name: str, make: Callable[[], bytes], ctype: str
) -> None:
    """A scan that opens is accepted (202): OCR runs in the job, not on upload. It reads
    nothing, and the job fails with a readable reason, leaving no document or chunk behind."""
    mesh = healthy_mesh
    before = store_state(mesh)
    ok = False
    try:
        r = mesh.http.post(
            f"{mesh.url}/v1/documents",
            files=[("files", (name, make(), ctype))],
            headers=mesh.headers("acme"),
            timeout=120,
        )
        assert r.status_code == 202, r.text
        job = r.json()["documents"][0]["job"]
        deadline = time.monotonic() + 120
        while job["state"] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.5)
            got = mesh.http.get(
                f"{mesh.url}/v1/jobs/{job['job_id']}", headers=mesh.headers("acme"), timeout=30
            )
            assert got.status_code == 200, got.text
            job = got.json()
        assert job["state"] == "failed", job
        assert "no text" in job["error"], job
        assert not job["searchable"], job
        assert store_state(mesh) == before
        ok = True
    finally:
        TALLY.record("bad_http", ok)


def test_the_mesh_still_answers_after_the_corpus(healthy_mesh: RunningMesh) -> None:
    r = healthy_mesh.http.post(
        f"{healthy_mesh.url}/v1/ask",
        json={"question": "What port does the zebra telemetry protocol use?"},
        headers=healthy_mesh.headers(),
        timeout=120,
    )
    assert r.status_code == 200, r.text
    assert r.json()["sources"]
