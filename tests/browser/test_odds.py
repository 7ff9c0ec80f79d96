"""Win chances in Debian's Chromium: the bars on the Table page after each turn (with the number of
games they rest on), the trade advisor on the Table page and on the partner's phone before anyone
answers, and the game review at the end, in English and Russian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.support import PIN, Api, Daemon, Shots, own_table

ODDS_MS = 90_000  # the default 1,000 continuations a position, on 2 cores shared with another suite


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    """A table of this module's own that works the chances out as an installed one does, 1,000
    continuations a position on every core (the other browser tests' tables work out fewer)."""
    with own_table(tmp_path_factory, "odds", odds_samples=1000, odds_jobs=0) as table:
        yield table


@pytest.fixture(scope="module")
def api(daemon: Daemon) -> Api:
    return Api(daemon.url)


def chance(page: Page, test: str) -> int:
    return int(re.sub(r"\D", "", page.get_by_test_id(test).inner_text()))


def test_chances_after_each_turn_the_trade_advisor_and_the_review(
        screens: Any, api: Api, shots: Shots) -> None:
    api.new_game(["Ann", "Bob"])
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})  # Whitechapel Road
    api.must({"do": "end_turn"})
    api.must({"do": "roll", "dice": [6, 4]})
    api.must({"do": "end_turn"})
    table = screens.open("/")

    # The bars: each player's chance after the last turn, and what it rests on.
    expect(table.get_by_test_id("odds-samples")).to_contain_text("After turn 2", timeout=ODDS_MS)
    basis = table.get_by_test_id("odds-samples")
    expect(basis).to_contain_text("1,000 games played out by the bots")
    assert basis.get_attribute("data-samples") == "1000"
    shares = [float(table.get_by_test_id(f"odds-{name}").get_attribute("data-chance") or -1)
              for name in ("Ann", "Bob")]
    assert all(0 < p < 1 for p in shares) and abs(sum(shares) - 1) < 0.01, shares
    assert abs(chance(table, "odds-pct-Ann") + chance(table, "odds-pct-Bob") - 100) <= 1
    assert re.fullmatch(r"\d+%", table.get_by_test_id("odds-pct-Ann").inner_text())  # English: "31%"
    shots.take(table, "odds bars")

    # In Russian, on a phone: the panel's words are the .ftl's, the count in CLDR's plural and the
    # player whose turn it was in the genitive (Bob has no cases: "игрока Bob").
    size = table.viewport_size
    table.set_viewport_size({"width": 390, "height": 844})
    table.get_by_test_id("lang-ru").click()
    expect(basis).to_contain_text(re.compile(r"После хода 2 · боты доиграли отсюда 1\s000 партий"))
    expect(table.get_by_test_id("odds-age")).to_contain_text("После хода игрока Bob")
    assert re.fullmatch(r"\d+\s%", table.get_by_test_id("odds-pct-Ann").inner_text())  # Russian: «31 %»
    assert fits(table), "the chances scroll sideways on a phone"
    table.get_by_test_id("odds").scroll_into_view_if_needed()
    shots.take(table, "odds bars in Russian at 390")
    table.get_by_test_id("lang-en").click()
    if size:
        table.set_viewport_size(size)
    expect(basis).to_contain_text("1,000 games played out by the bots")

    # The trade advisor: Bob offers Ann nearly all his cash for nothing. Before anyone answers,
    # the Table page and Ann's phone show both players' chances if she accepts and if she does not.
    api.must({"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 1400}})
    phone = screens.open("/player", phone=True, wait_live=False)
    paired = phone.request.post("/api/pair", data={"player": "Ann"}, headers={"X-Banker-Pin": PIN})
    assert paired.ok, paired.text()
    phone.reload()
    for page in (table, phone):
        expect(page.get_by_test_id("trade-advice")).to_be_visible(timeout=ODDS_MS)
        expect(page.get_by_test_id("trade-advice")).to_contain_text("If Ann accepts")
        assert chance(page, "advice-accept-Bob") < chance(page, "advice-reject-Bob")
        assert chance(page, "advice-accept-Ann") > chance(page, "advice-reject-Ann")
    assert api.state()["pending"]["kind"] == "trade"  # still unanswered
    expect(phone.get_by_test_id("action-accept")).to_be_visible()
    shots.take(phone, "trade advice on the partner's phone")
    shots.take(table, "trade advice on the table")
    for page, (width, height) in ((phone, (390, 844)), (table, (1024, 768))):
        page.set_viewport_size({"width": width, "height": height})
        expect(page.get_by_test_id("trade-advice")).to_be_visible()
        assert fits(page), f"the trade advice scrolls sideways at {width}"
        shots.take(page, f"trade advice at {width}")

    # The review: once the game is over, the chart of every turn and the turns that moved it.
    api.must({"do": "accept", "player": "Ann"})
    api.must({"do": "roll", "dice": [1, 3]})
    api.must({"do": "end_turn"})
    api.must({"do": "end_game"})
    expect(table.get_by_test_id("odds-chart")).to_be_visible(timeout=ODDS_MS)
    for name in ("Ann", "Bob"):
        expect(table.locator(f'[data-test="odds-chart"] polyline[data-player="{name}"]')).to_have_count(1)
    moments = table.get_by_test_id("odds-moments")
    expect(moments).to_contain_text("Ann accepts Bob's trade")
    expect(moments.locator("li").first).to_contain_text("Turn ")
    shots.take(table, "game review", full_page=True)
    table.get_by_test_id("lang-ru").click()
    expect(table.get_by_test_id("odds")).to_contain_text("Шансы на победу")
    expect(table.get_by_test_id("odds")).to_contain_text("Разбор игры")
    expect(moments).to_contain_text("Ход ")
    shots.take(table, "game review in Russian", full_page=True)
    for width, height in ((1024, 768), (390, 844)):
        table.set_viewport_size({"width": width, "height": height})
        expect(table.get_by_test_id("odds-chart")).to_be_visible()
        assert fits(table), f"the review scrolls sideways at {width}"
        bar = table.locator('[data-test="odds-bars"] .odds-bar').first.bounding_box()
        panel = table.get_by_test_id("odds").bounding_box()
        assert bar and panel and bar["width"] >= 0.4 * panel["width"], f"the bars are stubs at {width}"
        shots.take(table, f"game review in Russian at {width}", full_page=True)


def fits(page: Page) -> bool:
    """Nothing wider than the screen: no sideways scrolling."""
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))
