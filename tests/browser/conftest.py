"""Fixtures of the browser tests: one daemon (`companion run --simulate`) for the session, Debian's
Chromium driven by Playwright, and screens (browser contexts: each its own cookies, so its own
session: the banker's, a shared tablet's, a player's phone) that are closed after each test.

Chromium is Debian's old headless shell, /usr/bin/chromium-headless-shell (support.CHROMIUM says
why; .ci/run installs it); no browser is downloaded. Without it these tests are skipped, unless
COMPANION_REQUIRE_BROWSER=1 (set by .ci/run) makes that a failure.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

REQUIRED = os.environ.get("COMPANION_REQUIRE_BROWSER") == "1"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test is slow (a daemon and Chromium): `make check` leaves them out."""
    here = Path(__file__).resolve().parent
    for item in items:
        if item.path.resolve().is_relative_to(here):
            item.add_marker(pytest.mark.slow)

try:
    from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
except ImportError:  # the test extra installs it: an old virtualenv may not have it yet
    if REQUIRED:
        raise
    collect_ignore_glob = ["test_*.py"]

    def pytest_report_header() -> str:
        return "browser tests: not run, playwright is not installed (pip install -e '.[test]')"
else:
    from tests.waiting import PATIENCE_MS

    from .support import ARTIFACTS, CHROMIUM, SHOWN_MS, TABLE_PAGES, Api, Daemon, Shots, live, table_screen

TABLET = {"viewport": {"width": 1280, "height": 860}}
PHONE = {"viewport": {"width": 412, "height": 915}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 1}

TIMINGS: dict[str, Any] = {}


def worker() -> str:
    """This worker's name under pytest -n ("gw0"), else "" (its files are named by it)."""
    return os.environ.get("PYTEST_XDIST_WORKER", "")


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """test-artifacts/browser/ (emptied once a run: pytest_sessionstart)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def daemon(tmp_path_factory: pytest.TempPathFactory, artifacts: Path) -> Iterator[Daemon]:
    base = tmp_path_factory.mktemp("browser")
    daemon = Daemon(base / "data", base / "daemon.log")
    try:
        TIMINGS["daemon start to serving (s)"] = round(daemon.wait_serving(), 3)
        yield daemon
    finally:
        code = daemon.stop()
        suffix = f"-{worker()}" if worker() else ""
        shutil.copy(daemon.log, artifacts / f"daemon{suffix}.log")
        (artifacts / f"timings{suffix}.json").write_text(json.dumps(TIMINGS, indent=2) + "\n")
    assert code == 0, f"companion run stopped with {code} after SIGTERM:\n{daemon.stderr()[-3000:]}"


@pytest.fixture(scope="session")
def api(daemon: Daemon) -> Api:
    return Api(daemon.url)


# The session's browser once launched: what `screens_closed_after` looks at.
LAUNCHED: list[Browser] = []


@contextmanager
def screens_closed_after() -> Iterator[None]:
    """Close the browser contexts opened inside: a page left open follows every state of the
    session's table for the rest of the run, so each later command was drawn once more by every
    page an earlier test forgot (33 open pages after test_units alone)."""
    before = {c for browser in LAUNCHED for c in browser.contexts}
    try:
        yield
    finally:
        for context in [c for browser in LAUNCHED for c in browser.contexts if c not in before]:
            context.close()


@pytest.fixture(autouse=True, scope="module")
def module_screens_closed() -> Iterator[None]:
    """What a module's own fixtures opened is closed when the module is done."""
    with screens_closed_after():
        yield


@pytest.fixture(autouse=True)
def screens_closed_after_each_test() -> Iterator[None]:
    """What a test opened is closed when it is done (after its own fixtures closed theirs)."""
    with screens_closed_after():
        yield


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        problem = f"no Chromium at {CHROMIUM} (apt-get install chromium-headless-shell; .ci/run does)"
        if REQUIRED:
            pytest.fail(problem)
        pytest.skip(problem)
    expect.set_options(timeout=SHOWN_MS)  # every expect() without a timeout of its own
    with sync_playwright() as pw:
        pw.selectors.set_test_id_attribute("data-test")
        # --no-sandbox: CI runs as root; /dev/shm is small in containers.
        browser = pw.chromium.launch(executable_path=CHROMIUM,
                                     args=["--no-sandbox", "--disable-dev-shm-usage"])
        LAUNCHED.append(browser)
        try:
            yield browser
        finally:
            LAUNCHED.remove(browser)
            browser.close()


class Screens:
    """Opens pages in browser contexts of their own; records each page's script errors."""

    def __init__(self, browser: Browser, url: str) -> None:
        self.browser = browser
        self.url = url
        self.contexts: list[BrowserContext] = []
        self.pages: list[Page] = []
        self.errors: list[str] = []

    def context(self, phone: bool = False) -> BrowserContext:
        context = self.browser.new_context(base_url=self.url, **(PHONE if phone else TABLET))
        context.set_default_timeout(PATIENCE_MS)
        self.contexts.append(context)
        return context

    def open(self, path: str, context: BrowserContext | None = None, phone: bool = False,
             wait_live: bool = True, table: bool | None = None) -> Page:
        """A page at path (in a new context unless one is given), live once this returns. The
        Table page and the Virtual table open on the table's own screen (set up with the banker's
        PIN, as the banker does once for the tablet at the table) unless `table` is False."""
        context = context or self.context(phone)
        page_path = path.split("?", 1)[0]
        if table is None:
            table = page_path in TABLE_PAGES
        if table:
            self.table_screen(context)
        page = context.new_page()
        page.on("pageerror", lambda exc, p=path: self.errors.append(f"{p}: {exc}"))
        page.on("console", lambda msg, p=path: self._console(p, msg))
        self.pages.append(page)
        page.goto(path)
        return live(page) if wait_live else page

    def table_screen(self, context: BrowserContext) -> None:
        """This context's screen becomes the table's own screen (POST /api/table-screen)."""
        table_screen(context, self.url)

    def _console(self, path: str, msg: Any) -> None:
        # A refused request (4xx) is logged by Chromium as "Failed to load resource": the page
        # shows it as a toast, which the tests check. Anything else logged as an error is a bug.
        if msg.type == "error" and "Failed to load resource" not in msg.text:
            self.errors.append(f"{path}: console: {msg.text}")

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[Any]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"report_{report.when}", report)


@pytest.fixture
def screens(browser: Browser, daemon: Daemon, artifacts: Path,
            request: pytest.FixtureRequest) -> Iterator[Screens]:
    screens = Screens(browser, daemon.url)
    yield screens
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:  # every open page as it was, to see what went wrong
        name = re.sub(r"[^A-Za-z0-9]+", "-", request.node.name).strip("-")
        for i, page in enumerate(screens.pages):
            if not page.is_closed():
                try:
                    page.screenshot(path=str(artifacts / f"FAILED-{name}-{i}.png"), timeout=5_000)
                except Exception:  # noqa: BLE001 - best effort: the failure itself is what counts
                    pass
    screens.close()
    assert not screens.errors, "script errors on the pages:\n" + "\n".join(screens.errors)


@pytest.fixture(scope="module")
def shot_numbers() -> Iterator[int]:
    return itertools.count(1)


@pytest.fixture
def shots(artifacts: Path, request: pytest.FixtureRequest, shot_numbers: Iterator[int]) -> Shots:
    """Screenshots named after the test module, numbered on through it ("game-02-new-game.png")."""
    prefix = request.module.__name__.rpartition(".")[2].removeprefix("test_")
    return Shots(artifacts, f"{prefix}-", shot_numbers)


@pytest.fixture(scope="session")
def timings() -> dict[str, Any]:
    return TIMINGS


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker (pytest -n) hands its figures to the run (tests/conftest.py prints them)."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["browser_timings"] = json.dumps(TIMINGS)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if TIMINGS and not hasattr(terminalreporter.config, "workerinput"):
        terminalreporter.write_line("browser tests: " + ", ".join(f"{k} {v}" for k, v in TIMINGS.items()
                                                                  if not isinstance(v, dict)))
