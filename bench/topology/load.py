"""A bounded load for the rehearsal: conversations that keep asking, and uploads that keep
arriving, spread over the gateways the way an ingress spreads them.

The ingress stand-in (:class:`GatewayPool`) sends each request to the next gateway whose
``/readyz`` answered 200 at the last poll, and sends a request that could not connect at all to
the next one (as ingress-nginx does for a refused connection: nothing was sent, so nothing is
done twice). A request that reached a gateway is never sent again.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field

import httpx

# A small corpus the conversations ask about; each pair is a question and a follow-up that
# only makes sense with the first in memory, with a value each answer must hold.
CORPUS = {
    "leave-rules.md": (
        "# 請假規則\n\n婚假可以請八日，薪資照常發給。\n\n病假每年三十日，薪資折半發給。\n\n"
        "事假每年七日，不給薪資。\n"
    ),
    "travel-rules.md": (
        "# Travel rules\n\nA night's hotel in Taipei is refunded up to 2,600 dollars.\n\n"
        "A night's hotel in Kaohsiung is refunded up to 2,100 dollars.\n\n"
        "Trains are refunded in second class only.\n"
    ),
}
CONVERSATIONS: tuple[tuple[tuple[str, str], tuple[str, str]], ...] = (
    (("婚假可以請幾天？", "八日"), ("那病假呢？", "三十日")),
    (("How much is a night's hotel in Taipei refunded?", "2,600"), ("And in Kaohsiung?", "2,100")),
    (("事假每年可以請幾天？", "七日"), ("那婚假呢？", "八日")),
)
_TURNS = re.compile(r"follow-up over (\d+) earlier turns")


@dataclass(frozen=True)
class Sample:
    """One request of the load, as its sender saw it."""

    kind: str  # "ask" or "upload"
    started: float
    ended: float
    outcome: str  # "ok", "wrong" (answered without the value), "degraded", "failed"
    detail: str = ""
    memory: bool | None = None  # a follow-up: whether the earlier turns were remembered
    doc_id: str = ""
    job_id: str = ""

    @property
    def seconds(self) -> float:
        return self.ended - self.started


@dataclass
class GatewayPool:
    """The ingress: round robin over the gateways that are ready."""

    urls: Sequence[str]
    headers: dict[str, str]
    ready: list[bool] = field(default_factory=list)
    out: set[str] = field(default_factory=set)
    _turn: itertools.count[int] = field(default_factory=itertools.count)

    def __post_init__(self) -> None:
        self.ready = [True] * len(self.urls)

    async def poll(self, client: httpx.AsyncClient, stop: asyncio.Event) -> None:
        while not stop.is_set():
            for i, url in enumerate(self.urls):
                try:
                    self.ready[i] = (await client.get(f"{url}/readyz", timeout=2.0)).is_success
                except httpx.HTTPError:
                    self.ready[i] = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)

    def order(self) -> list[str]:
        n = len(self.urls)
        start = next(self._turn) % n
        ring = [(start + k) % n for k in range(n) if self.urls[(start + k) % n] not in self.out]
        return [self.urls[i] for i in ring if self.ready[i]] + [
            self.urls[i] for i in ring if not self.ready[i]
        ]

    def take_out(self, url: str) -> None:
        """The pod is terminating: Kubernetes removes it from the Service's endpoints before
        its preStop hook and SIGTERM, so the ingress sends it nothing new."""
        self.out.add(url)

    def put_back(self, url: str) -> None:
        self.out.discard(url)

    async def patiently(
        self, client: httpx.AsyncClient, method: str, path: str, **kwargs: object
    ) -> httpx.Response:
        """:meth:`send`, waiting out the rate limit as a script would (for the checks)."""
        while True:
            reply = await self.send(client, method, path, **kwargs)  # type: ignore[arg-type]
            if reply.status_code != 429:
                return reply
            await asyncio.sleep(float(reply.headers.get("Retry-After", "1")))

    async def send(
        self,
        client: httpx.AsyncClient,
        method: str,
        path: str,
        key: str | None = None,
        **kwargs: object,
    ) -> httpx.Response:
        """Send to the next ready gateway; only a refused connection moves to the next one.
        ``key``: the API key to send instead of the pool's."""
        headers = {"Authorization": f"Bearer {key}"} if key else self.headers
        last: Exception | None = None
        for url in self.order():
            try:
                return await client.request(method, f"{url}{path}", headers=headers, **kwargs)  # type: ignore[arg-type]
            except httpx.ConnectError as exc:
                last = exc
            except httpx.HTTPError as exc:
                raise type(exc)(f"{url}: {exc}") from exc
        raise last or httpx.ConnectError("no gateway")


def _answer_outcome(response: httpx.Response, value: str) -> tuple[str, str]:
    if response.status_code != 200:
        return "failed", f"HTTP {response.status_code}: {response.text[:160]}"
    body = response.json()
    answer = str(body.get("answer", ""))
    if value in answer:
        return "ok", ""
    if not body.get("sources"):
        return "degraded", answer[:160]
    return "wrong", answer[:160]


def _remembered(response: httpx.Response, turns_before: int) -> bool | None:
    """Whether the agent saw every earlier turn of the session (None: not a 200)."""
    if response.status_code != 200:
        return None
    steps = response.json().get("intermediate_steps") or []
    for step in steps:
        if match := _TURNS.search(str(step.get("detail", ""))):
            return int(match.group(1)) >= turns_before
    return False


@dataclass
class Load:
    """``conversations`` conversations asking without pause, and an upload every
    ``upload_every`` seconds, until :meth:`stop`."""

    pool: GatewayPool
    conversations: int = 20
    keys: Sequence[str] = ()  # one API key per conversation (a user each), else the pool's
    upload_every: float = 2.0
    timeout: float = 120.0
    samples: list[Sample] = field(default_factory=list)
    _stop: asyncio.Event = field(default_factory=asyncio.Event)

    async def _ask(
        self, client: httpx.AsyncClient, asked: tuple[str, str], session: str, turns: int, key: str
    ) -> Sample:
        question, value = asked
        began = time.monotonic()
        payload = {"question": question, "session_id": session, "trace": turns > 0}
        try:
            response = await self.pool.send(
                client, "POST", "/v1/ask", key or None, json=payload, timeout=self.timeout
            )
        except httpx.HTTPError as exc:
            return Sample("ask", began, time.monotonic(), "failed", f"{type(exc).__name__}: {exc}")
        outcome, detail = _answer_outcome(response, value)
        memory = _remembered(response, turns) if turns > 0 else None
        return Sample("ask", began, time.monotonic(), outcome, detail, memory)

    async def _converse(self, client: httpx.AsyncClient, index: int) -> None:
        for round_ in itertools.count():
            if self._stop.is_set():
                return
            first_q, second_q = CONVERSATIONS[(index + round_) % len(CONVERSATIONS)]
            session = f"c{index}-{round_}-{uuid.uuid4().hex[:6]}"
            key = self.keys[index % len(self.keys)] if self.keys else ""
            first = await self._ask(client, first_q, session, 0, key)
            self.samples.append(first)
            if first.outcome != "failed" and not self._stop.is_set():
                self.samples.append(await self._ask(client, second_q, session, 2, key))
            else:  # a user whose question failed waits a moment before asking again
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), 1.0)

    async def _upload(self, client: httpx.AsyncClient, n: int) -> Sample:
        token = uuid.uuid4().hex[:12]
        text = f"# Notice {n}\n\nThe reference code of notice {n} is {token}.\n"
        files = [("files", (f"notice-{n}-{token}.md", text.encode(), "text/markdown"))]
        began = time.monotonic()
        try:
            response = await self.pool.send(
                client, "POST", "/v1/documents", files=files, timeout=self.timeout
            )
        except httpx.HTTPError as exc:
            return Sample("upload", began, time.monotonic(), "failed", type(exc).__name__)
        if response.status_code != 202:
            return Sample("upload", began, time.monotonic(), "failed", response.text[:160])
        doc = response.json()["documents"][0]
        return Sample(
            "upload", began, time.monotonic(), "ok", token, doc_id=doc["doc_id"],
            job_id=doc["job"]["job_id"],
        )  # fmt: skip

    async def _keep_uploading(self, client: httpx.AsyncClient) -> None:
        for n in itertools.count():
            if self._stop.is_set():
                return
            self.samples.append(await self._upload(client, n))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stop.wait(), self.upload_every)

    async def run(self) -> None:
        """Run until :meth:`stop`; every request in flight then finishes."""
        # No keep-alive: a pooled connection to a gateway that was killed would fail the next
        # request sent on it, which an ingress does not let a user see (it retries a stale
        # upstream connection on a new one).
        limits = httpx.Limits(max_connections=self.conversations + 8, max_keepalive_connections=0)
        async with httpx.AsyncClient(limits=limits) as client:
            tasks = [asyncio.create_task(self.pool.poll(client, self._stop))]
            tasks += [
                asyncio.create_task(self._converse(client, i)) for i in range(self.conversations)
            ]
            tasks.append(asyncio.create_task(self._keep_uploading(client)))
            await asyncio.gather(*tasks)

    def stop(self) -> None:
        self._stop.set()

    async def first_answer(self, guard: float = 300.0) -> None:
        """Wait until some question has been answered: a cold mesh (models and dictionaries
        loading on the first question) is not yet the steady state."""
        deadline = time.monotonic() + guard
        while not any(s.kind == "ask" and s.outcome != "failed" for s in self.samples):
            if time.monotonic() > deadline:
                raise RuntimeError(f"no question was answered in {guard:.0f} s")
            await asyncio.sleep(0.2)


async def upload_corpus(pool: GatewayPool) -> None:
    """Upload the conversations' documents and wait until they are searchable."""
    async with httpx.AsyncClient() as client:
        files = [("files", (name, text.encode(), "text/markdown")) for name, text in CORPUS.items()]
        response = await pool.send(
            client, "POST", "/v1/documents", params={"wait": "true"}, files=files, timeout=300.0
        )
        response.raise_for_status()


async def lost_uploads(
    pool: GatewayPool, samples: Sequence[Sample], wait_seconds: float = 300.0
) -> list[str]:
    """The acknowledged uploads (202) not stored in the end: each job is waited for, then the
    document must be listed with chunks. Returns what is missing, with why."""
    acked = [s for s in samples if s.kind == "upload" and s.outcome == "ok"]
    lost: list[str] = []
    deadline = time.monotonic() + wait_seconds
    async with httpx.AsyncClient() as client:
        for sample in acked:
            state, error = "", ""
            while time.monotonic() < deadline:
                reply = await pool.patiently(
                    client, "GET", f"/v1/jobs/{sample.job_id}", timeout=30.0
                )
                job = reply.json() if reply.is_success else {"state": reply.text[:80]}
                state, error = job.get("state", ""), job.get("error", "")
                if state in {"done", "failed", "cancelled"}:
                    break
                await asyncio.sleep(0.5)
            if state != "done":
                why = f" ({error[:160]})" if error else ""
                lost.append(f"{sample.doc_id}: job {sample.job_id} {state or 'not finished'}{why}")
        done = [s for s in acked if not any(why.startswith(f"{s.doc_id}:") for why in lost)]
        lost += await _unlisted(pool, client, done, deadline)
    return lost


async def _unlisted(
    pool: GatewayPool, client: httpx.AsyncClient, samples: Sequence[Sample], deadline: float
) -> list[str]:
    """The samples' documents not listed with chunks by ``deadline``. The list is read again
    until then: at consistency ONE a Weaviate node back from a kill may answer a read before
    async replication brought it what was written while it was away (see the README)."""
    while True:
        listed = await pool.patiently(client, "GET", "/v1/documents", timeout=30.0)
        listed.raise_for_status()
        stored = {d["doc_id"]: d for d in listed.json().get("documents", [])}
        missing = [
            f"{s.doc_id}: not listed with chunks"
            for s in samples
            if not (stored.get(s.doc_id) or {}).get("chunk_count")
        ]
        if not missing or time.monotonic() >= deadline:
            return missing
        await asyncio.sleep(1.0)
