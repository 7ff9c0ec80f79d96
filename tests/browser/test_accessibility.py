"""axe-core on every page (Table, Player, Banker, History, Chart, Virtual) at 390x844 and 1024x768
in English and Russian, with a game under way: no serious or critical violation. axe-core's script
comes inside axe-playwright-python (no network). On the Banker page every folding section is
opened first, so axe sees everything a banker can reach."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from companion.i18n import LANGUAGES
from tests.browser.support import PIN, Api, Daemon, live, settle_turn
from tests.waiting import PATIENCE_MS

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}
PAGES = ["/", "/player", "/banker", "/history", "/chart", "/virtual"]
HARMFUL = ("serious", "critical")
AXE = Axe()


@pytest.fixture(scope="module")
def game(api: Api) -> dict[str, Any]:
    """Ann and Bob a few moves in: money moved, a deed bought, so the chart and history have lines."""
    api.new_game(["Ann", "Bob"], seed=7)
    api.must({"do": "roll", "dice": [1, 2]})  # Ann to Whitechapel Road: she buys it
    api.must({"do": "buy"})
    api.must({"do": "end_turn"})
    api.must({"do": "roll", "dice": [2, 3]})  # Bob
    settle_turn(api, "Bob")
    api.must({"do": "end_turn"})
    return api.state()


def harmful(page: Page) -> list[str]:
    results = AXE.run(page)
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:4])
            for v in results.response["violations"] if v.get("impact") in HARMFUL]


def opened(browser: Browser, daemon: Daemon, size: str, lang: str, path: str) -> Page:
    phone = size == "phone"
    ctx = browser.new_context(base_url=daemon.url, viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                              device_scale_factor=1, locale=lang)
    ctx.set_default_timeout(PATIENCE_MS)
    if path == "/player":
        answer = ctx.request.post("/api/pair", data={"player": "Ann"}, headers={"X-Banker-Pin": PIN})
        assert answer.status == 200, answer.text()
    page = ctx.new_page()
    page.goto(f"{path}?lang={lang}")
    live(page)
    if path == "/banker":
        page.get_by_test_id("pin").fill(PIN)
        page.get_by_test_id("pin-submit").click()
        expect(page.get_by_test_id("game-status")).to_be_visible()
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    page.wait_for_timeout(500)  # the state drawn
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_every_page_passes_axe(browser: Browser, daemon: Daemon, game: dict[str, Any], size: str,
                               lang: str) -> None:
    found = {}
    for path in PAGES:
        page = opened(browser, daemon, size, lang, path)
        problems = harmful(page)
        if problems:
            found[path] = problems
        page.context.close()
    assert not found, "\n".join(f"{path}:\n  " + "\n  ".join(p) for path, p in found.items())
