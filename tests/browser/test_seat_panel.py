"""Issue 22, items 1, 2, 5 and 8, as a family would notice them at 1024×768 and 390×844 in English
and Russian: a player without a phone gets out of a debt, or goes bankrupt, from the Table page
alone (each move confirmed by her own token; another player's token confirms nothing of hers); a
phone shows its player's fee, card and rent as they happen; the Table page shows each card drawn,
big; a trade offer fits the Now box. Issue 38, point 1: a counter-offer to her shows its terms and
Accept in her panel, and a counter-offer of nothing cannot be sent."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout, assert_only_legal_buttons
from tests.browser.support import SHOWN_MS, Api, Shots, VirtualTable, pair_by_token, player, tap_until
from tests.browser.test_table_experience import context, open_page, paired_phone, settle

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts" / "08-money"
# Ann (£360 to start) builds three houses on each brown street and mortgages Piccadilly; the
# script's last line (her bankruptcy) is left out: she lands on Bob's Pentonville Road and owes £8.
DEBT = SCRIPTS / "bankrupt-to-a-player-buildings-sold-to-the-bank-first.jsonl"
BANNER_MS = 1_000 + SHOWN_MS  # "within a second" of the push, with room for a busy machine
SIZES = ["tablet", "phone"]
LANGS = list(LANGUAGES)
# Another player's token on a move waiting for this player's (issue 38): said at the table.
WRONG = {"en": "That was {tapped}'s token; {player} must confirm this",
         "ru": "Это фишка игрока {tapped}; подтвердить нужно игроку {player}"}


def wrong_token(table: Page, lang: str, tapped: str, player: str) -> Any:
    """done() for tap_until: the table says the token tapped was not the one the move waits for."""
    said = WRONG[lang].format(tapped=tapped, player=player)

    def told(timeout: int) -> None:
        expect(table.locator(".toast-refused").filter(has_text=said)).to_have_count(1, timeout=timeout)
    return told
BANKRUPT = re.compile(r"\bis-bankrupt\b")


def ann_in_debt(api: Api) -> dict[str, Any]:
    lines = [json.loads(line) for line in DEBT.read_text(encoding="utf-8").splitlines()]
    first, moves = lines[0], lines[1:-1]
    api.new_game(first["players"], seed=first["seed"], starting_cash=first["rules"]["starting_cash"])
    for move in moves:
        api.must(move)
    state = api.state()
    assert state["pending"]["kind"] == "debt" and state["pending"]["player"] == "Ann", state["pending"]
    return state


def table_and_reader(screens: Any, size: str, lang: str) -> tuple[Page, VirtualTable]:
    """The shared Table page (nobody's screen) and the table's reader (the virtual table's tags)."""
    shared = context(screens, size, lang)
    table = open_page(screens, shared, "/", lang)
    reader = VirtualTable(open_page(screens, context(screens, "tablet", lang), "/virtual", lang))
    return table, reader


def confirm(table: Page, button: Locator, reader: VirtualTable, name: str, done: Any) -> None:
    """Click a Table page button (it asks for a token: a toast) and tap this player's token."""
    with table.expect_request(lambda r: r.url.endswith("/api/commands") and r.method == "POST") as sent:
        button.click()
    assert json.loads(sent.value.post_data or "{}").get("confirm") == "token"
    expect(table.locator(".toast-info")).to_have_count(1, timeout=SHOWN_MS)
    tap_until(reader, name, done)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_player_without_a_phone_raises_the_cash_on_the_table_page(
        screens: Any, api: Api, artifacts: Path, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"seat-debt-{size}-{lang}-", iter(range(1, 50)))
    state = ann_in_debt(api)
    table, reader = table_and_reader(screens, size, lang)
    # The Now box says how much she owes and the quickest way, in the engine's sentence.
    advice = table.get_by_test_id("debt-advice")
    expect(advice).to_have_text(state["decision"]["advice"][lang])
    if lang == "en":
        assert state["decision"]["advice"]["en"] == (
            "Ann owes £8 to Bob and needs £8 more: selling a building on Old Kent Road raises £25")
    settle(table)
    shots.take(table, "debt-now")
    table.get_by_test_id("open-seat-debt-Ann").click()
    panel = table.get_by_test_id("seat-panel")
    expect(panel).to_be_visible()
    expect(panel.get_by_test_id("seat-advice")).to_have_text(state["decision"]["advice"][lang])
    sell = panel.get_by_test_id("action-sell-building-old-kent-road")
    expect(sell).to_be_visible()
    # a mortgage is not offered on a built street, nor building while she owes
    expect(panel.get_by_test_id("action-mortgage-old-kent-road")).to_have_count(0)
    expect(panel.get_by_test_id("action-build-old-kent-road")).to_have_count(0)
    settle(table)
    shots.take(table, "seat-panel")
    assert_layout(table, f"seat panel, {size} {lang}")
    assert_only_legal_buttons(table, state, "Ann", f"seat panel, {size} {lang}")

    # The attack: Bob's token tapped for Ann's sale is not Ann's: the table says so, and the sale
    # goes on waiting for her token (its hint still up).
    confirm(table, sell, reader, "Bob", wrong_token(table, lang, "Bob", "Ann"))
    after = api.state()
    assert after["pending"]["kind"] == "debt" and player(after, "Ann")["cash"] == 0
    assert after["properties"]["old-kent-road"]["houses"] == 3
    expect(table.locator(".toast-info")).to_have_count(1)

    # The rightful token: the building is sold, the debt paid, the panel shows her new cash.
    def paid(timeout: int) -> None:
        expect(panel.get_by_test_id("seat-cash")).to_have_attribute("data-amount", "17", timeout=timeout)
    tap_until(reader, "Ann", paid)
    expect(table.locator(".toast-info")).to_have_count(0)  # the hint went with the wait
    after = api.state()
    assert (after["pending"] or {}).get("kind") != "debt"
    assert after["properties"]["old-kent-road"]["houses"] == 2
    assert player(after, "Bob")["cash"] == player(state, "Bob")["cash"] + 8
    expect(panel.get_by_test_id("seat-advice")).to_be_hidden()
    expect(table.get_by_test_id("debt-advice")).to_have_count(0)
    settle(table)
    shots.take(table, "debt-paid")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_player_without_a_phone_goes_bankrupt_from_the_table_page(
        screens: Any, api: Api, artifacts: Path, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"seat-bankrupt-{size}-{lang}-", iter(range(1, 50)))
    ann_in_debt(api)
    table, reader = table_and_reader(screens, size, lang)
    table.get_by_test_id("open-seat-Ann").click()  # her name in the players list
    panel = table.get_by_test_id("seat-panel")
    out = panel.get_by_test_id("action-bankrupt")
    expect(out).to_be_visible()
    settle(table)
    shots.take(table, "seat-panel")
    out.click()
    table.get_by_test_id("confirm-yes").click()  # "this cannot be taken back"
    expect(table.locator(".toast-info")).to_have_count(1, timeout=SHOWN_MS)

    def gone(timeout: int) -> None:
        expect(table.get_by_test_id("player-Ann")).to_have_class(BANKRUPT, timeout=timeout)
    tap_until(reader, "Ann", gone)
    after = api.state()
    assert player(after, "Ann")["bankrupt"]
    expect(panel).to_be_hidden()
    settle(table)
    shots.take(table, "bankrupt")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_phone_tells_its_player_what_just_happened_and_the_table_shows_the_card(
        screens: Any, api: Api, artifacts: Path, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"banners-{size}-{lang}-", iter(range(1, 50)))
    api.new_game(["Ann", "Bob"])
    ann = paired_phone(screens, size, lang, "Ann")
    table = open_page(screens, context(screens, size, lang), "/", lang)
    banner = ann.get_by_test_id("personal-banner")
    expect(banner).to_be_hidden()

    # A fee: Ann lands on Income Tax.
    api.must({"do": "roll", "dice": [1, 3]})
    if (api.state()["pending"] or {}).get("kind") == "choice":
        api.must({"do": "choose", "option": "pay"})
    fee = banner.locator("[data-test=banner-line][data-amount^='-']").first
    expect(fee).to_be_visible(timeout=BANNER_MS)
    expect(fee).to_contain_text("−£200")
    settle(ann)
    shots.take(ann, "fee")
    api.must({"do": "end_turn"})
    # Bob buys Whitechapel Road (Ann's phone says nothing of Bob's money).
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    api.must({"do": "end_turn"})
    expect(banner.get_by_test_id("banner-line").filter(has_text="£60")).to_have_count(0)

    # A card: Ann draws Chance 1, "Advance to GO": its text big on her phone and on the Table page.
    api.must({"do": "roll", "dice": [1, 2]})
    feed = api.get("/api/feed")["items"]
    drawn = next(i for i in reversed(feed) if i["key"] == "card.draws")
    assert drawn["player"] == "Ann" and drawn["card"][lang], drawn
    expect(banner.get_by_test_id("banner-card")).to_contain_text(drawn["card"][lang], timeout=BANNER_MS)
    expect(table.get_by_test_id("spotlight-text")).to_have_text(drawn["card"][lang], timeout=BANNER_MS)
    settle(ann)
    shots.take(ann, "card")
    shots.take(table, "card-spotlight")
    assert_layout(ann, f"card banner, {size} {lang}")
    api.must({"do": "end_turn"})
    expect(table.get_by_test_id("card-spotlight")).to_be_hidden(timeout=BANNER_MS)  # the next event
    api.must({"do": "roll", "dice": [2, 3]})
    if (api.state()["pending"] or {}).get("kind") == "buy":
        api.must({"do": "decline"})
    state = api.state()
    while (state["pending"] or {}).get("kind") == "auction":
        api.must({"do": "pass", "player": state["pending"]["bidders"][0]})
        state = api.state()
    api.must({"do": "end_turn"})

    # Rent: Ann (back at GO) lands on Bob's Whitechapel Road.
    api.must({"do": "roll", "dice": [1, 2]})
    rent = next(i for i in reversed(api.get("/api/feed")["items"]) if i["key"] == "why.rent")
    line = banner.get_by_test_id("banner-line").filter(has_text=rent["text"][lang])
    expect(line).to_be_visible(timeout=BANNER_MS)
    expect(line).to_have_attribute("data-amount", str(-rent["amount"]))
    expect(line).to_contain_text(f"−£{rent['amount']}")
    settle(ann)
    shots.take(ann, "rent")
    banner.click()  # dismissed
    expect(banner).to_be_hidden()


@pytest.mark.parametrize("lang", LANGS)
def test_a_trade_offer_fits_the_now_box(screens: Any, api: Api, artifacts: Path, lang: str) -> None:
    shots = Shots(artifacts, f"trade-fits-{lang}-", iter(range(1, 50)))
    api.new_game(["Ann", "Bob"])
    for dice in ([1, 2], [2, 3]):  # Ann buys Whitechapel Road, then King's Cross Station
        api.must({"do": "roll", "dice": dice})
        api.must({"do": "buy"})
        api.must({"do": "end_turn"})
        api.must({"do": "roll", "dice": [6, 5]})
        if (api.state()["pending"] or {}).get("kind") == "buy":
            api.must({"do": "buy"})
        api.must({"do": "end_turn"})
    state = api.state()
    bobs = [sq for sq, p in state["properties"].items() if p["owner"] == "Bob"]
    anns = [sq for sq, p in state["properties"].items() if p["owner"] == "Ann"]
    api.must({"do": "trade", "from": "Ann", "to": "Bob", "give": {"squares": anns, "cash": 240},
              "take": {"squares": bobs}})
    table = open_page(screens, context(screens, "tablet", lang), "/", lang)
    give = table.get_by_test_id("trade-give")
    expect(give).to_contain_text("£240")
    panel = table.locator(".decision-panel")
    box, inner = panel.bounding_box(), give.bounding_box()
    assert box and inner and inner["x"] + inner["width"] <= box["x"] + box["width"], (box, inner)
    settle(table)
    shots.take(table, "trade-offer")
    assert_layout(table, f"trade offer, tablet {lang}")


def a_deed_each(api: Api) -> None:
    """Ann buys Whitechapel Road, Bob King's Cross Station: each has a deed to trade (Bob's turn)."""
    api.new_game(["Ann", "Bob"])
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    api.must({"do": "end_turn"})
    api.must({"do": "roll", "dice": [2, 3]})
    api.must({"do": "buy"})


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_player_without_a_phone_counters_a_trade_on_the_table_page(
        screens: Any, api: Api, artifacts: Path, size: str, lang: str) -> None:
    shots = Shots(artifacts, f"seat-counter-{size}-{lang}-", iter(range(1, 50)))
    a_deed_each(api)
    api.must({"do": "trade", "from": "Ann", "to": "Bob", "give": {"squares": ["whitechapel-road"]},
              "take": {"cash": 300}})
    table, reader = table_and_reader(screens, size, lang)
    table.get_by_test_id("action-counter").click()  # Bob's answer, on the shared page
    panel = table.get_by_test_id("seat-panel")
    expect(panel).to_have_attribute("data-player", "Bob")
    expect(panel.get_by_test_id("counter-note")).to_be_visible()
    cash = panel.get_by_test_id("trade-give-cash")
    expect(cash).to_have_value("300")  # the proposal, sides swapped
    cash.fill("150")
    settle(table)
    shots.take(table, "counter")
    propose = panel.get_by_test_id("trade-propose")

    # Ann's token on Bob's counter-offer is not Bob's: the table says so, and it waits for his.
    confirm(table, propose, reader, "Ann", wrong_token(table, lang, "Ann", "Bob"))
    assert api.state()["pending"]["from"] == "Ann"

    def countered(timeout: int) -> None:
        expect(table.get_by_test_id("trade-give")).to_contain_text("£150", timeout=timeout)
    tap_until(reader, "Bob", countered)
    pending = api.state()["pending"]
    assert (pending["kind"], pending["from"], pending["to"]) == ("trade", "Bob", "Ann"), pending
    assert pending["give"]["cash"] == 150 and pending["take"]["squares"] == ["whitechapel-road"]


def in_view(page: Page, button: Locator) -> bool:
    """The button lies inside the window (scrolled to, if need be), on top of whatever is there."""
    button.scroll_into_view_if_needed()
    return bool(button.evaluate("""(b) => {
        const r = b.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        return r.width > 0 && y >= 0 && y <= innerHeight && b.contains(document.elementFromPoint(x, y));
    }"""))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_counter_offer_to_a_player_without_a_phone_shows_its_terms_and_accept(
        screens: Any, api: Api, artifacts: Path, size: str, lang: str) -> None:
    """Issue 38, point 1: Ann (no phone) proposes from her seat panel, which stays open; Bob's
    counter-offer then shows there with its terms and Accept in reach, not an empty counter-offer
    form; Counter fills the form in from Bob's terms, a form of nothing cannot be sent, and Ann's
    token on Accept makes the trade."""
    shots = Shots(artifacts, f"seat-answer-{size}-{lang}-", iter(range(1, 50)))
    a_deed_each(api)
    table, reader = table_and_reader(screens, size, lang)
    table.get_by_test_id("open-seat-Ann").click()
    panel = table.get_by_test_id("seat-panel")
    expect(panel).to_have_attribute("data-player", "Ann")
    expect(panel.get_by_test_id("seat-offer")).to_be_hidden()
    propose = panel.get_by_test_id("trade-propose")
    expect(propose).to_be_disabled()  # nothing chosen yet: nothing to send, and the form says why
    expect(panel.get_by_test_id("trade-empty")).to_be_visible()
    panel.get_by_test_id("trade-give-deed-whitechapel-road").check()
    expect(propose).to_be_enabled()
    panel.get_by_test_id("trade-take-cash").fill("300")
    settle(table)
    shots.take(table, "ann-proposes")

    def proposed(timeout: int) -> None:
        expect(panel.get_by_test_id("trade-closed")).to_be_visible(timeout=timeout)
    confirm(table, propose, reader, "Ann", proposed)
    pending = api.state()["pending"]
    assert (pending["from"], pending["to"]) == ("Ann", "Bob"), pending
    assert pending["take"]["cash"] == 300 and pending["give"]["squares"] == ["whitechapel-road"], pending
    expect(panel).to_be_visible()  # the panel stays open, as Anna left it

    # Bob counters from his phone: £150, not £300. Ann's open panel shows his terms and answers.
    api.must({"do": "trade", "from": "Bob", "to": "Ann", "give": {"cash": 150},
              "take": {"squares": ["whitechapel-road"]}})
    offer = panel.get_by_test_id("seat-offer")
    expect(offer).to_be_visible()
    expect(offer.get_by_test_id("trade-give")).to_contain_text("£150")
    expect(offer.get_by_test_id("trade-take").locator("[data-square=whitechapel-road]")).to_be_visible()
    heading = {"en": "Bob offers Ann a trade", "ru": "Bob предлагает игроку Ann сделку"}[lang]
    expect(offer.get_by_role("heading")).to_have_text(heading)
    accept = offer.get_by_test_id("action-accept")
    expect(accept).to_be_visible()
    expect(offer.get_by_test_id("action-reject")).to_be_visible()
    assert in_view(table, accept), "Accept is out of sight or covered"
    expect(panel.get_by_test_id("trade-propose")).to_be_hidden()  # no empty counter-offer to send
    expect(panel.get_by_test_id("counter-note")).to_be_hidden()
    settle(table)
    shots.take(table, "bob-counters")
    assert_layout(table, f"seat panel with an offer, {size} {lang}")
    assert_only_legal_buttons(table, api.state(), "Ann", f"seat panel with an offer, {size} {lang}")

    # Counter: the form comes filled in from Bob's terms, sides swapped; Accept stays in reach.
    offer.get_by_test_id("action-counter").click()
    expect(panel.get_by_test_id("counter-note")).to_be_visible()
    expect(panel.get_by_test_id("trade-take-cash")).to_have_value("150")
    expect(panel.get_by_test_id("trade-give-deed-whitechapel-road")).to_be_checked()
    settle(table)
    shots.take(table, "counter-filled")
    # Everything taken out: the send waits, saying why.
    panel.get_by_test_id("trade-take-cash").fill("0")
    panel.get_by_test_id("trade-give-deed-whitechapel-road").uncheck()
    expect(propose).to_be_disabled()
    expect(panel.get_by_test_id("trade-empty")).to_be_visible()
    shots.take(table, "counter-empty")
    assert in_view(table, accept), "Accept is out of sight or covered under the counter-offer's form"

    def accepted(timeout: int) -> None:
        expect(offer).to_be_hidden(timeout=timeout)
    confirm(table, accept, reader, "Ann", accepted)
    after = api.state()
    assert after["pending"] is None or after["pending"].get("kind") != "trade", after["pending"]
    assert after["properties"]["whitechapel-road"]["owner"] == "Bob"
    expect(panel.get_by_test_id("seat-cash")).to_have_attribute(
        "data-amount", str(player(after, "Ann")["cash"]))
    settle(table)
    shots.take(table, "accepted")


def test_a_token_tapped_while_nothing_waits_opens_that_players_panel(screens: Any, api: Api) -> None:
    api.new_game(["Ann", "Bob"])
    table, reader = table_and_reader(screens, "tablet", "en")
    panel = table.get_by_test_id("seat-panel")
    expect(panel).to_be_hidden()
    reader.tap_token("Bob")
    expect(panel).to_be_visible(timeout=SHOWN_MS)
    expect(panel).to_have_attribute("data-player", "Bob")
    table.get_by_test_id("seat-close").click()
    expect(panel).to_be_hidden()
    # The positive control of the routing: while a screen waits to pair, Ann's tap pairs it and
    # opens nothing here.
    phone = open_page(screens, context(screens, "phone", "en"), "/player", "en")
    phone.get_by_test_id("pair").click()
    expect(phone.get_by_test_id("wait-code")).to_have_text(re.compile(r"^[0-9]{3}$"))  # its code
    deadline = time.monotonic() + 10
    while not api.get("/api/taps")["waiting"]:  # the table waits for the tap now
        assert time.monotonic() < deadline, "the phone never waited for a token"
        time.sleep(0.05)

    pair_by_token(phone, reader, "Ann")
    expect(panel).to_be_hidden()
