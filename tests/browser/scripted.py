"""What the scripts outside the suite share (docs/screenshots.py, docs/seat_shots.py,
docs/issue22_shots.py, bench/page_weight.py): a simulated table started for them in a folder of
its own, Debian's Chromium, a browser context at one of the two sizes the pages are made for, in a
language, and a page opened once its event stream is live. The daemon is support.py's, as the
browser tests run it."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tests.browser.support import CHROMIUM, PIN, TABLE_PAGES, Api, Daemon, table_screen
from tests.waiting import PATIENCE_MS

SIZES = {"390": {"width": 390, "height": 844}, "1024": {"width": 1024, "height": 768}}  # phone, tablet


@contextmanager
def simulated_table(auction_seconds: float = 15, banker_pin: str | None = PIN) -> Iterator[Daemon]:
    """`companion run --simulate`, serving, with a fresh data folder; stopped (and the folder
    gone) at the end. Its log: daemon.log beside the data, shown if it fails to start.
    auction_seconds: the table's default (the browser tests' 0 would stop every auction clock)."""
    with tempfile.TemporaryDirectory(prefix="companion-script-") as folder:
        daemon = Daemon(Path(folder) / "data", Path(folder) / "daemon.log", auction_seconds,
                        banker_pin=banker_pin, odds_samples=1000, odds_jobs=0)  # the table's own chances
        try:
            daemon.wait_serving()
            yield daemon
        finally:
            daemon.stop()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium through Playwright (--no-sandbox: the scripts may run as root); a
    page's get_by_test_id finds its data-test hooks, as in the browser tests."""
    with sync_playwright() as pw:
        pw.selectors.set_test_id_attribute("data-test")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def context(browser: Browser, url: str, size: str = "1024", lang: str = "en") -> BrowserContext:
    """A screen of that size ("390": a phone, touch; "1024": a tablet) whose browser speaks lang."""
    phone = size == "390"
    made = browser.new_context(base_url=url, viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                               device_scale_factor=1, locale=lang)
    made.set_default_timeout(PATIENCE_MS)
    return made


def opened(made: BrowserContext, path: str, lang: str = "en") -> Page:
    """The page at path in lang, once its event stream is open (the connection indicator live);
    the Table page and the Virtual table on the table's own screen."""
    if path in TABLE_PAGES:
        table_screen(made)
    page = made.new_page()
    page.goto(f"{path}?lang={lang}")
    page.wait_for_selector('[data-test="connection"][data-state="live"]')
    return page


def call(url: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """GET path (POST body when given) as the banker; raises unless the table took it."""
    status, said = Api(url).request("POST" if body is not None else "GET", path, body)
    if not 200 <= status < 300:
        raise RuntimeError(f"{path}: {status} {said}")
    return said
