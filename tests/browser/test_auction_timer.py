"""An auction with the new timer (issue 22, item 6), as the table sees it: the banker sets the
seconds in the new-game form (kept with the game), the auction opens with the long wait for a
first bid, "wait" on the shared Table page gives everyone more time once (every screen then says
it was used, and a second wait from a phone is refused), the first bid starts the countdown, and
when the time runs out the story tells the timer's passes as the timer's."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.support import TABLE_PAGES, Api, Daemon, live, table_screen
from tests.browser.test_table_experience import SIZES
from tests.waiting import PATIENCE_MS

PIN = "246810"


@pytest.fixture
def timed_daemon(tmp_path: Path) -> Iterator[Daemon]:
    daemon = Daemon(tmp_path / "data", tmp_path / "daemon.log", auction_seconds=15)
    try:
        daemon.wait_serving()
        yield daemon
    finally:
        daemon.stop()


def page(screens: Any, daemon: Daemon, path: str, size: str, lang: str, player: str = "") -> Any:
    phone = size == "phone"
    context = screens.browser.new_context(base_url=daemon.url, viewport=SIZES[size], is_mobile=phone,
                                          has_touch=phone, device_scale_factor=1, locale=lang)
    screens.contexts.append(context)
    if player:  # a phone the banker paired (the session the page then has)
        paired = context.request.post("/api/pair", data={"player": player}, headers={"X-Banker-Pin": PIN})
        assert paired.status == 200, paired.text()
    if path in TABLE_PAGES:  # the tablet at the table: the table's own screen
        table_screen(context)
    opened = context.new_page()
    opened.on("pageerror", lambda exc: screens.errors.append(f"{path}: {exc}"))
    screens.pages.append(opened)
    opened.goto(f"{path}?lang={lang}")
    return live(opened)


@pytest.mark.parametrize(("size", "lang"), [("tablet", "en"), ("phone", "ru")])
def test_an_auction_with_the_new_timer(screens: Any, timed_daemon: Daemon, size: str, lang: str) -> None:
    api = Api(timed_daemon.url)
    banker = page(screens, timed_daemon, "/banker", size, lang)
    banker.get_by_test_id("pin").fill(PIN)
    banker.get_by_test_id("pin-submit").click()
    expect(banker.get_by_test_id("game-status")).to_be_visible()
    for i, name in enumerate(["Ann", "Bob", "Cat"]):
        if i >= 2:
            banker.get_by_test_id("add-player").click()
        banker.get_by_test_id(f"new-game-player-{i}").fill(name)
    expect(banker.get_by_test_id("auction-seconds")).to_have_value("20")  # the defaults
    expect(banker.get_by_test_id("auction-opening")).to_have_value("60")
    banker.get_by_test_id("auction-seconds").fill("2")
    banker.get_by_test_id("auction-opening").fill("45")  # long: the test has time to wait once
    banker.get_by_test_id("seed").fill("7")
    banker.get_by_test_id("new-game-submit").click()
    state = api.wait_state(lambda s: s.get("game") is not None)
    first = json.loads(api.get("/api/log")["entries"][0]["line"])
    assert first["auction_clock"] == {"seconds": 2, "opening": 45}  # kept with the game

    table = page(screens, timed_daemon, "/", size, lang)
    watcher = page(screens, timed_daemon, "/player", "phone", lang, player="Cat")
    api.must({"do": "roll", "dice": [1, 2]})
    state = api.must({"do": "decline"})
    assert state["auction_clock"]["phase"] == "opening"
    countdown = table.get_by_test_id("auction-countdown")
    expect(countdown).to_have_attribute("data-phase", "opening")
    expect(countdown).to_have_attribute("data-seconds", re.compile(r"^[1-4]\d$"))  # the long wait, not 2 s

    table.get_by_test_id("auction-wait").click()
    for screen in (table, watcher):
        expect(screen.get_by_test_id("auction-waited")).to_be_visible()
        expect(screen.get_by_test_id("auction-wait")).to_have_count(0)
    status, again = api.request("POST", "/api/auction/wait", {}, banker=False)
    assert status == 422 and again["words"]["ru"], again  # once per auction
    expect(table.get_by_test_id("square-whitechapel-road")).not_to_have_attribute("data-owner", "Bob")

    bid = api.must({"do": "bid", "player": "Bob", "amount": 10})
    assert bid["auction_clock"]["phase"] == "bidding"  # the first bid starts the countdown (2 s: the page
    # may well show it too late on a busy machine; that it counts down is seen in the opening above)
    expect(table.get_by_test_id("square-whitechapel-road")).to_have_attribute("data-owner", "Bob",
                                                                               timeout=PATIENCE_MS)
    # The form guessed Ann is "she" from her name (issue 38): the Russian sentence agrees
    told = "The time ran out: Ann did not bid" if lang == "en" else "Время вышло: Ann не сделала ставку"
    expect(table.get_by_test_id("feed-item").filter(has_text=told)).to_have_count(1)
    log = api.get("/api/log")["entries"]
    assert [e["source"] for e in log[-2:]] == ["table", "table"]
