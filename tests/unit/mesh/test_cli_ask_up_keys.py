"""``groundmesh ask`` reports an unreachable gateway in one line; ``groundmesh up`` honours
GROUNDMESH_GATEWAY_API_KEYS instead of printing a local key the gateway would reject."""

from __future__ import annotations

import signal
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import typer
from typer.testing import CliRunner

from cli.app import app
from cli.commands import ask as ask_module
from cli.commands import up as up_module
from cli.commands.ask import http_error, transport_failure
from cli.commands.common import KEYS_ENV, tenant_without_key
from cli.commands.up import gateway_keys
from cli.ingest_client import IngestSummary
from cli.launcher import LaunchError


def test_ask_against_a_closed_port_prints_one_line_and_exits_1(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["ask", "hi", "--url", "http://127.0.0.1:1", "--api-key", "x"],
        env={"GROUNDMESH_DATA_DIR": str(tmp_path)},
    )
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "cannot reach the gateway at http://127.0.0.1:1 (connection refused); "
        "is `groundmesh up` running?"
    ]
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (httpx.ReadTimeout("timed out"), "did not answer in time (read timeout)"),
        (httpx.ConnectTimeout("timed out"), "did not answer in time (connect timeout)"),
        (httpx.ConnectError("[Errno 111] Connection refused"), "(connection refused)"),
        (httpx.ConnectError("Name or service not known"), "(Name or service not known)"),
        (httpx.RemoteProtocolError("peer closed"), "failed (RemoteProtocolError: peer closed)"),
    ],
)
def test_transport_failures_read_as_one_line(error: httpx.TransportError, expected: str) -> None:
    line = transport_failure("http://gw:9", error)
    assert expected in line and "http://gw:9" in line and "\n" not in line


def _client_answering(
    handler: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> list[httpx.Request]:
    seen: list[httpx.Request] = []
    real = ask_module.gateway_client

    def fake(data_dir: Path, url: str | None, api_key: str | None) -> httpx.Client:
        client = real(data_dir, url, api_key)

        def record(request: httpx.Request) -> httpx.Response:
            seen.append(request)
            response: httpx.Response = handler(request)
            return response

        return httpx.Client(
            base_url=client.base_url,
            headers=client.headers,
            transport=httpx.MockTransport(record),
        )

    monkeypatch.setattr(ask_module, "gateway_client", fake)
    return seen


def test_a_timeout_mid_ask_is_one_line_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def timeout(request: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("timed out", request=request)

    _client_answering(timeout, monkeypatch, tmp_path)
    result = CliRunner().invoke(
        app, ["ask", "hi", "--url", "http://gw:9", "--api-key", "k", "--data-dir", str(tmp_path)]
    )
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        "the gateway at http://gw:9 did not answer in time (read timeout); "
        "is `groundmesh up` running?"
    ]


def test_ask_without_any_key_sends_none_and_a_401_explains_what_to_do(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen = _client_answering(
        lambda r: httpx.Response(401, json={"error": "unauthenticated"}), monkeypatch, tmp_path
    )
    result = CliRunner().invoke(
        app,
        ["ask", "hi", "--url", "http://gw:9", "--data-dir", str(tmp_path)],
        env={"GROUNDMESH_API_KEY": None},
    )
    assert result.exit_code == 1
    assert "error 401" in result.output and "--api-key" in result.output
    assert "authorization" not in seen[0].headers
    assert not (tmp_path / "api_key").exists()  # ask never mints a key the gateway can't know


def test_configured_keys_are_used_and_no_local_key_is_made(tmp_path: Path) -> None:
    keys = gateway_keys(tmp_path, {KEYS_ENV: "k1:acme, k2:globex,k3:acme"})
    assert keys.spec == "k1:acme, k2:globex,k3:acme"
    assert keys.local_key is None and keys.tenants == ("acme", "globex")
    assert not (tmp_path / "api_key").exists()
    text = "\n".join(keys.describe())
    assert KEYS_ENV in text and "--api-key" in text and "GROUNDMESH_API_KEY" in text
    assert "k1" not in text and "'local'" not in text


def test_without_configured_keys_the_local_key_is_made_once(tmp_path: Path) -> None:
    first = gateway_keys(tmp_path, {KEYS_ENV: "  "})
    again = gateway_keys(tmp_path, {})
    assert first.local_key is not None and first.local_key == again.local_key
    assert first.spec == f"{first.local_key}:local"
    assert (tmp_path / "api_key").read_text() == first.local_key
    assert first.local_key in first.describe()[0]


def test_malformed_configured_keys_are_refused(tmp_path: Path) -> None:
    with pytest.raises(typer.BadParameter, match="key:tenant"):
        gateway_keys(tmp_path, {KEYS_ENV: "just-a-key"})


@dataclass
class _ExitedProcess:
    def poll(self) -> int:
        return 0


@dataclass
class _Child:
    process: _ExitedProcess = field(default_factory=_ExitedProcess)
    port: int = 8080


@dataclass
class _FakeLauncher:
    """Stands in for MeshLauncher: records the keys, 'starts', then its one child exits."""

    data_dir: Path
    host: str
    port: int
    api_keys: str = ""
    no_auth: bool = False
    children: dict[str, _Child] = field(default_factory=lambda: {"gateway": _Child()})

    def start(self) -> str:
        launched.append(self)
        return "http://127.0.0.1:8080"

    def log_tail(self, name: str) -> str:
        return f"{name} log"

    def address(self, name: str) -> str:
        return f"127.0.0.1:1 ({name})"

    def restart(self, name: str, timeout: float = 120.0) -> int:
        raise LaunchError(f"{name} will not start again (fake)")

    def stop(self) -> None:
        self.children.clear()


launched: list[_FakeLauncher] = []


def test_up_hands_the_configured_keys_to_the_gateway_and_prints_no_local_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(up_module, "MeshLauncher", _FakeLauncher)
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # keep the test runner's handler
    launched.clear()
    result = CliRunner().invoke(
        app,
        ["up", "--no-sample", "--data-dir", str(tmp_path)],
        env={KEYS_ENV: "secret-1:acme"},
    )
    assert launched and launched[0].api_keys == "secret-1:acme"
    assert "API key " not in result.output and "tenant 'local'" not in result.output
    assert "--api-key" in result.output and "secret-1" not in result.output
    assert not (tmp_path / "api_key").exists()
    assert result.exit_code == 1  # the fake gateway 'exited'


def test_up_without_configured_keys_prints_the_saved_local_key(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(up_module, "MeshLauncher", _FakeLauncher)
    monkeypatch.setattr(signal, "signal", lambda *_: None)  # keep the test runner's handler
    launched.clear()
    result = CliRunner().invoke(
        app, ["up", "--no-sample", "--data-dir", str(tmp_path)], env={KEYS_ENV: None}
    )
    key = (tmp_path / "api_key").read_text()
    assert launched[0].api_keys == f"{key}:local"
    assert f"API key   {key}   (tenant 'local')" in result.output


def test_up_puts_the_sample_corpus_where_the_first_configured_key_can_ask_about_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(up_module, "MeshLauncher", _FakeLauncher)
    monkeypatch.setattr(signal, "signal", lambda *_: None)
    tenants: list[str] = []

    async def no_documents(target: str, tenant: str) -> int:
        return 0

    async def ingest(target: str, tenant: str, files: object, root: object) -> IngestSummary:
        tenants.append(tenant)
        return IngestSummary(documents=3, chunks=9, bytes_sent=100)

    monkeypatch.setattr(up_module, "document_count", no_documents)
    monkeypatch.setattr(up_module, "ingest_files", ingest)
    result = CliRunner().invoke(
        app, ["up", "--data-dir", str(tmp_path)], env={KEYS_ENV: "k1:acme,k2:globex"}
    )
    assert tenants == ["acme"]
    assert "3 documents, 9 chunks (tenant 'acme')" in result.output


def test_ingest_warns_when_no_configured_key_reaches_the_tenant() -> None:
    keys = {KEYS_ENV: "k1:acme,k2:globex"}
    warning = tenant_without_key("globx", keys)
    assert warning is not None and "'globx'" in warning and "'acme', 'globex'" in warning
    assert tenant_without_key("acme", keys) is None
    assert tenant_without_key("local", {}) is None  # no keys configured: the local key


def test_a_gateway_error_is_one_readable_line() -> None:
    body = '{"error": {"code": "NOT_FOUND", "message": "unknown document \'x\'"}}'
    assert http_error(404, body) == "error 404 NOT_FOUND: unknown document 'x'"
    assert http_error(502, "<html>Bad gateway</html>") == "error 502: <html>Bad gateway</html>"
    assert http_error(500, '{"detail": "x"}') == 'error 500: {"detail": "x"}'
