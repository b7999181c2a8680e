"""Debian's Chromium driven by Playwright: never a downloaded browser (`playwright install` is
not used). Missing, it skips the test, except on CI where it fails."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def chromium_browser() -> Iterator[Any]:
    """A launched Chromium (a playwright ``Browser``) until the block ends."""
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is missing on CI")
        pytest.skip(f"{CHROMIUM} is not installed (bash scripts/tools.sh installs it)")
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()
