"""The screenshots of docs/players.md: a fresh simulated table, its first-start PIN, a game
of three, a phone paired (and the Table page announcing it), the Virtual table, the banker and the
screens the banker sees, the winner; issue 22's seat panel, banners (a card, rent, jail, an auction
won) and the auction's timer; issue 41's computer seat in the new-game form. Writes
docs/screens/*.png.

Run: .venv/bin/python docs/screenshots.py   (Debian's Chromium, /usr/bin/chromium, through Playwright)
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from computer_shots import computer_shots  # noqa: E402
from issue22_shots import phone_story  # noqa: E402
from seat_shots import seat_shots  # noqa: E402

from tests.browser.scripted import call, chromium, context, simulated_table  # noqa: E402
from tests.browser.support import PIN  # noqa: E402

OUT = ROOT / "docs" / "screens"


def shot(page: Page, name: str) -> None:
    page.wait_for_timeout(700)
    page.screenshot(path=str(OUT / f"{name}.png"))
    print(OUT / f"{name}.png")


# Issue 22's pictures README shows, from docs/issue22_shots.py (which makes them all, at both
# sizes and in both languages): the phone's banners at 390x844, the auction's timer at 1024x768.
README_SHOTS = {("390", "phone-rent"): "banner-rent", ("390", "phone-jail"): "banner-jail",
                ("390", "phone-auction-won"): "banner-auction-won",
                ("1024", "auction-timer"): "auction-timer"}


def readme_story(browser: Any, url: str) -> None:
    for size in ("390", "1024"):
        def save(page: Page, what: str, size: str = size) -> None:
            name = README_SHOTS.get((size, what))
            if name:
                shot(page, name)
        phone_story(browser, url, call, PIN, size, "en", save)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with simulated_table(banker_pin=None) as daemon, chromium() as browser:  # a new table: no PIN yet
        url = daemon.url
        banker = context(browser, url, "390").new_page()
        banker.goto("/banker")
        banker.fill("[data-test=pin]", PIN)
        banker.fill("[data-test=pin-repeat]", PIN)
        banker.click("[data-test=pin-submit]")
        banker.wait_for_selector("[data-test=wait-code]")  # now the banker's step: its code shown
        call(url, "/api/sim/tap", {"meaning": "banker"})  # the banker's tag on the reader ...
        banker.wait_for_selector('[data-test=wait-offer][data-yours="true"]')  # ... offers its code
        shot(banker, "first-start-pin")
        banker.wait_for_timeout(1500)  # the tag lifted a moment (the same tag within a second is one tap)
        call(url, "/api/sim/tap", {"meaning": "banker"})  # ... and laid again takes it
        banker.wait_for_selector("[data-test=game-status]")
        call(url, "/api/games", {"players": ["Ann", "Bob", "Cat"], "seed": 7,
                                 "rules": {"shuffle": False},
                                 "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"}})
        for command in ({"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"},
                        {"do": "roll", "dice": [2, 4]}, {"do": "buy"}, {"do": "end_turn"},
                        {"do": "roll", "dice": [1, 2]}, {"do": "end_turn"},
                        {"do": "roll", "dice": [4, 4]}):
            call(url, "/api/commands", command)
        table = context(browser, url, "1024")
        page = table.new_page()
        page.goto("/")
        page.wait_for_selector("[data-test=table-setup]")  # a new tablet: not the table's screen yet
        page.fill("[data-test=table-pin]", PIN)
        shot(page, "table-setup")
        page.click("[data-test=table-setup]")
        page.wait_for_selector("[data-test=table-setup-panel]", state="hidden")
        page.wait_for_selector("[data-test=odds-samples]", timeout=60_000)  # the chances
        shot(page, "table")
        virtual = table.new_page()
        virtual.goto("/virtual")
        shot(virtual, "virtual-table")
        phone = context(browser, url, "390").new_page()
        phone.goto("/player")
        phone.click("[data-test=pair]")
        phone.wait_for_selector("[data-test=wait-code]")
        virtual.click('[data-test="sim-tag-token:car"]')  # Ann's token: the table offers the code
        phone.wait_for_selector('[data-test=wait-offer][data-yours="true"]')
        shot(phone, "pairing")
        page.bring_to_front()  # the table's own screen lists the codes to choose among
        page.wait_for_selector("[data-test=choice-code]")
        shot(page, "pairing-choice")
        virtual.bring_to_front()
        virtual.wait_for_timeout(1500)  # the token lifted a moment, then tapped again
        virtual.click('[data-test="sim-tag-token:car"]')
        phone.wait_for_selector("[data-test=my-name]")
        shot(phone, "player")
        page.bring_to_front()  # every pairing announced on the Table page, with "not me"
        page.wait_for_selector("[data-test=paired-banner]")
        shot(page, "pairing-notice")
        ru = context(browser, url, "390").new_page()
        ru.goto("/?lang=ru")
        shot(ru, "table-phone-ru")
        desk = context(browser, url, "1024").new_page()
        desk.goto("/banker")
        desk.fill("[data-test=pin]", PIN)
        desk.click("[data-test=pin-submit]")
        shot(desk, "banker")
        desk.evaluate("""() => {  // the Screens panel just under the sticky header
          const panel = document.querySelector("[data-test=section-screens]");
          panel.open = true;
          window.scrollTo(0, panel.getBoundingClientRect().top + window.scrollY
            - document.querySelector("header.top").offsetHeight - 8);
        }""")
        shot(desk, "banker-screens")
        call(url, "/api/commands", {"do": "end_game"})
        page.bring_to_front()
        shot(page, "winner")
        seat_shots(browser, url, PIN, call, shot)  # issue 22: the seat panel, banners, a card
        readme_story(browser, url)  # issue 22: the rent, jail and auction banners; the timer
        computer_shots(browser, url, PIN, shot)  # issue 41: a computer's seat in the new-game form


if __name__ == "__main__":
    main()
