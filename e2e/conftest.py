"""Browser journeys: Playwright drives Debian's Chromium against the live server and the built bundle."""

import os
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from playwright.sync_api import sync_playwright
from webpack_loader import config as webpack_loader_config
from webpack_loader.utils import get_loader

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
STATS_FILE = Path(django_settings.WEBPACK_LOADER["DEFAULT"]["STATS_FILE"])
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

# Playwright's sync API keeps an event loop running in the test thread; the ORM calls the tests
# make beside it are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"No Chromium at {CHROMIUM}: `make chromium` installs Debian's.")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def stock_clock():
    """The live server's kept answers age by the real clock: a browser reads stock at most a second old, as a shopper
    does (the unit tests drive that clock instead: conftest.py)."""
    return None


@pytest.fixture(autouse=True)
def _built_bundle(_isolated_settings, monkeypatch):
    """The real bundle, not the unit tests' fake one (shopsite/settings/test.py)."""
    if not STATS_FILE.exists():
        pytest.fail("The bundle is not built: `npm run build` (make test does it).")
    # The loader reads WEBPACK_LOADER once, at import, so its own copy is patched rather than the setting.
    loader = "webpack_loader.loaders.WebpackLoader"
    monkeypatch.setitem(webpack_loader_config.user_config["DEFAULT"], "LOADER_CLASS", loader)
    get_loader.cache_clear()
    yield
    get_loader.cache_clear()


# Every violation of the Content-Security-Policy in any frame of the page, reported to the console: the browser
# fires the event for what the policy blocked, whether or not it also logs a line of its own.
REPORT_CSP_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile || document.location.href}:${event.lineNumber}`);
});
"""


def csp_watched(context, violations: list[str]):
    """A new page of the context whose Content-Security-Policy violations, in any of its frames, go to the list."""
    context.add_init_script(REPORT_CSP_VIOLATIONS)
    page = context.new_page()

    def console(message):
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            violations.append(message.text)

    page.on("console", console)
    return page


@pytest.fixture
def new_page(browser, live_server, settings):
    """Opens a page in a fresh browser context (own storage); the test fails on any JavaScript error in it and
    on anything the Content-Security-Policy blocked."""
    contexts = []
    errors = []
    violations = []

    # The links in mails (reset, newsletter confirmation) lead to the shop the browser opens, as SHOP_BASE_URL does.
    settings.SHOP_BASE_URL = live_server.url

    def make(*, viewport: dict = DESKTOP, **context_options):
        context = browser.new_context(base_url=live_server.url, viewport=viewport, **context_options)
        contexts.append(context)
        page = csp_watched(context, violations)
        page.set_default_timeout(10_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
    assert not violations, f"Content-Security-Policy violations in the page: {violations}"


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture
def phone_page(new_page):
    return new_page(viewport=PHONE, is_mobile=True, has_touch=True)
