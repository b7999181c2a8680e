"""``groundmesh eval`` deletes the documents it uploaded even when the gateway rate-limits it."""

from __future__ import annotations

import httpx

from cli.commands.eval import (
    MAX_DELETE_ATTEMPTS,
    EvalQuestion,
    _delete_all,
    _upload,
    as_stored,
)


def _client(handler: httpx.MockTransport) -> httpx.Client:
    return httpx.Client(base_url="http://gateway", transport=handler)


def test_rate_limited_deletes_are_retried_after_the_wait_the_gateway_asks_for() -> None:
    calls: list[str] = []
    waits: list[float] = []

    def handle(request: httpx.Request) -> httpx.Response:
        calls.append(request.url.path)
        if len(calls) % 3:  # two 429s, then the delete goes through
            return httpx.Response(429, headers={"Retry-After": "2"})
        return httpx.Response(200, json={"deleted": True})

    with _client(httpx.MockTransport(handle)) as client:
        left = _delete_all(client, ["a.txt", "b.txt"], sleep=waits.append)
    assert left == []
    assert calls == ["/v1/documents/a.txt"] * 3 + ["/v1/documents/b.txt"] * 3
    assert waits == [2.0] * 4


def test_documents_that_cannot_be_deleted_are_reported() -> None:
    def handle(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("gone.txt"):
            return httpx.Response(404)
        if request.url.path.endswith("stuck.txt"):
            return httpx.Response(429, headers={"Retry-After": "nonsense"})
        return httpx.Response(503)

    waits: list[float] = []
    with _client(httpx.MockTransport(handle)) as client:
        left = _delete_all(client, ["gone.txt", "stuck.txt", "down.txt"], sleep=waits.append)
    assert left == ["stuck.txt", "down.txt"]
    assert waits == [1.0] * MAX_DELETE_ATTEMPTS


def test_documents_are_expected_and_deleted_under_the_ids_the_store_gave_them() -> None:
    """A file name the store rewrites ("Fresno,_California-21.txt") is still found and removed."""
    stored_as = {"Fresno,_California-21.txt": "Fresno-_California-21.txt", "a.txt": "a.txt"}
    deleted: list[str] = []

    def handle(request: httpx.Request) -> httpx.Response:
        if request.method == "POST":
            docs = [{"filename": f, "doc_id": d} for f, d in stored_as.items()]
            return httpx.Response(201, json={"documents": docs})
        deleted.append(request.url.path.rsplit("/", 1)[-1])
        return httpx.Response(200, json={"deleted": True})

    stored: dict[str, str] = {}
    with _client(httpx.MockTransport(handle)) as client:
        _upload(client, {name: ("t", "x") for name in stored_as}, stored)
        assert _delete_all(client, list(stored.values())) == []
    assert stored == stored_as
    assert deleted == ["Fresno-_California-21.txt", "a.txt"]
    q = as_stored(EvalQuestion("q", "?", ("Fresno,_California-21.txt",)), stored)
    assert q.expected_doc_ids == ("Fresno-_California-21.txt",)
