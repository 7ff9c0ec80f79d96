"""The screenshots of issue 22 for docs/players.md (docs/screenshots.py calls this): the
Table page's seat panel for a player without a phone, in debt; a phone's banner for a card drawn;
the Table page's card spotlight."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.scripted import chromium, context, opened, simulated_table  # noqa: E402

DEBT = ROOT / "tests" / "scripts" / "08-money" / "bankrupt-to-a-player-buildings-sold-to-the-bank-first.jsonl"


def seat_shots(browser: Browser, url: str, pin: str, call: Callable[..., Any],
               shot: Callable[[Page, str], None]) -> None:
    # Ann, without a phone, owes Bob rent: the Now box says how to raise it; her panel does it.
    lines = [json.loads(line) for line in DEBT.read_text(encoding="utf-8").splitlines()]
    first = lines[0]
    call(url, "/api/games", {"players": first["players"], "seed": first["seed"], "rules": first["rules"],
                             "tokens": {"Ann": "car", "Bob": "dog", "Cat": "hat"}})
    for command in lines[1:-1]:
        call(url, "/api/commands", command)
    table = opened(context(browser, url, "1024"), "/")  # the table's own screen
    table.wait_for_selector("[data-test=debt-advice]")
    table.click("[data-test=open-seat-debt-Ann]")
    table.wait_for_selector("[data-test=seat-panel] [data-test=action-sell-building-old-kent-road]")
    shot(table, "seat-panel")
    ru = opened(context(browser, url, "390", "ru"), "/", "ru")
    ru.click("[data-test=open-seat-Ann]")
    ru.wait_for_selector("[data-test=seat-panel] [data-test=seat-advice]")
    shot(ru, "seat-panel-phone-ru")
    # A card drawn: big on Ann's phone (paired by the banker here) and on the Table page.
    call(url, "/api/games", {"players": ["Ann", "Bob"], "seed": 7, "rules": {"shuffle": False},
                             "tokens": {"Ann": "car", "Bob": "dog"}})
    phone_context = context(browser, url, "390")
    phone_context.request.post("/api/pair", data={"player": "Ann"}, headers={"X-Banker-Pin": pin})
    phone = phone_context.new_page()
    phone.goto("/player")
    phone.wait_for_selector("[data-test=my-name]")
    table.goto("/")
    table.wait_for_selector("[data-test=decision-text]")
    phone.wait_for_timeout(1000)
    call(url, "/api/commands", {"do": "roll", "dice": [3, 4]})  # Chance 1: Advance to GO
    phone.wait_for_selector("[data-test=banner-card]")
    shot(phone, "banner-card")
    table.wait_for_selector("[data-test=spotlight-text]")
    shot(table, "card-spotlight")


def main() -> None:
    """These pictures alone (docs/screenshots.py makes them with the rest)."""
    from screenshots import OUT, shot

    from tests.browser.scripted import call
    from tests.browser.support import PIN

    OUT.mkdir(parents=True, exist_ok=True)
    with simulated_table() as daemon, chromium() as browser:
        seat_shots(browser, daemon.url, PIN, call, shot)


if __name__ == "__main__":
    main()
