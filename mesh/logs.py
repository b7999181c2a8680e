"""Logging set-up: one line per record on stderr, level from ``GROUNDMESH_LOG_LEVEL``."""

from __future__ import annotations

import logging
import os


def setup_logging(service: str) -> None:
    """Configure the root logger for ``service``."""
    level = os.environ.get("GROUNDMESH_LOG_LEVEL", "INFO").upper()
    logging.basicConfig(
        level=level,
        format=f"%(asctime)s {service} %(levelname)s %(name)s: %(message)s",
    )
