"""A Kubernetes Service's stand-in on loopback: one port in front of several replicas.

In the cluster, ``groundmesh-weaviate`` is a ClusterIP Service: kube-proxy sends each new TCP
connection to one ready endpoint, and an endpoint leaves the Service once its readiness probe
fails. The rehearsal has no kube-proxy, so this plays its part for Weaviate's REST and gRPC
ports: each accepted connection is piped to the next backend (round robin) that was ready at the
last probe and accepts the connection; a backend that refuses is skipped for that connection.
Written by hand because it is forty lines of asyncio and no package here does only this; it is
rehearsal plumbing, never on a Groundmesh code path.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field

Probe = Callable[[int], Awaitable[bool]]  # backend index → ready?
_CHUNK = 64 * 1024


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(_CHUNK):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        with contextlib.suppress(Exception):
            writer.close()


@dataclass
class TcpBalancer:
    """Listens on ``listen_port`` (0: any) and spreads connections over ``backends`` ports."""

    backends: Sequence[int]
    probe: Probe | None = None
    probe_seconds: float = 1.0
    listen_port: int = 0
    ready: list[bool] = field(default_factory=list)
    _server: asyncio.Server | None = None
    _turn: itertools.count[int] = field(default_factory=itertools.count)
    _probing: asyncio.Task[None] | None = None

    async def start(self) -> int:
        """Start listening and probing; the bound port."""
        self.ready = [True] * len(self.backends)
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.listen_port)
        self.listen_port = int(self._server.sockets[0].getsockname()[1])
        if self.probe is not None:
            self._probing = asyncio.create_task(self._probe_forever())
        return self.listen_port

    async def stop(self) -> None:
        if self._probing is not None:
            self._probing.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._probing
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)

    async def _probe_forever(self) -> None:
        assert self.probe is not None
        while True:
            results = await asyncio.gather(
                *(self.probe(i) for i in range(len(self.backends))), return_exceptions=True
            )
            self.ready = [r is True for r in results]
            await asyncio.sleep(self.probe_seconds)

    def _order(self) -> list[int]:
        """Backends to try for one connection: ready ones from the next in turn, then the rest."""
        n = len(self.backends)
        start = next(self._turn) % n
        ring = [(start + k) % n for k in range(n)]
        return [i for i in ring if self.ready[i]] + [i for i in ring if not self.ready[i]]

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        for index in self._order():
            try:
                up_r, up_w = await asyncio.open_connection("127.0.0.1", self.backends[index])
            except OSError:
                continue
            await asyncio.gather(_pipe(client_r, up_w), _pipe(up_r, client_w))
            return
        client_w.close()


def _http_ready_probe(http_ports: Sequence[int], path: str) -> Probe:
    async def probe(index: int) -> bool:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", http_ports[index]), 1.0
            )
        except (OSError, TimeoutError):
            return False
        try:
            writer.write(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode())
            await writer.drain()
            status = await asyncio.wait_for(reader.readline(), 2.0)
            return b" 200 " in status or status.rstrip().endswith(b" 200")
        except (OSError, TimeoutError):
            return False
        finally:
            writer.close()

    return probe


async def serve_service(
    ports: Sequence[tuple[int, Sequence[int]]], http_ports: Sequence[int], ready_path: str
) -> None:
    """Balancers for (listen port, backend ports) pairs that share one readiness probe of the
    backends' HTTP ports (a Service with several ports over the same pods); runs until
    cancelled."""
    probe = _http_ready_probe(http_ports, ready_path)
    shared = TcpBalancer(list(http_ports), probe)
    balancers = [TcpBalancer(list(backends), listen_port=port) for port, backends in ports]
    await shared.start()  # probes only; also balances the HTTP ports on a port of its own
    for balancer in balancers:
        await balancer.start()
    try:
        while True:
            for balancer in balancers:
                balancer.ready = shared.ready
            await asyncio.sleep(0.1)
    finally:
        for balancer in [shared, *balancers]:
            await balancer.stop()


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m bench.topology.tcp_balancer --ready-path P --probe 8081,8082 \\
    --listen 9000=8081,8082 --listen 9001=50061,50062``."""
    import argparse

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ready-path", default="/v1/.well-known/ready")
    parser.add_argument("--probe", required=True, help="the backends' HTTP ports, comma-separated")
    parser.add_argument("--listen", action="append", required=True, help="port=backend,backend")
    args = parser.parse_args(argv)
    pairs = []
    for spec in args.listen:
        port, backends = spec.split("=", 1)
        pairs.append((int(port), [int(b) for b in backends.split(",")]))
    http_ports = [int(p) for p in args.probe.split(",")]
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_service(pairs, http_ports, args.ready_path))


if __name__ == "__main__":
    main()
