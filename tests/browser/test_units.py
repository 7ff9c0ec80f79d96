"""Item 12 of issue 22 at 390x844 and 1024x768 in English and Russian: numbers with their units
(a utility's rent as 4x the dice, the house-rule boxes, the printed cards, the custom bid and the
trade sums, every amount in the undo list), the chart's x axis in turns, the join address kept
whole on one line, no stray "null" on the pages, the hotel's own button, ★ only for "me", and one
wrong-PIN notice at a time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.i18n import LANGUAGES
from tests.browser.support import PIN, Api, Daemon, live, settle_turn
from tests.message_list import page_texts
from tests.waiting import PATIENCE_MS

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}
SIZE_LANG = pytest.mark.parametrize(("size", "lang"), [
    (size, lang) for size in ("phone", "tablet") for lang in LANGUAGES])
STRINGS = {lang: page_texts(lang) for lang in LANGUAGES}


def page_at(browser: Browser, daemon: Daemon, size: str, lang: str, path: str) -> Page:
    phone = size == "phone"
    ctx = browser.new_context(base_url=daemon.url, viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                              device_scale_factor=1, locale=lang)
    ctx.set_default_timeout(PATIENCE_MS)
    page = ctx.new_page()
    page.goto(f"{path}?lang={lang}")
    return live(page)


@SIZE_LANG
def test_numbers_carry_their_units(browser: Browser, daemon: Daemon, api: Api, size: str, lang: str,
                                   artifacts: Path) -> None:
    api.new_game(["Ann", "Bob"])
    api.must({"do": "roll", "dice": [6, 6]})  # Ann to Electric Company (square 12), and she buys it
    square = api.board()["squares"][12]
    assert square["kind"] == "utility"
    api.must({"do": "buy"})
    settle_turn(api, "Ann", rolls_due=1)  # her doubles' second roll
    api.must({"do": "end_turn"})
    api.must({"do": "roll", "dice": [1, 2]})  # Bob to Whitechapel Road: he buys it (turn 2)
    api.must({"do": "buy"})
    api.must({"do": "end_turn"})

    table = page_at(browser, daemon, size, lang, "/")
    rent = table.get_by_test_id(f"rent-{square['id']}")
    expect(rent).to_have_text(STRINGS[lang]["board.rent_dice"].replace("{n}", "4"))
    join = table.get_by_test_id("join-url")
    join.scroll_into_view_if_needed()
    expect(join).to_have_text(re.compile(r"^http://"))
    lines = join.evaluate("(el) => el.getClientRects().length")
    assert lines == 1, "the join address is broken over lines"
    table.screenshot(path=str(artifacts / f"units-{size}-{lang}-table.png"))

    chart = page_at(browser, daemon, size, lang, "/chart")
    turns = chart.get_by_test_id("chart-turn")
    expect(turns.first).to_have_text("1")
    shown = [int(text) for text in turns.all_text_contents()]
    assert shown == sorted(set(shown)) and shown[-1] == 2, shown  # money moved in Ann's turn and Bob's
    expect(chart.locator(".axis-name")).to_have_text(STRINGS[lang]["chart.turns"])
    boxes = turns.evaluate_all("(els) => els.map((e) => e.getBoundingClientRect())"
                               ".map((r) => [r.left, r.right])")
    assert all(a[1] <= b[0] for a, b in zip(boxes, boxes[1:], strict=False)), boxes  # no label over another
    chart.screenshot(path=str(artifacts / f"units-{size}-{lang}-chart.png"))

    banker = page_at(browser, daemon, size, lang, "/banker")
    banker.get_by_test_id("pin").fill(PIN)
    banker.get_by_test_id("pin-submit").click()
    expect(banker.get_by_test_id("game-status")).to_be_visible()
    banker.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    cash = banker.get_by_test_id("rule-starting_cash")
    expect(cash).to_have_attribute("aria-describedby", "rule-starting_cash-unit")
    expect(banker.locator("#rule-starting_cash-unit")).to_have_text("£")
    expect(banker.locator("#rule-hotels-unit")).to_have_text(STRINGS[lang]["rule.unit.hotels"])

    cards = [c["text"][lang] for deck in api.board()["decks"].values() for c in deck["cards"]]
    assert not [c for c in cards if re.search(r"(?<![£\d])\d{2,}(?!\d)", c)], "a sum on a card without £"


# ---- the rest of item 12, as it is seen on the running pages -----------------------------------

# Text a page should never show: a value the script did not have, or a placeholder left unfilled.
BAD_TEXT_JS = r"""() => {
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.closest("script, style, [hidden]")) continue;
    const text = n.textContent;
    if (/\b(null|undefined|NaN)\b|\{[a-z_]+\}/.test(text)) found.push(text.trim().slice(0, 100));
  }
  return found;
}"""


def banker_at(browser: Browser, daemon: Daemon, size: str, lang: str) -> Page:
    page = page_at(browser, daemon, size, lang, "/banker")
    page.get_by_test_id("pin").fill(PIN)
    page.get_by_test_id("pin-submit").click()
    expect(page.get_by_test_id("game-status")).to_be_visible()
    return page


def phone_of(browser: Browser, daemon: Daemon, size: str, lang: str, name: str) -> Page:
    """A player's phone (or tablet), paired as the banker pairs one."""
    phone = size == "phone"
    ctx = browser.new_context(base_url=daemon.url, viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                              device_scale_factor=1, locale=lang)
    ctx.set_default_timeout(PATIENCE_MS)
    paired = ctx.request.post("/api/pair", data={"player": name}, headers={"X-Banker-Pin": PIN})
    assert paired.status == 200, paired.text()
    page = ctx.new_page()
    page.goto(f"/player?lang={lang}")
    live(page)
    expect(page.get_by_test_id("my-name")).to_have_text(name)
    return page


@SIZE_LANG
def test_the_undo_list_says_every_amount_with_its_pound_sign(browser: Browser, daemon: Daemon, api: Api,
                                                             size: str, lang: str, artifacts: Path) -> None:
    api.new_game(["Ann", "Bob", "Cat"])
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "decline"})
    api.must({"do": "bid", "player": "Bob", "amount": 200})
    api.must({"do": "pass", "player": "Ann"})
    api.must({"do": "pass", "player": "Cat"})  # Bob wins Whitechapel Road for £200
    banker = banker_at(browser, daemon, size, lang)
    # (the chances' switch, drawn while the page's words load, once said it in English on every page)
    expect(banker.locator("label[for=odds-shared]")).to_have_text(STRINGS[lang]["odds_shared.label"])
    banker.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    what = banker.locator("#undo-what")
    expect(what).to_contain_text("£200")
    banker.locator("#undo-count").fill("3")
    banker.locator("#undo").click()
    listed = banker.get_by_test_id("confirm").locator(".undo-list li")
    expect(listed).to_have_count(3)
    lines = listed.all_text_contents()
    assert all("£200" in line for line in (lines[0], lines[2])), lines  # the win, then Bob's bid
    assert not [line for line in lines if re.search(r"(?<![£\d])\d{2,}", line)], lines  # no sum without £
    banker.screenshot(path=str(artifacts / f"units-{size}-{lang}-undo.png"))
    banker.get_by_test_id("confirm-no").click()
    assert api.state()["properties"]["whitechapel-road"]["owner"] == "Bob"  # nothing was undone


@SIZE_LANG
def test_an_auction_without_a_clock_shows_no_stray_words(browser: Browser, daemon: Daemon, api: Api,
                                                         size: str, lang: str) -> None:
    """The session's daemon runs auctions without a clock: the Now box once read "nullnull"
    there, and the chances "null" before anyone had gone bankrupt."""
    api.new_game(["Ann", "Bob"])
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "decline"})
    assert api.state().get("auction_clock") is None
    table = page_at(browser, daemon, size, lang, "/")
    phone = phone_of(browser, daemon, size, lang, "Bob")
    for page in (table, phone):
        expect(page.get_by_test_id("auction-high-bid")).to_be_visible()
        page.wait_for_timeout(300)  # the chances' panel, drawn once its figure comes
        assert page.evaluate(BAD_TEXT_JS) == [], page.url
    # The positive control: the same check finds a stray "null" put on the page.
    table.evaluate("document.getElementById('decision').append('null')")
    assert table.evaluate(BAD_TEXT_JS) == ["null"]
    # The custom bid box says its unit.
    expect(phone.locator(".with-unit").filter(has=phone.get_by_test_id("bid-amount"))).to_contain_text("£")


@SIZE_LANG
def test_a_hotel_is_built_by_its_own_button_and_the_star_means_me(browser: Browser, daemon: Daemon, api: Api,
                                                                  size: str, lang: str) -> None:
    api.new_game(["Ann", "Bob"])
    for square in ("old-kent-road", "whitechapel-road"):
        api.must({"do": "give_deed", "square": square, "to": "Ann"})
    for _ in range(4):
        for square in ("old-kent-road", "whitechapel-road"):
            api.must({"do": "build", "player": "Ann", "square": square})
    api.must({"do": "build", "player": "Ann", "square": "old-kent-road"})  # its hotel
    ann = phone_of(browser, daemon, size, lang, "Ann")
    hotel = ann.get_by_test_id("action-build-whitechapel-road")
    cost = STRINGS[lang]["action.build_hotel"].replace("{cost}", "£50")
    expect(hotel).to_have_text(cost)  # "Build a hotel (£50)", not "Build (£50)"
    expect(ann.get_by_test_id("action-build-old-kent-road")).to_have_count(0)  # a hotel is the last
    # ★ is only "me": Ann's own row on her phone; a hotel is drawn as a block, never a star.
    stars = ann.evaluate("""() => [...document.querySelectorAll('.name-text')]
      .filter((e) => getComputedStyle(e, '::after').content.includes('★')).map((e) => e.textContent)""")
    assert stars == ["Ann"], stars
    assert "★" not in ann.evaluate("document.body.innerText")
    table = page_at(browser, daemon, size, lang, "/")
    expect(table.get_by_test_id("square-old-kent-road")).to_have_attribute("data-hotel", "true")
    assert "★" not in table.evaluate("document.body.innerText")
    assert table.evaluate("""() => [...document.querySelectorAll('.name-text')]
      .filter((e) => getComputedStyle(e, '::after').content.includes('★')).length""") == 0  # nobody's screen
    # The trade form's sums say their unit too.
    for side in ("give", "take"):
        box = ann.get_by_test_id(f"trade-{side}-cash")
        expect(ann.locator(".with-unit").filter(has=box)).to_contain_text("£")


@pytest.mark.parametrize(("size", "lang"), [("phone", "ru"), ("tablet", "en")])
def test_wrong_pins_show_one_notice_at_a_time(browser: Browser, tmp_path: Path, size: str, lang: str,
                                              artifacts: Path) -> None:
    """Past the table's allowance of wrong PINs, each try's answer ("wait N seconds") replaces the
    last one's: never two notices stacked (its own daemon: the lock-out is the whole table's)."""
    own = Daemon(tmp_path / "data", tmp_path / "daemon.log")
    try:
        own.wait_serving()
        page = page_at(browser, own, size, lang, "/banker")
        waits = 0
        for attempt in range(13):
            page.get_by_test_id("pin").fill("999999")
            with page.expect_response(lambda r: r.url.endswith("/api/banker/login")) as answer:
                page.get_by_test_id("pin-submit").click()
            toasts = page.locator('#toasts [data-test="toast"]')
            expect(toasts).to_have_count(1)
            waits += answer.value.status == 429
            if answer.value.status == 429:
                expect(toasts).to_contain_text(re.compile(r"\d+"))
            assert attempt < 12 or waits, "the table never asked to wait"
        page.screenshot(path=str(artifacts / f"units-{size}-{lang}-lockout.png"))
    finally:
        own.stop()
