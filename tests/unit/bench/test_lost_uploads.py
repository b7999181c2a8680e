"""What the rehearsal counts as lost: an acknowledged upload whose job did not finish, or whose
document is still not listed with chunks when the wait is over. A list that misses a document
for a moment (a Weaviate node back from a kill, read at ONE before repair) is read again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from bench.topology.load import GatewayPool, Sample, lost_uploads

URL = "http://gw.test"


def _sample(doc_id: str) -> Sample:
    return Sample("upload", 0.0, 0.0, "ok", doc_id=doc_id, job_id=f"job-{doc_id}")


def _serve(monkeypatch: pytest.MonkeyPatch, lists: Callable[[int], list[str]]) -> list[int]:
    """Jobs are done; the n-th list (from 0) shows ``lists(n)``. Returns the list-call count."""
    calls = [0]

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.startswith("/v1/jobs/"):
            return httpx.Response(200, json={"state": "done"})
        docs = [{"doc_id": d, "chunk_count": 2} for d in lists(calls[0])]
        calls[0] += 1
        return httpx.Response(200, json={"documents": docs})

    real = httpx.AsyncClient

    def client(**kwargs: Any) -> httpx.AsyncClient:
        return real(transport=httpx.MockTransport(handler), **kwargs)

    monkeypatch.setattr(httpx, "AsyncClient", client)
    return calls


async def test_a_document_missing_from_one_read_is_not_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _serve(monkeypatch, lambda n: ["a"] if n == 0 else ["a", "b"])
    pool = GatewayPool([URL], {})
    assert await lost_uploads(pool, [_sample("a"), _sample("b")], wait_seconds=60) == []
    assert calls[0] == 2


async def test_a_document_never_listed_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    _serve(monkeypatch, lambda n: ["a"])
    pool = GatewayPool([URL], {})
    lost = await lost_uploads(pool, [_sample("a"), _sample("b")], wait_seconds=1.5)
    assert lost == ["b: not listed with chunks"]
