"""One error hierarchy for the mesh, and its mapping to and from gRPC status codes.

Domain code raises these; the server interceptor turns them into a status code with the
message as its details, and clients turn a failed call back into the same class.
"""

from __future__ import annotations

import grpc


class GroundmeshError(Exception):
    """Base of every error the mesh reports to a caller; the message is shown as is."""

    code: grpc.StatusCode = grpc.StatusCode.INTERNAL

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidInput(GroundmeshError):
    """The request is malformed: empty, too large, wrong type, bad id."""

    code = grpc.StatusCode.INVALID_ARGUMENT


class NotFound(GroundmeshError):
    """The named thing (document, tenant, session) does not exist."""

    code = grpc.StatusCode.NOT_FOUND


class AlreadyExists(GroundmeshError):
    """The thing to create exists already."""

    code = grpc.StatusCode.ALREADY_EXISTS


class Unauthenticated(GroundmeshError):
    """The caller did not prove who it is."""

    code = grpc.StatusCode.UNAUTHENTICATED


class PermissionDenied(GroundmeshError):
    """The caller may not do this."""

    code = grpc.StatusCode.PERMISSION_DENIED


class ResourceExhausted(GroundmeshError):
    """A quota or a size limit was hit."""

    code = grpc.StatusCode.RESOURCE_EXHAUSTED


class FailedPrecondition(GroundmeshError):
    """The system is not in a state that allows the request."""

    code = grpc.StatusCode.FAILED_PRECONDITION


class Unavailable(GroundmeshError):
    """An upstream service or store cannot be reached; retrying later may work."""

    code = grpc.StatusCode.UNAVAILABLE


class DeadlineExceeded(GroundmeshError):
    """The work did not finish in the time it was given."""

    code = grpc.StatusCode.DEADLINE_EXCEEDED


class Cancelled(GroundmeshError):
    """The caller went away."""

    code = grpc.StatusCode.CANCELLED


class InternalError(GroundmeshError):
    """A bug: the message is generic, details go to the log."""

    code = grpc.StatusCode.INTERNAL


_BY_CODE: dict[grpc.StatusCode, type[GroundmeshError]] = {
    cls.code: cls
    for cls in (
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
    )
}


def error_for_status(code: grpc.StatusCode, message: str) -> GroundmeshError:
    """The domain error for a status code received from an upstream call."""
    cls = _BY_CODE.get(code, InternalError)
    return cls(message or code.name)


def from_rpc_error(exc: grpc.RpcError, upstream: str) -> GroundmeshError:
    """Translate a failed gRPC call into a domain error naming the upstream."""
    code = exc.code() if hasattr(exc, "code") else grpc.StatusCode.UNKNOWN
    details = exc.details() if hasattr(exc, "details") else ""
    if code == grpc.StatusCode.UNAVAILABLE:
        return Unavailable(f"{upstream} is unavailable: {details}")
    if code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return DeadlineExceeded(f"{upstream} did not answer in time")
    return error_for_status(code, f"{upstream}: {details}")
