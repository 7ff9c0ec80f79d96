"""Item 12 of issue 22 at 390x844 and 1024x768 in English and Russian: numbers with their units
(a utility's rent as 4x the dice, the house-rule boxes, the printed cards), the chart's x axis in
turns, and the join address kept whole on one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.support import PIN, Api, Daemon, live, settle_turn
from tests.message_list import page_texts

SIZES = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 768}}
SIZE_LANG = pytest.mark.parametrize(("size", "lang"), [
    ("phone", "en"), ("phone", "ru"), ("tablet", "en"), ("tablet", "ru")])
STRINGS = {lang: page_texts(lang) for lang in ("en", "ru")}


def page_at(browser: Browser, daemon: Daemon, size: str, lang: str, path: str) -> Page:
    phone = size == "phone"
    ctx = browser.new_context(base_url=daemon.url, viewport=SIZES[size], is_mobile=phone, has_touch=phone,
                              device_scale_factor=1, locale=lang)
    ctx.set_default_timeout(10_000)
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
