"""``groundmesh ask`` and ``groundmesh eval`` against a live gateway (fake backends)."""

from __future__ import annotations

import asyncio
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from bench.gateway import LevelResult, one_stream, quantile, run_level
from cli.app import app
from tests.gateway.fake_backends import StoredDoc
from tests.gateway.live_gateway import KEYS, LiveGateway, live_gateway

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def live() -> Iterator[LiveGateway]:
    with live_gateway(rate_per_second=1000, rate_burst=1000) as g:
        httpx.post(
            f"{g.url}/v1/documents?wait=true",
            files=[("files", ("security.md", b"# Security\n\nPasswords rotate every 90 days."))],
            headers=g.auth(),
        )
        yield g


def _run(live: LiveGateway, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        app, [*args, "--url", live.url, "--api-key", KEYS["acme"]], catch_exceptions=False
    )
    return result.exit_code, result.output


def test_ask_streams_steps_answer_sources_and_verdict(live: LiveGateway) -> None:
    code, out = _run(live, "ask", "How often do passwords rotate?")
    assert code == 0, out
    assert "· classify" in out and "→ search" in out
    assert "Passwords rotate every 90 days" in out
    assert "Sources:" in out and "security.md#0" in out
    assert "judged: risk" in out


def test_ask_lists_each_source_with_its_page(live: LiveGateway) -> None:
    live.put_document(
        "leave.pdf",
        StoredDoc(
            "Leave policy",
            "Annual leave requests are filed three working days ahead.",
            {},
            time.time(),
            first_page=3,
        ),
    )
    live.put_document(
        "rates.xlsx",
        StoredDoc(
            "Travel rates",
            "Annual allowance table for travel.",
            {},
            time.time(),
            first_page=2,
            page_label="Rates 2026",
        ),
    )
    code, out = _run(live, "ask", "When are annual leave requests filed?")
    assert code == 0, out
    sources = out.split("Sources:", 1)[1].split("judged:", 1)[0]
    assert "[1] leave.pdf#0 — Leave policy, p. 3" in sources
    assert "[2] rates.xlsx#0 — Travel rates, sheet: Rates 2026" in sources
    # a document without pages is listed as before, with nothing after its title
    code, out = _run(live, "ask", "How often do passwords rotate?")
    assert "[1] security.md#0 — Security\n" in out


def test_ask_json_prints_one_object(live: LiveGateway) -> None:
    code, out = _run(live, "ask", "passwords rotate", "--json", "--trace", "--session", "s1")
    assert code == 0
    body = json.loads(out)
    assert body["session_id"] == "s1" and body["intermediate_steps"] and body["trace"]


def test_ask_events_prints_json_lines_ending_with_done(live: LiveGateway) -> None:
    code, out = _run(live, "ask", "passwords", "--events")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and lines[0]["event"] == "reasoning" and lines[-1]["event"] == "done"


def test_ask_reports_errors_with_a_nonzero_exit(live: LiveGateway) -> None:
    code, out = _run(live, "ask", "FAIL")
    assert code == 1 and "UNAVAILABLE" in out
    result = CliRunner().invoke(app, ["ask", "q", "--url", live.url, "--api-key", "bad"])
    assert result.exit_code == 1 and "401" in result.output


def test_eval_over_a_questions_file(live: LiveGateway, tmp_path: Path) -> None:
    path = tmp_path / "q.jsonl"
    path.write_text(
        json.dumps(
            {"question": "passwords rotate", "expected_doc_ids": ["security.md"], "answers": ["90"]}
        )
        + "\n"
        + json.dumps({"question": "nothing matches zzz", "expected_doc_ids": ["security.md"]})
        + "\n"
    )
    code, out = _run(live, "eval", str(path), "--json")
    assert code == 0, out
    figures = json.loads(out)["figures"]
    assert figures["questions"] == 2 and figures["errors"] == 0
    assert figures["retrieved_gold"] == 0.5 and figures["contains_answer"] == 1.0
    code, out = _run(live, "eval", str(path))
    assert "gold document retrieved" in out and "50.0 %" in out


@pytest.mark.parametrize("command", ["up", "ask", "ingest", "bench", "eval"])
def test_every_command_explains_itself(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0 and len(result.output) > 200


def test_bench_client_reads_whole_streams(live: LiveGateway) -> None:
    result = asyncio.run(run_level(live.url, 3, 1.0, os.getpid(), key=KEYS["acme"]))
    assert result.streams > 0 and result.errors == 0 and result.unfinished == 0
    assert len(result.first_event_ms) == len(result.done_ms) == result.streams
    assert all(a <= b for a, b in zip(result.first_event_ms, result.done_ms, strict=True))


def test_bench_client_reports_error_events(live: LiveGateway) -> None:
    result = LevelResult(1, 1.0)
    host, port = live.url.removeprefix("http://").split(":")
    asyncio.run(one_stream(host, int(port), "FAIL", result, key=KEYS["acme"]))
    assert result.errors == 1 and "UNAVAILABLE" in result.error_samples[0]


@pytest.mark.parametrize(
    ("values", "q", "expected"), [([], 0.5, 0.0), ([3, 1, 2], 0.5, 2), ([*range(1, 101)], 0.99, 99)]
)
def test_nearest_rank_quantile(values: list[float], q: float, expected: float) -> None:
    assert quantile(values, q) == expected
