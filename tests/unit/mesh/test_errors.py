"""Unit tests for mesh.errors: the error hierarchy and its gRPC status mapping."""

from __future__ import annotations

import grpc
import pytest

from mesh.errors import (
    AlreadyExists,
    Cancelled,
    DeadlineExceeded,
    FailedPrecondition,
    GroundmeshError,
    InternalError,
    InvalidInput,
    NotFound,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    Unavailable,
    error_for_status,
    from_rpc_error,
)

pytestmark = pytest.mark.unit

ERRORS: list[type[GroundmeshError]] = [
    InvalidInput,
    NotFound,
    AlreadyExists,
    Unauthenticated,
    PermissionDenied,
    ResourceExhausted,
    FailedPrecondition,
    Unavailable,
    DeadlineExceeded,
    Cancelled,
    InternalError,
]


class FakeRpcError(grpc.RpcError):
    """What a failed unary call raises on the client side."""

    def __init__(self, code: grpc.StatusCode, details: str) -> None:
        super().__init__(details)
        self._code = code
        self._details = details

    def code(self) -> grpc.StatusCode:
        return self._code

    def details(self) -> str:
        return self._details


class TestGroundmeshError:
    def test_message_is_kept_as_is(self) -> None:
        err = NotFound("document 'x' does not exist")
        assert err.message == "document 'x' does not exist"
        assert str(err) == "document 'x' does not exist"

    def test_base_is_internal(self) -> None:
        assert GroundmeshError.code is grpc.StatusCode.INTERNAL

    def test_every_status_code_has_at_most_one_class(self) -> None:
        codes = [cls.code for cls in ERRORS]
        assert len(codes) == len(set(codes))

    @pytest.mark.parametrize(
        ("cls", "code"),
        [
            (InvalidInput, grpc.StatusCode.INVALID_ARGUMENT),
            (NotFound, grpc.StatusCode.NOT_FOUND),
            (Unauthenticated, grpc.StatusCode.UNAUTHENTICATED),
            (PermissionDenied, grpc.StatusCode.PERMISSION_DENIED),
            (ResourceExhausted, grpc.StatusCode.RESOURCE_EXHAUSTED),
            (Unavailable, grpc.StatusCode.UNAVAILABLE),
            (DeadlineExceeded, grpc.StatusCode.DEADLINE_EXCEEDED),
        ],
    )
    def test_codes(self, cls: type[GroundmeshError], code: grpc.StatusCode) -> None:
        assert cls.code is code


class TestErrorForStatus:
    @pytest.mark.parametrize("cls", ERRORS)
    def test_round_trip_through_the_status_code(self, cls: type[GroundmeshError]) -> None:
        original = cls("something went wrong")
        back = error_for_status(original.code, original.message)
        assert type(back) is cls
        assert back.message == original.message
        assert back.code is original.code

    @pytest.mark.parametrize(
        "code",
        [grpc.StatusCode.UNKNOWN, grpc.StatusCode.DATA_LOSS, grpc.StatusCode.UNIMPLEMENTED],
    )
    def test_unmapped_codes_are_internal(self, code: grpc.StatusCode) -> None:
        assert type(error_for_status(code, "boom")) is InternalError

    def test_empty_message_becomes_the_code_name(self) -> None:
        assert error_for_status(grpc.StatusCode.NOT_FOUND, "").message == "NOT_FOUND"


class TestFromRpcError:
    @pytest.mark.parametrize("cls", [c for c in ERRORS if c not in (Unavailable, DeadlineExceeded)])
    def test_round_trip_names_the_upstream(self, cls: type[GroundmeshError]) -> None:
        err = from_rpc_error(FakeRpcError(cls.code, "bad doc id"), "retrieval")
        assert type(err) is cls
        assert err.message == "retrieval: bad doc id"

    def test_unavailable(self) -> None:
        err = from_rpc_error(FakeRpcError(grpc.StatusCode.UNAVAILABLE, "connect failed"), "judge")
        assert type(err) is Unavailable
        assert err.message == "judge is unavailable: connect failed"

    def test_deadline_exceeded(self) -> None:
        err = from_rpc_error(FakeRpcError(grpc.StatusCode.DEADLINE_EXCEEDED, "x"), "router")
        assert type(err) is DeadlineExceeded
        assert err.message == "router did not answer in time"

    def test_error_without_status_is_internal(self) -> None:
        err = from_rpc_error(grpc.RpcError("no status"), "agent")
        assert type(err) is InternalError
        assert err.message.startswith("agent")

    def test_unknown_status_is_internal(self) -> None:
        err = from_rpc_error(FakeRpcError(grpc.StatusCode.UNKNOWN, "oops"), "agent")
        assert type(err) is InternalError
