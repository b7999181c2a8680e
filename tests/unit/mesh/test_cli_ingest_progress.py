"""``groundmesh ingest``'s pieces without a server: how files are batched, which file a
refusal names, and how jobs are shown (one bar per file on a terminal, lines elsewhere)."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cli.commands.ingest import LiveBars, PlainLines, job_line
from cli.ingest_client import (
    MAX_BATCH_BYTES,
    MAX_BATCH_FILES,
    MAX_MESSAGE_BYTES,
    _culprit,
    check_sendable,
    plan_batches,
)
from groundmesh.v1 import retrieval_pb2 as pb
from mesh.config import MiB
from mesh.errors import InvalidInput

pytestmark = pytest.mark.unit


def _job(state: Any, done: int = 0, total: int = 0, **kw: Any) -> Any:
    return pb.IngestJob(state=state, chunks_done=done, chunks_total=total, **kw)


def test_batches_hold_at_most_16_files() -> None:
    batches = plan_batches([100] * 40)
    assert [len(b) for b in batches] == [16, 16, 8]
    assert [i for b in batches for i in b] == list(range(40))
    assert MAX_BATCH_FILES == 16


def test_batches_hold_at_most_8_mib_and_a_larger_file_goes_alone() -> None:
    sizes = [3 * MiB, 3 * MiB, 3 * MiB, 12 * MiB, 1024, 1024]
    assert plan_batches(sizes) == [range(0, 2), range(2, 3), range(3, 4), range(4, 6)]
    # each batch stays well under the 16 MiB gRPC message limit of open_channel
    assert MAX_BATCH_BYTES * 2 <= MAX_MESSAGE_BYTES
    assert plan_batches([]) == []
    with pytest.raises(ValueError, match="at least one"):
        plan_batches([1], max_files=0)


def test_a_file_no_message_can_carry_is_refused_before_sending(tmp_path: Path) -> None:
    small, huge = tmp_path / "small.txt", tmp_path / "huge.txt"
    small.write_text("fine")
    with huge.open("wb") as f:
        f.truncate(MAX_MESSAGE_BYTES)  # sparse: no 16 MiB written
    check_sendable([small])
    with pytest.raises(InvalidInput, match=r"huge\.txt is 16\.0 MiB; one message"):
        check_sendable([small, huge])


def test_a_refusal_names_the_file_of_the_quoted_document_id() -> None:
    paths = [Path("d/b.md"), Path("d/a-b.md"), Path("d/c.md")]
    ids = ["b.md", "a-b.md", "c.md"]
    assert _culprit("document 'a-b.md' is empty", paths, ids) == Path("d/a-b.md")
    assert _culprit("document 'b.md' is 9 bytes", paths, ids) == Path("d/b.md")
    assert _culprit("metadata has more than 50 fields", paths, ids) is None
    long_id = "x" * 100
    message = f"doc_id {long_id[:80]!r} must be 1-128 characters"
    assert _culprit(message, [Path("long.txt")], [long_id]) == Path("long.txt")


def test_job_lines_say_the_state_in_words() -> None:
    assert job_line("a.md", _job(pb.JOB_STATE_QUEUED)) == "a.md: queued"
    assert job_line("a.md", _job(pb.JOB_STATE_RUNNING)) == "a.md: running"
    assert job_line("a.md", _job(pb.JOB_STATE_RUNNING, 3, 12)) == "a.md: running, 3/12 chunks"
    done = _job(pb.JOB_STATE_DONE, 12, 12, chunks_reused=4, replaced=True)
    assert job_line("a.md", done) == (
        "a.md: done, 12 chunks (4 reused from the embedding cache, replaced the earlier version)"
    )
    same = _job(pb.JOB_STATE_DONE, 12, 12, unchanged=True)
    assert job_line("a.md", same) == "a.md: unchanged, its 12 chunks were already stored"
    bad = _job(pb.JOB_STATE_FAILED, error="could not read the PDF")
    assert job_line("b.pdf", bad) == "b.pdf: failed: could not read the PDF"
    assert job_line("c.md", _job(pb.JOB_STATE_CANCELLED)) == "c.md: cancelled"
    retry = _job(pb.JOB_STATE_QUEUED, error="will retry: disk full")
    assert job_line("d.md", retry) == "d.md: queued (will retry: disk full)"


def test_plain_lines_print_start_quarters_and_end_per_file(
    capsys: pytest.CaptureFixture[str],
) -> None:
    view = PlainLines(["a.md", "b.md"])
    view.update(0, _job(pb.JOB_STATE_QUEUED))
    view.update(1, _job(pb.JOB_STATE_QUEUED))
    view.update(0, _job(pb.JOB_STATE_RUNNING))
    for done in range(9):
        view.update(0, _job(pb.JOB_STATE_RUNNING, done, 8))
    view.update(1, _job(pb.JOB_STATE_RUNNING, 1, 2))
    view.update(0, _job(pb.JOB_STATE_DONE, 8, 8))
    view.update(0, _job(pb.JOB_STATE_DONE, 8, 8))  # a repeat says nothing new
    view.update(1, _job(pb.JOB_STATE_FAILED, error="no text"))
    view.close()
    assert capsys.readouterr().out.splitlines() == [
        "a.md: running",
        "a.md: running, 2/8 chunks",
        "a.md: running, 4/8 chunks",
        "a.md: running, 6/8 chunks",
        "a.md: running, 8/8 chunks",
        "b.md: running, 1/2 chunks",
        "a.md: done, 8 chunks",
        "b.md: failed: no text",
    ]


def _screen(bars: LiveBars) -> str:
    snap = Console(file=StringIO(), width=120, color_system=None, record=True)
    snap.print(bars.progress.get_renderable())
    return snap.export_text()


def test_on_a_terminal_each_file_has_its_own_bar_until_its_job_ends() -> None:
    out = StringIO()
    console = Console(file=out, force_terminal=True, width=120, height=40, color_system=None)
    bars = LiveBars(console, ["docs/a.md", "docs/b.md", "docs/c.md"])
    try:
        bars.update(0, _job(pb.JOB_STATE_RUNNING, 3, 12))
        bars.update(1, _job(pb.JOB_STATE_RUNNING))
        screen = _screen(bars)
        rows = {line.split()[0]: line for line in screen.splitlines() if line.strip()}
        assert "3/12 chunks" in rows["docs/a.md"] and "running" in rows["docs/a.md"]
        assert "running" in rows["docs/b.md"] and "chunks" not in rows["docs/b.md"]
        assert "queued" in rows["docs/c.md"]
        assert "0/3 files" in rows["all"]
        bars.update(0, _job(pb.JOB_STATE_DONE, 12, 12))
        bars.update(0, _job(pb.JOB_STATE_DONE, 12, 12))  # late repeats are ignored
        screen = _screen(bars)
        assert "docs/a.md" not in screen and "1/3 files" in screen
    finally:
        bars.close()
    assert "docs/a.md: done, 12 chunks" in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue())


def test_the_bars_shown_are_as_many_as_the_terminal_holds() -> None:
    console = Console(file=StringIO(), force_terminal=True, width=120, height=10)
    names = [f"f-{n:02d}.md" for n in range(20)]
    bars = LiveBars(console, names)
    try:
        screen = _screen(bars)
        shown = [n for n in names if n in screen]
        assert shown == names[:6] and "(+14 more waiting)" in screen
        for n in range(3):
            bars.update(n, _job(pb.JOB_STATE_DONE, 1, 1))
        screen = _screen(bars)
        assert [n for n in names if n in screen] == names[3:9]
        assert "(+11 more waiting)" in screen and "3/20 files" in screen
    finally:
        bars.close()


def test_plain_lines_report_a_setback_and_the_run_after_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    view = PlainLines(["a.md"])
    view.update(0, _job(pb.JOB_STATE_RUNNING, 1, 4))
    view.update(0, _job(pb.JOB_STATE_QUEUED, error="will retry: disk full"))
    view.update(0, _job(pb.JOB_STATE_QUEUED, error="will retry: disk full"))
    view.update(0, _job(pb.JOB_STATE_RUNNING, 1, 4, error="will retry: disk full"))
    view.update(0, _job(pb.JOB_STATE_DONE, 4, 4))
    assert capsys.readouterr().out.splitlines() == [
        "a.md: running, 1/4 chunks",
        "a.md: queued (will retry: disk full)",
        "a.md: running, 1/4 chunks (will retry: disk full)",
        "a.md: done, 4 chunks",
    ]
