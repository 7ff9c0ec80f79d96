"""The screenshot of issue 41 for docs/players.md's "Play against the table" (docs/screenshots.py
calls this): the Banker page's new-game form with a seat the computer's, its level's line under it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.scripted import chromium, context, opened, simulated_table  # noqa: E402


def computer_shots(browser: Browser, url: str, pin: str, shot: Callable[[Page, str], None]) -> None:
    banker = opened(context(browser, url, "1024"), "/banker")
    banker.fill("[data-test=pin]", pin)
    banker.click("[data-test=pin-submit]")
    banker.wait_for_selector("[data-test=game-status]")
    banker.evaluate("() => { document.querySelector('[data-test=section-new-game]').open = true; }")
    for i, name in enumerate(["Ann", "Robo", "Bea"]):
        if i >= 2:
            banker.click("[data-test=add-player]")
        banker.fill(f"[data-test=new-game-player-{i}]", name)
    banker.select_option("[data-test=new-game-plays-1]", "smart")
    banker.evaluate("""() => {  // the players just under the sticky header
      const seats = document.querySelector("[data-test=new-game] .seats");
      window.scrollTo(0, seats.getBoundingClientRect().top + window.scrollY
        - document.querySelector("header.top").offsetHeight - 90);
    }""")
    shot(banker, "computer-seat")


def main() -> None:
    """This picture alone (docs/screenshots.py makes it with the rest)."""
    from screenshots import OUT, shot

    from tests.browser.support import PIN

    OUT.mkdir(parents=True, exist_ok=True)
    with simulated_table() as daemon, chromium() as browser:
        computer_shots(browser, daemon.url, PIN, shot)


if __name__ == "__main__":
    main()
