"""``groundmesh ingest`` over ingest jobs (issue 19), against a scripted RetrievalService on a
loopback port (the production server with its interceptors, a fake servicer): files go in
batches bounded by count and bytes, every job is followed with one progress line (or bar) per
file, ``--no-wait`` prints the job ids, and a failed or refused file is named."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
from typer.testing import CliRunner

from cli.app import app
from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import GrpcServerSettings, MiB
from mesh.errors import InvalidInput, NotFound, Unavailable
from mesh.grpc_server import create_server, set_serving

pytestmark = pytest.mark.integration

SERVICE = retrieval_pb2.DESCRIPTOR.services_by_name["RetrievalService"].full_name
JOB_ID = re.compile(r"^(job-[0-9a-f]{32})  (.+)$", re.M)
PLAIN = {"TTY_COMPATIBLE": "0", "TTY_INTERACTIVE": "0"}  # whatever the CI's FORCE_COLOR says


@dataclass
class Script:
    """What the fake retrieval_svc does, and what it saw."""

    chunks: int = 4  # every document's chunk count
    refuse: dict[str, str] = field(default_factory=dict)  # doc_id → InvalidInput at submit
    fail: dict[str, str] = field(default_factory=dict)  # doc_id → its job's error
    unchanged: set[str] = field(default_factory=set)
    break_first_watch: set[str] = field(default_factory=set)  # UNAVAILABLE after one reply
    forget: set[str] = field(default_factory=set)  # doc ids whose job watches are NOT_FOUND
    submits: list[list[str]] = field(default_factory=list)  # doc ids of each SubmitIngest
    submit_bytes: list[int] = field(default_factory=list)  # the size of each message
    watches: list[str] = field(default_factory=list)  # doc ids, one per WatchIngestJob
    jobs: dict[str, Any] = field(default_factory=dict)


class FakeRetrieval(retrieval_pb2_grpc.RetrievalServiceServicer):
    def __init__(self) -> None:
        self.script = Script()

    async def SubmitIngest(
        self, request: retrieval_pb2.SubmitIngestRequest, context: object
    ) -> retrieval_pb2.SubmitIngestResponse:
        s = self.script
        s.submits.append([d.doc_id for d in request.documents])
        s.submit_bytes.append(request.ByteSize())
        for d in request.documents:
            if d.doc_id in s.refuse:
                raise InvalidInput(s.refuse[d.doc_id])
        jobs = []
        for d in request.documents:
            job = retrieval_pb2.IngestJob(
                job_id=f"job-{uuid.uuid4().hex}",
                doc_id=d.doc_id,
                state=retrieval_pb2.JOB_STATE_QUEUED,
                bytes=len(d.content),
            )
            s.jobs[job.job_id] = job
            jobs.append(job)
        return retrieval_pb2.SubmitIngestResponse(jobs=jobs)

    async def WatchIngestJob(
        self, request: retrieval_pb2.WatchIngestJobRequest, context: object
    ) -> AsyncIterator[retrieval_pb2.WatchIngestJobResponse]:
        s = self.script
        queued = s.jobs.get(request.job_id)
        if queued is None:
            raise NotFound(f"job {request.job_id!r} does not exist")
        doc_id = queued.doc_id
        s.watches.append(doc_id)
        if doc_id in s.forget:
            raise NotFound(f"job {request.job_id!r} does not exist")
        yield retrieval_pb2.WatchIngestJobResponse(job=queued)
        if doc_id in s.break_first_watch:
            s.break_first_watch.discard(doc_id)
            raise Unavailable("retrieval_svc restarting")

        def job(**kw: Any) -> retrieval_pb2.WatchIngestJobResponse:
            base = {"job_id": queued.job_id, "doc_id": doc_id, "bytes": queued.bytes}
            return retrieval_pb2.WatchIngestJobResponse(job=retrieval_pb2.IngestJob(**base, **kw))

        running = retrieval_pb2.JOB_STATE_RUNNING
        yield job(state=running)
        for done in range(s.chunks + 1):
            yield job(state=running, chunks_done=done, chunks_total=s.chunks)
            await asyncio.sleep(0)
        if doc_id in s.fail:
            yield job(state=retrieval_pb2.JOB_STATE_FAILED, error=s.fail[doc_id])
            return
        yield job(
            state=retrieval_pb2.JOB_STATE_DONE,
            chunks_done=s.chunks,
            chunks_total=s.chunks,
            unchanged=doc_id in s.unchanged,
        )


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, FakeRetrieval]]:
    """The fake on a free loopback port, in its own thread and event loop."""
    fake = FakeRetrieval()
    loop = asyncio.new_event_loop()
    started = threading.Event()
    address: list[str] = []
    stop = asyncio.Event()

    def register(server: grpc.aio.Server) -> None:
        retrieval_pb2_grpc.add_RetrievalServiceServicer_to_server(fake, server)

    async def serve() -> None:
        server, port, health = await create_server(GrpcServerSettings(port=0), register, [SERVICE])
        await set_serving(health, [SERVICE], True)
        address.append(f"127.0.0.1:{port}")
        started.set()
        await stop.wait()
        await server.stop(None)

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    assert started.wait(30), "the fake retrieval_svc did not start"
    yield address[0], fake
    loop.call_soon_threadsafe(stop.set)
    thread.join(30)


@pytest.fixture
def retrieval(served: tuple[str, FakeRetrieval]) -> Iterator[tuple[str, Script]]:
    target, fake = served
    fake.script = Script()
    yield target, fake.script


def _ingest(
    target: str, tmp_path: Path, *args: str, env: dict[str, str] | None = None
) -> tuple[int, str]:
    data_dir = tmp_path / "data"
    (data_dir / "run").mkdir(parents=True, exist_ok=True)
    run = {"retrieval_svc": target, "gateway_url": "http://127.0.0.1:8080"}
    (data_dir / "run" / "mesh.json").write_text(json.dumps(run))
    result = CliRunner().invoke(
        app, ["ingest", *args, "--data-dir", str(data_dir)], env=env or PLAIN
    )
    return result.exit_code, result.output


def _folder(tmp_path: Path, count: int, name: str = "notes") -> Path:
    folder = tmp_path / name
    folder.mkdir()
    for n in range(count):
        (folder / f"q-{n:02d}.txt").write_text(f"note number {n} about the leave policy " * 5)
    return folder


def test_each_file_gets_its_own_progress_lines_and_the_summary(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 3)
    code, out = _ingest(target, tmp_path, str(folder))
    assert code == 0, out
    for n in range(3):
        name = f"{folder}/q-{n:02d}.txt"
        lines = [line for line in out.splitlines() if line.startswith(f"{name}: ")]
        assert lines == [
            f"{name}: running",
            *(f"{name}: running, {k}/4 chunks" for k in range(1, 5)),
            f"{name}: done, 4 chunks",
        ], out
    assert "queued" not in out  # a pipe gets no line for a job that waits
    assert re.search(
        r"^3 documents, 12 chunks for tenant 'local' in [\d.]+s \(0\.0 MB\); 0 unchanged, "
        r"0 failed$",
        out,
        re.M,
    ), out
    assert sorted(script.watches) == ["q-00.txt", "q-01.txt", "q-02.txt"]


def test_on_a_terminal_each_file_has_a_bar_and_ends_as_a_line(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 2)
    script.unchanged.add("q-01.txt")
    tty = {"TTY_COMPATIBLE": "1", "TTY_INTERACTIVE": "1", "COLUMNS": "160", "LINES": "30"}
    code, out = _ingest(target, tmp_path, str(folder), env=tty)
    assert code == 0, out
    assert f"{folder}/q-00.txt: done, 4 chunks" in out
    assert f"{folder}/q-01.txt: unchanged, its 4 chunks were already stored" in out
    assert "2 documents, 8 chunks for tenant 'local'" in out
    assert "1 unchanged, 0 failed" in out


def test_no_wait_prints_each_files_job_id_and_how_to_follow_it(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 3)
    code, out = _ingest(target, tmp_path, str(folder), "--no-wait")
    assert code == 0, out
    printed = JOB_ID.findall(out)
    assert [Path(p).name for _, p in printed] == ["q-00.txt", "q-01.txt", "q-02.txt"]
    assert {job_id: Path(p).name for job_id, p in printed} == {
        job_id: job.doc_id for job_id, job in script.jobs.items()
    }
    assert "3 files submitted as jobs for tenant 'local' in 1 batch" in out
    assert "GET http://127.0.0.1:8080/v1/jobs/<job id>/events" in out
    assert script.watches == []  # nothing followed


def test_a_40_file_folder_goes_in_batches_of_at_most_16(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 40)
    code, out = _ingest(target, tmp_path, str(folder))
    assert code == 0, out
    assert [len(ids) for ids in script.submits] == [16, 16, 8]
    assert [i for ids in script.submits for i in ids] == [f"q-{n:02d}.txt" for n in range(40)]
    assert "40 documents, 160 chunks for tenant 'local'" in out
    assert len(script.watches) == 40


def test_large_files_split_batches_by_bytes_below_the_message_limit(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = tmp_path / "big"
    folder.mkdir()
    for n in range(3):
        (folder / f"big-{n}.txt").write_bytes(b"word " * (5 * MiB // 5))  # 5 MiB each
    (folder / "small.txt").write_text("a small note " * 10)
    code, out = _ingest(target, tmp_path, str(folder), "--no-wait")
    assert code == 0, out
    assert script.submits == [["big-0.txt"], ["big-1.txt"], ["big-2.txt", "small.txt"]]
    assert max(script.submit_bytes) < 8 * MiB + 64 * 1024  # half the 16 MiB message limit
    assert "4 files submitted as jobs for tenant 'local' in 3 batches (15.7 MB)" in out


def test_a_failed_file_exits_1_and_is_named_with_its_error(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 2)
    (folder / "bad.pdf").write_bytes(b"%PDF-1.4 not really")
    script.fail["bad.pdf"] = "could not read the PDF: EOF marker not found"
    code, out = _ingest(target, tmp_path, str(folder))
    assert code == 1, out
    assert f"{folder}/bad.pdf: failed: could not read the PDF: EOF marker not found" in out
    assert f"failed: {folder}/bad.pdf: could not read the PDF: EOF marker not found" in out
    assert "2 documents, 8 chunks for tenant 'local'" in out and "0 unchanged, 1 failed" in out


def test_a_file_refused_at_submit_is_named_and_earlier_batches_are_said_to_be_accepted(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 20)
    script.refuse["q-17.txt"] = "document 'q-17.txt' is 9000000 bytes; the limit is 8388608"
    code, out = _ingest(target, tmp_path, str(folder))
    assert code == 1, out
    assert (
        f"ingest failed: retrieval_svc refused {folder}/q-17.txt: document 'q-17.txt' is "
        "9000000 bytes; the limit is 8388608"
    ) in out
    assert "nothing of batch 2 of 2 (4 files) was stored" in out
    assert "The 16 files of the batches before it were already accepted" in out
    listed = JOB_ID.findall("\n".join(line.strip() for line in out.splitlines()))
    assert [Path(p).name for _, p in listed] == [f"q-{n:02d}.txt" for n in range(16)]
    assert f"fix or leave out {folder}/q-17.txt and run the same command again" in out
    assert len(script.submits) == 2 and script.watches == []


def test_a_refused_first_batch_says_nothing_was_stored(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 2)
    script.refuse["q-01.txt"] = "doc_id 'q-01.txt' must be 1-128 characters"
    code, out = _ingest(target, tmp_path, str(folder))
    assert code == 1
    assert f"retrieval_svc refused {folder}/q-01.txt: doc_id 'q-01.txt' must be" in out
    assert "nothing was stored." in out


def test_a_broken_watch_stream_is_opened_again(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 2)
    script.break_first_watch.add("q-01.txt")
    code, out = _ingest(target, tmp_path, str(folder))
    assert code == 0, out
    assert sorted(script.watches) == ["q-00.txt", "q-01.txt", "q-01.txt"]
    assert "2 documents, 8 chunks" in out and "0 failed" in out


def test_an_unreachable_retrieval_svc_is_one_clear_line(tmp_path: Path) -> None:
    folder = _folder(tmp_path, 1)
    code, out = _ingest("127.0.0.1:1", tmp_path, str(folder))
    assert code == 1
    assert (
        "ingest failed: retrieval_svc did not take batch 1 of 1: retrieval_svc is unavailable"
        in out
    )
    assert "nothing was stored." in out


def test_a_job_that_cannot_be_followed_is_named_and_exits_1(
    retrieval: tuple[str, Script], tmp_path: Path
) -> None:
    target, script = retrieval
    folder = _folder(tmp_path, 2)
    script.forget.add("q-00.txt")
    code, out = _ingest(target, tmp_path, str(folder))
    assert code == 1, out
    job_id = next(j for j, job in script.jobs.items() if job.doc_id == "q-00.txt")
    assert (
        f"failed: {folder}/q-00.txt: could not follow job {job_id} to its end (retrieval_svc: "
        f"job '{job_id}' does not exist); it may still finish: "
        f"GET http://127.0.0.1:8080/v1/jobs/{job_id}"
    ) in out
    assert "1 documents, 4 chunks" in out and "0 unchanged, 1 failed" in out
