"""Issue 22's pictures at 390x844 and 1024x768 in English and Russian, played through a simulated
daemon: the Table page with a phone-less player's panel open in debt; a phone's banners for rent,
a card, jail and an auction won; an auction on the table's timer; the Banker page's top; the
enrolment of tags. docs/screenshots.py takes README's few from here; run alone, it writes them all
into one flat folder (table-debt-1024-ru.png, ...), to look at every size and language at once.

Run: .venv/bin/python docs/issue22_shots.py /tmp/shots22   (Debian's Chromium, through Playwright)
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.scripted import SIZES, chromium, context, opened, simulated_table  # noqa: E402

DEBT = ROOT / "tests" / "scripts" / "08-money" / "bankrupt-to-a-player-buildings-sold-to-the-bank-first.jsonl"
TOKENS = {"Ann": "car", "Bob": "dog", "Cat": "hat"}
CLOCK = {"seconds": 20, "opening": 60}  # the new-game form's defaults
GO_TO_JAIL = 30

Save = Callable[[Page, str], None]  # a page and what it shows ("table-debt")


def at_top(page: Page) -> Page:
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(400)
    return page


def debt_panel(browser: Browser, url: str, call: Callable[..., Any], size: str, lang: str,
               save: Save) -> None:
    """Ann, without a phone, owes Bob rent: her panel on the Table page, opened from the Now box."""
    lines = [json.loads(line) for line in DEBT.read_text(encoding="utf-8").splitlines()]
    first = lines[0]
    call(url, "/api/games", {"players": first["players"], "seed": first["seed"], "rules": first["rules"],
                             "tokens": {name: TOKENS[name] for name in first["players"]}})
    for command in lines[1:-1]:
        call(url, "/api/commands", command)
    table = opened(context(browser, url, size, lang), "/", lang)
    table.click("[data-test=open-seat-debt-Ann]")
    table.wait_for_selector("[data-test=seat-panel] [data-test=seat-advice]")
    table.wait_for_timeout(400)
    save(table, "table-debt")
    table.context.close()


def phone_story(browser: Browser, url: str, call: Callable[..., Any], pin: str, size: str, lang: str,
                save: Save) -> None:
    """Ann's phone (paired by the banker) through a card, a rent, an auction she wins on the timer,
    and jail; the Table page while the auction's countdown runs."""
    call(url, "/api/games", {"players": ["Ann", "Bob"], "seed": 7, "rules": {"shuffle": False},
                             "tokens": {"Ann": "car", "Bob": "dog"}, "auction_clock": CLOCK})
    phone_context = context(browser, url, size, lang)
    paired = phone_context.request.post("/api/pair", data={"player": "Ann"}, headers={"X-Banker-Pin": pin})
    assert paired.status == 200, paired.text()
    phone = opened(phone_context, "/player", lang)
    phone.wait_for_selector("[data-test=my-name]")
    table = opened(context(browser, url, size, lang), "/", lang)

    def banner(selector: str, what: str) -> None:
        phone.wait_for_selector(f"[data-test=personal-banner] {selector}")
        save(at_top(phone), what)

    call(url, "/api/commands", {"do": "roll", "dice": [3, 4]})  # Chance 1: Advance to GO
    banner("[data-test=banner-card]", "phone-card")
    call(url, "/api/commands", {"do": "end_turn"})
    for command in ({"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"}):  # Bob's street
        call(url, "/api/commands", command)
    call(url, "/api/commands", {"do": "roll", "dice": [1, 2]})  # Ann pays Bob rent
    banner('[data-key="why.rent"]', "phone-rent")
    call(url, "/api/commands", {"do": "end_turn"})
    call(url, "/api/commands", {"do": "roll", "dice": [2, 3]})  # Bob to The Angel, Islington
    call(url, "/api/commands", {"do": "decline"})
    call(url, "/api/commands", {"do": "bid", "player": "Ann", "amount": 100})  # the countdown starts
    table.wait_for_selector('[data-test=auction-countdown][data-phase="bidding"]')
    table.locator("[data-test=auction-countdown]").evaluate("(el) => el.scrollIntoView({ block: 'center' })")
    table.wait_for_timeout(1500)
    save(table, "auction-timer")
    call(url, "/api/commands", {"do": "pass", "player": "Bob"})
    banner('[data-key="why.won_auction"]', "phone-auction-won")
    call(url, "/api/commands", {"do": "end_turn"})
    board = call(url, "/api/board")
    before_jail = board["squares"][GO_TO_JAIL - 5]["id"]
    call(url, "/api/commands", {"do": "place", "player": "Ann", "square": before_jail})
    call(url, "/api/commands", {"do": "roll", "dice": [2, 3]})  # onto Go to Jail
    banner('[data-key="jail.goes"]', "phone-jail")
    phone_context.close()
    table.context.close()


def banker_pages(browser: Browser, url: str, call: Callable[..., Any], pin: str, size: str, lang: str,
                 save: Save) -> None:
    """The Banker page's top in a running game, then its tags section enrolling a whole new set
    (one tag taken; the run is stopped after the picture)."""
    call(url, "/api/games", {"players": ["Ann", "Bob", "Cat"], "seed": 7, "rules": {"shuffle": False},
                             "tokens": TOKENS})
    for command in ({"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"}):
        call(url, "/api/commands", command)
    banker = opened(context(browser, url, size, lang), "/banker", lang)
    banker.fill("[data-test=pin]", pin)
    banker.click("[data-test=pin-submit]")
    banker.wait_for_selector("[data-test=overview]")
    save(at_top(banker), "banker-top")
    section = banker.locator("[data-test=section-tags]")
    if section.get_attribute("open") is None:
        section.locator("summary").first.click()
    banker.click("[data-test=enrol-all]")  # (a simulated table has every tag already: none missing)
    banker.click("[data-test=confirm-yes]")
    banker.wait_for_selector("[data-test=enrol-ask]")
    call(url, "/api/sim/tap", {"uid": "04a1b2c3d4e5f6"})  # Old Kent Road's sticker
    banker.wait_for_selector('[data-test=enrol-progress][value="1"]')
    banker.evaluate("""() => {  // the section just under the sticky header
      const tags = document.querySelector('[data-test=section-tags]');
      window.scrollTo(0, tags.getBoundingClientRect().top + window.scrollY
        - document.querySelector('header.top').offsetHeight - 8);
    }""")
    banker.wait_for_timeout(400)
    save(banker, "enrolment")
    banker.click("[data-test=enrol-stop]")
    banker.wait_for_selector("[data-test=enrol-missing]")
    banker.context.close()


def every_shot(browser: Browser, url: str, call: Callable[..., Any], pin: str, size: str, lang: str,
               save: Save) -> None:
    debt_panel(browser, url, call, size, lang, save)
    phone_story(browser, url, call, pin, size, lang, save)
    banker_pages(browser, url, call, pin, size, lang, save)


def main() -> None:
    from companion.i18n import LANGUAGES
    from tests.browser.scripted import call
    from tests.browser.support import PIN

    out = Path(sys.argv[1] if len(sys.argv) > 1 else "issue22-shots").resolve()
    out.mkdir(parents=True, exist_ok=True)
    with simulated_table() as daemon, chromium() as browser:
        for size in SIZES:
            for lang in LANGUAGES:
                def save(page: Page, what: str, size: str = size, lang: str = lang) -> None:
                    path = out / f"{what}-{size}-{lang}.png"
                    page.screenshot(path=str(path), animations="disabled")
                    print(path)
                every_shot(browser, daemon.url, call, PIN, size, lang, save)


if __name__ == "__main__":
    main()
