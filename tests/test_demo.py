"""The bundled demo game (`make run`) replays cleanly and shows off the rules it was written for."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from companion.rules import new_game, state

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "demo.jsonl"


def _commands() -> list[dict[str, Any]]:
    return [json.loads(line) for line in DEMO.read_text(encoding="utf-8").splitlines() if line.strip()]


def _states() -> list[dict[str, Any]]:
    """The printed state after every line of the demo."""
    commands = _commands()
    game = new_game(commands[0])
    shown = [state(game)]
    for command in commands[1:]:
        game.apply(command)
        shown.append(state(game))
    return shown


def test_demo_replays_with_exit_0_and_no_rejections() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "replay", str(DEMO)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["rejected"] == []
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bob", "Cat", "Dan"]


def test_demo_is_a_four_player_game_of_the_promised_length() -> None:
    commands = _commands()
    assert commands[0]["do"] == "new_game"
    assert commands[0]["players"] == ["Ann", "Bob", "Cat", "Dan"]
    assert commands[0]["seed"] == 2026
    assert 60 <= len(DEMO.read_text(encoding="utf-8").splitlines()) <= 150


def test_demo_shows_off_the_rules() -> None:
    states = _states()
    final = states[-1]
    kinds = {s["pending"]["kind"] for s in states if s["pending"]}
    assert "auction" in kinds  # Cat declines Pentonville Road and Dan wins it
    assert "debt" in kinds  # Bob's repairs bill, paid by mortgaging Fleet Street
    assert any(s["players"][0]["in_jail"] for s in states)  # Ann's third doubles
    assert any(any(d["mortgaged"] for d in s["properties"].values()) for s in states)
    # Bob's light-blue group came together in a trade and carries four houses a lot.
    light_blue = ("the-angel-islington", "euston-road", "pentonville-road")
    assert all(final["properties"][sq] == {"owner": "Bob", "houses": 4, "hotel": False,
                                           "mortgaged": False, "rent": 400 if sq != "pentonville-road"
                                           else 450} for sq in light_blue)
    assert final["bank"]["houses"] == 32 - 12
    commands = _commands()
    assert any(c["do"] == "trade" for c in commands)
    assert any(c["do"] == "accept" for c in commands)
    assert final["winner"] == "Bob"
