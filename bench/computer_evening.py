"""A whole game of one person against three computers, played in the browser, once for each way the
table can wait for the people to do what a computer's move asks of them (`[computer] confirm`:
"act" waits for the Table page's Done, the dice button or the computer's token; "seconds" goes on
after `confirm_seconds`). What it prints is what `[computer] confirm`'s default was chosen from.

Run: .venv/bin/python bench/computer_evening.py [--pace 1.0] [--confirm-seconds 2.0] [--modes act,seconds]
It starts `companion run --simulate` (tests/browser/support.py's Daemon) for each mode, with the
whole-game test's table (tests/test_computer_whole_game.py: Ann against Robo, simple, and Smarty
and Bolt, smart; seed 41; £600 each and no salary, so that the money runs out), opens the Table page
as the table's own screen at 1024×768 and Ann's paired phone at 390×844 in Debian's Chromium, and
plays Ann's moves by pressing her phone's buttons (the plainest move the rules list for her:
tests/computer_support.py's person_move), until a winner. With "act" it presses the Table page's
Done as soon as the prompts show it (a family takes longer: their time is not the table's). The
timings are scaled down (--pace, --confirm-seconds; the table's own are 3 s and 6 s): the counts
are the figures, not the minutes.

For each mode, one line and a JSON line: the commands stored and the computers' turns, the groups of
prompts the Table page showed (a group: the prompts on the screen together, until they went), the
physical acts per group (a piece moved, a card, a deed handed over, a house put up), the Done
presses, and with "seconds" the groups the table left before the people could have done them at
two seconds an act (a piece moved, a deed found).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.config import ComputerConfig  # noqa: E402
from tests.browser.support import PIN, Api, Daemon, live, table_screen  # noqa: E402
from tests.computer_support import person_move  # noqa: E402

CHROMIUM = os.environ.get("COMPANION_CHROMIUM", "/usr/bin/chromium")
COMPUTERS = {"Robo": "simple", "Smarty": "smart", "Bolt": "smart"}
GAME = {"players": ["Ann", *COMPUTERS], "computer": COMPUTERS, "seed": 41,
        "tokens": {"Ann": "car", "Robo": "dog", "Smarty": "hat", "Bolt": "ship"},
        "rules": {"starting_cash": 600, "salary": 0}}
LONGEST = 40 * 60  # seconds: a game that runs longer is reported as unfinished
ACT_SECONDS = 2.0  # what one physical act takes a person at the table, at the least


def play(mode: str, pace: float, confirm_seconds: float) -> dict[str, Any]:
    base = Path(tempfile.mkdtemp(prefix=f"computer-evening-{mode}-"))
    daemon = Daemon(base / "data", base / "daemon.log", auction_seconds=3)
    daemon.stop()  # started again with this mode's [computer]
    with daemon.config.open("a") as config:
        config.write(f'\n[computer]\npace = {pace}\nconfirm = "{mode}"\n'
                     f'confirm_seconds = {confirm_seconds}\n')
    daemon.start()
    groups: list[dict[str, Any]] = []  # each group of prompts: when it showed, went, and what it asked
    done_presses = 0
    person_moves = 0
    unoffered: list[dict[str, Any]] = []  # Ann's moves her phone had no button for
    unoffered_since: float | None = None
    try:
        daemon.wait_serving()
        api = Api(daemon.url)
        status, answer = api.request("POST", "/api/games", GAME)
        assert status == 201, answer
        with sync_playwright() as pw:
            pw.selectors.set_test_id_attribute("data-test")
            browser = pw.chromium.launch(executable_path=CHROMIUM,
                                         args=["--no-sandbox", "--disable-dev-shm-usage"])
            tablet = browser.new_context(base_url=daemon.url, viewport={"width": 1024, "height": 768})
            table_screen(tablet)
            table = tablet.new_page()
            table.goto("/")
            live(table)
            phone_context = browser.new_context(base_url=daemon.url, viewport={"width": 390, "height": 844},
                                                is_mobile=True, has_touch=True)
            paired = phone_context.request.post("/api/pair", data={"player": "Ann"},
                                                headers={"X-Banker-Pin": PIN})
            assert paired.ok, paired.text()
            phone = phone_context.new_page()
            phone.goto("/player")
            live(phone)
            began = time.monotonic()
            current: dict[str, Any] | None = None
            while time.monotonic() - began < LONGEST:
                shown = api.get("/api/state")
                prompts = api.get("/api/computer/prompts")["prompts"]
                ids = tuple(p["id"] for p in prompts)
                now = time.monotonic()
                if current is not None and (not ids or not set(ids) & set(current["ids"])):
                    current["went"] = now
                    current = None
                if ids and current is None:
                    current = {"ids": ids, "showed": now, "went": None, "acts": [p["kind"] for p in prompts],
                               "words": [p["words"]["en"] for p in prompts]}
                    groups.append(current)
                elif ids and current is not None and ids != current["ids"]:
                    new = [p for p in prompts if p["id"] not in current["ids"]]
                    current["ids"] = ids
                    current["acts"] += [p["kind"] for p in new]
                    current["words"] += [p["words"]["en"] for p in new]
                if shown.get("winner") is not None:
                    break
                if mode == "act" and ids and press(table, "prompts-done"):
                    done_presses += 1
                    continue
                move = person_move(shown, "Ann")
                if move is not None and press(phone, button_for(move)):
                    person_moves += 1
                    unoffered_since = None
                    continue
                if move is not None:  # her phone offers no button for it (yet: drawn a moment later)
                    unoffered_since = unoffered_since or now
                    if now - unoffered_since > 10:
                        unoffered.append(move)  # said at the end; played through the API meanwhile
                        api.command({**move, "player": "Ann"})
                        unoffered_since = None
                time.sleep(0.1)
            finished = shown.get("winner")
            seq = shown["seq"]
            browser.close()
        entries = stored(api)
    finally:
        daemon.stop()
    turns = sum(1 for e in entries if e["source"] == "computer" and json.loads(e["line"])["do"] == "end_turn")
    if current is not None and current["went"] is None:
        current["went"] = time.monotonic()
    sizes = [len(g["acts"]) for g in groups]
    scale = confirm_seconds / ComputerConfig().confirm_seconds  # this run's seconds to the table's
    rushed = [g for g in groups if g["went"] - g["showed"] < ACT_SECONDS * len(g["acts"]) * scale]
    return {"mode": mode, "winner": finished, "commands": seq, "computer_turns": turns,
            "prompt_groups": len(groups), "acts": sum(sizes), "acts_per_group_max": max(sizes, default=0),
            "groups_of_3_or_more": sum(1 for n in sizes if n >= 3), "done_presses": done_presses,
            "person_moves": person_moves, "not_on_her_phone": unoffered,
            "minutes": round((time.monotonic() - began) / 60, 1),
            "groups_left_too_soon": len(rushed) if mode == "seconds" else 0,
            "largest_group": max(groups, key=lambda g: len(g["acts"]))["words"] if groups else []}


def stored(api: Api) -> list[dict[str, Any]]:
    """Every entry of the game's log, oldest first."""
    entries: list[dict[str, Any]] = []
    after = 0
    while True:
        page = api.get(f"/api/log?after={after}&limit=1000")
        entries += page["entries"]
        after = page["next"]
        if not page["more"]:
            return entries


def button_for(move: dict[str, Any]) -> str:
    """The test id of the phone's button that sends this command (decision.js, player.html)."""
    test = f"action-{move['do'].replace('_', '-')}"
    return f"{test}-{move['option']}" if move["do"] == "choose" else test


def press(page: Page, test: str) -> bool:
    """Press the visible button of that test id, if there is one now, and say yes when the page
    asks first (going bankrupt)."""
    button = page.get_by_test_id(test)
    try:
        if button.count() and button.first.is_visible() and button.first.is_enabled():
            button.first.click(timeout=5000)
            yes = page.get_by_test_id("confirm-yes")  # opened by the press's own handler, if asked
            if yes.count() and yes.first.is_visible():
                yes.first.click(timeout=5000)
            return True
    except Exception:  # noqa: BLE001 - drawn again under the click: looked for again next round
        return False
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pace", type=float, default=1.0)
    parser.add_argument("--confirm-seconds", type=float, default=2.0)
    parser.add_argument("--modes", default="act,seconds")
    args = parser.parse_args()
    for mode in args.modes.split(","):
        figures = play(mode, args.pace, args.confirm_seconds)
        print(f"{mode:8s} winner {figures['winner']}, {figures['commands']} commands, "
              f"{figures['computer_turns']} computer turns, {figures['prompt_groups']} groups of prompts "
              f"({figures['acts']} acts, up to {figures['acts_per_group_max']} in one, "
              f"{figures['groups_of_3_or_more']} of 3 or more), {figures['done_presses']} Done presses, "
              f"{figures['groups_left_too_soon']} left too soon, {figures['minutes']} min")
        print(json.dumps(figures, ensure_ascii=False))


if __name__ == "__main__":
    main()
