"""Unit tests for gateway.auth: API keys decide the tenant; only digests are kept."""

from __future__ import annotations

import hashlib

import pytest

from gateway.auth import ApiKeyAuth, key_fingerprint, parse_api_keys
from mesh.errors import InvalidInput, Unauthenticated

pytestmark = pytest.mark.unit

KEYS = {"key-acme-123": "acme", "key-globex-456": "globex"}


class TestParseApiKeys:
    def test_pairs(self) -> None:
        assert parse_api_keys("key-acme-123:acme,key-globex-456:globex") == KEYS

    def test_spaces_and_empty_items_are_ignored(self) -> None:
        assert parse_api_keys(" key-acme-123:acme , ,key-globex-456:globex, ") == KEYS

    def test_empty_spec_is_no_keys(self) -> None:
        assert parse_api_keys("") == {}
        assert parse_api_keys(" , ") == {}

    def test_tenant_is_everything_after_the_first_colon(self) -> None:
        assert parse_api_keys("k:tenant:eu") == {"k": "tenant:eu"}

    @pytest.mark.parametrize("spec", ["just-a-key", "k:", ":acme", "k1:acme,broken"])
    def test_malformed_pairs_are_refused(self, spec: str) -> None:
        with pytest.raises(ValueError):
            parse_api_keys(spec)


class TestApiKeyAuth:
    def test_nobody_could_call_is_refused(self) -> None:
        with pytest.raises(ValueError):
            ApiKeyAuth({})

    def test_keys_are_not_kept_in_clear(self) -> None:
        auth = ApiKeyAuth(KEYS)
        held = repr(vars(auth))
        assert "key-acme-123" not in held and "key-globex-456" not in held

    def test_a_configured_digest_accepts_its_key(self) -> None:
        digest = hashlib.sha256(b"s3cret-key").hexdigest()
        auth = ApiKeyAuth({f"sha256-{digest}": "acme"})
        assert auth.tenant("Bearer s3cret-key") == "acme"
        with pytest.raises(Unauthenticated):
            auth.tenant(f"Bearer sha256-{digest}")

    @pytest.mark.parametrize("header", ["Bearer key-acme-123", "bearer key-acme-123"])
    def test_known_key_gives_its_tenant(self, header: str) -> None:
        assert ApiKeyAuth(KEYS).tenant(header) == "acme"

    def test_surrounding_spaces_around_the_key_are_ignored(self) -> None:
        assert ApiKeyAuth(KEYS).tenant("Bearer   key-globex-456  ") == "globex"

    @pytest.mark.parametrize("header", [None, ""])
    def test_missing_key_is_unauthenticated(self, header: str | None) -> None:
        with pytest.raises(Unauthenticated):
            ApiKeyAuth(KEYS).tenant(header)

    @pytest.mark.parametrize(
        "header", ["Basic a2V5OnB3", "key-acme-123", "Token key-acme-123", "Bearer", "Bearer   "]
    )
    def test_wrong_scheme_or_empty_key_is_invalid_input(self, header: str) -> None:
        with pytest.raises(InvalidInput):
            ApiKeyAuth(KEYS).tenant(header)

    @pytest.mark.parametrize(
        "header",
        ["Bearer nope", "Bearer key-acme-12", "Bearer key-acme-1234", "Bearer KEY-ACME-123"],
    )
    def test_unknown_key_is_unauthenticated(self, header: str) -> None:
        with pytest.raises(Unauthenticated):
            ApiKeyAuth(KEYS).tenant(header)

    def test_tenant_name_is_not_a_key(self) -> None:
        with pytest.raises(Unauthenticated):
            ApiKeyAuth(KEYS).tenant("Bearer acme")

    def test_no_auth_tenant_without_a_header(self) -> None:
        auth = ApiKeyAuth({}, no_auth_tenant="default")
        assert auth.tenant(None) == "default"
        assert auth.tenant("") == "default"

    def test_no_auth_still_checks_a_key_that_is_sent(self) -> None:
        auth = ApiKeyAuth(KEYS, no_auth_tenant="default")
        assert auth.tenant(None) == "default"
        assert auth.tenant("Bearer key-globex-456") == "globex"
        with pytest.raises(Unauthenticated):
            auth.tenant("Bearer nope")
        with pytest.raises(InvalidInput):
            auth.tenant("Basic xyz")

    def test_non_ascii_key_is_unauthenticated_not_a_crash(self) -> None:
        with pytest.raises(Unauthenticated):
            ApiKeyAuth(KEYS).tenant("Bearer 金鑰")

    def test_fingerprint_is_short_and_does_not_contain_the_key(self) -> None:
        fp = key_fingerprint("key-acme-123")
        assert len(fp) == 12 and "key" not in fp
        assert fp != key_fingerprint("key-acme-124")
