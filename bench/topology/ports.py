"""Free loopback ports for the rehearsal's processes."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port nobody listens on right now (bound and released on 127.0.0.1)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
