"""Real Chromium through Playwright against a live server.

Without Chromium the browser tests are skipped with one reason; with REQUIRE_BROWSER=1 (CI) a
missing browser is a failure instead.
"""

import os
import shutil
from pathlib import Path

import pytest

# Playwright's sync API runs an event loop in this thread; the ORM calls in the tests are sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    candidate = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    return candidate if Path(candidate).exists() else None


def required_chromium() -> str:
    """Chromium's path; without it the test is skipped, or fails with REQUIRE_BROWSER=1 (CI)."""
    path = chromium_path()
    if path is None:
        reason = "Chromium not found (install Debian's chromium or set CHROMIUM_PATH)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(reason + " and REQUIRE_BROWSER=1")
        pytest.skip(reason + ": browser tests skipped")
    return path


@pytest.fixture(scope="session")
def browser():  # type: ignore[no-untyped-def]
    path = required_chromium()
    from playwright.sync_api import expect, sync_playwright

    # As the contexts' own waits (10 s): `make test` runs two workers on a two-core machine.
    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=path, headless=True, args=CHROMIUM_ARGS
        )
        yield browser
        browser.close()


@pytest.fixture
def new_context(browser, live_server):  # type: ignore[no-untyped-def]
    contexts = []

    def make(locale: str = "en-US", width: int = 1280, height: int = 900):  # type: ignore[no-untyped-def]
        # Reduced motion: Bootstrap scrolls smoothly otherwise, and a window read while it
        # glides (slowly on a busy machine) is neither where it was nor where it goes.
        context = browser.new_context(
            base_url=live_server.url,
            locale=locale,
            viewport={"width": width, "height": height},
            reduced_motion="reduce",
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)
