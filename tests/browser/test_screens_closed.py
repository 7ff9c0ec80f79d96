"""A screen a test leaves open is closed when the test is done (tests/browser/conftest.py's
`screens_closed_after`, around every test and module): left open, it went on drawing every later
command of the session's table for the rest of the run."""

from __future__ import annotations

from playwright.sync_api import Browser

from tests.browser.conftest import screens_closed_after


def test_a_screen_left_open_is_closed_and_one_opened_before_is_kept(browser: Browser) -> None:
    kept = browser.new_context()
    try:
        with screens_closed_after():
            left = browser.new_context()
            page = left.new_page()
            assert left in browser.contexts
        assert left not in browser.contexts and page.is_closed()
        assert kept in browser.contexts
    finally:
        kept.close()
