"""API key → tenant. Keys are kept only as SHA-256 digests and compared in constant time; the
tenant is never taken from the request body."""

from __future__ import annotations

import hashlib
import hmac
import re

from mesh.errors import InvalidInput, Unauthenticated

_HASHED = re.compile(r"^sha256-([0-9a-f]{64})$")


def parse_api_keys(spec: str) -> dict[str, str]:
    """``key1:tenant1,key2:tenant2`` → {key: tenant}. A key written ``sha256-<64 hex>`` is the
    digest of the real key, so configuration need not hold the key itself."""
    keys: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in spec.split(","))):
        key, sep, tenant = item.partition(":")
        if not sep or not key or not tenant:
            raise ValueError("GROUNDMESH_GATEWAY_API_KEYS must be key:tenant pairs")
        keys[key] = tenant
    return keys


def key_digest(key: str) -> bytes:
    """The SHA-256 digest under which a key is kept."""
    return hashlib.sha256(key.encode("utf-8", errors="surrogatepass")).digest()


def key_fingerprint(key: str) -> str:
    """A short, non-reversible name for a key (rate-limit buckets, logs)."""
    return key_digest(key).hex()[:12]


class ApiKeyAuth:
    """Checks ``Authorization: Bearer <key>``; only digests of the keys are held."""

    def __init__(self, keys: dict[str, str], no_auth_tenant: str | None = None) -> None:
        if not keys and no_auth_tenant is None:
            raise ValueError("no API keys configured and no_auth is off: nobody could call")
        self._digests: list[tuple[bytes, str]] = []
        for key, tenant in keys.items():
            hashed = _HASHED.match(key)
            digest = bytes.fromhex(hashed.group(1)) if hashed else key_digest(key)
            self._digests.append((digest, tenant))
        self._no_auth_tenant = no_auth_tenant

    @staticmethod
    def bearer_key(authorization: str | None) -> str | None:
        """The key of a ``Bearer`` header, None without a header, InvalidInput if malformed."""
        if not authorization:
            return None
        scheme, _, key = authorization.partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            raise InvalidInput("Authorization must be 'Bearer <api key>'")
        return key.strip()

    def tenant(self, authorization: str | None) -> str:
        """The tenant of the caller, or Unauthenticated."""
        key = self.bearer_key(authorization)
        if key is None:
            if self._no_auth_tenant is not None:
                return self._no_auth_tenant
            raise Unauthenticated("missing Authorization: Bearer <api key>")
        presented = key_digest(key)
        found: str | None = None
        for digest, tenant in self._digests:  # no early exit: time does not depend on position
            if hmac.compare_digest(digest, presented) and found is None:
                found = tenant
        if found is None:
            raise Unauthenticated("unknown API key")
        return found
