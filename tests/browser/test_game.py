"""A whole short game through the dashboard and the virtual table, in Debian's Chromium.

Screens, each a browser context of its own (its own session cookie):
  banker   the banker's tablet: /banker (PIN, new game, corrections, undo, end of game)
  shared   the tablet in the middle of the table: / (Table), /virtual (the table's reader and dice
           button), /history and /chart; not paired and not the banker, so its decisions are
           confirmed by a token tap on the reader
  Ann      Ann's phone: /player, paired by tapping her token on the reader
  Cat      Cat's phone: /player, paired by the banker ("act as"), who then logs out
Bob has no phone: he answers on the shared Table page and bids by tapping his token.

Rolls that must reach a given square are the banker's corrections ({"do": "roll", "dice": [...]}
in the correction box); Cat's roll is the virtual table's dice button (any roll will do: the test
reads where she went). Decks are not shuffled (house rule `shuffle` off), so cards are predictable.
Each step ends with a screenshot in test-artifacts/browser/ (game-NN-<step>.png).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.support import (
    PIECES,
    PIN,
    SHOWN_MS,
    Api,
    Shots,
    Steps,
    VirtualTable,
    amount,
    cash,
    clicked_at,
    confirm_by_token,
    live,
    pair_by_token,
    player,
    seen,
    settle_turn,
    time_click,
    watch,
)

pytestmark = pytest.mark.minutes  # a whole game: handed to a worker first

PLAYERS = ["Ann", "Bob", "Cat"]
WHITECHAPEL = "whitechapel-road"  # square 3, £60
ANGEL = "the-angel-islington"  # square 6, £100, rent £6 unimproved


def banker_login(page: Page) -> None:
    expect(page.get_by_test_id("pin-form")).to_be_visible(timeout=SHOWN_MS)
    page.get_by_test_id("pin").fill(PIN)
    page.get_by_test_id("pin-submit").click()
    expect(page.get_by_test_id("game-status")).to_be_visible(timeout=SHOWN_MS)


def correction(banker: Page, command: dict[str, Any]) -> None:
    """The banker's box for a table-script command (folded away for experts), sent as the banker."""
    box = banker.get_by_test_id("correction")
    if not box.is_visible():
        banker.get_by_test_id("expert").locator("summary").click()
    box.fill(json.dumps(command))
    with banker.expect_response(lambda r: r.url.endswith("/api/commands")) as answer:
        banker.get_by_test_id("correction-send").click()
    assert answer.value.status == 200, answer.value.text()


def token_on(page: Page, name: str, square: str) -> None:
    expect(page.get_by_test_id(f"square-{square}").get_by_test_id(f"token-{name}")).to_be_visible(
        timeout=SHOWN_MS)


def turn_is(page: Page, name: str) -> None:
    expect(page.get_by_test_id("current-player")).to_contain_text(name, timeout=SHOWN_MS)


def test_a_short_game(screens: Any, api: Api, shots: Shots, timings: dict[str, Any]) -> None:
    steps = Steps(shots, timings.setdefault("game steps (s)", {}))
    running = api.state()
    replacing = bool(running.get("game")) and not running.get("winner")

    shared = screens.context()
    table = screens.open("/", context=shared)
    virtual = VirtualTable(screens.open("/virtual", context=shared))
    history = screens.open("/history", context=shared)

    # ---- the banker starts the game ---------------------------------------------------------------
    banker = screens.open("/banker")
    with steps.step("banker logs in", banker):
        banker_login(banker)
        expect(banker.get_by_test_id("new-game")).to_be_visible()

    with steps.step("new game", table):
        for i, name in enumerate(PLAYERS):
            if i >= 2:
                banker.get_by_test_id("add-player").click()
            banker.get_by_test_id(f"new-game-player-{i}").fill(name)
            banker.get_by_test_id(f"new-game-token-{i}").select_option(PIECES[name])
        banker.locator("details.rules > summary").click()  # the house rules are folded away
        shuffle = banker.get_by_test_id("rule-shuffle")
        expect(shuffle).to_be_checked()
        shuffle.uncheck()
        banker.get_by_test_id("new-game-submit").click()
        if replacing:  # an earlier test's game is still running: the banker is asked first
            banker.get_by_test_id("confirm-yes").click()
        expect(banker.locator('[data-test="toast"][data-kind="ok"]')).to_be_visible()
        for name in PLAYERS:
            amount(table.get_by_test_id(f"player-cash-{name}"), 1500)
            token_on(table, name, "go")
        turn_is(table, "Ann")
        expect(table.get_by_test_id("decision")).to_have_attribute("data-kind", "roll")
        for qr in ("qr-join", "qr-wifi"):  # served by the Pi itself, no CDN
            loaded = table.get_by_test_id(qr).evaluate("(img) => img.complete && img.naturalWidth > 0")
            assert loaded, qr
        start = api.get("/api/log")["entries"][0]["line"]
        assert json.loads(start)["rules"] == {"shuffle": False}, start
        assert json.loads(start)["players"] == PLAYERS
        # the virtual table knows whose piece is whose in this game
        for name in PLAYERS:
            expect(virtual.token(name)).to_have_attribute("data-test", f"sim-tag-token:{PIECES[name]}")

    # ---- phones: Ann pairs with a token tap, Cat through the banker ------------------------------
    ann = screens.open("/player", phone=True)
    with steps.step("players pair their phones", ann, full_page=True):
        expect(ann.get_by_test_id("pairing")).to_be_visible()
        with ann.expect_request(lambda r: r.url.endswith("/api/pair")):
            ann.get_by_test_id("pair").click()  # the phone now waits for a token tap
        expect(ann.get_by_test_id("wait-code")).to_have_text(re.compile(r"^[0-9]{3}$"))  # its code
        pair_by_token(ann, virtual, "Ann")  # the token, and again when the phone says "now"
        amount(ann.get_by_test_id("my-cash"), 1500)

        cat_phone = screens.context(phone=True)
        cat = screens.open("/banker", context=cat_phone)
        banker_login(cat)
        cat.goto("/player")
        live(cat)
        cat.get_by_test_id("pair-player").select_option("Cat")
        cat.get_by_test_id("pair-as").click()
        expect(cat.get_by_test_id("my-name")).to_have_text("Cat")
        cat.goto("/banker")
        live(cat).get_by_test_id("logout").click()  # the phone stays Cat's, but not the banker's
        expect(cat.get_by_test_id("pin-form")).to_be_visible()
        cat.goto("/player")
        expect(live(cat).get_by_test_id("my-name")).to_have_text("Cat")
        session = cat.evaluate("fetch('/api/session').then((r) => r.json())")
        assert session["player"] == "Cat" and session["banker"] is False, session

    # ---- Ann: roll (a correction: she must reach Whitechapel Road), buy on the Table page --------
    with steps.step("Ann rolls 1 and 2", table):
        correction(banker, {"do": "roll", "dice": [1, 2]})
        expect(table.get_by_test_id("die-1")).to_have_attribute("data-value", "1")
        expect(table.get_by_test_id("die-2")).to_have_attribute("data-value", "2")
        token_on(table, "Ann", WHITECHAPEL)
        expect(table.get_by_test_id("decision")).to_have_attribute("data-kind", "buy")
        expect(table.get_by_test_id("decision-text")).to_contain_text("Whitechapel Road")
        expect(ann.get_by_test_id("action-buy")).to_be_visible()  # her phone offers it too

    with steps.step("Ann buys on the Table page", table):
        square = table.get_by_test_id(f"square-{WHITECHAPEL}")
        confirm_by_token(table, table.get_by_test_id("action-buy"), virtual, "Ann",
                         lambda ms: expect(square).to_have_attribute("data-owner", "Ann", timeout=ms))
        amount(table.get_by_test_id("player-cash-Ann"), 1440)
        # the story on the Table page says it, with the money
        newest = table.locator("[data-test=feed-item]:not([data-kind=turn])").first  # under "Ann's turn"
        expect(newest).to_have_text("Ann buys Whitechapel Road for £60")
        amount(ann.get_by_test_id("my-cash"), 1440)
        expect(ann.get_by_test_id(f"deed-{WHITECHAPEL}")).to_be_visible()
        ann.get_by_test_id("action-end-turn").click()
        turn_is(table, "Bob")

    # ---- Bob: declines The Angel; an auction with bids from phones and a token tap ---------------
    with steps.step("Bob declines, the auction opens", table):
        correction(banker, {"do": "roll", "dice": [2, 4]})
        token_on(table, "Bob", ANGEL)
        expect(table.get_by_test_id("decision")).to_have_attribute("data-kind", "buy")
        decision = table.get_by_test_id("decision")
        confirm_by_token(table, table.get_by_test_id("action-decline"), virtual, "Bob",
                         lambda ms: expect(decision).to_have_attribute("data-kind", "auction", timeout=ms))
        expect(table.get_by_test_id("auction-bidders")).to_contain_text("Ann, Bob, Cat")
        expect(table.get_by_test_id("auction-high-bid")).to_have_attribute("data-amount", "0")
        expect(table.get_by_test_id("auction-countdown")).to_have_count(0)  # auction_seconds = 0 here

    high = table.get_by_test_id("auction-high-bid")
    with steps.step("auction bids", table):
        ann.get_by_test_id("action-bid-10").click()
        amount(high, 10)
        expect(high).to_have_attribute("data-bidder", "Ann")
        cat.get_by_test_id("bid-amount").fill("50")
        cat.get_by_test_id("action-bid-custom").click()
        amount(high, 50)
        expect(high).to_have_attribute("data-bidder", "Cat")
        virtual.tap_token("Bob")  # on the table, a token tapped in an auction bids 10 more
        amount(high, 60)
        expect(high).to_have_attribute("data-bidder", "Bob")
        expect(ann.get_by_test_id("auction-high-bid")).to_have_attribute("data-amount", "60")

    with steps.step("auction passes, Bob wins", table):
        ann.get_by_test_id("action-pass").click()
        expect(table.get_by_test_id("auction-bidders")).to_contain_text("Bob, Cat")
        expect(table.get_by_test_id("auction-bidders")).not_to_contain_text("Ann")
        cat.get_by_test_id("action-pass").click()
        expect(table.get_by_test_id(f"square-{ANGEL}")).to_have_attribute("data-owner", "Bob")
        amount(table.get_by_test_id("player-cash-Bob"), 1440)
        expect(table.get_by_test_id("decision")).to_have_attribute("data-kind", "roll")
        virtual.press(long=True)  # the dice button held: Bob's turn ends
        turn_is(table, "Cat")

    # ---- Cat: the virtual table's dice button (any roll will do) ----------------------------------
    with steps.step("Cat rolls with the dice button", virtual.page):
        seq = api.state()["seq"]
        virtual.press()
        rolled = api.wait_state(lambda s: s["seq"] > seq)
        d1, d2 = rolled["last_roll"]
        expect(virtual.page.get_by_test_id("die-1")).to_have_attribute("data-value", str(d1))
        expect(virtual.page.get_by_test_id("die-2")).to_have_attribute("data-value", str(d2))
        expect(table.get_by_test_id("die-1")).to_have_attribute("data-value", str(d1))
        expect(table.get_by_test_id("die-2")).to_have_attribute("data-value", str(d2))
        where = player(rolled, "Cat")
        if not where["in_jail"]:
            token_on(table, "Cat", api.square_id(where["position"]))
        settle_turn(api, "Cat", rolls_due=int(d1 == d2))  # whatever it led to: declined, paid
        cat.get_by_test_id("action-end-turn").click()
        turn_is(table, "Ann")

    # ---- Ann: a refusal, then rent seen on the other screens --------------------------------------
    with steps.step("only what the rules allow is offered; a refusal is the acting screen's", ann,
                    full_page=True):
        expect(ann.get_by_test_id("action-end-turn")).to_be_hidden()  # she has not rolled yet
        expect(ann.get_by_test_id("action-roll")).to_be_visible()
        # A command sent anyway (a stale screen, say) is refused on that screen alone.
        ann.evaluate("import('/static/js/api.js').then((m) => m.act({do: 'end_turn'}, 'Ann'))")
        reason = "Ann must roll before ending the turn"
        toast = ann.get_by_test_id("toast").filter(has_text=reason)
        expect(toast).to_have_attribute("data-kind", "refused")
        table.wait_for_timeout(300)
        expect(table.get_by_test_id("toast").filter(has_text=reason)).to_have_count(0)

    with steps.step("rent reaches the other screens", table):
        before = api.state()
        rent = api.board()["squares"][6]["rents"][0]
        ann_cash, bob_cash = player(before, "Ann")["cash"] - rent, player(before, "Bob")["cash"] + rent
        rows = history.get_by_test_id("history-row")
        rent_seq = before["seq"] + 1
        watch(table, "rent", "player-cash-Ann", "data-amount", ann_cash)
        watch(history, "rent", "history-row", "data-seq", rent_seq)  # the newest row comes first
        watch(ann, "rent", "my-cash", "data-amount", ann_cash)
        banker.get_by_test_id("correction").fill(json.dumps({"do": "roll", "dice": [1, 2]}))
        time_click(banker, "correction-send")
        banker.get_by_test_id("correction-send").click()
        # All three get it (how fast is bench/pages_speed.py's figure, never a test's) ...
        amount(table.get_by_test_id("player-cash-Ann"), ann_cash)
        amount(table.get_by_test_id("player-cash-Bob"), bob_cash)
        amount(ann.get_by_test_id("my-cash"), ann_cash)
        expect(rows.first).to_have_attribute("data-seq", str(rent_seq))
        # ... and each page's own moment, measured in the browsers and printed
        clicked = clicked_at(banker)
        for label, page in (("the Table page", table), ("the History page", history),
                            ("Ann's phone", ann)):
            shown = seen(page, "rent")
            assert shown is not None, label
            timings[f"rent: banker's click to {label} (ms)"] = shown - clicked
        newest = rows.first
        expect(newest).to_have_attribute("data-from", "Ann")
        expect(newest).to_have_attribute("data-to", "Bob")
        expect(newest).to_have_attribute("data-amount", str(rent))
        expect(newest).to_contain_text("rent")
        token_on(table, "Ann", ANGEL)

    # ---- a trade: proposed on Ann's phone, accepted by Bob on the Table page ----------------------
    with steps.step("Ann proposes a trade on her phone", ann, full_page=True):
        ann.get_by_test_id("trade-partner").select_option("Bob")
        ann.get_by_test_id(f"trade-give-deed-{WHITECHAPEL}").check()
        ann.get_by_test_id("trade-take-cash").fill("100")
        ann.get_by_test_id("trade-propose").click()
        decision = table.get_by_test_id("decision")
        expect(decision).to_have_attribute("data-kind", "trade")
        expect(table.get_by_test_id("trade-give")).to_have_text("Whitechapel Road£60")  # a deed: name, price
        expect(table.get_by_test_id("trade-take")).to_have_text("£100")
        expect(ann.get_by_test_id("decision")).to_have_attribute("data-kind", "trade")
        expect(ann.get_by_test_id("action-accept")).to_have_count(0)  # only Bob answers

    before = cash(api.state())
    with steps.step("Bob accepts on the Table page", table):
        square = table.get_by_test_id(f"square-{WHITECHAPEL}")
        confirm_by_token(table, table.get_by_test_id("action-accept"), virtual, "Bob",
                         lambda ms: expect(square).to_have_attribute("data-owner", "Bob", timeout=ms))
        amount(table.get_by_test_id("player-cash-Ann"), before["Ann"] + 100)
        amount(table.get_by_test_id("player-cash-Bob"), before["Bob"] - 100)
        expect(ann.get_by_test_id(f"deed-{WHITECHAPEL}")).to_have_count(0)

    # ---- the banker undoes the trade; every screen goes back ------------------------------------
    with steps.step("banker undoes the trade", table):
        banker.get_by_test_id("undo-count").fill("1")
        expect(banker.get_by_test_id("redo")).to_be_hidden()  # nothing undone yet: nothing to redo
        expect(banker.get_by_test_id("undo-what")).to_contain_text("Bob accepts Ann's trade")
        banker.get_by_test_id("undo").click()  # it says what it takes back, and asks
        expect(banker.get_by_test_id("confirm")).to_contain_text("Bob accepts Ann's trade")
        banker.get_by_test_id("confirm-yes").click()
        expect(table.get_by_test_id(f"square-{WHITECHAPEL}")).to_have_attribute("data-owner", "Ann")
        amount(table.get_by_test_id("player-cash-Ann"), before["Ann"])
        amount(table.get_by_test_id("player-cash-Bob"), before["Bob"])
        expect(table.get_by_test_id("decision")).to_have_attribute("data-kind", "trade")  # offered again
        expect(ann.get_by_test_id(f"deed-{WHITECHAPEL}")).to_be_visible()
        expect(banker.get_by_test_id("log-entry").first).to_have_attribute("data-kind", "undo")
        expect(banker.get_by_test_id("redo")).to_be_visible()  # the undone trade can come back

    # ---- Bob says no this time; Ann ends her turn; the banker ends the game ----------------------
    with steps.step("Bob rejects, the banker ends the game", table):
        decision = table.get_by_test_id("decision")
        confirm_by_token(table, table.get_by_test_id("action-reject"), virtual, "Bob",
                         lambda ms: expect(decision).to_have_attribute("data-kind", "roll", timeout=ms))
        ann.get_by_test_id("action-end-turn").click()
        turn_is(table, "Bob")
        banker.get_by_test_id("end-game").click()
        banker.get_by_test_id("confirm-yes").click()
        expect(decision).to_have_attribute("data-kind", "over")
        final = api.state()
        assert final["winner"], final
        expect(table.get_by_test_id("winner")).to_contain_text(final["winner"])
        expect(table.get_by_test_id("ranking").locator("li")).to_have_count(3)
        expect(ann.get_by_test_id("winner")).to_contain_text(final["winner"])

    # ---- afterwards: the history of every payment, and the chart -----------------------------------
    with steps.step("history lists the payments and filters by player", history):
        rows = history.get_by_test_id("history-row")
        reasons = " | ".join(rows.all_inner_texts())
        for reason in ("Ann gets £1,500 starting cash", "Ann buys Whitechapel Road for £60",
                       "Bob pays £60 for The Angel, Islington, won at auction", "rent for",
                       "in a trade", "Undone: Bob pays Ann £100 in a trade"):
            assert reason in reasons, (reason, reasons)
        expect(rows).to_have_count(len(api.get("/api/history")["transfers"]))
        history.get_by_test_id("history-filter").select_option("Bob")
        expected = api.get("/api/history?player=Bob")["transfers"]
        expect(rows).to_have_count(len(expected))
        for row in rows.all():
            assert "Bob" in (row.get_attribute("data-from"), row.get_attribute("data-to"))

    chart = screens.open("/chart", context=shared)
    with steps.step("chart draws a line per player", chart):
        for name in PLAYERS:
            line = chart.get_by_test_id(f"chart-line-{name}")
            expect(line).to_be_visible()
            assert line.locator("path").get_attribute("d").count("V") >= 1
            expect(chart.get_by_test_id(f"chart-legend-{name}")).to_contain_text(name)
        expect(chart.locator('[data-test^="chart-line-"]')).to_have_count(3)
