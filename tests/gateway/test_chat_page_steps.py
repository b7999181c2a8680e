"""The agent's steps on the chat page are for the person asking: folded by default under one line
in the page's language (「查看處理過程（5 步）」, "Show how this was answered (5 steps)"), each
step said in words a user understands (「搜尋您的文件…」, "searching your documents…"), and the
raw English log one click inside for whoever debugs. Every step and reasoning-event name the
agent sends has its own line. Real Chromium, real gateway, fake agent and retrieval."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.gateway.chromium import chromium_browser
from tests.gateway.fake_backends import StoredDoc
from tests.gateway.live_gateway import KEYS, LiveGateway, live_gateway

pytestmark = [pytest.mark.integration, pytest.mark.slow]

AGENT = Path(__file__).resolve().parents[2] / "agent_svc"

# The fake agent matches whole words (a run of Chinese characters is one word, hence the
# space) and sends: classify, a search call and its result, the judgement, done; the gateway
# sends "accepted" first.
DOCS = {
    "leave.md": StoredDoc("請假規定", "請假 須於三個工作天前提出申請。", {}, time.time()),
    "parking.md": StoredDoc("Parking", "Visitors park on level two.", {}, time.time()),
}
ZH_LINES = [
    "已收到您的問題",
    "理解您的問題…",
    "搜尋您的文件…",
    "找到 1 段內容",
    "對照來源檢查回答…",
]
EN_LINES = [
    "received your question",
    "understanding your question…",
    "searching your documents…",
    "found 1 passage",
    "checking the answer against its sources…",
]


@pytest.fixture(scope="module")
def live() -> Iterator[LiveGateway]:
    with live_gateway(rate_per_second=1000, rate_burst=1000) as g:
        for doc_id, doc in DOCS.items():
            g.put_document(doc_id, doc)
        yield g


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium_browser() as b:
        yield b


def open_page(live: LiveGateway, browser: Any, locale: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale=locale)
    page.goto(live.url + "/")
    page.fill("#api-key", KEYS["acme"])
    page.dispatch_event("#api-key", "change")
    page.wait_for_selector("#doc-list li.doc[data-doc-id='parking.md']")
    return page


@pytest.fixture
def zh_page(live: LiveGateway, browser: Any) -> Iterator[Any]:
    """The chat page in a Taiwanese browser: the interface in Traditional Chinese."""
    yield from _checked(open_page(live, browser, "zh-TW"))


@pytest.fixture
def en_page(live: LiveGateway, browser: Any) -> Iterator[Any]:
    yield from _checked(open_page(live, browser, "en-US"))


def _checked(page: Any) -> Iterator[Any]:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    assert not errors, errors
    page.close()


def ask(page: Any, question: str) -> Any:
    """Ask and wait for the answer's citation, drawn by ``done`` (the stream's last event)."""
    before = page.locator(".turn").count()
    page.fill("#question", question)
    page.click("#ask")
    turn = page.locator(".turn").nth(before)
    turn.locator(".answer .citation").first.wait_for(timeout=30_000)
    return turn


def open_steps(turn: Any) -> None:
    turn.locator(".steps > summary").click()
    turn.locator(".step-lines").wait_for(state="visible")


def assert_folded(turn: Any) -> None:
    steps = turn.locator("details.steps")
    assert steps.get_attribute("open") is None
    assert turn.locator(".steps > summary").is_visible()
    assert turn.locator(".step-lines").is_hidden()
    assert turn.locator(".step-list").is_hidden()


def test_a_zh_hant_page_folds_the_steps_and_says_them_in_chinese(zh_page: Any) -> None:
    assert zh_page.evaluate("document.documentElement.lang") == "zh-Hant"
    turn = ask(zh_page, "請假 要提前幾天？")
    assert_folded(turn)
    assert turn.locator(".steps > summary").inner_text() == "查看處理過程（5 步）"
    open_steps(turn)
    lines = turn.locator(".step-lines li")
    assert lines.all_inner_texts() == ZH_LINES
    assert turn.locator(".step-lines").get_attribute("lang") == "zh-Hant"
    assert not re.search(r"[A-Za-z]", "".join(lines.all_inner_texts()))
    # the raw log is there, closed, one click away
    raw = turn.locator(".raw-log > summary")
    assert raw.inner_text() == "原始紀錄（5）"
    assert turn.locator(".step-list").is_hidden()


def test_an_english_page_says_them_in_english(en_page: Any) -> None:
    assert en_page.evaluate("document.documentElement.lang") == "en"
    turn = ask(en_page, "Where do visitors park?")
    assert_folded(turn)
    assert turn.locator(".steps > summary").inner_text() == "Show how this was answered (5 steps)"
    open_steps(turn)
    assert turn.locator(".step-lines li").all_inner_texts() == EN_LINES
    assert turn.locator(".raw-log > summary").inner_text() == "raw log (5)"


def test_the_raw_log_is_one_click_inside(zh_page: Any) -> None:
    turn = ask(zh_page, "請假 要提前幾天？")
    open_steps(turn)
    turn.locator(".raw-log > summary").click()
    raw = turn.locator(".step-list")
    raw.wait_for(state="visible")
    assert raw.get_attribute("lang") == "en"
    entries = raw.locator("li").all_inner_texts()
    assert entries[0] == "accepted question received; the agent is starting"
    assert entries[1] == "classify document question"
    assert entries[2].startswith("呼叫 search ")
    assert json.loads(entries[2].removeprefix("呼叫 search ")) == {"query": "請假 要提前幾天？"}
    assert entries[3] == "結果 search 1 chunks"
    assert entries[4].startswith("審核 accept")
    assert len(entries) == 5


def test_timings_go_to_the_raw_log_only(en_page: Any) -> None:
    en_page.check("#trace")
    turn = ask(en_page, "Where do visitors park?")
    assert turn.locator(".steps > summary").inner_text() == "Show how this was answered (5 steps)"
    timings = turn.locator(".step-list li.step-timing")
    assert timings.count() == 3
    assert timings.first.text_content().startswith("classify ")
    assert turn.locator(".raw-log > summary").text_content() == "raw log (8)"


def test_switching_the_interface_says_the_steps_again(en_page: Any) -> None:
    turn = ask(en_page, "Where do visitors park?")
    en_page.click("#lang")
    assert turn.locator(".steps > summary").inner_text() == "查看處理過程（5 步）"
    assert turn.locator(".step-lines li").all_text_contents()[2] == "搜尋您的文件…"
    en_page.click("#lang")
    assert turn.locator(".steps > summary").inner_text() == "Show how this was answered (5 steps)"


def _agent_names() -> tuple[set[str], set[str]]:
    """(step and reasoning-event names, tool names) written out in agent_svc."""
    steps: set[str] = set()
    tools: set[str] = set()
    for path in AGENT.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        steps.update(re.findall(r"(?:events\.reasoning|run\.step)\(\s*\"([a-z_]+)\"", source))
        if path.parent.name == "tools":
            tools.update(re.findall(r"\bname=\"([a-z_]+)\"", source))
    return steps, tools


def test_every_step_the_agent_sends_has_its_own_line(zh_page: Any) -> None:
    steps, tools = _agent_names()
    assert {"classify", "decide", "grade", "judge", "trim", "synthesize"} <= steps
    assert {"document_search", "calculator", "current_time"} <= tools
    for lang in ["en", "zh-Hant", "zh-Hans"]:
        generic = zh_page.evaluate(f"stepLine('{lang}', {{line: 'generic'}})")
        tool = zh_page.evaluate(f"stepLine('{lang}', {{line: 'tool'}})")
        for name in sorted(steps | {"accepted", "search"}):
            said = zh_page.evaluate(
                f"stepLine('{lang}', stepOf('reasoning', {{step: {json.dumps(name)}}}))"
            )
            assert said and said != generic, (lang, name)
        for name in sorted(tools):
            said = zh_page.evaluate(
                f"stepLine('{lang}', stepOf('tool_call', {{tool: {json.dumps(name)}}}))"
            )
            assert said not in {generic, tool}, (lang, name)
        # a name the page does not know still gets a line in the page's language
        assert (
            zh_page.evaluate(f"stepLine('{lang}', stepOf('reasoning', {{step: 'new_thing'}}))")
            == generic
        )
        assert zh_page.evaluate(f"stepLine('{lang}', stepOf('tool_call', {{tool: 'mcp_x'}}))") == (
            tool
        )


# A run of the real agent on a zh-Hans question, as its events come (names from agent_svc):
# the judge refines, the agent trims a line off the question, the judge accepts.
AGENT_RUN: list[tuple[str, dict[str, Any]]] = [
    ("reasoning", {"step": "accepted", "text": "question received; the agent is starting"}),
    (
        "reasoning",
        {
            "step": "classify",
            "text": "intent INTENT_DOCUMENT_QA, task TASK_TYPE_SIMPLE_FAQ, language zh-Hans: faq",
        },
    ),
    ("reasoning", {"step": "plan", "text": "search once"}),
    ("reasoning", {"step": "decide", "text": "use_tool: search the documents"}),
    ("tool_call", {"tool": "document_search", "arguments_json": "{}", "call_id": "d-1-1"}),
    (
        "tool_result",
        {
            "tool": "document_search",
            "call_id": "d-1-1",
            "summary": "2 passages",
            "ok": True,
            "result_count": 2,
            "latency_ms": 3.0,
        },
    ),
    ("reasoning", {"step": "grade", "text": "2 of 2 passages pass relevance threshold 0.30"}),
    ("reasoning", {"step": "decide", "text": "answer: enough evidence"}),
    ("reasoning", {"step": "judge", "text": "line 2 does not address the question"}),
    ("judgement", {"decision": "refine", "risk_score": 0.45, "risk_level": "moderate"}),
    ("reasoning", {"step": "trim", "text": "dropped 1 line(s) off the question"}),
    ("reasoning", {"step": "decide", "text": "answer: the judge said refine (risk 0.45)"}),
    ("judgement", {"decision": "accept", "risk_score": 0.05, "risk_level": "low"}),
    ("done", {"answer": "员工请假须提前三天申请。", "sources": [], "language": "zh-Hans"}),
]


def replay(page: Any, events: list[tuple[str, dict[str, Any]]]) -> Any:
    """Draw a turn from ``events`` through the page's own stream handler."""
    page.evaluate(
        """(events) => {
            const turn = newTurn("员工请假要提前几天申请？");
            for (const [name, data] of events) {
                handleEvent(turn, {name, data: JSON.stringify(data)});
            }
        }""",
        events,
    )
    return page.locator(".turn").last


def test_a_real_agent_run_on_a_chinese_page(zh_page: Any) -> None:
    """zh-Hans said by the router: the Chinese page says the steps in Simplified characters;
    each "decide" is left to the raw log (the step it chose says it), and the judge's
    reasoning and its verdict are one line."""
    turn = replay(zh_page, AGENT_RUN)
    assert_folded(turn)
    assert turn.locator(".steps > summary").inner_text() == "查看处理过程（8 步）"
    assert turn.locator(".step-lines li").all_text_contents() == [
        "已收到您的问题",
        "理解您的问题…",
        "搜索您的文件…",
        "找到 2 段内容",
        "挑选相关段落…",
        "对照来源检查回答…",
        "删去与问题无关的句子",
        "对照来源检查回答…",
    ]
    assert turn.locator(".raw-log > summary").text_content() == "原始记录（13）"
    raw = turn.locator(".step-list li").all_text_contents()
    assert "decide answer: the judge said refine (risk 0.45)" in raw
    assert "trim dropped 1 line(s) off the question" in raw


def test_a_real_agent_run_on_an_english_page(en_page: Any) -> None:
    turn = replay(en_page, AGENT_RUN)
    assert turn.locator(".steps > summary").inner_text() == "Show how this was answered (8 steps)"
    lines = turn.locator(".step-lines li").all_text_contents()
    assert lines[3:7] == [
        "found 2 passages",
        "picking the relevant passages…",
        "checking the answer against its sources…",
        "removing lines that do not answer the question",
    ]


def test_the_lines_in_each_language(zh_page: Any) -> None:
    cases = {
        ("zh-Hant", "reasoning", "classify"): "理解您的問題…",
        ("zh-Hans", "reasoning", "classify"): "理解您的问题…",
        ("en", "reasoning", "classify"): "understanding your question…",
        ("zh-Hant", "reasoning", "grade"): "挑選相關段落…",
        ("en", "reasoning", "grade"): "picking the relevant passages…",
        ("zh-Hant", "reasoning", "synthesize"): "撰寫回答…",
        ("en", "reasoning", "synthesize"): "writing the answer…",
        ("zh-Hant", "reasoning", "judge"): "對照來源檢查回答…",
        ("zh-Hant", "reasoning", "trim"): "刪去與問題無關的句子",
        ("zh-Hans", "reasoning", "trim"): "删去与问题无关的句子",
        ("en", "reasoning", "trim"): "removing lines that do not answer the question",
        ("zh-Hant", "tool_call", "document_search"): "搜尋您的文件…",
        ("en", "tool_call", "calculator"): "calculating…",
        ("zh-Hant", "reasoning", "new_thing"): "處理中…",
        ("en", "reasoning", "new_thing"): "working…",
    }
    for (lang, kind, name), expected in cases.items():
        field = "step" if kind == "reasoning" else "tool"
        said = zh_page.evaluate(f"stepLine('{lang}', stepOf('{kind}', {{{field}: '{name}'}}))")
        assert said == expected, (lang, kind, name)
    failed = "stepOf('tool_result', {tool: 'calculator', ok: false})"
    assert zh_page.evaluate(f"stepLine('zh-Hant', {failed})") == "這一步沒有成功，改用其他方式"
    assert zh_page.evaluate("STEP_TEXT['zh-Hans'].summary(12)") == "查看处理过程（12 步）"
    assert zh_page.evaluate("STEP_TEXT['en'].summary(1)") == "Show how this was answered (1 step)"
    # a Chinese interface says the steps in Simplified characters for a zh-Hans answer
    assert zh_page.evaluate("stepLanguage('zh-Hans')") == "zh-Hans"
    assert zh_page.evaluate("stepLanguage('en')") == "zh-Hant"
    assert zh_page.evaluate("stepLanguage('')") == "zh-Hant"
