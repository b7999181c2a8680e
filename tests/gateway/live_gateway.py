"""The real gateway app under uvicorn on loopback port 0, over the fake backends, run in a
thread with its own event loop so synchronous tests (httpx, schemathesis) can call it."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from typing import Any

import uvicorn

from gateway.app import create_app
from gateway.deps import Gateway
from gateway.ratelimit import RateLimiter
from gateway.server import build_gateway
from mesh.config import GatewaySettings
from tests.gateway.fake_backends import FakeBackends, StoredDoc, start_fake_backends

KEYS = {"acme": "key-acme-0123456789", "globex": "key-globex-9876543210"}


@dataclass
class LiveGateway:
    url: str
    backends: FakeBackends
    gateway: Gateway
    loop: asyncio.AbstractEventLoop

    def auth(self, tenant: str = "acme") -> dict[str, str]:
        return {"Authorization": f"Bearer {KEYS[tenant]}"}

    def put_document(self, doc_id: str, doc: StoredDoc, tenant: str = "acme") -> None:
        """Store ``doc`` in the fake retrieval directly (e.g. a paged one, which an upload to
        the fake never makes), on the gateway's own event loop."""

        async def put() -> None:
            self.backends.store.docs.setdefault(tenant, {})[doc_id] = doc

        asyncio.run_coroutine_threadsafe(put(), self.loop).result(10)


@asynccontextmanager
async def serving(gateway: Gateway) -> AsyncIterator[str]:
    """``gateway`` under uvicorn on a free loopback port, in this event loop, until the block
    ends (then its upstream clients are closed); yields its URL."""
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(gateway), host="127.0.0.1", port=0, log_level="warning", lifespan="off"
        )
    )
    task = asyncio.create_task(server.serve())
    while not server.started and not task.done():  # noqa: ASYNC110
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await task
        await gateway.agent.close()
        await gateway.documents.close()


@contextmanager
def live_gateway(limiter: RateLimiter | None = None, **overrides: Any) -> Iterator[LiveGateway]:
    """Serve the gateway until the block ends; ``overrides`` are GatewaySettings fields and
    ``limiter`` replaces the rate limiter (e.g. one with a hand-moved clock)."""
    ready = threading.Event()
    stop = threading.Event()
    box: dict[str, Any] = {}

    async def serve() -> None:
        backends = await start_fake_backends()
        settings = GatewaySettings(
            port=0,
            agent_addr=backends.agent_addr,
            retrieval_addr=backends.retrieval_addr,
            api_keys=",".join(f"{k}:{t}" for t, k in KEYS.items()),
            **overrides,
        )
        gateway = build_gateway(settings)
        if limiter is not None:
            gateway.limiter = limiter
        async with serving(gateway) as url:
            box["live"] = LiveGateway(url, backends, gateway, asyncio.get_running_loop())
            ready.set()
            while not stop.is_set():  # noqa: ASYNC110
                await asyncio.sleep(0.02)
        await backends.stop()

    def run() -> None:
        try:
            asyncio.run(serve())
        except BaseException as exc:
            box["error"] = exc
            ready.set()

    thread = threading.Thread(target=run, name="live-gateway", daemon=True)
    thread.start()
    ready.wait(30)
    if "error" in box:
        raise box["error"]
    try:
        yield box["live"]
    finally:
        stop.set()
        thread.join(30)
