"""Playwright driving Debian's Chromium against Django's live_server.

Skips on a laptop without /usr/bin/chromium; with CI=true a missing browser fails.
"""

import os
import shutil

import pytest

from ..web.seasons import nights, season_with_a_hidden_event  # noqa: F401  (fixtures)

# live_server runs in a thread while Playwright's sync API owns an event loop.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


def _chromium_available() -> bool:
    return os.path.exists(CHROMIUM) or shutil.which("chromium") is not None


@pytest.fixture(scope="session")
def browser():
    if not _chromium_available():
        if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
            pytest.fail(f"Chromium not found at {CHROMIUM}; CI must run the browser tests")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    # expect() waits as long as the pages' actions (10 s), not its own 5 s: on a loaded
    # machine a navigation the assertion waits for may take longer than 5 s.
    sync_api.expect.set_options(timeout=10_000)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"),
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


@pytest.fixture
def phone(browser):
    """A page at a phone's size (390x844, touch)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
