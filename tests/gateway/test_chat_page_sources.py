"""Where each cited passage is found, over real HTTP: the API sends every source's ``page`` and
``page_label`` (null when there is none) in ``/v1/ask``, the stream's ``done`` and the legacy
sources; the chat page shows them in the language of the answer (「第 3 頁」 in zh-Hant,
「第 3 页」 in zh-Hans, "p. 3" in English), and nothing for a document without pages. Text read
by OCR is ``scanned`` with its ``ocr_confidence`` (null otherwise) and its citation says so
(「掃描第 3 頁」, "scanned p. 3"). Real Chromium, real gateway, fake agent and retrieval."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.gateway.chromium import chromium_browser
from tests.gateway.fake_backends import StoredDoc
from tests.gateway.live_gateway import KEYS, LiveGateway, live_gateway

pytestmark = [pytest.mark.integration, pytest.mark.slow]

# Each question finds one or two of these (the fake agent matches whole words; a run of Chinese
# characters is one word, hence the spaces) and cites the best.
PAGED = {
    "leave.pdf": StoredDoc(
        "請假規定", "請假 須於三個工作天前提出申請。", {}, time.time(), first_page=3
    ),
    "handbook.pdf": StoredDoc(
        "Staff handbook",
        "Annual leave requests are filed three working days ahead.",
        {},
        time.time(),
        first_page=3,
    ),
    "rates.xlsx": StoredDoc(
        "差旅費率", "出差 日支二千元。", {}, time.time(), first_page=2, page_label="國內出差"
    ),
    "memo.png": StoredDoc(
        "Scanned memo",
        "Laptops go back to the security desk within one hour.",
        {},
        time.time(),
        first_page=1,
        page_label="scanned",
    ),
    # A scan read by OCR: retrieval says so by its confidence alone, with no page label.
    "notice.png": StoredDoc(
        "場地使用須知",
        "押金 新臺幣五千元，於使用後退還。",
        {},
        time.time(),
        first_page=3,
        ocr_confidence=0.93,
    ),
}


@pytest.fixture(scope="module")
def live() -> Iterator[LiveGateway]:
    with live_gateway(rate_per_second=1000, rate_burst=1000) as g:
        for doc_id, doc in PAGED.items():
            g.put_document(doc_id, doc)
        r = httpx.post(
            f"{g.url}/v1/documents?wait=true",
            files=[("files", ("parking.md", b"# Parking\n\nVisitors park on level two."))],
            headers=g.auth(),
        )
        assert r.status_code == 201, r.text
        yield g


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_browser() as b:
        yield b


@pytest.fixture
def page(live: LiveGateway, browser: Any) -> Iterator[Any]:
    """The chat page in an English browser, with the tenant's key entered."""
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="en-US")
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(live.url + "/")
    page.fill("#api-key", KEYS["acme"])
    page.dispatch_event("#api-key", "change")
    page.wait_for_selector("#doc-list li.doc[data-doc-id='parking.md']")
    yield page
    assert not errors, errors
    page.close()


def ask(page: Any, question: str) -> Any:
    """Ask on the page and wait for the answer with its citations (drawn by ``done``)."""
    before = page.locator(".turn").count()
    page.fill("#question", question)
    page.click("#ask")
    turn = page.locator(".turn").nth(before)
    turn.locator(".answer .citation").first.wait_for(timeout=30_000)
    return turn


def open_first_citation(page: Any, turn: Any) -> str:
    turn.locator(".answer .citation").first.click()
    page.locator("#citation-panel").wait_for(state="visible")
    label = page.locator("#citation-page")
    return str(label.inner_text()) if label.is_visible() else ""


class TestTheApi:
    def _pages(self, body: dict[str, Any]) -> dict[str, tuple[Any, Any]]:
        return {s["chunk_id"]: (s["page"], s["page_label"]) for s in body["sources"]}

    def test_ask_sends_page_and_label_or_null(self, live: LiveGateway) -> None:
        for question, expected in [
            ("請假 要提前幾天？", {"leave.pdf#0": (3, None)}),
            ("出差 日支多少？", {"rates.xlsx#0": (2, "國內出差")}),
            ("Where do visitors park?", {"parking.md#0": (None, None)}),
        ]:
            r = httpx.post(f"{live.url}/v1/ask", json={"question": question}, headers=live.auth())
            assert r.status_code == 200, r.text
            assert self._pages(r.json()) == expected
            assert "vector_score" in r.json()["sources"][0]  # other fields as before

    def test_the_streams_done_event_carries_them(self, live: LiveGateway) -> None:
        with httpx.stream(
            "POST",
            f"{live.url}/v1/ask/stream",
            json={"question": "When do laptops go back to the security desk?"},
            headers=live.auth(),
        ) as r:
            lines = [line for line in r.iter_lines() if line.startswith("data:")]
        done = json.loads(lines[-1].removeprefix("data:"))
        assert self._pages(done) == {"memo.png#0": (1, "scanned")}

    def test_ocr_text_is_scanned_with_its_confidence_and_other_text_null(
        self, live: LiveGateway
    ) -> None:
        for question, expected in [
            ("押金 多少？", {"notice.png#0": (3, "scanned", True, 0.93)}),
            ("請假 要提前幾天？", {"leave.pdf#0": (3, None, False, None)}),
        ]:
            r = httpx.post(f"{live.url}/v1/ask", json={"question": question}, headers=live.auth())
            assert r.status_code == 200, r.text
            got = {
                s["chunk_id"]: (s["page"], s["page_label"], s["scanned"], s["ocr_confidence"])
                for s in r.json()["sources"]
            }
            assert got == expected

    def test_legacy_sources_carry_them(self, live: LiveGateway) -> None:
        r = httpx.post(
            f"{live.url}/api/qa/query",
            json={"document_id": "handbook.pdf", "question": "When are leave requests filed?"},
            headers=live.auth(),
        )
        assert r.status_code == 200, r.text
        assert [(s["document_id"], s["page"], s["page_label"]) for s in r.json()["sources"]] == [
            ("handbook.pdf", 3, None)
        ]
        assert [(s["scanned"], s["ocr_confidence"]) for s in r.json()["sources"]] == [(False, None)]


def test_a_zh_hant_answer_cites_the_page_in_chinese(page: Any) -> None:
    turn = ask(page, "請假 要提前幾天？")
    assert turn.locator(".answer").get_attribute("lang") == "zh-Hant"
    citation = turn.locator(".answer .citation").first
    assert citation.inner_text() == "leave.pdf#0"
    assert citation.get_attribute("title") == "請假規定 · 第 3 頁"
    source = turn.locator(".sources li").first
    assert source.inner_text() == "請假規定 · 第 3 頁 — leave.pdf#0"
    assert source.locator(".page").inner_text() == "第 3 頁"
    assert open_first_citation(page, turn) == "第 3 頁"
    assert page.locator("#citation-doc").inner_text() == "請假規定"


def test_an_english_answer_cites_p_3(page: Any) -> None:
    turn = ask(page, "When are annual leave requests filed?")
    assert turn.locator(".answer").get_attribute("lang") == "en"
    assert turn.locator(".answer .citation").first.get_attribute("title") == (
        "Staff handbook · p. 3"
    )
    sources = turn.locator(".sources li").all_inner_texts()
    assert sources[0] == "Staff handbook · p. 3 — handbook.pdf#0"
    assert "第" not in " ".join(sources)
    assert open_first_citation(page, turn) == "p. 3"


def test_a_sheet_is_named_and_a_scan_is_said(page: Any) -> None:
    sheet = ask(page, "出差 日支多少？")
    assert sheet.locator(".sources li .page").first.inner_text() == "工作表：國內出差"
    assert open_first_citation(page, sheet) == "工作表：國內出差"
    scan = ask(page, "When do laptops go back to the security desk?")
    assert scan.locator(".sources li .page").first.inner_text() == "scanned p. 1"


def test_a_citation_of_ocr_text_says_scanned_page(page: Any) -> None:
    turn = ask(page, "押金 多少？")
    assert turn.locator(".answer").get_attribute("lang") == "zh-Hant"
    assert turn.locator(".answer .citation").first.get_attribute("title") == (
        "場地使用須知 · 掃描第 3 頁"
    )
    assert turn.locator(".sources li .page").first.inner_text() == "掃描第 3 頁"
    assert open_first_citation(page, turn) == "掃描第 3 頁"


def test_a_document_without_pages_shows_no_page(page: Any) -> None:
    paged = ask(page, "請假 要提前幾天？")
    assert open_first_citation(page, paged) == "第 3 頁"
    turn = ask(page, "Where do visitors park?")
    assert turn.locator(".sources li").first.inner_text() == "Parking — parking.md#0"
    assert turn.locator(".sources .page").count() == 0
    assert turn.locator(".answer .citation").first.get_attribute("title") == "Parking"
    # the panel's page from the earlier citation is cleared, not left behind
    assert open_first_citation(page, turn) == ""
    assert page.locator("#citation-page").is_hidden()


def test_every_form_in_each_language(page: Any) -> None:
    """zh-Hans and the interface's own language (for a "mixed" answer) by the page's function."""
    cases = {
        "({page: 3}, 'zh-Hans')": "第 3 页",
        "({page: 3, page_label: 'scanned'}, 'zh-Hans')": "扫描第 3 页",
        "({page: 2, page_label: 'Rates 2026'}, 'zh-Hans')": "工作表：Rates 2026",
        "({page: 3, page_label: 'scanned'}, 'zh-Hant')": "掃描第 3 頁",
        "({page: 3, scanned: true, page_label: null}, 'zh-Hant')": "掃描第 3 頁",
        "({page: 3, scanned: true}, 'zh-Hans')": "扫描第 3 页",
        "({page: 3, scanned: true}, 'en')": "scanned p. 3",
        "({page: 3, scanned: false}, 'en')": "p. 3",
        "({page: 2, page_label: 'Rates 2026'}, 'en')": "sheet: Rates 2026",
        "({page: 3}, 'mixed')": "p. 3",
        "({page: null, page_label: null}, 'zh-Hant')": "",
        "({}, 'en')": "",
    }
    for args, expected in cases.items():
        assert page.evaluate(f"pageText{args}") == expected, args
    page.click("#lang")  # the interface in Chinese: a "mixed" answer's page reads in Chinese
    assert page.evaluate("pageText({page: 3}, 'mixed')") == "第 3 頁"
