"""The gateway in front of the real mesh (five processes, offline engine): uploads through the
API, the seeds' properties at the edge (1, 2, 17-21), and the chat page in headless Chromium."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from cli.launcher import MeshLauncher
from gateway.models import AskOut, TraceExportOut

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

KEY = "whole-mesh-key-0123"
OTHER_KEY = "whole-mesh-other-4567"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CITATION = re.compile(r"\[([^\[\]\n]+)\]")

DOCS = {
    "security.md": (
        "# Security handbook\n\nPasswords are rotated every ninety days, and hardware keys are "
        "required for production access. Every laptop must use full-disk encryption.\n\n"
        "## Incidents\n\nReport a lost laptop to the security team within one hour.\n"
    ),
    "leave-policy.md": (
        "# 請假規定\n\n員工請假須於三個工作天前透過人事系統提出申請，並經直屬主管核准。"
        "病假可於事後補辦手續，但須附上醫師證明。\n\n"
        "## 特休\n\n到職滿六個月的員工享有三天特別休假。\n"
    ),
    "xss.txt": (
        'Expense reports <img src=x onerror="window.__pwned=1"> are filed monthly through the '
        "finance portal <script>window.__pwned=2</script> before the fifth working day.\n"
    ),
}


@dataclass
class Mesh:
    url: str

    @staticmethod
    def auth(key: str = KEY) -> dict[str, str]:
        return {"Authorization": f"Bearer {key}"}


@pytest.fixture(scope="module")
def mesh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Mesh]:
    launcher = MeshLauncher(
        tmp_path_factory.mktemp("gateway-mesh"),
        gateway_port=0,
        api_keys=f"{KEY}:acme,{OTHER_KEY}:globex",
        extra_env={
            "OTEL_TRACES_EXPORTER": "none",
            "GROUNDMESH_GATEWAY_RATE_PER_SECOND": "1000",
            "GROUNDMESH_GATEWAY_RATE_BURST": "1000",
        },
    )
    url = launcher.start()
    try:
        r = httpx.post(
            f"{url}/v1/documents?wait=true",
            files=[("files", (name, text.encode())) for name, text in DOCS.items()],
            headers=Mesh.auth(),
            timeout=120,
        )
        assert r.status_code == 201, r.text
        yield Mesh(url)
    finally:
        launcher.stop()


def _ask(mesh: Mesh, question: str, **extra: object) -> httpx.Response:
    return httpx.post(
        f"{mesh.url}/v1/ask",
        json={"question": question, **extra},
        headers=mesh.auth(),
        timeout=120,
    )


class TestUploadsThroughTheMesh:
    def test_uploaded_documents_are_listed_with_chunks(self, mesh: Mesh) -> None:
        docs = httpx.get(f"{mesh.url}/v1/documents", headers=mesh.auth()).json()["documents"]
        by_id = {d["doc_id"]: d for d in docs}
        assert set(DOCS) <= set(by_id)
        assert by_id["security.md"]["title"] == "Security handbook"
        assert all(by_id[d]["chunk_count"] >= 1 for d in DOCS)

    def test_other_tenant_sees_nothing_and_cannot_delete(self, mesh: Mesh) -> None:
        other = mesh.auth(OTHER_KEY)
        assert httpx.get(f"{mesh.url}/v1/documents", headers=other).json()["documents"] == []
        r = httpx.delete(f"{mesh.url}/v1/documents/security.md", headers=other)
        assert r.status_code == 404

    def test_upload_then_delete(self, mesh: Mesh) -> None:
        r = httpx.post(
            f"{mesh.url}/v1/documents?wait=true",
            files=[("files", ("scratch.txt", b"A temporary note about parking permits."))],
            headers=mesh.auth(),
            timeout=60,
        )
        assert r.status_code == 201 and r.json()["documents"][0]["chunk_count"] >= 1
        r = httpx.delete(f"{mesh.url}/v1/documents/scratch.txt", headers=mesh.auth())
        assert r.status_code == 200 and r.json()["chunks_deleted"] >= 1


def _events(mesh: Mesh, job_id: str, key: str = KEY) -> list[tuple[str, dict[str, Any]]]:
    """The SSE events of a job, parsed: (event name, data)."""
    out: list[tuple[str, dict[str, Any]]] = []
    with httpx.stream(
        "GET", f"{mesh.url}/v1/jobs/{job_id}/events", headers=mesh.auth(key), timeout=120
    ) as r:
        assert r.status_code == 200
        name = ""
        for line in r.iter_lines():
            if line.startswith("event:"):
                name = line.split(":", 1)[1].strip()
            elif line.startswith("data:"):
                out.append((name, json.loads(line.split(":", 1)[1])))
    return out


class TestUploadJobs:
    """Issue 19: an upload is accepted at once as one job per file, followed to the end."""

    def test_accepted_then_followed_to_done_then_unchanged(self, mesh: Mesh) -> None:
        files = [("files", ("jobs-note.md", b"# Parking\n\nParking permits renew in May."))]
        r = httpx.post(f"{mesh.url}/v1/documents", files=files, headers=mesh.auth(), timeout=60)
        assert r.status_code == 202, r.text
        [accepted] = r.json()["documents"]
        job = accepted["job"]
        assert accepted["doc_id"] == job["doc_id"] == "jobs-note.md"
        assert job["state"] in {"queued", "running", "done"}
        events = _events(mesh, job["job_id"])
        assert events[-1][0] == "done" and events[-1][1]["state"] == "done"
        assert all(name == "progress" for name, _ in events[:-1])
        got = httpx.get(f"{mesh.url}/v1/jobs/{job['job_id']}", headers=mesh.auth()).json()
        assert got["state"] == "done" and got["chunks_done"] == got["chunks_total"] >= 1
        docs = httpx.get(f"{mesh.url}/v1/documents", headers=mesh.auth()).json()["documents"]
        assert "jobs-note.md" in {d["doc_id"] for d in docs}
        # The same content again: a no-op that says so.
        again = httpx.post(f"{mesh.url}/v1/documents", files=files, headers=mesh.auth())
        job2 = again.json()["documents"][0]["job"]
        final = _events(mesh, job2["job_id"])[-1][1]
        assert final["state"] == "done" and final["unchanged"] is True

    def test_unknown_foreign_and_malformed_job_ids(self, mesh: Mesh) -> None:
        files = [("files", ("jobs-other.txt", b"Visitors sign in at the front desk."))]
        r = httpx.post(f"{mesh.url}/v1/documents", files=files, headers=mesh.auth())
        job_id = r.json()["documents"][0]["job"]["job_id"]
        unknown = "job-" + "0" * 32
        for method, path, key in (
            ("GET", f"/v1/jobs/{unknown}", KEY),
            ("DELETE", f"/v1/jobs/{unknown}", KEY),
            ("GET", f"/v1/jobs/{unknown}/events", KEY),
            ("GET", f"/v1/jobs/{job_id}", OTHER_KEY),
            ("DELETE", f"/v1/jobs/{job_id}", OTHER_KEY),
        ):
            resp = httpx.request(method, mesh.url + path, headers=mesh.auth(key), timeout=60)
            assert resp.status_code == 404, (method, path, resp.text)
        bad = httpx.get(f"{mesh.url}/v1/jobs/not-a-job", headers=mesh.auth())
        assert bad.status_code in (400, 422) and "job" in bad.text.lower()
        assert _events(mesh, job_id)[-1][1]["state"] == "done"

    def test_a_bad_file_is_refused_before_any_job(self, mesh: Mesh) -> None:
        files = [
            ("files", ("fine.txt", b"Fine text.")),
            ("files", ("broken.pdf", b"%PDF-1.4 this is not a pdf")),
        ]
        r = httpx.post(f"{mesh.url}/v1/documents", files=files, headers=mesh.auth())
        if r.status_code == 202:  # accepted: the parse error comes in the job
            jobs = {d["doc_id"]: d["job"]["job_id"] for d in r.json()["documents"]}
            final = _events(mesh, jobs["broken.pdf"])[-1][1]
            assert final["state"] == "failed" and final["error"]
        else:
            assert r.status_code in (400, 415, 422), r.text


class TestSeedProperties:
    def test_property_1_the_first_event_leaves_before_the_agent_speaks(self, mesh: Mesh) -> None:
        # Timing itself is measured by `groundmesh bench gateway`; here the structure that
        # guarantees it: the gateway's own event is first, before any of the agent's.
        with httpx.stream(
            "POST",
            f"{mesh.url}/v1/ask/stream",
            json={"question": "How often are passwords rotated?"},
            headers=mesh.auth(),
            timeout=120,
        ) as r:
            names, data = [], []
            for line in r.iter_lines():
                if line.startswith("event:"):
                    names.append(line.split(":", 1)[1].strip())
                elif line.startswith("data:"):
                    data.append(json.loads(line.split(":", 1)[1]))
        assert names[0] == "reasoning" and data[0]["step"] == "accepted"
        assert names[-1] == "done" and names.count("done") == 1

    @pytest.mark.parametrize(
        "question",
        [
            "How often are passwords rotated?",
            "員工請假要提前幾天申請？",
            "员工请假要提前几天申请？",
            "病假需要什麼證明 and who approves leave?",
            "hello",
            "你好",
        ],
    )
    def test_property_2_any_chinese_or_english_question_gets_a_valid_answer(
        self, mesh: Mesh, question: str
    ) -> None:
        r = _ask(mesh, question)
        assert r.status_code == 200, r.text
        body = AskOut.model_validate(r.json())
        assert body.answer.strip()
        assert set(CITATION.findall(body.answer)) <= {s.chunk_id for s in body.sources} | {
            s.doc_id for s in body.sources
        }

    def test_properties_17_18_legacy_endpoint(self, mesh: Mesh) -> None:
        r = httpx.post(
            f"{mesh.url}/api/qa/query",
            json={"document_id": "security.md", "question": "How often are passwords rotated?"},
            headers=mesh.auth(),
            timeout=120,
        )
        assert r.status_code == 200, r.text
        assert {"answer", "sources", "model_used"} <= set(r.json())
        assert all(s["document_id"] == "security.md" for s in r.json()["sources"])
        assert r.headers["X-Deprecation-Warning"]

    @pytest.mark.parametrize("question", ["What must every laptop use?", "特休有幾天？"])
    def test_properties_19_20_21_trace(self, mesh: Mesh, question: str) -> None:
        body = _ask(mesh, question, trace=True).json()
        steps = body["intermediate_steps"]
        assert steps, body
        assert all(s["latency_ms"] > 0 for s in steps)
        export = TraceExportOut.model_validate(body["trace"])
        assert re.fullmatch(r"[0-9a-f]{32}", export.trace_id)
        root, *children = export.spans
        assert root.parent_id is None and root.inputs["question"] == question
        assert len(children) == len(steps)
        for span in export.spans:
            assert span.start_time <= span.end_time
            assert span.inputs is not None and span.outputs is not None
        assert "trace" not in _ask(mesh, question).json()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail("/usr/bin/chromium is missing on CI")
        pytest.skip("/usr/bin/chromium is not installed")
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    chromium = playwright.chromium.launch(
        executable_path=str(CHROMIUM),
        args=[
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    )
    try:
        yield chromium
    finally:
        chromium.close()
        playwright.stop()


class TestChatPage:
    def test_an_upload_is_followed_to_done_through_refused_polls(
        self, mesh: Mesh, browser: Any, tmp_path: Path
    ) -> None:
        """Found in Chromium: four files uploaded at once poll their jobs faster than a key's
        sustained rate (5 a second); the first 429 stopped following the last job, and its row
        stayed at "processing" though the document was ready. A refused poll is tried again."""
        page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-US")
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        refused: list[str] = []

        def refuse_twice(route: Any) -> None:
            if route.request.method == "GET" and len(refused) < 2:
                refused.append(route.request.url)
                body = '{"error": {"code": "RESOURCE_EXHAUSTED", "message": "rate limit"}}'
                route.fulfill(status=429, headers={"Retry-After": "1"}, body=body)
            else:
                route.continue_()

        page.route("**/v1/jobs/*", refuse_twice)
        page.goto(mesh.url + "/")
        page.fill("#api-key", KEY)
        page.dispatch_event("#api-key", "change")
        page.wait_for_selector("#doc-list li.doc[data-doc-id='security.md']")
        upload = tmp_path / "polled.md"
        upload.write_text("# Lockers\n\nLockers are emptied every Friday.\n", encoding="utf-8")
        page.set_input_files("#upload-input", str(upload))
        page.click("#upload")
        page.wait_for_selector("#job-list li[data-state='done']", timeout=60_000)
        page.wait_for_selector("#doc-list li.doc[data-doc-id='polled.md']")
        assert refused  # the job was followed through refused polls
        assert not errors, errors

    def test_ask_watch_steps_read_answer_open_citation(
        self, mesh: Mesh, browser: Any, tmp_path: Path
    ) -> None:
        page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-US")
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(mesh.url + "/")
        page.fill("#api-key", KEY)
        page.dispatch_event("#api-key", "change")
        page.wait_for_selector("#doc-list li.doc[data-doc-id='security.md']")

        page.fill("#question", "How often are passwords rotated?")
        page.click("#ask")
        turn = page.locator(".turn").last
        turn.locator(".verdict:not([hidden])").wait_for(timeout=60_000)
        steps = turn.locator(".step-list li")
        assert steps.count() >= 3
        step_text = " ".join(steps.all_text_contents())
        assert "accepted" in step_text
        assert turn.locator(".step-tool-call, .step-tool-result").count() >= 1
        answer = turn.locator(".answer").inner_text()
        assert "ninety days" in answer
        citation = turn.locator(".answer .citation").first
        cited_id = citation.inner_text()
        citation.click()
        panel = page.locator("#citation-panel")
        panel.wait_for(state="visible")
        assert page.locator("#citation-chunk-id").inner_text() == cited_id
        assert "ninety days" in page.locator("#citation-text").inner_text()
        assert page.locator("#citation-doc").inner_text() == "Security handbook"
        assert page.locator("#citation-doc-id").inner_text() == "security.md"
        verdict = turn.locator(".verdict").inner_text()
        assert "Judge" in verdict and "risk" in verdict
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "chat-page.png"), full_page=True)

        # a follow-up in the same conversation, and the Chinese interface
        page.click("#lang")
        assert page.locator("#ask").inner_text() == "提問"
        page.fill("#question", "員工請假要提前幾天申請？")
        page.keyboard.press("Enter")
        second = page.locator(".turn").nth(1)
        second.locator(".verdict:not([hidden])").wait_for(timeout=60_000)
        assert "審核" in second.locator(".verdict").inner_text()
        assert second.locator(".answer").inner_text().strip()

        # document text is shown as text, never run as HTML
        page.fill("#question", "When are expense reports filed through the finance portal?")
        page.click("#ask")
        third = page.locator(".turn").nth(2)
        third.locator(".verdict:not([hidden])").wait_for(timeout=60_000)
        sources = third.locator(".sources button")
        if sources.count():
            sources.first.click()
        assert page.evaluate("window.__pwned === undefined")
        assert page.locator("#citation-text img, .answer img, .answer script").count() == 0

        # uploading from the page
        upload = tmp_path / "parking.md"
        upload.write_text("# Parking\n\nVisitors park on level two.\n", encoding="utf-8")
        page.set_input_files("#upload-input", str(upload))
        page.click("#upload")
        page.wait_for_selector("#doc-list li.doc[data-doc-id='parking.md']")
        assert "1" in page.locator("#upload-status").inner_text()
        page.screenshot(path=str(ARTIFACTS / "chat-page-zh.png"), full_page=True)
        assert not errors, errors
