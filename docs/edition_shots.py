"""The screenshots of docs/editions.md (issue 40): a US game at the table, part way through (a
nearest-utility card has just asked for its extra roll), as the Table page, a phone, History and the
Banker's new-game form (its board choice) show it, at 390x844 and 1024x768, in English and Russian.
Every picture goes to a folder of its own (the first argument, /tmp/edition-shots by default) to be
looked at; the few docs/editions.md shows are copied to docs/screens/.

Run: .venv/bin/python docs/edition_shots.py [folder]   (Debian's Chromium, through Playwright)
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.rules import new_game  # noqa: E402
from tests.browser.scripted import call, chromium, context, opened, simulated_table  # noqa: E402
from tests.browser.support import PIN  # noqa: E402
from tests.whole_games import ENGLISH, RULES, game_script  # noqa: E402

DOCS = ROOT / "docs" / "screens"
SEED = 28  # tests/browser/test_whole_game_us.py's English game
# The pictures docs/editions.md shows: (page, size, language) -> its name in docs/screens/.
IN_DOCS = {("table", "1024", "en"): "us-table", ("phone", "390", "ru"): "us-phone-ru",
           ("banker", "1024", "en"): "us-new-game"}


def script_to_extra_roll() -> list[dict[str, Any]]:
    """The US game's script to just after its first nearest-utility card owed a roll."""
    lines = game_script(ENGLISH, SEED, RULES, edition="us")
    game = new_game(lines[0])
    for n, line in enumerate(lines[1:], start=1):
        game.apply(line, guarded=False)
        if game.roll_due is not None:
            return lines[: n + 1]
    raise AssertionError("the game never drew the nearest-utility card onto another's utility")


def shoot(browser: Browser, url: str, out: Path, what: str, size: str, lang: str) -> None:
    made = context(browser, url, size, lang)
    if what == "phone":
        answer = made.request.post("/api/pair", data={"player": ENGLISH[0]}, headers={"X-Banker-Pin": PIN})
        assert answer.ok, answer.text()
    page: Page = opened(made, {"table": "/", "phone": "/player", "history": "/history",
                               "banker": "/banker"}[what], lang)
    if what == "banker":
        page.fill("[data-test=pin]", PIN)
        page.click("[data-test=pin-submit]")
        page.wait_for_selector("[data-test=game-status]")
        page.evaluate("""() => {  // the new game's form, its board chosen, under the sticky header
          const panel = document.querySelector("[data-test=section-new-game]");
          panel.open = true;
          window.scrollTo(0, panel.getBoundingClientRect().top + window.scrollY
            - document.querySelector("header.top").offsetHeight - 8);
        }""")
        page.wait_for_selector("[data-test=new-game-edition]")
    page.wait_for_timeout(1200)
    name = f"{what}-{size}-{lang}.png"
    page.screenshot(path=str(out / name))
    print(out / name)
    docs = IN_DOCS.get((what, size, lang))
    if docs:
        shutil.copy(out / name, DOCS / f"{docs}.png")
    made.close()


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/edition-shots")
    out.mkdir(parents=True, exist_ok=True)
    lines = script_to_extra_roll()
    first = lines[0]
    with simulated_table() as daemon, chromium() as browser:
        url = daemon.url
        tokens = dict(zip(ENGLISH, ("car", "dog", "hat", "iron", "ship"), strict=False))
        call(url, "/api/games", {"players": first["players"], "seed": SEED, "rules": first["rules"],
                                 "edition": "us", "tokens": tokens})
        for command in lines[1:]:
            call(url, "/api/commands", command)
        for what in ("table", "phone", "history", "banker"):
            for size in ("390", "1024"):
                for lang in ("en", "ru"):
                    shoot(browser, url, out, what, size, lang)


if __name__ == "__main__":
    main()
