"""Issue 41's done-when: one person against three computers on the live daemon (`companion run
--simulate`), to a winner (no salary at GO, so the money runs out: bots alone may trade a group
back and forth for ever). The person's moves are the test's, through the API (the plainest: roll,
decline, pass, reject, end the turn); the computers play by themselves. Every computer command is
stored with the source "computer", names a computer seat, and none was refused by the rules."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.computer_support import person_move
from tests.test_daemon import Daemon, daemons  # noqa: F401 - the fixture
from tests.waiting import PATIENCE

# slow: it starts a daemon (a whole game: about 10 s on this machine)
pytestmark = pytest.mark.slow

LONGEST = 900.0  # seconds: a game that runs longer never ends (a test that hangs says nothing)
PIN = "246810"
BANKER = {"X-Banker-Pin": PIN}
COMPUTERS = {"Robo": "simple", "Smarty": "smart", "Bolt": "smart"}
CONFIG = """
[computer]
pace = 0.0
deadline = 2.0
confirm = "seconds"
confirm_seconds = 0.0

[table]
auction_seconds = 3

[odds]
enabled = false

[voice]
enabled = false
"""


def log_of(daemon: Daemon) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = []
    after = 0
    while True:
        status, page = daemon.request("GET", f"/api/log?after={after}&limit=1000", headers=BANKER)[:2]
        assert status == 200, page
        entries += page["entries"]
        after = page["next"]
        if not page["more"]:
            return entries


def test_one_person_and_three_computers_play_a_whole_game(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    config = tmp_path / "config.toml"
    config.write_text(CONFIG)
    daemon: Daemon = daemons(tmp_path / "data", "--banker-pin", PIN, "--front", "none",
                             "--config", str(config))
    daemon.serving_after(timeout=60.0)
    status, created = daemon.post("/api/games", {
        "players": ["Ann", *COMPUTERS], "computer": COMPUTERS, "seed": 41,
        "rules": {"starting_cash": 600, "salary": 0}}, headers=BANKER)
    assert status == 201, created

    began = quiet_since = time.monotonic()
    last_seq = -1
    while True:
        assert time.monotonic() - began < LONGEST, "no winner yet"
        status, shown = daemon.request("GET", "/api/state")[:2]
        assert status == 200
        if shown.get("winner") is not None:
            break
        if shown["seq"] != last_seq:
            quiet_since, last_seq = time.monotonic(), shown["seq"]
        assert time.monotonic() - quiet_since < PATIENCE, f"the game stood still at {shown['decision']}"
        move = person_move(shown, "Ann")
        if move is not None:
            daemon.post("/api/commands", move, headers=BANKER)  # refused when the state moved: asked again
        else:
            time.sleep(0.02)

    entries = log_of(daemon)
    played = [(entry["source"], json.loads(entry["line"])) for entry in entries]
    by_computer = [command for source, command in played if source == "computer"]
    assert len(by_computer) > 50
    assert {command.get("player") or command.get("from") for command in by_computer} <= set(COMPUTERS)
    # Only the table's bound on trade moves (churn.py) ever held a computer back: at pace 0 their
    # bargaining outruns it, and the plain choice is taken (or the answer waits its moment).
    refused = [line for line in daemon.stderr.splitlines()
               if "the table refused" in line and "trade moves within" not in line]
    assert refused == [], refused[:5]
