"""Issue 12, as a family at the table would notice it: a game played at 1024×768 (a tablet) and
390×844 (a phone), in English and Russian. On every page after each step: no sideways scroll, no
text cut or lying over other text, buttons only for moves the rules list now; payments in the
Table page's story with £; a refusal only on the screen that acted; the deed card from a tapped
square; pairing again after a new game; the offline banner; the auction closing by itself; the
banker's forms; the winner screen. Screenshots of every page and step: test-artifacts/browser/."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout, assert_only_legal_buttons
from tests.browser.support import (
    PIECES,
    PIN,
    TABLE_PAGES,
    Api,
    Daemon,
    Shots,
    VirtualTable,
    live,
    pair_by_token,
    table_screen,
)
from tests.waiting import PATIENCE_MS

SIZES = {"tablet": {"width": 1024, "height": 768}, "phone": {"width": 390, "height": 844}}


def context(screens: Any, size: str, lang: str) -> BrowserContext:
    phone = size == "phone"
    ctx = screens.browser.new_context(base_url=screens.url, viewport=SIZES[size], is_mobile=phone,
                                      has_touch=phone, device_scale_factor=1, locale=lang)
    ctx.set_default_timeout(PATIENCE_MS)
    screens.contexts.append(ctx)
    return ctx


def open_page(screens: Any, ctx: BrowserContext, path: str, lang: str) -> Page:
    if path in TABLE_PAGES:  # the table's own screen, set up once with the banker's PIN
        table_screen(ctx)
    page = ctx.new_page()
    page.on("pageerror", lambda exc, p=path: screens.errors.append(f"{p}: {exc}"))
    screens.pages.append(page)
    page.goto(f"{path}?lang={lang}")
    return live(page)


def paired_phone(screens: Any, size: str, lang: str, player: str) -> Page:
    """A player's phone, paired as the banker pairs one (the same session the page then has)."""
    ctx = context(screens, size, lang)
    answer = ctx.request.post("/api/pair", data={"player": player}, headers={"X-Banker-Pin": PIN})
    assert answer.status == 200, answer.text()
    page = open_page(screens, ctx, "/player", lang)
    expect(page.get_by_test_id("my-name")).to_have_text(player)
    return page


def banker_page(screens: Any, size: str, lang: str) -> Page:
    ctx = context(screens, size, lang)
    page = open_page(screens, ctx, "/banker", lang)
    page.get_by_test_id("pin").fill(PIN)
    page.get_by_test_id("pin-submit").click()
    expect(page.get_by_test_id("game-status")).to_be_visible()
    return page


def settle(page: Page) -> None:
    """Let a page finish drawing what it was sent (and its squares' type fit) before looking at
    it, from the top (where nothing has been scrolled under the sticky header)."""
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(350)


HEADER_ON_ONE_LINE = """() => {
  const parts = ["#menu", "header.top nav", "#lang-switch"].map((s) => document.querySelector(s))
    .filter((el) => el && el.offsetParent !== null).map((el) => el.getBoundingClientRect());
  return Math.max(...parts.map((r) => r.top)) - Math.min(...parts.map((r) => r.top)) < 12;
}"""


def check(pages: dict[str, Page], api: Api, me: dict[str, str | None], shots: Shots, step: str) -> None:
    state = api.state()
    for name, page in pages.items():
        settle(page)
        shots.take(page, f"{step}-{name}")
        assert_layout(page, f"{step}, {name}")
        assert page.evaluate(HEADER_ON_ONE_LINE), f"{step}, {name}: the header takes more than one line"
        assert_only_legal_buttons(page, state, me.get(name), f"{step}, {name}")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["tablet", "phone"])
def test_a_game_on_every_page(screens: Any, api: Api, size: str, lang: str, artifacts: Path) -> None:
    shots = Shots(artifacts, f"table-{size}-{lang}-", iter(range(1, 100)))
    api.new_game(["Ann", "Bob", "Cat"])
    shared = context(screens, size, lang)
    pages = {
        "table": open_page(screens, shared, "/", lang),
        "virtual": open_page(screens, shared, "/virtual", lang),
        "history": open_page(screens, shared, "/history", lang),
        "chart": open_page(screens, shared, "/chart", lang),
        "banker": banker_page(screens, size, lang),
        "ann": paired_phone(screens, size, lang, "Ann"),
        "bob": paired_phone(screens, size, lang, "Bob"),
    }
    me = {"ann": "Ann", "bob": "Bob", "banker": None}
    table, ann, bob = pages["table"], pages["ann"], pages["bob"]
    check(pages, api, me, shots, "start")

    # Ann rolls onto Whitechapel Road and buys it on her phone
    api.must({"do": "roll", "dice": [1, 2]})
    expect(ann.get_by_test_id("action-buy")).to_be_visible()
    expect(bob.get_by_test_id("action-buy")).to_have_count(0)  # not Bob's to buy
    expect(table.get_by_test_id("decision-text")).to_have_text(api.state()["decision"]["text"][lang])
    check(pages, api, me, shots, "offer")
    ann.get_by_test_id("action-buy").click()
    expect(table.get_by_test_id(f"square-{'whitechapel-road'}")).to_have_attribute("data-owner", "Ann")
    ann.get_by_test_id("action-end-turn").click()
    expect(table.get_by_test_id("current-player")).to_contain_text("Bob")  # stored before Bob rolls

    # Bob lands on it: the rent, in words with £, on the Table page without scrolling
    api.must({"do": "roll", "dice": [1, 2]})
    story = api.get("/api/feed")["items"]
    rent = next(i for i in story if i["kind"] == "money" and i["key"] == "why.rent")
    assert "£4" in rent["text"][lang], rent
    line = table.get_by_test_id("feed-item").filter(has_text=rent["text"][lang])
    expect(line).to_be_visible()
    box = line.bounding_box()
    assert box and box["y"] + box["height"] <= SIZES[size]["height"] or size == "phone", box
    expect(table.get_by_test_id("rent-whitechapel-road")).to_contain_text("£4")  # the rent on the square
    # the current player's dice, not the previous player's
    expect(table.get_by_test_id("die-1")).to_have_attribute("data-value", "1")
    check(pages, api, me, shots, "rent")

    # a refusal is shown on the screen that acted, in its language, and nowhere else
    refused = ann.evaluate(
        "import('/static/js/api.js').then((m) => m.act({do: 'end_turn'}, 'Ann')).then(() => 1)")
    assert refused == 1
    words = api.command({"do": "end_turn", "player": "Ann"})[1]  # the same refusal, asked by the test
    reason = words["words"][lang] if "words" in words else words["error"]
    expect(ann.get_by_test_id("toast").filter(has_text=reason)).to_be_visible()
    for other in ("table", "bob", "virtual"):
        pages[other].wait_for_timeout(200)
        expect(pages[other].get_by_test_id("toast").filter(has_text=reason)).to_have_count(0)
    check({"ann": ann}, api, me, shots, "refused")

    # a square tapped (touched on a phone) opens its deed card
    square = table.get_by_test_id("square-whitechapel-road")
    if size == "phone":
        square.tap()
    else:
        square.click()
    card = table.get_by_test_id("deed-card")
    expect(card).to_be_visible()
    expect(card.get_by_test_id("deed-rents").locator("tr")).to_have_count(6)
    expect(card).to_contain_text("£30")  # the mortgage value
    expect(card).to_contain_text("Ann")
    shots.take(table, "deed-card-table")
    assert_layout(table, "the deed card")
    card.get_by_test_id("deed-close").click()
    expect(card).to_have_count(0)

    # Bob ends his turn; Cat's turn: the Table shows no dice of Bob's beside Cat
    bob.get_by_test_id("action-end-turn").click()
    expect(table.get_by_test_id("current-player")).to_contain_text("Cat")
    expect(table.get_by_test_id("die-1")).to_have_count(0)
    check(pages, api, me, shots, "cats-turn")


def test_a_new_game_sends_phones_back_to_pairing(screens: Any, api: Api, shots: Shots) -> None:
    api.new_game(["Ann", "Bob"])
    shared = screens.context()
    virtual = VirtualTable(screens.open("/virtual", context=shared))
    ann = paired_phone(screens, "phone", "en", "Ann")
    expect(ann.get_by_test_id("action-roll")).to_be_visible()
    api.new_game(["Ann", "Bob", "Cat"])  # the banker starts another game
    expect(ann.get_by_test_id("pairing")).to_be_visible()  # no stale buttons of the last game
    expect(ann.get_by_test_id("action-roll")).to_be_hidden()
    with ann.expect_request(lambda r: r.url.endswith("/api/pair")):
        ann.get_by_test_id("pair").click()
    pair_by_token(ann, virtual, "Ann")
    expect(ann.get_by_test_id("action-roll")).to_be_visible()
    shots.take(ann, "paired again after a new game")
    # paired by a token: when another player holds that piece in the next game, the screen is not
    # theirs (issue 21): it goes back to pairing
    status, _ = api.request("POST", "/api/games", {"players": ["Dan", "Eve"], "seed": 3,
                                                   "rules": {"shuffle": False},
                                                   "tokens": {"Dan": "hat", "Eve": PIECES["Ann"]}})
    assert status == 201
    expect(ann.get_by_test_id("pairing")).to_be_visible()
    expect(ann.get_by_test_id("action-roll")).to_be_hidden()


@pytest.fixture
def own_daemon(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Daemon]:
    seconds = getattr(request, "param", 0)
    daemon = Daemon(tmp_path / "data", tmp_path / "daemon.log", auction_seconds=seconds)
    try:
        daemon.wait_serving()
        yield daemon
    finally:
        daemon.stop()


def test_offline_banner_until_the_stream_is_back(screens: Any, own_daemon: Daemon, shots: Shots) -> None:
    api = Api(own_daemon.url)
    api.new_game(["Ann", "Bob"])
    opened = []
    for path in ("/", "/player", "/history", "/banker"):
        page = screens.browser.new_page(base_url=own_daemon.url, viewport=SIZES["tablet"])
        screens.pages.append(page)
        page.goto(path)
        opened.append(live(page))
    own_daemon.stop()
    for page in opened:
        banner = page.get_by_test_id("offline-banner")
        expect(banner).to_be_visible(timeout=PATIENCE_MS)
        assert page.evaluate("document.getElementById('main').inert") is True  # nothing to tap
    shots.take(opened[0], "offline table")
    own_daemon.start()
    own_daemon.wait_serving()
    for page in opened:
        expect(page.get_by_test_id("offline-banner")).to_be_hidden(timeout=PATIENCE_MS)
        assert page.evaluate("document.getElementById('main').inert") is False


@pytest.mark.parametrize("own_daemon", [2], indirect=True)
def test_the_auction_closes_by_itself(screens: Any, own_daemon: Daemon, shots: Shots) -> None:
    api = Api(own_daemon.url)
    api.new_game(["Ann", "Bob", "Cat"], auction_clock={"seconds": 2, "opening": 600})
    table = screens.browser.new_page(base_url=own_daemon.url, viewport=SIZES["tablet"])
    screens.pages.append(table)
    table.goto("/")
    live(table)
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "decline"})
    countdown = table.get_by_test_id("auction-countdown")
    # The opening wait is long, so the page has all the time it needs to show it on a busy machine
    expect(countdown).to_have_attribute("data-seconds", re.compile(r"^\d{3}$"))
    shots.take(table, "auction countdown")
    bid = api.must({"do": "bid", "player": "Bob", "amount": 10})
    assert bid["auction_clock"]["phase"] == "bidding"  # a bid starts the count again: 2 s
    started = time.monotonic()
    owner = table.get_by_test_id("square-whitechapel-road")
    expect(owner).to_have_attribute("data-owner", "Bob", timeout=PATIENCE_MS)
    assert time.monotonic() - started >= 1.0  # not before its time
    expect(table.get_by_test_id("decision")).not_to_have_attribute("data-kind", "auction")
    log = api.get("/api/log")["entries"]
    assert [e["source"] for e in log[-2:]] == ["table", "table"], log[-2:]  # Ann and Cat passed


def test_banker_corrections_winner_and_trades(screens: Any, api: Api, shots: Shots) -> None:
    api.new_game(["Ann", "Bob", "Cat"])
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    banker = banker_page(screens, "tablet", "en")
    ann = paired_phone(screens, "phone", "en", "Ann")
    bob = paired_phone(screens, "phone", "en", "Bob")
    table = screens.open("/")

    # money between two players, through the form, asked first
    form = banker.get_by_test_id("fix-money")
    form.get_by_test_id("fix-money-from").select_option("Bob")
    form.get_by_test_id("fix-money-to").select_option("Cat")
    form.get_by_test_id("fix-money-amount").fill("25")
    form.get_by_test_id("fix-money-send").click()
    expect(banker.get_by_test_id("confirm")).to_contain_text("Move £25 from Bob to Cat?")
    banker.get_by_test_id("confirm-yes").click()
    expect(table.get_by_test_id("player-cash-Cat")).to_have_attribute("data-amount", "1525")
    newest = table.locator("[data-test=feed-item]:not([data-kind=turn])").first  # under "Ann's turn"
    expect(newest).to_have_text("The banker moves £25 from Bob to Cat")
    shots.take(banker, "banker after a correction", full_page=True)
    assert_layout(banker, "the banker page")

    # a trade: Ann proposes; she may withdraw, Bob may counter
    api.must({"do": "trade", "from": "Ann", "to": "Bob", "give": {"squares": ["whitechapel-road"]},
              "take": {"cash": 100}})
    expect(ann.get_by_test_id("action-withdraw")).to_be_visible()
    expect(ann.get_by_test_id("action-accept")).to_have_count(0)
    expect(bob.get_by_test_id("action-counter")).to_be_visible()
    expect(bob.locator('[data-slot="trade-advice"]')).to_have_count(1)  # the odds' advisor's place
    bob.get_by_test_id("action-counter").click()
    expect(bob.get_by_test_id("counter-note")).to_be_visible()
    expect(bob.get_by_test_id("trade-give-cash")).to_have_value("100")
    expect(bob.get_by_test_id("trade-take-deed-whitechapel-road")).to_be_checked()
    bob.get_by_test_id("trade-give-cash").fill("80")
    bob.get_by_test_id("trade-propose").click()
    expect(table.get_by_test_id("trade-give")).to_have_text("£80")
    assert api.state()["pending"]["from"] == "Bob"
    shots.take(bob, "counter-offer sent", full_page=True)
    ann.get_by_test_id("action-reject").click()
    expect(table.get_by_test_id("decision")).to_have_attribute("data-kind", "roll")

    # the end: the winner, everyone ranked by net worth, the chart, the biggest rents
    api.must({"do": "end_turn"})
    api.must({"do": "roll", "dice": [1, 2]})  # Bob pays Ann rent
    api.must({"do": "end_game"})
    screen = table.get_by_test_id("winner-screen")
    expect(screen).to_be_visible()
    expect(screen.get_by_test_id("winner-title")).to_contain_text(api.state()["winner"])
    expect(screen.get_by_test_id("final-ranking").locator("li")).to_have_count(3)
    expect(screen.get_by_test_id("final-chart").locator("svg.chart-svg")).to_have_count(1)
    rents = screen.get_by_test_id("biggest-rents")
    expect(rents).to_contain_text("Bob pays Ann £4 rent for Whitechapel Road")
    expect(table.get_by_test_id("current-player")).to_have_count(1)
    expect(table.locator("#turn-line")).to_be_hidden()  # no "current player: Ann wins!"
    shots.take(table, "winner screen")
    assert_layout(table, "the winner screen")


def test_pieces_are_drawn_as_the_classic_tokens(screens: Any, api: Api) -> None:
    api.new_game(["Ann", "Bob", "Cat"])
    table = screens.open("/")
    for name in ("Ann", "Bob", "Cat"):
        token = table.get_by_test_id("square-go").get_by_test_id(f"token-{name}")
        expect(token).to_have_attribute("data-piece", PIECES[name])
        expect(token.locator("svg.piece path")).to_have_count(1)
