"""What every route needs: the gateway's clients and settings, and the authenticated caller."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Request, Security
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from gateway.agent_client import AgentClient
from gateway.auth import ApiKeyAuth, key_fingerprint
from gateway.documents_client import DocumentsClient
from gateway.errors import RateLimited
from gateway.metrics import GatewayMetrics
from gateway.ratelimit import RateLimiter
from mesh.config import GatewaySettings
from mesh.errors import NotFound, Unauthenticated


@dataclass
class Gateway:
    """Everything the routes share; the server owns the clients' lifetimes."""

    settings: GatewaySettings
    agent: AgentClient
    documents: DocumentsClient
    auth: ApiKeyAuth
    limiter: RateLimiter
    metrics: GatewayMetrics

    async def check_documents(self, tenant: str, doc_ids: list[str]) -> None:
        """NotFound unless every id names one of the tenant's documents (another tenant's
        document is as unknown as one that does not exist)."""
        if not doc_ids:
            return
        known = {d.doc_id for d in await self.documents.list(tenant)}
        missing = [d for d in doc_ids if d not in known]
        if missing:
            raise NotFound(f"document {missing[0]!r} not found")


@dataclass(frozen=True)
class Caller:
    """The authenticated caller: its tenant and its rate-limit bucket."""

    tenant: str
    bucket: str


bearer = HTTPBearer(
    auto_error=False,
    description="Authorization: Bearer <api key>; the key decides the tenant",
)


def gateway_of(request: Request) -> Gateway:
    gw: Gateway = request.app.state.gateway
    return gw


async def caller(
    request: Request,
    _credentials: Annotated[HTTPAuthorizationCredentials | None, Security(bearer)],
) -> Caller:
    """Authenticate (401 without a valid key), then take a rate-limit token (429 when none).

    Async on purpose: FastAPI runs plain functions in a thread pool, which would cost a thread
    hop per request and race on the rate limiter's buckets."""
    gw = gateway_of(request)
    header = request.headers.get("authorization")
    try:
        tenant = gw.auth.tenant(header)
    except Unauthenticated:
        # Failed attempts are limited per client address too: guessing keys costs time.
        address = request.client.host if request.client else "unknown"
        wait = gw.limiter.acquire(f"unauthenticated:{address}")
        if wait > 0:
            gw.metrics.rate_limited.inc()
            raise RateLimited(wait) from None
        raise
    key = gw.auth.bearer_key(header)
    bucket = f"key:{key_fingerprint(key)}" if key else f"tenant:{tenant}"
    wait = gw.limiter.acquire(bucket)
    if wait > 0:
        gw.metrics.rate_limited.inc()
        raise RateLimited(wait)
    return Caller(tenant, bucket)
