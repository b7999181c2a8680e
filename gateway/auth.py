"""API key → tenant. The tenant is never taken from the request body."""

from __future__ import annotations

import hmac

from mesh.errors import InvalidInput, Unauthenticated


def parse_api_keys(spec: str) -> dict[str, str]:
    """``key1:tenant1,key2:tenant2`` → {key: tenant}."""
    keys: dict[str, str] = {}
    for item in filter(None, (p.strip() for p in spec.split(","))):
        key, sep, tenant = item.partition(":")
        if not sep or not key or not tenant:
            raise ValueError("GROUNDMESH_GATEWAY_API_KEYS must be key:tenant pairs")
        keys[key] = tenant
    return keys


class ApiKeyAuth:
    """Checks ``Authorization: Bearer <key>`` in constant time."""

    def __init__(self, keys: dict[str, str], no_auth_tenant: str | None = None) -> None:
        if not keys and no_auth_tenant is None:
            raise ValueError("no API keys configured and no_auth is off: nobody could call")
        self._keys = keys
        self._no_auth_tenant = no_auth_tenant

    def tenant(self, authorization: str | None) -> str:
        """The tenant of the caller, or Unauthenticated."""
        if self._no_auth_tenant is not None and not authorization:
            return self._no_auth_tenant
        if not authorization:
            raise Unauthenticated("missing Authorization: Bearer <api key>")
        scheme, _, key = authorization.partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            raise InvalidInput("Authorization must be 'Bearer <api key>'")
        key = key.strip()
        for known, tenant in self._keys.items():
            if hmac.compare_digest(known.encode(), key.encode()):
                return tenant
        raise Unauthenticated("unknown API key")
